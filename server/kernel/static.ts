/**
 * The built mini-app: files from the static folder, and index.html for page loads. In dev mode
 * index.html carries launch parameters signed for the demo user, so a plain browser opens the app
 * exactly as Telegram would (production mode: no such thing).
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { extname, join, normalize, resolve } from 'node:path'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import type { Context, Next } from 'hono'
import { SERVED_SERVERS_META } from '../../domain/api/endpoint'
import { signInitData, type InitDataUser } from './auth'
import type { ClientServers } from './config'
import { type CspSources, contentSecurityPolicy } from './csp'

/** Content types of the files a build holds. */
export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wav': 'audio/wav',
  '.json': 'application/json',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
}

export const DEMO_THEME = {
  bg_color: '#ffffff',
  text_color: '#000000',
  hint_color: '#999999',
  link_color: '#2481cc',
  button_color: '#2481cc',
  button_text_color: '#ffffff',
  secondary_bg_color: '#efeff4',
  header_bg_color: '#ffffff',
  accent_text_color: '#2481cc',
  section_bg_color: '#ffffff',
  section_header_text_color: '#6d6d72',
  subtitle_text_color: '#999999',
  destructive_text_color: '#ff3b30',
}

/** Telegram's night theme as its iOS client hands it to a mini-app: the dev page's `?theme=dark`. */
export const DEMO_DARK_THEME = {
  bg_color: '#000000',
  text_color: '#ffffff',
  hint_color: '#98989e',
  link_color: '#3e88f7',
  button_color: '#3e88f7',
  button_text_color: '#ffffff',
  secondary_bg_color: '#1c1c1d',
  header_bg_color: '#1a1a1a',
  accent_text_color: '#3e88f7',
  section_bg_color: '#2c2c2e',
  section_header_text_color: '#8d8e93',
  subtitle_text_color: '#98989e',
  destructive_text_color: '#eb5545',
}

/**
 * A newcomer's tour of the demo (README.md, "Tour of the demo"): what the dev page's query asks for.
 * `?user=new`: a user the server has never seen (the first visit, the onboarding); `?theme=dark`:
 * Telegram's night theme; `?devtools`: the time-travel panel. `?lang=ru` is the app's own (app.19)
 * and also makes a fresh user Russian. Any of the first three starts a new launch, even in a tab
 * that has one; the page then drops them from its address, so a reload keeps what they chose.
 */
export interface DemoTour {
  asked: boolean
  freshUser: boolean
  theme: 'light' | 'dark'
  devtools: boolean
  language: 'en' | 'ru' | null
}
export const TOUR_PARAMS = ['user', 'theme', 'devtools'] as const
export const NO_TOUR: DemoTour = { asked: false, freshUser: false, theme: 'light', devtools: false, language: null }

export function demoTourOf(query: URLSearchParams): DemoTour {
  const lang = query.get('lang')
  return {
    asked: TOUR_PARAMS.some((k) => query.has(k)),
    freshUser: query.get('user') === 'new',
    theme: query.get('theme') === 'dark' ? 'dark' : 'light',
    devtools: query.has('devtools'),
    language: lang === 'ru' || lang === 'en' ? lang : null,
  }
}

/** Where fresh users' ids start: far above the demo user's and the seeded ones'. */
export const FRESH_USER_IDS = 5_000_000_000
/** The user a dev page launches as: the demo user, or for `?user=new` one nobody has seen yet. */
export function tourUser(tour: DemoTour, demo: InitDataUser, random: () => number = Math.random): InitDataUser {
  if (!tour.freshUser) return demo
  const ru = tour.language === 'ru'
  return {
    id: FRESH_USER_IDS + Math.floor(random() * 1_000_000_000),
    first_name: ru ? 'Гость' : 'Guest',
    language_code: ru ? 'ru' : 'en',
  }
}

/**
 * The inline script that hands the page signed launch parameters when it has none (or when the
 * tour asks for a new launch), the way Telegram opens a mini-app: in the address's hash.
 */
export function demoLaunchScript(botToken: string, user: InitDataUser, tour: DemoTour = NO_TOUR): string {
  const params = new URLSearchParams({
    tgWebAppData: signInitData({ botToken, user }),
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'tdesktop',
    tgWebAppThemeParams: JSON.stringify(tour.theme === 'dark' ? DEMO_DARK_THEME : DEMO_THEME),
  })
  // The time-travel panel shows in a production build behind the devtools start parameter (src/devtools/DevtoolsMount.tsx).
  if (tour.devtools) params.set('tgWebAppStartParam', 'devtools-1')
  const code = `(function(){
var kept=null;try{kept=sessionStorage.getItem('switch-wallet/launch')}catch(e){}
if(!${tour.asked}&&(/tgWebAppData=/.test(location.hash)||kept))return;
var q=new URLSearchParams(location.search);${JSON.stringify(TOUR_PARAMS)}.forEach(function(k){q.delete(k)});var s=q.toString();
location.replace(location.pathname+(s?'?'+s:'')+'#'+${JSON.stringify(params.toString())})})()`
  return `<script>${code}</script>`
}

/**
 * The <meta> elements that hand a dev-mode page its server lists (SERVED_SERVERS_META; the client's
 * withServedServers reads them). Each server must be an http(s) URL with nothing an HTML attribute
 * or the comma-separated list would have to escape.
 */
export function servedServersMeta(lists: ClientServers): string {
  let meta = ''
  for (const service of ['wallet', 'mining'] as const) {
    const list = lists[service]
    if (list === undefined) continue
    for (const server of list) {
      let url: URL | null = null
      try {
        url = new URL(server)
      } catch {
        // not a URL: refused below
      }
      if (url === null || !['http:', 'https:'].includes(url.protocol) || !/^[^\s"'<>&,]+$/.test(server))
        throw new Error(`clientServers.${service}: "${server}" is not an http(s) URL`)
    }
    if (list.length > 0) meta += `<meta name="${SERVED_SERVERS_META[service]}" content="${list.join(',')}">`
  }
  return meta
}

/**
 * The encodings a client takes, by its Accept-Encoding: each name (lower case) with its q value;
 * `*` stands for any other name. A name with q=0 is refused.
 */
export function acceptedEncodings(header: string | undefined): Map<string, number> {
  const accepted = new Map<string, number>()
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)).find(Boolean)
    const value = q ? Number(q[1]) : 1
    accepted.set(name.trim(), Number.isFinite(value) ? value : 0)
  }
  return accepted
}

/** Which precompressed copy to send, brotli first: the file's suffix and its content-encoding. */
export function pickEncoding(
  header: string | undefined,
  has: (suffix: string) => boolean,
): { suffix: string; encoding: string } | null {
  const accepted = acceptedEncodings(header)
  const takes = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0
  if (takes('br') && has('.br')) return { suffix: '.br', encoding: 'br' }
  if ((takes('gzip') || takes('x-gzip')) && has('.gz')) return { suffix: '.gz', encoding: 'gzip' }
  return null
}

const isFile = (file: string) => existsSync(file) && statSync(file).isFile()

/**
 * Files of the build; `/` and `/index.html` are the page. Other page loads: the app's notFound.
 * A file the build also wrote compressed (`x.js.br`, `x.js.gz`: vite.config.ts precompress) is sent
 * in the encoding the client accepts, brotli first, with `vary: accept-encoding`. Every answer that
 * is the page carries `pageHeaders(html)` too (production: its Content-Security-Policy, kernel/csp.ts).
 */
export function staticFiles(
  dir: string,
  page: (query: URLSearchParams) => string | null,
  pageHeaders: (html: string) => Record<string, string> = () => ({}),
) {
  const root = resolve(dir)
  return async (c: Context, next: Next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
    let path: string
    try {
      path = normalize(decodeURIComponent(c.req.path))
    } catch {
      return next() // malformed escapes name no file
    }
    if (path === '/' || path === '/index.html') {
      const html = page(new URL(c.req.url).searchParams)
      return html === null ? next() : sendPage(c, html, 'no-store', pageHeaders(html))
    }
    const file = resolve(join(root, path))
    if (!file.startsWith(root + '/') || !isFile(file)) {
      // A page load of a client route gets the page from the app's notFound: compressed here too.
      await next()
      if (
        c.res.status === 200 &&
        !c.res.headers.has('content-encoding') &&
        (c.res.headers.get('content-type') ?? '').startsWith('text/html')
      ) {
        const html = await c.res.text()
        c.res = sendPage(c, html, c.res.headers.get('cache-control') ?? 'no-store', pageHeaders(html))
      }
      return
    }
    // Vite names files under assets/ by content hash: they never change, so cache them for a year.
    const immutable = path.startsWith('/assets/')
    const headers: Record<string, string> = {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    }
    const compressed = (suffix: string) => isFile(file + suffix)
    if (!compressed('.br') && !compressed('.gz')) return c.body(readFileSync(file), 200, headers)
    headers.vary = 'accept-encoding'
    const chosen = pickEncoding(c.req.header('accept-encoding'), compressed)
    if (chosen) headers['content-encoding'] = chosen.encoding
    return c.body(readFileSync(chosen ? file + chosen.suffix : file), 200, headers)
  }
}

/** The last page compressed (production sends one page; dev mode a new one per load). */
let lastPage: { html: string; br: Uint8Array<ArrayBuffer>; gzip: Uint8Array<ArrayBuffer> } | null = null
function compressedPage(html: string) {
  if (lastPage?.html !== html)
    lastPage = {
      html,
      br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) as Uint8Array<ArrayBuffer>,
      gzip: gzipSync(html, { level: 6 }) as Uint8Array<ArrayBuffer>,
    }
  return lastPage
}

/**
 * The page (index.html, with its stylesheet inline: vite.config.ts inlineEntryCss), never cached,
 * compressed on the fly in the encoding the client takes.
 */
function sendPage(c: Context, html: string, cacheControl = 'no-store', extra: Record<string, string> = {}): Response {
  const headers: Record<string, string> = {
    'content-type': CONTENT_TYPES['.html'],
    'cache-control': cacheControl,
    vary: 'accept-encoding',
    ...extra,
  }
  const chosen = html.length > 1024 ? pickEncoding(c.req.header('accept-encoding'), () => true) : null
  if (!chosen) return c.body(html, 200, headers)
  headers['content-encoding'] = chosen.encoding
  const page = compressedPage(html)
  return c.body(chosen.encoding === 'br' ? page.br : page.gzip, 200, headers)
}

export function readIndex(dir: string): string | null {
  const file = join(dir, 'index.html')
  return existsSync(file) ? readFileSync(file, 'utf8') : null
}

/**
 * The page: index.html of the static folder (staticDir null: none, API only). Dev mode: with
 * `devHead()` after <head>, made fresh on every load (demo launch parameters are signed then).
 * Production: the page's Content-Security-Policy (kernel/csp.ts), computed once per page text.
 */
export function appPage(o: {
  staticDir: string | null | undefined
  dev: boolean
  devHead: (query: URLSearchParams) => string
  csp?: CspSources
}) {
  const index = o.staticDir === null ? null : readIndex(o.staticDir ?? 'dist')
  /** The page for a load with this query (dev mode: the tour's ?user=new, ?theme=dark, ?devtools pick the demo launch). */
  const page = (query: URLSearchParams = new URLSearchParams()) =>
    index === null ? null : o.dev ? index.replace('<head>', `<head>${o.devHead(query)}`) : index
  let policy: { html: string; headers: Record<string, string> } | null = null
  const headers = (html: string): Record<string, string> => {
    if (o.dev) return {}
    if (policy?.html !== html)
      policy = { html, headers: { 'content-security-policy': contentSecurityPolicy(html, o.csp) } }
    return policy.headers
  }
  return { page, headers }
}
