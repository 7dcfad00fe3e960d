/**
 * Proof of humanity's calls (doc 2 §7, v2; domain/poh/codecs.ts):
 * - GET /v2/poh/info: the price (TON, its dollar estimate, Stars) and the latest request's status;
 *   it answers with the provider switched off too.
 * - POST /v2/poh/priceCheck {}: ok when the user may pay now, else a 409 saying why (the same
 *   refusal create transaction gives).
 * - POST /v2/poh/transaction {payType, idempotencyKey?}: an order of the 'poh' product. internal:
 *   paid at once from the in-app wallet (a ledger transfer to the service wallet, the order's
 *   comment in the history), answered when granted; star: the invoice link (result.payUrl);
 *   external: the TonConnect transaction (result), granted when the TON watcher sees it. Refusals
 *   are 409s with a message, before any payment.
 * - POST /v2/poh/checkCode {code}: six digits; ok, or a 4xx naming `code`.
 */
import { type Context, Hono } from 'hono'
import * as t from 'io-ts'
import { PohCodeRequest, PohTransactionRequest } from '../../domain/poh/codecs'
import { fromUnits } from '../../domain/money'
import type { Db } from '../db'
import type { AppEnv, InitDataUser } from '../kernel/auth'
import { type Catalogue, logoURI } from '../kernel/catalogue'
import type { Clock } from '../kernel/clock'
import type { Jobs } from '../kernel/jobs'
import { InsufficientBalance, addHistory, post } from '../kernel/ledger'
import { BadRequest, decodeOrThrow, jsonBody } from '../kernel/validate'
import { keyOrRefuse } from '../kernel/idempotency'
import { TON_NATIVE } from '../payments/internal'
import { type Order, type Payments, orderComment } from '../payments/orders'
import type { PaymentWays } from '../payments/routes'
import { POH_PRODUCT } from './product'
import {
  MESSAGES,
  MESSAGES_RU,
  type PohRefusal,
  checkAnswer,
  checkCode,
  languageOf,
  pohRefusal,
  progressOf,
  retryRequest,
} from './requests'
import { POH } from './seed'

const TON_DECIMALS = 9
const CODE = /^\d{6}$/

export interface PohRoutesOptions {
  db: Db
  clock: Clock
  jobs: Jobs
  catalogue: Catalogue
  payments: Payments
  ways: PaymentWays
  /** Whether the provider is on (POH_PROVIDER): off, nothing new is paid. */
  providerOn: () => boolean
}

/**
 * poh.3: the price as exact decimal strings (TON, and its dollar estimate from the catalogue's TON
 * price, to the cent, half up), Stars a whole number.
 */
export function pohPrice(catalogue: Catalogue) {
  const usdMicros = BigInt(Math.round((catalogue.find('TON', TON_NATIVE)?.priceUsd ?? 0) * 1e6))
  // nanotons x micro-dollars per TON = 1e15 per dollar; a cent is 1e13.
  const cents = (POH.price.tonNano * usdMicros + 5n * 10n ** 12n) / 10n ** 13n
  return {
    tonAmount: fromUnits(POH.price.tonNano, TON_DECIMALS),
    amount: `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`,
    starAmount: POH.price.stars,
  }
}

export function pohRoutes(o: PohRoutesOptions) {
  const { db, clock, payments, ways } = o
  const app = new Hono<AppEnv>()
  const tonText = fromUnits(POH.price.tonNano, TON_DECIMALS)

  const info = async (userId: number) => ({ tonAmount: pohPrice(o.catalogue), ...(await progressOf(db, userId)) })

  app.get('/v2/poh/info', async (c) => c.json(await info(c.get('user').id)))

  /**
   * Try again at no cost after a failure on the service's side (domain/poh/rules.ts retriesFree):
   * the same request back in the queue, answered with the info (its status now `received`); a 409
   * in the user's language when verification is off or there is nothing to retry that way.
   */
  app.post('/v2/poh/retry', async (c) => {
    decodeOrThrow(t.UnknownRecord, await jsonBody(c))
    const user = c.get('user')
    const refused = await retryRequest(db, o.jobs, user.id, o.providerOn(), clock.now())
    if (refused !== null)
      throw new BadRequest(
        (await languageOf(db, user.id, user.language_code)) === 'ru' ? MESSAGES_RU[refused] : MESSAGES[refused],
        undefined,
        409,
      )
    return c.json(await info(user.id))
  })

  /** A refusal as a 409 in the user's language (the sheet shows it as it is, poh.19). */
  const refused = async (refusal: PohRefusal, userId: number, telegramLanguage: string | undefined) =>
    new BadRequest(refusal.inLanguage(await languageOf(db, userId, telegramLanguage)), undefined, 409)

  app.post('/v2/poh/priceCheck', async (c) => {
    decodeOrThrow(t.UnknownRecord, await jsonBody(c))
    const user = c.get('user')
    const refusal = await pohRefusal(db, user.id, o.providerOn())
    if (refusal !== null) throw await refused(refusal, user.id, user.language_code)
    return c.json({ ok: true as const })
  })

  /** What the client does next for an order: nothing (granted), open the invoice, or send the transaction. */
  const answerFor = async (order: Order, language: string | undefined) => {
    if (order.status === 'granted') return { result: { orderId: order.id, status: 'granted' } }
    if (order.status !== 'open' || clock.now() >= order.expiresAt)
      throw new BadRequest('the order of this tap has expired: verify again', 'idempotencyKey', 409)
    if (order.way === 'stars')
      return { result: { payUrl: await ways.starsInvoice(order, language), orderId: order.id } }
    if (order.way === 'external') return { result: { ...ways.tonTransaction(order) } }
    throw new BadRequest('this payment did not go through: verify again', 'idempotencyKey', 409)
  }
  const keyReused = () => new BadRequest('this idempotency key was used for another way to pay', 'idempotencyKey', 409)
  const tapOrder = async (tx: Db, userId: number, key: string) => {
    const [tap] = await tx.query<{ order_id: string }>(
      'SELECT order_id FROM poh_taps WHERE user_id = $1 AND idempotency_key = $2',
      [userId, key],
    )
    return tap ? payments.find(tx, tap.order_id) : null
  }

  app.post('/v2/poh/transaction', async (c) => {
    const user = c.get('user')
    const req = decodeOrThrow(PohTransactionRequest, await jsonBody(c))
    const key = keyOrRefuse(req.idempotencyKey ?? null) ?? undefined
    const way = req.payType === 'star' ? 'stars' : req.payType
    /** The answer of the tap this key made already, if it made one. */
    const answerOfKey = async () => {
      const before = key === undefined ? null : await tapOrder(db, user.id, key)
      if (before === null) return null
      if (before.way !== way) throw keyReused()
      return c.json(await answerFor(before, user.language_code))
    }
    const before = await answerOfKey()
    if (before !== null) return before
    try {
      return await transaction(c, user, req, key, way)
    } catch (e) {
      // The same tap sent twice at once: a refusal ('already under way') may come from the first
      // one's request, made since the look above; that tap's answer is this one's too, as a retry
      // after a failover expects. Any other refusal stands.
      if (e instanceof BadRequest && e.status === 409) return (await answerOfKey()) ?? Promise.reject(e)
      throw e
    }
  })

  /** The tap's order, paid now (internal) or to pay (Stars, TonConnect), after the refusals. */
  async function transaction(
    c: Context<AppEnv>,
    user: InitDataUser,
    req: t.TypeOf<typeof PohTransactionRequest>,
    key: string | undefined,
    way: 'internal' | 'stars' | 'external',
  ) {
    // Refused here (409, the sentence) before anything is paid: the provider off; one person, one proof; one request at a time.
    const refusal = await pohRefusal(db, user.id, o.providerOn())
    if (refusal !== null) throw await refused(refusal, user.id, user.language_code)
    const order = await payments.order(user.id, POH_PRODUCT, way, { payType: req.payType })

    if (way !== 'internal') {
      if (key !== undefined) {
        const saved = await db.query(
          'INSERT INTO poh_taps (user_id, idempotency_key, order_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1',
          [user.id, key, order.id],
        )
        // The same tap twice at once: the one saved first answers both.
        if (saved.length === 0) {
          const first = (await tapOrder(db, user.id, key)) as Order
          if (first.way !== way) throw keyReused()
          return c.json(await answerFor(first, user.language_code))
        }
      }
      return c.json(await answerFor(order, user.language_code))
    }

    // Internal: paid now from the in-app wallet, the money and the grant in one transaction.
    const txId = `poh-${order.id}`
    const comment = orderComment(order.id)
    const notEnoughTon = async (userId: number, telegramLanguage: string | undefined) =>
      new BadRequest(
        (await languageOf(db, userId, telegramLanguage)) === 'ru'
          ? `Недостаточно TON в кошельке: подтверждение стоит ${tonText} TON.`
          : `Not enough TON in your wallet: verification costs ${tonText} TON.`,
        'payType',
        409,
      )
    const paid = await db
      .transaction(async (tx) => {
        if (key !== undefined) {
          const saved = await tx.query(
            'INSERT INTO poh_taps (user_id, idempotency_key, order_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1',
            [user.id, key, order.id],
          )
          if (saved.length === 0) return (await tapOrder(tx, user.id, key)) as Order
        }
        await post(tx, [
          {
            userId: user.id,
            accountIndex: 0,
            chainId: 'TON',
            tokenAddress: TON_NATIVE,
            delta: -order.priceNano,
            reason: 'poh-payment',
            reference: txId,
          },
        ])
        await addHistory(tx, user.id, 0, 'withdrawal', {
          asset: TON_NATIVE,
          amount: order.priceNano.toString(),
          decimals: TON_DECIMALS,
          symbol: 'TON',
          chainId: 'TON',
          logoURI: logoURI('TON'),
          to: ways.serviceAddress,
          comment,
          txId,
        })
        const { outcome, order: granted } = await payments.settle(
          {
            kind: 'ledger',
            id: txId,
            orderId: order.id,
            amount: order.priceNano,
            userId: user.id,
            detail: { comment },
          },
          tx,
        )
        // Refused at payment (a request made meanwhile, say): the transfer rolls back with it.
        if (outcome !== 'granted')
          throw new BadRequest(
            (await pohRefusal(tx, user.id, o.providerOn()))?.message ?? `the payment could not be made (${outcome})`,
            undefined,
            409,
          )
        return granted as Order
      })
      .catch(async (e: unknown) => {
        throw e instanceof InsufficientBalance ? await notEnoughTon(user.id, user.language_code) : e
      })
    if (paid.way !== way) throw keyReused()
    return c.json(await answerFor(paid, user.language_code))
  }

  app.post('/v2/poh/checkCode', async (c) => {
    const { code } = decodeOrThrow(PohCodeRequest, await jsonBody(c))
    if (!CODE.test(code)) throw new BadRequest('the code is six digits', 'code')
    return c.json(checkAnswer(await checkCode(db, c.get('user').id, code, clock.now())))
  })

  return app
}
