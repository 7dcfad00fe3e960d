/**
 * Copy trading on the reference server: subscriptions with a reserved deposit, and the engine that
 * copies a followed trader's swaps into each active subscription.
 *
 * A real deployment feeds the engine from chain data (the trader's swaps through the listed
 * protocols). Here the feed is simulated, deterministically per trader: event n of a trader on a
 * chain comes from a generator seeded with `${address}:${chain}:${n}`, so two servers replay the
 * same trader the same way. The first event of a feed is a buy; later ones buy or sell.
 *
 * A subscription holds positions of its own, apart from the wallet's balances: its deposit, and what
 * its copied swaps bought. A copied buy spends ante x deposit (at most what is left of the deposit
 * token); a copied sell sells the whole position back into the deposit token. Stopping returns
 * every position to the wallet.
 */
import type { Db } from '../db'
import { type Catalogue, type CatalogueToken, type ChainId, chainKey, logoURI } from '../kernel/catalogue'
import type { Jobs } from '../kernel/jobs'
import { addHistory } from '../kernel/ledger'
import { fromUnits } from '../kernel/money'
import { evmQuote, scaledPrice, usdCents, usdValue } from '../swap/quote'

export const COPY_NETWORKS: readonly ChainId[] = [1, 10, 42161, 8453, 324]
export const COPY_ASSETS = new Set(['ETH', 'USDT', 'USDC', 'DAI'])
export const KNOWN_PROTOCOLS = new Set(['uniswapUniversalRouter', 'uniswapV3', 'sushiswap', 'oneInch'])
export const MIN_DEPOSIT_USD = 100n
/** The tokens a simulated trader moves between, where the chain has them. */
const LIQUID = ['ETH', 'WETH', 'USDC', 'USDT', 'DAI', 'WBTC', 'UNI', 'LINK', 'ARB', 'OP', 'ZRO', 'AERO', 'ZK']
const ANTE_SCALE = 1_000_000n

export interface TradeRow {
  id: string
  user_id: number | string
  account_index: number
  chain_id: string
  followed_address: string
  ante: number
  protocols: string[]
  deposit_units: string
  from_token: string
  dttm_added: Date | string
  dttm_deactivated: Date | string | null
  /** What the trade still holds of its deposit token, where the query asked for it. */
  remaining_units?: string | null
  /** How many swaps were copied into the trade, where the query asked for it. */
  swaps_count?: number | null
  /** What the trade holds now, token by token (smallest units), where the query asked for it. */
  positions?: { token: string; units: string }[] | string | null
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString()
const chainOf = (key: string): ChainId => (key === 'TON' ? 'TON' : (Number(key) as ChainId))

/** A trade as GET /getCopyTrades answers it (copyTrade.41): deposit in USD and ETH at today's prices. */
export function tradeView(row: TradeRow, catalogue: Catalogue) {
  const chainId = chainOf(row.chain_id)
  const token = catalogue.find(chainId, row.from_token) as CatalogueToken
  const eth = catalogue.bySymbol(chainId, 'ETH')
  const usd = usdValue(BigInt(row.deposit_units), token)
  return {
    _id: row.id,
    accountIndex: row.account_index,
    chainId,
    followedAddress: row.followed_address,
    ante: row.ante,
    protocols: row.protocols,
    depositInNano: row.deposit_units,
    fromToken: row.from_token,
    dttmAdded: iso(row.dttm_added),
    ...(row.dttm_deactivated ? { dttmDeactivated: iso(row.dttm_deactivated) } : {}),
    ...(row.remaining_units === undefined ? {} : { remainingInNano: row.remaining_units ?? '0' }),
    ...(row.swaps_count === undefined ? {} : { swapsCount: Number(row.swaps_count ?? 0) }),
    ...(row.positions === undefined || row.dttm_deactivated ? {} : positionValue(row, catalogue, token)),
    token: { logoURI: logoURI(token.symbol), name: token.symbol },
    deposit: { usd, eth: eth ? depositInEth(BigInt(row.deposit_units), token, eth) : '0' },
  }
}

/**
 * A deposit's worth in ETH at catalogue prices, exactly: from the deposit's smallest units and the
 * two prices (scaled to integers), floored to the wei, as a decimal string. ETH itself is its own
 * amount. (It once went through a USD float rounded to cents: 0.03 ETH read 0.030001.)
 */
export function depositInEth(units: bigint, token: CatalogueToken, eth: CatalogueToken): string {
  if (token.address === eth.address) return fromUnits(units, eth.decimals)
  const wei =
    (units * scaledPrice(token.priceUsd) * 10n ** BigInt(eth.decimals)) /
    (10n ** BigInt(token.decimals) * scaledPrice(eth.priceUsd))
  return fromUnits(wei, eth.decimals)
}

/**
 * What an active trade holds now, at catalogue prices: its value and its profit or loss against
 * the deposit, both in USD, summed exactly in cents. A token no longer in the catalogue counts 0.
 */
function positionValue(row: TradeRow, catalogue: Catalogue, depositToken: CatalogueToken) {
  const chainId = chainOf(row.chain_id)
  const held = (typeof row.positions === 'string' ? JSON.parse(row.positions) : (row.positions ?? [])) as {
    token: string
    units: string
  }[]
  let cents = 0n
  for (const p of held) {
    const token = catalogue.find(chainId, p.token)
    if (token) cents += usdCents(BigInt(p.units), token)
  }
  const depositCents = usdCents(BigInt(row.deposit_units), depositToken)
  return { valueUsd: Number(cents) / 100, pnlUsd: Number(cents - depositCents) / 100 }
}

/** A small deterministic generator (mulberry32) over a string seed (FNV-1a). */
export function seededRandom(seed: string): () => number {
  let h = 0x811c9dc5
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193)
  let a = h >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const liquidOn = (chainId: ChainId, catalogue: Catalogue) =>
  LIQUID.filter((s) => catalogue.bySymbol(chainId, s) !== undefined)

export type FeedEvent = { seq: number; kind: 'buy' | 'sell'; symbol: string }

/** Event `seq` of a trader's feed on a chain: deterministic, a buy first. */
export function feedEvent(address: string, chainId: ChainId, seq: number, catalogue: Catalogue): FeedEvent {
  const random = seededRandom(`${address.toLowerCase()}:${chainKey(chainId)}:${seq}`)
  const symbols = liquidOn(chainId, catalogue)
  const symbol = symbols[Math.floor(random() * symbols.length)]
  return { seq, kind: seq === 0 || random() < 0.6 ? 'buy' : 'sell', symbol }
}

const historyToken = (t: CatalogueToken) => ({
  symbol: t.symbol,
  decimals: t.decimals,
  address: t.address,
  chainId: t.chainId,
  logoURI: logoURI(t.symbol),
  name: t.name,
})

/** Copies one feed event into one subscription, in the caller's transaction; true if a swap was made. */
async function copyInto(tx: Db, catalogue: Catalogue, trade: TradeRow, event: FeedEvent): Promise<boolean> {
  const chainId = chainOf(trade.chain_id)
  const base = catalogue.find(chainId, trade.from_token) as CatalogueToken
  // The trader's token, or, when it is the subscription's own deposit token, the next liquid one.
  const symbols = liquidOn(chainId, catalogue)
  const symbol =
    event.symbol === base.symbol ? symbols[(symbols.indexOf(event.symbol) + 1) % symbols.length] : event.symbol
  const other = catalogue.bySymbol(chainId, symbol)
  if (!other || other.address.toLowerCase() === base.address.toLowerCase()) return false
  const held = async (address: string) =>
    BigInt(
      (
        await tx.query<{ units: string }>(
          'SELECT units::text AS units FROM copy_trade_positions WHERE trade_id = $1 AND token_address = $2',
          [trade.id, address],
        )
      )[0]?.units ?? '0',
    )
  const [from, to] = event.kind === 'buy' ? [base, other] : [other, base]
  const available = await held(from.address)
  const wanted =
    event.kind === 'buy'
      ? (BigInt(trade.deposit_units) * BigInt(Math.round(trade.ante * Number(ANTE_SCALE)))) / ANTE_SCALE
      : available
  const amount = wanted < available ? wanted : available
  if (amount <= 0n) return false
  const quote = evmQuote(amount, from, to, false)
  if (quote.toUnits <= 0n) return false
  const add = async (address: string, delta: bigint) =>
    tx.query(
      `INSERT INTO copy_trade_positions (trade_id, token_address, units) VALUES ($1, $2, $3::numeric)
       ON CONFLICT (trade_id, token_address) DO UPDATE SET units = copy_trade_positions.units + $3::numeric`,
      [trade.id, address, delta.toString()],
    )
  await tx.query(
    'UPDATE copy_trade_positions SET units = units - $3::numeric WHERE trade_id = $1 AND token_address = $2',
    [trade.id, from.address, amount.toString()],
  )
  await add(to.address, quote.toUnits)
  const entry = {
    fromToken: historyToken(from),
    toToken: historyToken(to),
    fromAmount: amount.toString(),
    toAmount: quote.toUnits.toString(),
    chainId,
    copyTradeId: trade.id,
    trader: trade.followed_address,
  }
  // The copied swap is one of the wallet's swaps: GET /history lists it; copy_trade_swaps links it to the trade.
  const historyId = await addHistory(tx, Number(trade.user_id), trade.account_index, 'swap', entry)
  const inserted = await tx.query(
    'INSERT INTO copy_trade_swaps (trade_id, feed_seq, history_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING id',
    [trade.id, event.seq, historyId],
  )
  if (inserted.length === 0) throw new Error(`feed event ${event.seq} was already copied into ${trade.id}`)
  return true
}

/**
 * One step of the feed: the next event of each followed trader (or of the one given) copied into
 * every active subscription that follows them. Answers how many swaps were copied. `firstTime` is
 * asked in each trader's transaction: false skips that trader (a step taken again after a crash
 * does not advance a trader twice).
 */
export async function feedStep(
  db: Db,
  catalogue: Catalogue,
  only: { followedAddress?: string; chainId?: ChainId } = {},
  firstTime: (tx: Db, trader: string) => Promise<boolean> = async () => true,
): Promise<number> {
  const traders = await db.query<{ address: string; chain_id: string }>(
    `SELECT DISTINCT lower(followed_address) AS address, chain_id FROM copy_trades
     WHERE dttm_deactivated IS NULL AND ($1::text IS NULL OR lower(followed_address) = lower($1)) AND ($2::text IS NULL OR chain_id = $2)`,
    [only.followedAddress ?? null, only.chainId === undefined ? null : chainKey(only.chainId)],
  )
  let copied = 0
  for (const trader of traders) {
    copied += await db.transaction(async (tx) => {
      if (!(await firstTime(tx, `${trader.address}:${trader.chain_id}`))) return 0
      const [{ next_seq: seq }] = await tx.query<{ next_seq: number }>(
        `INSERT INTO copy_feed (followed_address, chain_id, next_seq) VALUES ($1, $2, 1)
         ON CONFLICT (followed_address, chain_id) DO UPDATE SET next_seq = copy_feed.next_seq + 1 RETURNING next_seq - 1 AS next_seq`,
        [trader.address, trader.chain_id],
      )
      const event = feedEvent(trader.address, chainOf(trader.chain_id), seq, catalogue)
      const trades = await tx.query<TradeRow>(
        // FOR UPDATE: a stop in flight either lands first (the trade is skipped) or waits for this copy.
        `SELECT * , deposit_units::text AS deposit_units FROM copy_trades WHERE dttm_deactivated IS NULL AND lower(followed_address) = $1 AND chain_id = $2 ORDER BY id FOR UPDATE`,
        [trader.address, trader.chain_id],
      )
      let n = 0
      for (const trade of trades) if (await copyInto(tx, catalogue, trade, event)) n++
      return n
    })
  }
  return copied
}

export const FEED_JOB = 'copyTrade.feedStep'

/**
 * Runs the feed every `intervalMs` (0: never) on the job queue: one step per interval whichever
 * server processes share the database, each step once. A step taken again after a crash skips the
 * traders it already advanced.
 */
export function scheduleFeed(jobs: Jobs, db: Db, catalogue: Catalogue, intervalMs: number): void {
  if (intervalMs <= 0) return
  jobs.define(
    FEED_JOB,
    async (job) => void (await feedStep(db, catalogue, {}, (tx, trader) => job.firstTime(tx, trader))),
    { retries: 1 },
  )
  jobs.every(FEED_JOB, intervalMs)
}
