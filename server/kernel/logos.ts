/**
 * Token and network logos, served by this server from local files (never hot-linked): the branded
 * marks of @web3icons/core (MIT), read from the installed package once at start, and the letter
 * circle of catalogue.ts for a symbol the package has no mark for.
 *
 * Only names known here are ever looked up (the catalogue's symbols, the six networks), each from a
 * fixed folder of the package, so a request's text never reaches the file system.
 */
import { Hono } from 'hono'
import { logoSvg } from './catalogue'

/** The package's name of each chain's network mark: /logos/networks/<chainKey>.svg. */
export const NETWORK_MARKS: Readonly<Record<string, string>> = {
  1: 'ethereum',
  10: 'optimism',
  42161: 'arbitrum-one',
  8453: 'base',
  324: 'zksync',
  TON: 'ton',
}

/**
 * Symbols whose mark the package keeps under another name: the package's own metadata gives TON
 * (Toncoin) the TON network's mark, and ZK is ZKsync's token, whose mark is ZKsync's.
 */
const TOKEN_MARK_ALIASES: Readonly<Record<string, string>> = {
  TON: 'networks/branded/ton',
  ZK: 'networks/branded/zksync',
}

const PACKAGE = '@web3icons/core/svgs'

/**
 * A mark is served as an image only if it is plain drawing: one <svg> element with no script, no
 * event handler, no foreign content, no entity declarations and no reference outside itself.
 */
export function isPlainSvg(svg: string): boolean {
  const text = svg.trim()
  if (!text.startsWith('<svg') || !text.endsWith('</svg>') || text.length > 64 * 1024) return false
  if (/<(script|foreignObject|iframe|embed|object|image|use|a|style)\b/i.test(text)) return false
  if (/<!(DOCTYPE|ENTITY)|<\?/i.test(text)) return false
  if (/\son[a-z]+\s*=/i.test(text)) return false
  if (/javascript:|data:/i.test(text)) return false
  // Links and paint references stay inside the file (url(#id), href="#id").
  if (/url\(\s*['"]?(?!#)/i.test(text) || /href\s*=\s*['"](?!#)/i.test(text)) return false
  return true
}

/** The default export of one of the package's SVG modules, or null when it has none under that name. */
export async function readMark(file: string): Promise<string | null> {
  try {
    const mod = (await import(`${PACKAGE}/${file}.svg.js`)) as { default?: unknown }
    return typeof mod.default === 'string' && isPlainSvg(mod.default) ? mod.default.trim() : null
  } catch {
    return null
  }
}

export interface Logos {
  /** The token's mark, or its letter circle when the package has none. */
  token(symbol: string): string
  /** Whether the symbol is served the package's mark (not the letter circle). */
  hasMark(symbol: string): boolean
  /** The network's mark by chain key ('1', '42161', 'TON'), or null for a chain we do not serve. */
  network(chainKey: string): string | null
}

/** Reads the marks of the given symbols and of every network, once. */
export async function loadLogos(symbols: Iterable<string>): Promise<Logos> {
  const tokens = new Map<string, string>()
  for (const symbol of new Set(symbols)) {
    const alias = Object.hasOwn(TOKEN_MARK_ALIASES, symbol) ? TOKEN_MARK_ALIASES[symbol] : undefined
    // Symbols come from the seed; anything that is not a plain name is never looked up.
    const mark = alias
      ? await readMark(alias)
      : /^[A-Za-z0-9]+$/.test(symbol)
        ? await readMark(`tokens/branded/${symbol}`)
        : null
    if (mark !== null) tokens.set(symbol, mark)
  }
  const networks = new Map<string, string>()
  for (const [key, name] of Object.entries(NETWORK_MARKS)) {
    const mark = await readMark(`networks/branded/${name}`)
    if (mark === null) throw new Error(`@web3icons/core has no network mark ${name}: reinstall the package`)
    networks.set(key, mark)
  }
  return {
    token: (symbol) => tokens.get(symbol) ?? logoSvg(symbol),
    hasMark: (symbol) => tokens.has(symbol),
    network: (chainKey) => networks.get(chainKey) ?? null,
  }
}

/** How a logo is answered: an image, cached for a day, that can never run as a page. */
export const LOGO_HEADERS = {
  'content-type': 'image/svg+xml',
  'cache-control': 'public, max-age=86400',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
} as const

/** GET /logos/networks/<chainKey>.svg and /logos/<symbol>.svg: no init data. */
export function logoRoutes(logos: Logos) {
  const app = new Hono()
  app.get('/logos/networks/:file', (c) => {
    const svg = logos.network(c.req.param('file').replace(/\.svg$/, ''))
    return svg === null ? c.json({ message: 'no such logo' }, 404) : c.body(svg, 200, LOGO_HEADERS)
  })
  app.get('/logos/:file', (c) => c.body(logos.token(c.req.param('file').replace(/\.svg$/, '')), 200, LOGO_HEADERS))
  return app
}
