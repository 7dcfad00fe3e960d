/**
 * Dev mode: the demo user has staking deposits, one running and one unlocked to claim,
 * and a soulbound-token offer (the running one is 6 000 SWITCH for 6 months: staking.45). The
 * SWITCH is credited to the ledger with its own reason ('dev-seed'), as the guilds' dev seed does;
 * the deposits are made through the server's own call; only the unlocked one's dates are moved back
 * a period (started 3 months and a day ago), so it can be claimed without moving the server's
 * clock. Once per database: nothing when the demo user has deposits already.
 */
import type { RunningServer } from '../app'
import { type InitDataUser, signInitData } from '../kernel/auth'
import { post } from '../kernel/ledger'
import { switchEntry } from '../mining/miner'
import { addMonths } from '../../domain/staking/unlock'

const DAY_MS = 86_400_000
const SEED_UNITS = 20_000n * 10n ** 9n

export async function seedDemoStaking(
  server: Pick<RunningServer, 'url' | 'db' | 'clock'>,
  botToken: string,
  demo: InitDataUser,
): Promise<void> {
  if ((await server.db.query('SELECT 1 FROM staking_deposits WHERE user_id = $1 LIMIT 1', [demo.id])).length > 0) return
  const call = async (path: string, body?: unknown) => {
    const res = await fetch(server.url + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', telegramRawData: signInitData({ botToken, user: demo }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (res.status !== 200) throw new Error(`demo staking: ${path} answered ${res.status} ${await res.text()}`)
    return (await res.json()) as { deposit?: { _id: string } }
  }
  await call('/mining/user', {})
  await server.db.transaction((tx) => post(tx, [switchEntry(demo.id, SEED_UNITS, 'dev-seed', 'demo staking')]))
  const unlocked = await call('/mining/staking/deposit', {
    amount: '1000',
    period: '3m',
    idempotencyKey: 'demo-staking-unlocked',
  })
  const started = server.clock.now() - 92 * DAY_MS
  await server.db.query('UPDATE staking_deposits SET dttm_added = $2, dttm_ended = $3 WHERE id = $1', [
    unlocked.deposit?._id,
    new Date(started).toISOString(),
    new Date(addMonths(started, 3)).toISOString(),
  ])
  await call('/mining/staking/deposit', { amount: '6000', period: '6m', idempotencyKey: 'demo-staking-running' })
}
