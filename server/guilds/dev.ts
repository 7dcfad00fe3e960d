/**
 * Dev mode ("Dev mode"): leaderboards filled with simulated miners, alliances with
 * members, and the demo user in one of them, so the guild screens show real data in a plain
 * browser. Miners and memberships go through the server's own calls (signed launches, the profile,
 * POST /mining/alliance); only the miners' SWITCH is credited directly to the ledger, with its own
 * reason ('dev-seed'), as the deposit simulator credits tokens. Then the ranks are recomputed once.
 * Once per database: nothing when the simulated miners exist already.
 */
import type { RunningServer } from '../app'
import { type InitDataUser, signInitData } from '../kernel/auth'
import { post } from '../kernel/ledger'
import { switchEntry } from '../mining/miner'
import { recomputeGuilds } from './ranks'

const FIRST_ID = 1_001_000
const MINERS = 240
const ALLIANCES = ['switch_miners', 'ton_whales', 'arb_club', 'base_builders', 'night_owls']
const NAMES = [
  'Alex',
  'Bella',
  'Carl',
  'Dana',
  'Egor',
  'Fiona',
  'Gleb',
  'Hana',
  'Igor',
  'Jana',
  'Kirill',
  'Lara',
  'Max',
  'Nina',
  'Oskar',
  'Pavel',
]

/** A deterministic spread of balances: a few large miners, many small ones (nano-SWITCH). */
const unitsOf = (i: number) =>
  BigInt(Math.round(20_000 / (1 + i * 0.35))) * 10n ** 9n + BigInt((i * 7_919) % 1_000) * 10n ** 6n

export async function seedDemoGuilds(
  server: Pick<RunningServer, 'url' | 'db' | 'clock'>,
  botToken: string,
  demo: InitDataUser,
  miners = MINERS,
): Promise<void> {
  if ((await server.db.query('SELECT 1 FROM users WHERE id = $1', [FIRST_ID])).length > 0) return
  const call = async (user: InitDataUser, path: string, body?: unknown) => {
    const res = await fetch(server.url + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', telegramRawData: signInitData({ botToken, user }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (res.status !== 200) throw new Error(`demo guilds: ${path} answered ${res.status} ${await res.text()}`)
  }
  for (let i = 0; i < miners; i++) {
    const user: InitDataUser = {
      id: FIRST_ID + i,
      first_name: `${NAMES[i % NAMES.length]} ${String.fromCharCode(65 + (i % 26))}.`,
      language_code: i % 3 === 0 ? 'ru' : 'en',
    }
    await call(user, '/mining/user', {})
    await server.db.transaction((tx) => post(tx, [switchEntry(user.id, unitsOf(i), 'dev-seed', 'demo guilds')]))
    // two miners in three belong to an alliance, the larger alliances first
    if (i % 3 !== 2) await call(user, `/mining/alliance?alliance=${ALLIANCES[i % ALLIANCES.length]}`, {})
  }
  await call(demo, '/mining/user', {})
  await call(demo, `/mining/alliance?alliance=${ALLIANCES[0]}`, {})
  await recomputeGuilds(server.db, server.clock.now())
}
