/**
 * Payments (DESIGN §7): one module, three ways, used by every paid feature.
 *
 * A paid feature is a Product: its price, whether a user can buy it now, and what granting it does.
 * Buying creates an order for one way (internal: a ledger transfer of TON to the service wallet;
 * stars: a Telegram Stars invoice; external: a TonConnect transaction from the user's own wallet).
 * An order is granted only when its payment is proven, by `settle`, called by whoever saw the
 * proof: the transfer route (same transaction as the transfer), the bot on `successful_payment`,
 * the TON watcher on a transaction seen on chain. Every proof is recorded once (payments, keyed by
 * kind and proof id) with its outcome, so a repeated update or transaction grants nothing more.
 */
import { randomBytes } from 'node:crypto'
import type { Db } from '../db'
import type { Clock } from '../kernel/clock'
import { BadRequest } from '../kernel/validate'

export type Way = 'internal' | 'stars' | 'external'
export type ProofKind = 'stars' | 'ton' | 'ledger'
export type Outcome = 'granted' | 'underpaid' | 'unknown-order' | 'not-payable' | 'duplicate'

export interface Order {
  id: string
  userId: number
  product: string
  params: Record<string, unknown>
  way: Way
  priceStars: number
  priceNano: bigint
  status: 'open' | 'granted' | 'refunded' | 'cancelled'
  createdAt: number
  expiresAt: number
  /** When its payment granted it (the server's clock), else null. */
  grantedAt: number | null
}

/**
 * A refusal a product can word in the payer's language (the Stars pre-checkout answer, which
 * Telegram shows as it is): the English sentence, and its text in `language` ('en', 'ru'), null
 * where the product has none.
 */
export interface Refusal {
  message: string
  inLanguage(language: string): string | null
}
export const refusalMessage = (r: string | Refusal) => (typeof r === 'string' ? r : r.message)

export interface Product {
  /** The price now: Telegram Stars, and TON in nanotons. */
  price(params: Record<string, unknown>): { stars: number; tonNano: bigint }
  /** Why the user cannot buy it now (a sentence, or a Refusal), or null. Asked at ordering and again at payment. */
  refusal(tx: Db, userId: number, params: Record<string, unknown>, now: number): Promise<string | Refusal | null>
  /** Gives what was bought, inside the transaction that records the payment. */
  grant(tx: Db, order: Order, now: number): Promise<void>
  /**
   * Takes back what `grant` gave, once its payment was refunded outside this server (Telegram
   * Stars' refunded_payment), inside the transaction that records the refund. Each product says
   * here, beside its grant, what can be taken back exactly ('undone') and what cannot ('flagged'
   * for an operator, with why); docs/operations.md keeps the table. A product without it is flagged.
   */
  undo?(tx: Db, order: Order, now: number): Promise<GrantUndo>
}

/** What became of a grant whose payment was refunded: taken back exactly, or left for an operator to look at. */
export interface GrantUndo {
  state: 'undone' | 'flagged'
  /** What was done, or why it could not be: for the operator (orders.grant_note and the log). */
  note: string
}

/** A refund made outside this server, as recorded (Payments.recordRefund). */
export type RefundRecord =
  /** No payment has this proof id: nothing to do. */
  | { kind: 'unknown-payment' }
  /** Recorded before (the same update again, in this process or another): nothing more. */
  | { kind: 'duplicate' }
  /** The payment had granted nothing (its outcome says why): now marked refunded. */
  | { kind: 'not-granted'; outcome: Outcome | 'refunded'; orderId: string | null }
  /** The payment had granted its order: the order is refunded, its grant undone or flagged. */
  | { kind: 'granted'; order: Order; undo: GrantUndo }

export interface Proof {
  kind: ProofKind
  /** telegram_payment_charge_id, the TON transaction hash, or the ledger transfer id. */
  id: string
  /** The order the payment names (invoice payload, transaction comment); null when it names none. */
  orderId: string | null
  /** Stars, or nanotons. */
  amount: bigint
  /** Who paid, when known (Telegram's user id, the transfer's sender). */
  userId?: number
  detail?: Record<string, unknown>
}

/** Orders are named 'SW' and 16 base32 letters: short enough for a transfer comment, unguessable. */
const ORDER_ID = /^SW[A-Z2-7]{16}$/
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
const newOrderId = () => 'SW' + [...randomBytes(16)].map((b) => BASE32[b % 32]).join('')
export const isOrderId = (s: string) => ORDER_ID.test(s)

/** The text a TON payment carries: the order's id, found again in a comment however it is padded. */
export const orderComment = (orderId: string) => `SWITCH order ${orderId}`
export function orderIdIn(comment: string | null | undefined): string | null {
  const m = /\b(SW[A-Z2-7]{16})\b/.exec(comment ?? '')
  return m ? m[1] : null
}

interface OrderRow {
  id: string
  user_id: string | number
  product: string
  params: Record<string, unknown>
  way: Way
  price_stars: number
  price_nano: string
  status: Order['status']
  created_at: Date | string
  expires_at: Date | string
  granted_at: Date | string | null
}
const ms = (d: Date | string) => (d instanceof Date ? d : new Date(d)).getTime()
const toOrder = (r: OrderRow): Order => ({
  id: r.id,
  userId: Number(r.user_id),
  product: r.product,
  params: r.params,
  way: r.way,
  priceStars: r.price_stars,
  priceNano: BigInt(r.price_nano),
  status: r.status,
  createdAt: ms(r.created_at),
  expiresAt: ms(r.expires_at),
  grantedAt: r.granted_at === null || r.granted_at === undefined ? null : ms(r.granted_at),
})

export class Payments {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly products: Readonly<Record<string, Product>>,
    /** How long an order can be paid: TonConnect's validUntil is at most 10 minutes ahead. */
    readonly orderValidMs = 10 * 60_000,
  ) {}

  private product(name: string): Product {
    const p = this.products[name]
    if (p === undefined) throw new Error(`no product ${name}`)
    return p
  }

  /** A new order, or a 409 saying why the user cannot buy this now. */
  async order(userId: number, product: string, way: Way, params: Record<string, unknown> = {}): Promise<Order> {
    const now = this.clock.now()
    const p = this.product(product)
    const refusal = await p.refusal(this.db, userId, params, now)
    if (refusal !== null) throw new BadRequest(refusalMessage(refusal), undefined, 409)
    const price = p.price(params)
    const [row] = await this.db.query<OrderRow>(
      `INSERT INTO orders (id, user_id, product, params, way, price_stars, price_nano, created_at, expires_at)
       VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7::numeric, $8, $9) RETURNING *, price_nano::text AS price_nano`,
      [
        newOrderId(),
        userId,
        product,
        JSON.stringify(params),
        way,
        price.stars,
        price.tonNano.toString(),
        new Date(now).toISOString(),
        new Date(now + this.orderValidMs).toISOString(),
      ],
    )
    return toOrder(row)
  }

  async find(db: Db, orderId: string, forUpdate = false): Promise<Order | null> {
    if (!isOrderId(orderId)) return null
    const [row] = await db.query<OrderRow>(
      `SELECT *, price_nano::text AS price_nano FROM orders WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
      [orderId],
    )
    return row ? toOrder(row) : null
  }

  /** An order as its buyer may read it (another user's order is none of theirs: null). */
  async orderOf(userId: number, orderId: string): Promise<Order | null> {
    const order = await this.find(this.db, orderId)
    return order !== null && order.userId === userId ? order : null
  }

  /**
   * Whether a payment of `amount` for `orderId` would be granted now (Stars' pre_checkout_query):
   * null when it would, else a sentence for the payer (the product's Refusal, when it gives one).
   */
  async payable(
    orderId: string | null,
    userId: number | undefined,
    amount: bigint,
    kind: ProofKind,
  ): Promise<string | Refusal | null> {
    const order = orderId === null ? null : await this.find(this.db, orderId)
    if (order === null || (userId !== undefined && order.userId !== userId)) return 'This order does not exist.'
    if (order.status !== 'open') return 'This order is already paid or closed.'
    if (kind === 'stars' && this.clock.now() > order.expiresAt)
      return 'This invoice has expired: open it again from the app.'
    if (amount < (kind === 'stars' ? BigInt(order.priceStars) : order.priceNano))
      return 'The amount is below the price.'
    return this.product(order.product).refusal(this.db, order.userId, order.params, this.clock.now())
  }

  /**
   * Records a proven payment once and grants its order once (DESIGN §7): in `tx` when given (the
   * transfer that pays), else in a transaction of its own. A proof seen before answers
   * 'duplicate' and changes nothing.
   */
  async settle(proof: Proof, tx?: Db): Promise<{ outcome: Outcome; order: Order | null }> {
    const run = (db: Db) => this.settleIn(db, proof)
    return tx ? run(tx) : this.db.transaction(run)
  }

  private async settleIn(tx: Db, proof: Proof): Promise<{ outcome: Outcome; order: Order | null }> {
    const now = this.clock.now()
    const seen = new Date(now).toISOString()
    const claimed = await tx.query(
      `INSERT INTO payments (kind, proof_id, order_id, user_id, amount, outcome, detail, seen_at) VALUES ($1, $2, $3, $4, $5::numeric, 'unknown-order', $6::jsonb, $7)
       ON CONFLICT (kind, proof_id) DO NOTHING RETURNING proof_id`,
      [
        proof.kind,
        proof.id,
        proof.orderId,
        proof.userId ?? null,
        proof.amount.toString(),
        JSON.stringify(proof.detail ?? {}),
        seen,
      ],
    )
    if (claimed.length === 0)
      return { outcome: 'duplicate', order: proof.orderId === null ? null : await this.find(tx, proof.orderId) }
    const record = (outcome: Exclude<Outcome, 'duplicate'>, order: Order | null) =>
      tx
        .query('UPDATE payments SET outcome = $3, user_id = coalesce(user_id, $4) WHERE kind = $1 AND proof_id = $2', [
          proof.kind,
          proof.id,
          outcome,
          order?.userId ?? null,
        ])
        .then(() => ({ outcome, order }))

    const order = proof.orderId === null ? null : await this.find(tx, proof.orderId, true)
    if (order === null || (proof.userId !== undefined && proof.kind !== 'ton' && order.userId !== proof.userId))
      return record('unknown-order', null)
    const price = proof.kind === 'stars' ? BigInt(order.priceStars) : order.priceNano
    if (order.status !== 'open') return record('not-payable', order)
    if (proof.amount < price) return record('underpaid', order)
    if ((await this.product(order.product).refusal(tx, order.userId, order.params, now)) !== null)
      return record('not-payable', order)
    await this.product(order.product).grant(tx, order, now)
    await tx.query(
      `UPDATE orders SET status = 'granted', granted_at = $2, proof_kind = $3, proof_id = $4 WHERE id = $1`,
      [order.id, seen, proof.kind, proof.id],
    )
    return record('granted', { ...order, status: 'granted', grantedAt: now })
  }

  /**
   * A payment refunded outside this server (Telegram Stars' refunded_payment: a refund made by
   * the bot's owner or by Telegram, not by this server's refund job), recorded once: the payment
   * marked refunded, and when it had granted its order, the order refunded and its grant undone or
   * flagged by its product (Product.undo), all in one transaction. The payment's row is locked
   * first, so the same refund delivered twice, to one process or to two, is recorded by the first
   * and found 'duplicate' by the other.
   */
  async recordRefund(kind: ProofKind, proofId: string): Promise<RefundRecord> {
    return this.db.transaction(async (tx): Promise<RefundRecord> => {
      const [payment] = await tx.query<{ order_id: string | null; outcome: Outcome | 'refunded' }>(
        'SELECT order_id, outcome FROM payments WHERE kind = $1 AND proof_id = $2 FOR UPDATE',
        [kind, proofId],
      )
      if (payment === undefined) return { kind: 'unknown-payment' }
      if (payment.outcome === 'refunded') return { kind: 'duplicate' }
      await tx.query(`UPDATE payments SET outcome = 'refunded' WHERE kind = $1 AND proof_id = $2`, [kind, proofId])
      const order =
        payment.outcome === 'granted' && payment.order_id !== null ? await this.find(tx, payment.order_id, true) : null
      if (order === null || order.status !== 'granted')
        return { kind: 'not-granted', outcome: payment.outcome, orderId: payment.order_id }
      const now = this.clock.now()
      const undo = await this.undoGrant(tx, order, now)
      await tx.query(
        `UPDATE orders SET status = 'refunded', refunded_at = $2, grant_state = $3, grant_note = $4 WHERE id = $1`,
        [order.id, new Date(now).toISOString(), undo.state, undo.note],
      )
      return { kind: 'granted', order: { ...order, status: 'refunded' }, undo }
    })
  }

  /**
   * The product's undo, in a savepoint: one that throws (a fault of its own, or a grant changed in
   * a way it did not foresee) leaves the grant as it was and is flagged, so the refund itself is
   * still recorded, once.
   */
  private async undoGrant(tx: Db, order: Order, now: number): Promise<GrantUndo> {
    const product = this.products[order.product]
    if (product?.undo === undefined)
      return { state: 'flagged', note: `${order.product} has no way to take its grant back` }
    await tx.query('SAVEPOINT undo_grant')
    try {
      const done = await product.undo(tx, order, now)
      await tx.query('RELEASE SAVEPOINT undo_grant')
      return done
    } catch (e) {
      await tx.query('ROLLBACK TO SAVEPOINT undo_grant')
      return {
        state: 'flagged',
        note: `taking the grant back failed, nothing was changed: ${e instanceof Error ? e.message : String(e)}`,
      }
    }
  }

  /** A Stars payment that could not be granted was refunded (refundStarPayment answered true). */
  async markRefunded(chargeId: string): Promise<void> {
    await this.db.query(`UPDATE payments SET outcome = 'refunded' WHERE kind = 'stars' AND proof_id = $1`, [chargeId])
  }
}
