/**
 * The Content-Security-Policy of the production page (docs/operations.md, "Content-Security-Policy"):
 * what the mini-app needs and nothing else. Dev mode sends none (its page carries the demo launch
 * scripts inline).
 *
 * - Scripts: this origin, and the page's own inline script (the route preloads vite.config.ts writes)
 *   by its sha256, computed from the page served. No eval, no other inline script.
 * - Styles: this origin and inline: the page's first paint is inline CSS and style attributes, and
 *   TonConnect's dialogs (goober) write their styles into a <style> at run time.
 * - Images: this origin, `data:` (QR codes drawn as data URLs), and the hosts of the wallets' icons
 *   in TonConnect's wallets list. Audio: this origin (the banners' WAV).
 * - Connections: this origin, the configured API servers, TonConnect's wallets list
 *   (config.ton.org) and the wallets' HTTP bridges (TonConnect talks to a wallet through its bridge).
 * - Framing: only Telegram's web clients (web.telegram.org and *.telegram.org) may embed the app;
 *   no plugins, no <base>, no form posts.
 */
import { createHash } from 'node:crypto'

/**
 * The wallets' bridges of @tonconnect/sdk 3.4.1's fallback wallets list (the list it uses when
 * config.ton.org cannot be read). tests/server/kernel/operations.test.ts checks these against the
 * installed SDK, so an upgrade that adds a bridge says so.
 */
export const TONCONNECT_BRIDGES = [
  'https://api-node.bybit.com',
  'https://blitzwallet.cfd',
  'https://bridge.dewallet.pro',
  'https://bridge.mirai.app',
  'https://bridge.tonapi.io',
  'https://bridge.uxuy.me',
  'https://connect.token.im',
  'https://connect.tonhubapi.com',
  'https://dapp.gateio.services',
  'https://go-bridge.tomo.inc',
  'https://sse-bridge.hot-labs.org',
  'https://tc.architecton.su',
  'https://tc.nicegram.app',
  'https://ton-bridge.safepal.com',
  'https://ton-connect-bridge.bgwapi.io',
  'https://ton-connect-bridge.echooo.link',
  'https://ton-connect.mytokenpocket.vip',
  'https://tonconnectbridge.mytonwallet.org',
  'https://wallet-bridge.fintopio.com',
  'https://wallet.binance.com',
  'https://walletbot.me',
  'https://web3-bridge.kolo.in',
  'https://www.okx.com',
] as const

/** The hosts of the wallets' icons in the same list (the connect dialog shows them). */
export const TONCONNECT_ICON_HOSTS = [
  'https://aws-v2-cdn.token.im',
  'https://blitzwallet.cfd',
  'https://cdn.echooo.xyz',
  'https://cdn.mirailabs.co',
  'https://chain-cdn.uxuy.com',
  'https://downloads.mycactus.com',
  'https://hk.tpstatic.net',
  'https://img.bitgetimg.com',
  'https://img.gatedataimg.com',
  'https://pub.tomo.inc',
  'https://public.bnbstatic.com',
  'https://raw.githubusercontent.com',
  'https://s.pvcliping.com',
  'https://static.mytonwallet.io',
  'https://static.nicegram.app',
  'https://static.okx.com',
  'https://tonhub.com',
  'https://tonkeeper.com',
  'https://uni.onekey-asset.com',
  'https://wallet.tg',
  'https://wallet.ton.org',
  'https://xtonwallet.com',
] as const

/** TonConnect's public wallets list (server/payments/ton.ts PUBLIC_WALLETS_LIST redirects there). */
export const TONCONNECT_WALLETS_LIST_ORIGIN = 'https://config.ton.org'
/** Telegram's web clients, which show a mini-app in an iframe. */
export const TELEGRAM_FRAME_ANCESTORS = ['https://web.telegram.org', 'https://*.telegram.org'] as const

export interface CspSources {
  /** Origins the app calls besides its own (the build's VITE_WALLET_SERVERS and VITE_MINING_SERVERS, CSP_CONNECT_SRC). */
  connect?: readonly string[]
  /** Image origins besides the built-in ones (CSP_IMG_SRC). */
  img?: readonly string[]
}

/** The sha256 source of each inline <script> of the page (not those with a src). */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`,
  )
}

const unique = (list: readonly string[]) => [...new Set(list)]

/** The policy for a page (its inline scripts allowed by hash). */
export function contentSecurityPolicy(html: string, sources: CspSources = {}): string {
  const directives: [string, readonly string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...inlineScriptHashes(html)]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    [
      'img-src',
      unique(["'self'", 'data:', ...(sources.connect ?? []), ...TONCONNECT_ICON_HOSTS, ...(sources.img ?? [])]),
    ],
    ['media-src', ["'self'"]],
    ['font-src', ["'self'"]],
    [
      'connect-src',
      unique(["'self'", ...(sources.connect ?? []), TONCONNECT_WALLETS_LIST_ORIGIN, ...TONCONNECT_BRIDGES]),
    ],
    ['frame-src', ["'none'"]],
    ['worker-src', ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
    ['frame-ancestors', TELEGRAM_FRAME_ANCESTORS],
  ]
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ')
}

/** Origins of a comma-separated list of URLs (the VITE_*_SERVERS form); what is no URL is an error. */
export function originsOf(list: string | undefined): string[] | { error: string } {
  const origins: string[] = []
  for (const item of (list ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    try {
      const url = new URL(item)
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error()
      origins.push(url.origin)
    } catch {
      return { error: `"${item}" is not an http(s) URL` }
    }
  }
  return origins
}
