/**
 * The external way (DESIGN §5, §7): the user pays an order from a wallet of their own over
 * TonConnect. The server answers the order as the transaction TonConnect's `sendTransaction` takes
 * (one message: the service wallet, the price in nanotons, a text comment naming the order); the
 * wallet's approval proves nothing, the TON watcher (watcher.ts) grants the order when the payment
 * is seen on chain. Also here: the service wallet's address, and the two files TonConnect reads
 * from the app's origin (its manifest, and the wallets list the connect dialog offers).
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { Hono } from 'hono'
import { Address, beginCell, type Cell } from '@ton/core'
import { type Order, orderComment } from './orders'

/**
 * The service wallet in dev mode and tests (SERVICE_TON_ADDRESS unset): the workchain-0 address
 * whose hash is sha256 of a fixed name. Nobody holds a key for it: it exists only on the TON API
 * stand-in (server/standins/tonApi.ts). A production server refuses to start without
 * SERVICE_TON_ADDRESS (payments/config.ts): a payment to this address would be lost.
 */
export const DEV_SERVICE_TON_ADDRESS = new Address(
  0,
  createHash('sha256').update('switch-wallet/dev-service-wallet').digest(),
).toString({ bounceable: false, urlSafe: true })

/**
 * The service wallet as TonConnect and the watcher name it: user-friendly, URL-safe and
 * non-bounceable (TonConnect's rule for a wallet contract: a transfer to it never bounces back),
 * whatever form it was configured in. Throws on text that is no TON address.
 */
export function serviceWallet(configured?: string | null): string {
  const text = configured?.trim() || DEV_SERVICE_TON_ADDRESS
  return Address.parse(text).toString({ bounceable: false, urlSafe: true, testOnly: false })
}

/**
 * How long a wallet may send the transaction: TonConnect's SDK warns beyond 5 minutes (the issue
 * allows 10), and it is never later than the order's own expiry.
 */
export const TONCONNECT_VALID_MS = 5 * 60_000

export interface TonConnectMessage {
  /** The service wallet, user-friendly. */
  address: string
  /** Nanotons, a decimal string. */
  amount: string
  /** Base64 BOC of one cell: op 0 and the order's comment. */
  payload: string
}

/** What TonConnect's `sendTransaction` takes (`validUntil` in unix seconds). */
export interface TonConnectTransaction {
  validUntil: number
  messages: TonConnectMessage[]
}

/** A text comment as a message body: 32 zero bits, then the text (continued in references when long). */
export const commentCell = (comment: string): Cell => beginCell().storeUint(0, 32).storeStringTail(comment).endCell()

/** The text of a text-comment body (op 0); null for any other body, an empty one, or bytes that are not UTF-8 text. */
export function commentOf(body: Cell | null | undefined): string | null {
  if (!body) return null
  try {
    const s = body.beginParse()
    if (s.remainingBits < 32 || s.loadUint(32) !== 0) return null
    const bytes = s.loadBuffer(s.remainingBits >> 3)
    let tail = s.remainingRefs > 0 ? s.loadRef().beginParse() : null
    const parts = [bytes]
    // The snake format of a long comment: each further cell's bytes, in its first reference.
    while (tail) {
      parts.push(tail.loadBuffer(tail.remainingBits >> 3))
      tail = tail.remainingRefs > 0 ? tail.loadRef().beginParse() : null
    }
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(parts))
  } catch {
    return null
  }
}

/**
 * The order as a TonConnect transaction: one message to the service wallet for exactly the order's
 * price, its comment in the payload; valid for TONCONNECT_VALID_MS from `now` (the server's clock)
 * and not after the order expires. An order already expired has no transaction.
 */
export function tonConnectTransaction(
  order: Pick<Order, 'id' | 'priceNano' | 'expiresAt'>,
  serviceAddress: string,
  now: number,
): TonConnectTransaction {
  const until = Math.min(now + TONCONNECT_VALID_MS, order.expiresAt)
  if (until <= now) throw new RangeError(`order ${order.id} expired at ${new Date(order.expiresAt).toISOString()}`)
  return {
    validUntil: Math.floor(until / 1000),
    messages: [
      {
        address: serviceWallet(serviceAddress),
        amount: order.priceNano.toString(),
        payload: commentCell(orderComment(order.id)).toBoc().toString('base64'),
      },
    ],
  }
}

export interface TonConnectFilesOptions {
  /** The app's origin as wallets should show it (APP_URL); by default the origin a request came to. */
  appUrl?: string | null
  /** Dev mode: the wallets list offers the demo wallet (server/standins/demoWallet.ts) and nothing else. */
  dev: boolean
  /** The dev wallets list's entry for the demo wallet, for this origin. */
  demoWallet?: (origin: string) => Record<string, unknown>
}

const ICON = readFileSync(new URL('./tonconnect-icon.png', import.meta.url))
/** The wallets list a production connect dialog offers: TonConnect's own, kept current by the TON Foundation. */
export const PUBLIC_WALLETS_LIST = 'https://config.ton.org/wallets-v2.json'

/**
 * GET /tonconnect-manifest.json (what a wallet shows of the app: its url, name and a 180 px PNG
 * icon, all readable from any origin), GET /tonconnect-icon.png, and GET /tonconnect-wallets.json:
 * the list the connect dialog offers. In dev mode it is the demo wallet only, served from here, so
 * nothing leaves 127.0.0.1; in production it redirects to TonConnect's public list.
 */
export function tonConnectRoutes(o: TonConnectFilesOptions) {
  const app = new Hono()
  const originOf = (url: string) => (o.appUrl ? new URL(o.appUrl).origin : new URL(url).origin)
  const open = { 'access-control-allow-origin': '*', 'cache-control': 'no-cache' }
  app.get('/tonconnect-manifest.json', (c) => {
    const origin = originOf(c.req.url)
    return c.json({ url: origin, name: 'SWITCH Wallet', iconUrl: `${origin}/tonconnect-icon.png` }, 200, open)
  })
  app.get('/tonconnect-icon.png', (c) =>
    c.body(ICON, 200, {
      'content-type': 'image/png',
      'access-control-allow-origin': '*',
      'cache-control': 'public, max-age=86400',
    }),
  )
  app.get('/tonconnect-wallets.json', (c) => {
    if (!o.dev || !o.demoWallet) return c.redirect(PUBLIC_WALLETS_LIST, 302)
    return c.json([o.demoWallet(new URL(c.req.url).origin)], 200, open)
  })
  return app
}
