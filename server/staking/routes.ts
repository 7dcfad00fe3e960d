/**
 * Staking's calls (doc 2 §7; domain/staking/codecs.ts): the configs, the total, a
 * deposit (free: made at once; paid: an order of the payments module, made when granted), the
 * user's deposits, the claim of an unlocked deposit, and the soulbound tokens (list and claim).
 */
import { Hono } from 'hono'
import {
  ClaimSbtQuery,
  StakingDepositRequest,
  type StakingDepositAnswer,
  type StakingPeriod,
} from '../../domain/staking/codecs'
import { fromUnits } from '../../domain/money'
import type { Db } from '../db'
import type { AppEnv } from '../kernel/auth'
import type { Clock } from '../kernel/clock'
import { decodeOrThrow, jsonBody } from '../kernel/validate'
import { keyOrRefuse } from '../kernel/idempotency'
import { TON_NATIVE } from '../payments/internal'
import { type Order, type Payments, orderComment } from '../payments/orders'
import type { PaymentWays } from '../payments/routes'
import { lockUsers } from '../kernel/ledger'
import {
  claimDeposit,
  depositByKey,
  depositByOrder,
  depositRefusal,
  depositView,
  depositsOf,
  makeDeposit,
  switchText,
  switchUnits,
  totalStaked,
} from './deposits'
import { STAKING_PRODUCT } from './product'
import { REFUSAL, StakingRefusal } from './refusals'
import { heldSbts, type SbtMinting } from './sbt'
import { PAID_PERIODS, PERIODS, STAKING_PERIODS } from './seed'
import { apyNumber } from './reward'

const TON_DECIMALS = 9
/** NUMERIC(30, 9): at most 21 whole digits; a stake is at most 50 000 anyway. */
const AMOUNT = /^\d{1,15}(\.\d{1,9})?$/

export function stakingConfigs() {
  const stakingConfig = Object.fromEntries(
    PERIODS.map((p) => {
      const s = STAKING_PERIODS[p]
      return [
        p,
        {
          apy: apyNumber(s.apyPpm),
          minSwitchAmount: s.min,
          maxSwitchAmount: s.max,
          ...(s.price ? { priceAmount: { ton: fromUnits(s.price.tonNano, TON_DECIMALS), stars: s.price.stars } } : {}),
        },
      ]
    }),
  )
  return { configs: { paidPeriods: PAID_PERIODS, stakingConfig } }
}

export function stakingRoutes(o: { db: Db; clock: Clock; payments: Payments; ways: PaymentWays; sbt: SbtMinting }) {
  const { db, clock, payments, ways } = o
  const app = new Hono<AppEnv>()
  // A refusal's body carries its code and values (staking.32: the client words it in the user's language); other errors go on to the app's handler.
  app.onError((err, c) => {
    if (!(err instanceof StakingRefusal)) throw err
    return c.json(
      { message: err.message, code: err.code, params: err.params, ...(err.path ? { path: err.path } : {}) },
      err.status,
    )
  })

  app.get('/mining/staking/configs', (c) => c.json(stakingConfigs()))
  app.get('/mining/staking/total', async (c) => c.json({ totalAmount: switchText(await totalStaked(db)) }))

  /** What the client does next for a paid deposit's order, by its way. */
  const paying = async (order: Order, language: string | undefined): Promise<StakingDepositAnswer> => {
    if (order.way === 'stars')
      return { ok: true, orderId: order.id, telegramLink: await ways.starsInvoice(order, language) }
    if (order.way === 'external')
      return { ok: true, orderId: order.id, transaction: ways.tonTransaction(order) as never }
    return {
      ok: true,
      orderId: order.id,
      internal: {
        to: ways.serviceAddress,
        amount: fromUnits(order.priceNano, TON_DECIMALS) as never,
        tokenAddress: TON_NATIVE,
        chainId: 'TON',
        comment: orderComment(order.id),
      },
    }
  }
  const sameRequest = (
    params: Record<string, unknown>,
    period: StakingPeriod,
    amount: bigint,
    way?: string,
    orderWay?: string,
  ) =>
    params.period === period && switchUnits(String(params.amount)) === amount && (way === undefined || way === orderWay)
  const keyReused = () =>
    new StakingRefusal('this idempotency key was used for another deposit', REFUSAL.tapReused, 'idempotencyKey', 409)

  app.post('/mining/staking/deposit', async (c) => {
    const user = c.get('user')
    const req = decodeOrThrow(StakingDepositRequest, await jsonBody(c))
    if (!AMOUNT.test(req.amount))
      throw new StakingRefusal('the amount is SWITCH with at most 9 decimals', REFUSAL.amountFormat, 'amount')
    const amount = switchUnits(req.amount) as bigint
    const seed = STAKING_PERIODS[req.period]
    const key = keyOrRefuse(req.idempotencyKey ?? null) ?? undefined

    if (seed.price === undefined) {
      if (req.type !== undefined)
        throw new StakingRefusal(`the ${req.period} period is free: no payment type`, REFUSAL.freePeriod, 'type')
      const row = await db.transaction(async (tx) => {
        if (key !== undefined) {
          await lockUsers(tx, [user.id])
          const before = await depositByKey(tx, user.id, key)
          if (before !== null) {
            if (!sameRequest({ period: before.period, amount: before.amount }, req.period, amount)) throw keyReused()
            return before
          }
        }
        return makeDeposit(tx, { userId: user.id, period: req.period, amount, now: clock.now(), key })
      })
      return c.json({ ok: true, deposit: depositView(row) } satisfies StakingDepositAnswer)
    }

    if (req.type === undefined)
      throw new StakingRefusal(
        `the ${req.period} period is paid: type internal, stars or external`,
        REFUSAL.paymentMissing,
        'type',
      )
    if (key !== undefined) {
      const [before] = await db.query<{ order_id: string }>(
        'SELECT order_id FROM staking_orders WHERE user_id = $1 AND idempotency_key = $2',
        [user.id, key],
      )
      const order = before ? await payments.find(db, before.order_id) : null
      if (order !== null) {
        if (!sameRequest(order.params, req.period, amount, req.type, order.way)) throw keyReused()
        const made = await depositByOrder(db, order.id)
        // Its payment can no longer be made (TonConnect's validUntil, the invoice): a new tap makes a new order.
        if (made === null && (order.status !== 'open' || clock.now() >= order.expiresAt))
          throw new StakingRefusal(
            'the order of this tap has expired: stake again',
            REFUSAL.orderExpired,
            'idempotencyKey',
            409,
          )
        return c.json(
          made
            ? ({ ok: true, orderId: order.id, deposit: depositView(made) } satisfies StakingDepositAnswer)
            : await paying(order, user.language_code),
        )
      }
    }
    const refusal = await depositRefusal(db, user.id, req.period, amount)
    if (refusal !== null) throw refusal
    const order = await payments.order(user.id, STAKING_PRODUCT, req.type, {
      period: req.period,
      amount: switchText(amount),
    })
    if (key !== undefined) {
      const saved = await db.query(
        'INSERT INTO staking_orders (user_id, idempotency_key, order_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING order_id',
        [user.id, key, order.id],
      )
      // The same tap twice at once: the one saved first is the answer to both.
      if (saved.length === 0) {
        const [first] = await db.query<{ order_id: string }>(
          'SELECT order_id FROM staking_orders WHERE user_id = $1 AND idempotency_key = $2',
          [user.id, key],
        )
        const firstOrder = (await payments.find(db, first.order_id)) as Order
        if (!sameRequest(firstOrder.params, req.period, amount, req.type, firstOrder.way)) throw keyReused()
        return c.json(await paying(firstOrder, user.language_code))
      }
    }
    return c.json(await paying(order, user.language_code))
  })

  app.get('/mining/staking/deposits', async (c) => {
    const rows = await depositsOf(db, c.get('user').id)
    return c.json({ deposits: rows.map(depositView), serverTime: clock.now() })
  })

  app.post('/mining/staking/deposits/:id/claim', async (c) => {
    const { row, stake, reward } = await claimDeposit(db, c.get('user').id, c.req.param('id'), clock.now())
    return c.json({ deposit: depositView(row), stake: switchText(stake), reward: switchText(reward) })
  })

  app.get('/v2/mining/staking/sbt', async (c) =>
    c.json((await heldSbts(db, c.get('user').id)).map((stakingPeriod) => ({ stakingPeriod }))),
  )

  app.get('/v2/mining/staking/sbt/claim', async (c) => {
    const q = c.req.query()
    const { stakingPeriod, address } = decodeOrThrow(ClaimSbtQuery, {
      stakingPeriod: q.stakingPeriod,
      ...(q.address !== undefined ? { address: q.address } : {}),
    })
    if (address !== undefined && address.length > 100)
      throw new StakingRefusal('not a TON address', REFUSAL.sbtAddress, 'address')
    return c.json(await o.sbt.claim(c.get('user').id, stakingPeriod, address))
  })
  return app
}
