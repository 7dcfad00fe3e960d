/**
 * The tasks' calls (doc 2 §7): the lists by tab, the click, the daily reward and boost,
 * the burn, the emoji and PUNK staking checks, the TON wallet. Every state is the server's,
 * judged on its clock; a user only ever reads and changes their own tasks.
 */
import { Hono } from 'hono'
import { isLeft } from 'fp-ts/lib/Either'
import { AIRDROP_BOOST_TYPE } from '../../domain/tasks/codecs'
import { SetTonWalletRequest } from '../../domain/payments/codecs'
import { endpoints } from '../../domain/api/endpoints'
import type { Db } from '../db'
import type { AppEnv } from '../kernel/auth'
import { type Catalogue, logoURI } from '../kernel/catalogue'
import type { Clock } from '../kernel/clock'
import type { Jobs } from '../kernel/jobs'
import { errorPath } from '../../domain/api/describe'
import { BadRequest, decodeOrThrow, jsonBody, queryValues } from '../kernel/validate'
import { keyOrRefuse } from '../kernel/idempotency'
import {
  PROOF_REFUSAL,
  ProofRefusal,
  type PublicKeyReader,
  checkTonProof,
  consumePayload,
  issuePayload,
} from '../payments/tonProof'
import { burnPunk, burnUnits } from './burn'
import { GROUPS_OF, TASK_GROUPS, type TaskDef, type TaskToken, taskByCode } from './catalogue'
import { completeTask, onceCompletion } from './complete'
import { readMiner } from '../mining/miner'
import { claimDailyBoost, claimDailyReward } from './daily'
import { type Judged, judgeAll, readFacts, shownAt, switchNumber } from './state'
import { startTask } from './verify'
import { taskLogoURI } from './logos'

/** tasks.32: the emoji a user puts in their Telegram name for the emoji task. */
export const PROJECT_EMOJI = '🔀'
const PUNK_UNITS = 1_000_000_000n

const tokenView = (t: TaskToken) => ({
  symbol: t.symbol,
  name: t.name,
  chainId: t.chainId,
  logoURI: logoURI(t.symbol),
  tokenAddress: t.tokenAddress,
})

/** A task as the client's Task codec reads it. */
export function taskView(def: TaskDef, j: Judged) {
  const reward =
    def.reward !== undefined ? Number(def.reward) : def.boost !== undefined ? Number(def.boost.speed) : undefined
  const logo = taskLogoURI(def)
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
    ...(j.lastCheck !== undefined ? { lastCheck: j.lastCheck } : {}),
    ...(logo !== undefined ? { logoURI: logo } : {}),
    isCompleted: j.state === 'done' || (j.state === 'expired' && j.doneAmount >= j.maxAmount),
  }
}

/** tasks.4, tasks.6, tasks.16: the tab's groups (the others empty), each task shown at the user's speed, judged. */
export async function tasksAnswer(
  db: Db,
  catalogue: Catalogue,
  userId: number,
  boostType: keyof typeof GROUPS_OF,
  now: number,
) {
  const { judged, shown } = await judgeAll(db, catalogue, userId, now)
  const groups = Object.fromEntries(TASK_GROUPS.map((g) => [g, [] as ReturnType<typeof taskView>[]]))
  for (const def of shown)
    if (GROUPS_OF[boostType].includes(def.group)) groups[def.group].push(taskView(def, judged.get(def.code) as Judged))
  return { tasks: groups }
}

/** What linking a wallet needs besides the database: the domain a proof must name, and a deployed wallet's key. */
export interface WalletProofs {
  /** The app's host a proof must be signed for (APP_URL's; in dev mode the request's); null: linking is off. */
  domainOf(requestUrl: string): string | null
  publicKeyOf: PublicKeyReader
}

const walletTaken = () =>
  new ProofRefusal('this wallet is linked to another account', PROOF_REFUSAL.taken, 'walletAddress', 409)

export function tasksRoutes(db: Db, catalogue: Catalogue, clock: Clock, jobs: Jobs, wallets: WalletProofs) {
  const app = new Hono<AppEnv>()
  app.get('/mining/tasks', async (c, next) => {
    // airdrops.2: boostType=airdrop asks the airdrops (server/airdrops/routes.ts answers it)
    if (c.req.query('boostType') === AIRDROP_BOOST_TYPE) return next()
    const { boostType } = decodeOrThrow(endpoints.tasks.request, queryValues(c.req.query(), []))
    return c.json(await tasksAnswer(db, catalogue, c.get('user').id, boostType, clock.now()))
  })
  app.post('/mining/taskStarted', async (c) => {
    const { code } = decodeOrThrow(endpoints.taskStarted.request, await jsonBody(c))
    const def = taskByCode.get(code)
    if (def === undefined) throw new BadRequest(`no task ${code.slice(0, 64)}`, 'code')
    const now = clock.now()
    if (def.deadline !== null && now > def.deadline)
      throw new BadRequest(`task ${code} ended at ${new Date(def.deadline).toISOString()}`, 'code', 409)
    const userId = c.get('user').id
    // tasks.16: a task not offered at the user's speed is not started (nor paid).
    if (!shownAt(def, (await readMiner(db, userId, now))?.speed ?? '0'))
      throw new BadRequest(`task ${code} is offered from ${def.minSpeedToShow} SWITCH an hour`, 'code', 409)
    await startTask(db, jobs, userId, def, now)
    return c.json({ ok: true as const })
  })
  // tasks.21-22: what the claim gave, for the client to say (the reward and its day; the boost's speed and hours)
  app.post('/mining/dailyReward', async (c) =>
    c.json({ ok: true as const, ...(await claimDailyReward(db, c.get('user').id, clock.now())) }),
  )
  app.post('/mining/dailyBoost', async (c) =>
    c.json({ ok: true as const, ...(await claimDailyBoost(db, c.get('user').id, clock.now())) }),
  )
  app.post('/mining/burn', async (c) => {
    const req = decodeOrThrow(endpoints.burnPunks.request, await jsonBody(c))
    const units = burnUnits(req.amount)
    const key = keyOrRefuse(req.idempotencyKey ?? null)
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
    // tasks.55-57; docs/features/tasks.md: the PUNK the user holds with us stands for the PUNK
    // staked, which this server cannot see.
    if (facts.tonWallet === null) return c.json({ error: 'no-wallet' })
    if (facts.punkUnits === 0n) return c.json({ error: 'no-staking' })
    if (facts.punkUnits < BigInt(def.minStaking ?? 0) * PUNK_UNITS) return c.json({ error: 'not-enough-staked' })
    await db.transaction((tx) => completeTask(tx, userId, 'punkStaking', onceCompletion(def), now))
    return c.json({ ok: true as const })
  })
  app.post('/mining/tonProof/payload', async (c) => c.json(await issuePayload(db, c.get('user').id, clock.now())))
  /**
   * tasks.58, proven (docs/payments.md, "Linking a TON wallet"): the wallet is linked only with
   * TonConnect's ton_proof of it, for a payload this server issued to the user; a wallet another
   * user has linked is refused. A failure carries `error` (tasks.58), the field's path and a code.
   */
  app.post('/mining/tonWallet', async (c) => {
    const body = await jsonBody(c)
    const refused = (e: ProofRefusal) =>
      c.json({ error: e.message, message: e.message, code: e.code, ...(e.path ? { path: e.path } : {}) }, e.status)
    const address =
      typeof body === 'object' && body !== null ? (body as { walletAddress?: unknown }).walletAddress : undefined
    if (typeof address !== 'string' || address.length > 100)
      return refused(
        new ProofRefusal('walletAddress is required: a TON address', PROOF_REFUSAL.address, 'walletAddress'),
      )
    const decoded = SetTonWalletRequest.decode(body)
    if (isLeft(decoded)) {
      const path = errorPath(decoded.left) || 'proof'
      return c.json(
        {
          error: `${path}: TonConnect's ton_proof of the wallet is required`,
          message: `${path}: TonConnect's ton_proof of the wallet is required`,
          path,
        },
        400,
      )
    }
    const { proof } = decoded.right
    const userId = c.get('user').id
    const now = clock.now()
    try {
      const proven = await checkTonProof({
        db,
        userId,
        walletAddress: address,
        proof,
        domain: wallets.domainOf(c.req.url),
        now,
        publicKeyOf: wallets.publicKeyOf,
      })
      const raw = proven.address.toRawString()
      await db.transaction(async (tx) => {
        if (!(await consumePayload(tx, userId, proof.payload, now)))
          throw new ProofRefusal(
            'this proof was used already: a payload proves one link',
            PROOF_REFUSAL.replayed,
            'proof.payload',
            409,
          )
        const held = await tx.query(
          'SELECT 1 FROM task_ton_wallets WHERE raw_address = $1 AND proven_at IS NOT NULL AND user_id <> $2',
          [raw, userId],
        )
        if (held.length > 0) throw walletTaken()
        const at = new Date(now).toISOString()
        await tx.query(
          `INSERT INTO task_ton_wallets (user_id, address, raw_address, public_key, set_at, proven_at) VALUES ($1, $2, $3, $4, $5, $5)
           ON CONFLICT (user_id) DO UPDATE SET address = EXCLUDED.address, raw_address = EXCLUDED.raw_address, public_key = EXCLUDED.public_key, set_at = EXCLUDED.set_at, proven_at = EXCLUDED.proven_at`,
          [
            userId,
            proven.address.toString({ bounceable: false, urlSafe: true }),
            raw,
            proven.publicKey.toString('hex'),
            at,
          ],
        )
      })
    } catch (e) {
      if (e instanceof ProofRefusal) return refused(e)
      // Two users linking one wallet at once: the index on the proven account lets one through.
      if ((e as { code?: unknown }).code === '23505') return refused(walletTaken())
      throw e
    }
    // The wallet completes addWallet (and the partner wallet's task when it was started): judged now.
    await judgeAll(db, catalogue, userId, now)
    return c.json({ ok: true as const })
  })
  return app
}
