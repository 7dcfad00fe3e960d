/**
 * Dev mode ("Done when"): the demo user has tasks in each state, made through the server's
 * own calls: a TON swap of $15 (tonSwaps done), a $50 deposit by the deposit simulator (depositUSD
 * done), the demo wallet linked with its ton_proof, signed by its key as in the browser (addWallet done), today's daily reward, a 10 PUNK burn (burnFest done), a click
 * on ethSwaps (started), clicks on the project's channel and a partner's (verifying for their delay,
 * then done: the Bot API stand-in has the demo user as a member), openLeague past its deadline
 * (expired), a tston airdrop subscription confirmed (with the demo friends); the rest not started, and the daily boost left
 * to claim. Once per database: nothing when the demo user has started a task already.
 */
import type { RunningServer } from '../app'
import { type InitDataUser, signInitData } from '../kernel/auth'
import { DEMO_WALLET, demoWalletProof } from '../standins/demoWallet'
import { OWN_CHANNELS } from './catalogue'

const USDT_TON = 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs'

export async function seedDemoTasks(
  server: Pick<RunningServer, 'url' | 'db' | 'bot' | 'clock'>,
  botToken: string,
  demo: InitDataUser,
): Promise<void> {
  if ((await server.db.query('SELECT 1 FROM task_starts WHERE user_id = $1 LIMIT 1', [demo.id])).length > 0) return
  const call = async (path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(server.url + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'content-type': 'application/json',
        telegramRawData: signInitData({ botToken, user: demo }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (res.status !== 200) throw new Error(`demo tasks: ${path} answered ${res.status} ${await res.text()}`)
    return (await res.json()) as Record<string, unknown>
  }
  await call('/mining/user', {})
  server.bot?.standIn?.setChatMember(
    OWN_CHANNELS.subscription,
    { id: demo.id, is_bot: false, first_name: demo.first_name },
    'member',
  )
  await call('/mining/taskStarted', { code: 'ethSwaps' })
  await call(
    '/v2/tc/swap',
    {
      offer_jetton: 'native',
      offer_amount: '5000000000',
      ask_jetton: USDT_TON,
      min_ask_amount: '1',
      provider: 'stonfi',
      idempotencyKey: 'demo-tasks-swap',
    },
    { walletindex: '0' },
  )
  await call('/admin/deposit', { userId: demo.id, chainId: 42161, token: 'USDT', amount: '50', from: 'demo tasks' })
  // The demo wallet, proven as a wallet proves it: a payload of the server's, signed for the server's host.
  const { payload } = (await call('/mining/tonProof/payload', {})) as { payload: string }
  await call('/mining/tonWallet', {
    walletAddress: DEMO_WALLET.friendly,
    proof: demoWalletProof(new URL(server.url).host, payload, server.clock.now()),
  })
  await call('/mining/dailyReward', {})
  await call('/mining/burn', { amount: '10', idempotencyKey: 'demo-tasks-burn' })
  await call('/mining/taskStarted', { code: 'subscription' })
  await call('/mining/taskStarted', { code: 'kombat' })
  // Airdrops open at 3 invited friends (the demo friends are made before this, server/friends/dev.ts).
  const [friends] = await server.db.query<{ n: string }>(
    'SELECT count(*)::text AS n FROM referrals WHERE referrer_id = $1',
    [demo.id],
  )
  if (Number(friends.n) >= 3)
    await call('/mining/confirmSubscription', { subscriptionType: 'subscription', airdropId: 'tston' })
  await call('/mining/tasks?boostType=general')
}
