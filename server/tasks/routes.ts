/**
 * The tasks' calls (doc 2 §7; issue 16): the lists by tab, the click, the daily reward and boost,
 * the burn, the emoji and PUNK staking checks, the TON wallet. Every state is the server's,
 * judged on its clock; a user only ever reads and changes their own tasks.
 */
import { Hono } from 'hono'
import { isTonWalletAddress } from '../../domain/tasks/completionRules'
import { gameEndpoints as endpoints } from '../../domain/api/gameEndpoints'
import type { Db } from '../db'
import type { AppEnv } from '../kernel/auth'
import { type Catalogue, logoURI } from '../kernel/catalogue'
import type { Clock } from '../kernel/clock'
import type { Jobs } from '../kernel/jobs'
import { BadRequest, decodeOrThrow, jsonBody, queryValues } from '../kernel/validate'
import { burnPunk, burnUnits } from './burn'
import { GROUPS_OF, TASK_GROUPS, type TaskDef, type TaskToken, taskByCode } from './catalogue'
import { completeTask, onceCompletion } from './complete'
import { readMiner } from '../mining/miner'
import { claimDailyBoost, claimDailyReward } from './daily'
import { type Judged, judgeAll, readFacts, shownAt, switchNumber } from './state'
import { startTask } from './verify'

/** tasks.32: the emoji a user puts in their Telegram name for the emoji task. */
export const PROJECT_EMOJI = '🔀'
const PUNK_UNITS = 1_000_000_000n

const tokenView = (t: TaskToken) => ({ symbol: t.symbol, name: t.name, chainId: t.chainId, logoURI: logoURI(t.symbol), tokenAddress: t.tokenAddress })

/** A task as the client's Task codec reads it. */
export function taskView(def: TaskDef, j: Judged) {
  const reward = def.reward !== undefined ? Number(def.reward) : def.boost !== undefined ? Number(def.boost.speed) : undefined
  return {
    code: def.code,
    type: def.type,
    state: j.state,
    ...(reward !== undefined ? { reward } : {}),
    doneAmount: j.doneAmount,
    maxAmount: j.maxAmount,
    ...(def.minAmount !== undefined ? { minAmount: def.minAmount } : {}),
    dttmUpdate: j.dttmUpdate,
    ...(j.addSpeed !== undefined ? { currentAddSpeed: switchNumber(j.addSpeed) } : {}),
    ...(def.token ? { token: tokenView(def.token) } : {}),
    ...(def.fromToken ? { fromToken: tokenView(def.fromToken) } : {}),
    ...(def.toToken ? { toToken: tokenView(def.toToken) } : {}),
    ...(def.volumeSize !== undefined ? { volumeSize: def.volumeSize } : {}),
    ...(def.minDepositUSD !== undefined ? { minDepositUSD: def.minDepositUSD } : {}),
    ...(def.minStaking !== undefined ? { minStaking: def.minStaking } : {}),
    ...(def.minSpeedToShow !== undefined ? { minSpeedToShow: def.minSpeedToShow } : {}),
    ...(def.url !== undefined ? { url: def.url } : {}),
    ...(j.daily ? { rewardList: j.daily.rewardList, currentDay: j.daily.currentDay } : {}),
    isCompleted: j.state === 'done' || (j.state === 'expired' && j.doneAmount >= j.maxAmount),
  }
}

/** tasks.4, tasks.6, tasks.16: the tab's groups (the others empty), each task shown at the user's speed, judged. */
export async function tasksAnswer(db: Db, catalogue: Catalogue, userId: number, boostType: keyof typeof GROUPS_OF, now: number) {
  const { judged, shown } = await judgeAll(db, catalogue, userId, now)
  const groups = Object.fromEntries(TASK_GROUPS.map((g) => [g, [] as ReturnType<typeof taskView>[]]))
  for (const def of shown) if (GROUPS_OF[boostType].includes(def.group)) groups[def.group].push(taskView(def, judged.get(def.code) as Judged))
  return { tasks: groups }
}

export function tasksRoutes(db: Db, catalogue: Catalogue, clock: Clock, jobs: Jobs) {
  const app = new Hono<AppEnv>()
  app.get('/mining/tasks', async (c) => {
    const { boostType } = decodeOrThrow(endpoints.tasks.request, queryValues(c.req.query(), []))
    return c.json(await tasksAnswer(db, catalogue, c.get('user').id, boostType, clock.now()))
  })
  app.post('/mining/taskStarted', async (c) => {
    const { code } = decodeOrThrow(endpoints.taskStarted.request, await jsonBody(c))
    const def = taskByCode.get(code)
    if (def === undefined) throw new BadRequest(`no task ${code.slice(0, 64)}`, 'code')
    const now = clock.now()
    if (def.deadline !== null && now > def.deadline) throw new BadRequest(`task ${code} ended at ${new Date(def.deadline).toISOString()}`, 'code', 409)
    const userId = c.get('user').id
    // tasks.16: a task not offered at the user's speed is not started (nor paid).
    if (!shownAt(def, (await readMiner(db, userId, now))?.speed ?? '0')) throw new BadRequest(`task ${code} is offered from ${def.minSpeedToShow} SWITCH an hour`, 'code', 409)
    await startTask(db, jobs, userId, def, now)
    return c.json({ ok: true as const })
  })
  app.post('/mining/dailyReward', async (c) => {
    await claimDailyReward(db, c.get('user').id, clock.now())
    return c.json({ ok: true as const })
  })
  app.post('/mining/dailyBoost', async (c) => {
    await claimDailyBoost(db, c.get('user').id, clock.now())
    return c.json({ ok: true as const })
  })
  app.post('/mining/burn', async (c) => {
    const req = decodeOrThrow(endpoints.burnPunks.request, await jsonBody(c))
    const units = burnUnits(req.amount)
    const key = req.idempotencyKey ?? null
    if (key !== null && !/^[\w-]{8,100}$/.test(key)) throw new BadRequest('idempotencyKey must be 8 to 100 letters, digits, - or _', 'idempotencyKey')
    return c.json(await burnPunk(db, c.get('user').id, units, key, clock.now()))
  })
  app.post('/mining/checkEmoji', async (c) => {
    const user = c.get('user')
    // The signed init data's name is the user's name now: the check needs no other source.
    const activated = `${user.first_name} ${user.last_name ?? ''}`.includes(PROJECT_EMOJI)
    const def = taskByCode.get('emoji') as TaskDef
    const now = clock.now()
    if (activated) await db.transaction((tx) => completeTask(tx, user.id, 'emoji', onceCompletion(def), now))
    return c.json({ activated })
  })
  app.post('/mining/checkPunkStaking', async (c) => {
    const userId = c.get('user').id
    const now = clock.now()
    const facts = await readFacts(db, userId, now)
    const def = taskByCode.get('punkStaking') as TaskDef
    // tasks.55-57; README: the PUNK the user holds with us stands for the PUNK staked, which this server cannot see.
    if (facts.tonWallet === null) return c.json({ error: 'no-wallet' })
    if (facts.punkUnits === 0n) return c.json({ error: 'no-staking' })
    if (facts.punkUnits < BigInt(def.minStaking ?? 0) * PUNK_UNITS) return c.json({ error: 'not-enough-staked' })
    await db.transaction((tx) => completeTask(tx, userId, 'punkStaking', onceCompletion(def), now))
    return c.json({ ok: true as const })
  })
  app.post('/mining/tonWallet', async (c) => {
    const body = await jsonBody(c)
    const address = typeof body === 'object' && body !== null ? (body as { walletAddress?: unknown }).walletAddress : undefined
    // tasks.58: a failure carries `error` (and the field's path, as every 4xx here).
    if (typeof address !== 'string') return c.json({ error: 'walletAddress is required: a TON address', message: 'walletAddress is required', path: 'walletAddress' }, 400)
    const trimmed = address.trim()
    if (!isTonWalletAddress(trimmed)) return c.json({ error: 'walletAddress is not a TON address', message: 'walletAddress is not a TON address', path: 'walletAddress' }, 400)
    const userId = c.get('user').id
    const now = clock.now()
    await db.query(
      `INSERT INTO task_ton_wallets (user_id, address, set_at) VALUES ($1, $2, $3) ON CONFLICT (user_id) DO UPDATE SET address = EXCLUDED.address, set_at = EXCLUDED.set_at`,
      [userId, trimmed, new Date(now).toISOString()],
    )
    // The wallet completes addWallet (and the partner wallet's task when it was started): judged now.
    await judgeAll(db, catalogue, userId, now)
    return c.json({ ok: true as const })
  })
  return app
}
