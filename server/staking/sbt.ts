/**
 * Staking's soulbound tokens (staking.44-47; docs/features/staking.md, "Rules chosen where the spec is silent").
 *
 * The offer (staking.45-46), exact on nano-SWITCH: the first deposit (oldest first) of at least
 * 5000 SWITCH whose period has no token yet earns that period's token; failing that, the all-in
 * token when locked/got >= 0.96 (locked × 100 >= got × 96), locked >= 100 and no all-in token is
 * held. A claim of a period is allowed while that period is claimable by these rules (not only the
 * one offered first), once per period.
 *
 * Claiming is an order of the payments module (product 'sbt', the external way only): the answer is
 * the TonConnect transaction that mints a TEP-85 item in the collection (SBT_COLLECTION_ADDRESS),
 * and the token is the user's when the TON watcher's job, reading the collection's account too, sees that
 * mint message on chain: once per period (staking_sbts' key), whatever is seen twice.
 *
 * The mint message is the TEP-62 collection's deploy-item message as SBT collections take it:
 *   op 1 (deploy), query_id:uint64, item_index:uint64, amount:Coins (forwarded to the item),
 *   ^[owner:MsgAddress, ^content (TEP-64 off-chain suffix), authority:MsgAddress]
 * The item is bound to its owner (TEP-85: no transfer); the authority (the service wallet) may
 * revoke it. The content suffix `<period>/<orderId>.json` names the order, which the watcher reads.
 */
import { createHash } from 'node:crypto'
import { Address, beginCell, Cell } from '@ton/core'
import { ALL_IN, type SbtPeriod, StakingPeriod, type WalletTransaction } from '../../domain/staking/codecs'
import type { Db } from '../db'
import type { Clock } from '../kernel/clock'
import { type Order, type Payments, type Product, orderIdIn } from '../payments/orders'
import { TONCONNECT_VALID_MS } from '../payments/ton'
import { type ApiTransaction, TonApi, TonWatcher } from '../payments/watcher'
import { holdings, switchUnits } from './deposits'
import { REFUSAL, StakingRefusal } from './refusals'
import { SBT } from './seed'

export const SBT_PRODUCT = 'sbt'
export const MINT_OP = 1

/** The collection in dev mode and tests (SBT_COLLECTION_ADDRESS unset): nobody holds it; it exists on the TON API stand-in only. */
export const DEV_SBT_COLLECTION = new Address(
  0,
  createHash('sha256').update('switch-wallet/dev-sbt-collection').digest(),
).toString({ bounceable: true, urlSafe: true })

export interface OfferInput {
  /** The user's deposits, oldest first. */
  deposits: readonly { period: StakingPeriod; amount: bigint }[]
  held: ReadonlySet<string>
  got: bigint
  locked: bigint
}

const DEPOSIT_MIN = switchUnits(SBT.depositMin) as bigint
const ALL_IN_LOCKED_MIN = switchUnits(SBT.allInLockedMin) as bigint

const allIn = (o: OfferInput) =>
  !o.held.has(ALL_IN) &&
  o.locked >= ALL_IN_LOCKED_MIN &&
  o.got > 0n &&
  o.locked * SBT.allInShareDen >= o.got * SBT.allInShareNum

/** staking.45-46: the token offered, or null. */
export function sbtOffer(o: OfferInput): SbtPeriod | null {
  const first = o.deposits.find((d) => d.amount >= DEPOSIT_MIN && !o.held.has(d.period))
  if (first) return first.period
  return allIn(o) ? ALL_IN : null
}

/** Whether `period`'s token may be claimed now (its rule holds, no token of it held). */
export function sbtClaimable(o: OfferInput, period: SbtPeriod): boolean {
  if (o.held.has(period)) return false
  if (period === ALL_IN) return allIn(o)
  return o.deposits.some((d) => d.period === period && d.amount >= DEPOSIT_MIN)
}

export async function heldSbts(db: Db, userId: number): Promise<SbtPeriod[]> {
  const rows = await db.query<{ period: SbtPeriod }>(
    'SELECT period FROM staking_sbts WHERE user_id = $1 ORDER BY minted_at, period',
    [userId],
  )
  return rows.map((r) => r.period)
}

async function offerInput(db: Db, userId: number): Promise<OfferInput> {
  const rows = await db.query<{ period: StakingPeriod; amount: string }>(
    'SELECT period, amount::text AS amount FROM staking_deposits WHERE user_id = $1 ORDER BY dttm_added, id',
    [userId],
  )
  const { got, locked } = await holdings(db, userId)
  return {
    deposits: rows.map((r) => ({ period: r.period, amount: switchUnits(r.amount) as bigint })),
    held: new Set(await heldSbts(db, userId)),
    got,
    locked,
  }
}

export const userSbtOffer = async (db: Db, userId: number) => sbtOffer(await offerInput(db, userId))

/** The mint message's body (see above). */
export function mintBody(o: {
  queryId: bigint
  index: bigint
  owner: Address
  authority: Address
  content: string
}): Cell {
  const content = beginCell().storeStringTail(o.content).endCell()
  const item = beginCell().storeAddress(o.owner).storeRef(content).storeAddress(o.authority).endCell()
  return beginCell()
    .storeUint(MINT_OP, 32)
    .storeUint(o.queryId, 64)
    .storeUint(o.index, 64)
    .storeCoins(SBT.itemValueNano)
    .storeRef(item)
    .endCell()
}

/** A mint body read back: the owner and the content suffix; null for any other body. */
export function readMint(body: Cell): { index: bigint; owner: Address; content: string } | null {
  try {
    const s = body.beginParse()
    if (s.loadUint(32) !== MINT_OP) return null
    s.loadUintBig(64)
    const index = s.loadUintBig(64)
    s.loadCoins()
    const item = s.loadRef().beginParse()
    const owner = item.loadAddress()
    const content = item.loadRef().beginParse().loadStringTail()
    return { index, owner, content }
  } catch {
    return null
  }
}

/** The order a transaction on the collection pays: the one its mint message's content names. */
export function mintOrderId(tx: ApiTransaction): string | null {
  const body = tx.in_msg?.message_content?.body
  if (!body) return null
  try {
    const mint = readMint(Cell.fromBase64(body))
    return mint === null ? null : orderIdIn(mint.content)
  } catch {
    return null
  }
}

const periodOf = (params: Record<string, unknown>) => params.stakingPeriod as SbtPeriod

/** Why `period`'s token cannot be claimed now, or null. */
function sbtRefusal(input: OfferInput, period: SbtPeriod): StakingRefusal | null {
  if (input.held.has(period))
    return new StakingRefusal(`You hold the ${period} soulbound token already.`, REFUSAL.sbtHeld, 'stakingPeriod', 409)
  return sbtClaimable(input, period)
    ? null
    : new StakingRefusal(`No ${period} soulbound token is offered to you.`, REFUSAL.sbtNotOffered, 'stakingPeriod', 409)
}

export function sbtProduct(): Product {
  return {
    price: () => ({ stars: 0, tonNano: SBT.mintValueNano }),
    refusal: async (tx, userId, params) => sbtRefusal(await offerInput(tx, userId), periodOf(params)),
    async grant(tx, order, now) {
      await tx.query(
        'INSERT INTO staking_sbts (user_id, period, order_id, owner, minted_at) VALUES ($1, $2, $3, $4, $5)',
        [order.userId, periodOf(order.params), order.id, String(order.params.owner), new Date(now).toISOString()],
      )
    },
    // Minted on chain, bound to its owner: the server cannot take it back (the collection's authority may revoke it).
    undo: async (_tx, order) => ({
      state: 'flagged',
      note: `the ${periodOf(order.params)} soulbound token is minted to ${String(order.params.owner)}: only the collection's authority can revoke it`,
    }),
  }
}

export interface SbtMinting {
  collection: string | null
  /** The TonConnect transaction minting `period`'s token for `owner`, as an order; 409 when not offered. */
  claim(userId: number, period: SbtPeriod, owner: string | undefined): Promise<WalletTransaction>
  watcher: TonWatcher | null
}

/**
 * The owner of the minted item: the wallet the user linked with a proof (tasks' addWallet,
 * docs/payments.md "Linking a TON wallet"), and no other. An address the claim names must be that
 * wallet (any spelling of it); one the user has not proven is refused: a token bound to an address
 * is for whoever holds its key.
 */
async function ownerOf(db: Db, userId: number, given: string | undefined): Promise<Address> {
  const [row] = await db.query<{ raw_address: string }>(
    'SELECT raw_address FROM task_ton_wallets WHERE user_id = $1 AND proven_at IS NOT NULL',
    [userId],
  )
  let named: Address | null = null
  if (given !== undefined) {
    try {
      named = Address.parse(given.trim())
    } catch {
      throw new StakingRefusal('not a TON address', REFUSAL.sbtAddress, 'address')
    }
  }
  if (row === undefined)
    throw new StakingRefusal(
      'link a TON wallet with a proof first: the token is minted to it',
      REFUSAL.sbtWallet,
      'address',
      409,
    )
  const proven = Address.parse(row.raw_address)
  if (named !== null && !named.equals(proven))
    throw new StakingRefusal(
      'the token is minted only to the wallet you linked with a proof, and this is another',
      REFUSAL.sbtUnproven,
      'address',
      409,
    )
  return proven
}

/** The collection's watcher is read by the TON watcher's own periodic job (`watch`: TonPayments.alsoWatch). */
export function sbtMinting(o: {
  db: Db
  clock: Clock
  payments: Payments
  collection: string | null
  authority: string
  tonApiUrl: string
  tonApiKey?: string
  watch: (w: TonWatcher) => void
}): SbtMinting {
  const collection =
    o.collection === null ? null : Address.parse(o.collection).toString({ bounceable: true, urlSafe: true })
  const watcher =
    collection === null
      ? null
      : new TonWatcher(
          o.db,
          o.payments,
          new TonApi({ baseUrl: o.tonApiUrl, apiKey: o.tonApiKey }),
          collection,
          o.clock,
          { orderIdOf: mintOrderId },
        )
  if (watcher !== null) o.watch(watcher)
  return {
    collection,
    watcher,
    async claim(userId, period, given) {
      if (collection === null)
        throw new StakingRefusal(
          'soulbound tokens are not minted on this server (SBT_COLLECTION_ADDRESS unset)',
          REFUSAL.sbtOff,
          'stakingPeriod',
          409,
        )
      // The product asks again when ordering; asked here first, the refusal keeps its code.
      const refusal = sbtRefusal(await offerInput(o.db, userId), period)
      if (refusal !== null) throw refusal
      const owner = await ownerOf(o.db, userId, given)
      const order: Order = await o.payments.order(userId, SBT_PRODUCT, 'external', {
        stakingPeriod: period,
        owner: owner.toRawString(),
      })
      const [{ index }] = await o.db.query<{ index: string }>("SELECT nextval('staking_sbt_index')::text AS index")
      const now = o.clock.now()
      const body = mintBody({
        queryId: BigInt(now),
        index: BigInt(index),
        owner,
        authority: Address.parse(o.authority),
        content: SBT.contentSuffix(period, order.id),
      })
      return {
        validUntil: Math.floor(Math.min(now + TONCONNECT_VALID_MS, order.expiresAt) / 1000),
        messages: [
          {
            address: collection,
            amount: order.priceNano.toString() as never,
            payload: body.toBoc().toString('base64'),
          },
        ],
        orderId: order.id,
      }
    },
  }
}

export const isSbtPeriod = (s: string): s is SbtPeriod => s === ALL_IN || StakingPeriod.is(s)
