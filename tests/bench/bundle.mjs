/**
 * first_screen_js_gzip_kb: the gzip size of the JavaScript the first screen loads, read from the
 * built index.html: its entry module and every module it preloads. Lazy chunks do not count.
 * `inside`: 'telegram' (default) adds what index.html preloads only inside Telegram (the Telegram
 * SDK's chunk, streams/telegram/sdk.ts); 'browser' is a page opened outside Telegram.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

export function firstScreenJs(dist = 'dist', inside = 'telegram') {
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  const srcs = new Set()
  for (const m of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) srcs.add(m[1])
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) srcs.add(m[1])
  if (inside === 'telegram') {
    const sdk = /\}\)\(\{"\/[^<]*?\},(\[[^\]]*\]),\[[^\]]*\]\)<\/script>/.exec(html)
    for (const file of sdk ? JSON.parse(sdk[1]) : []) srcs.add('/' + file)
  }
  const files = [...srcs].map((src) => {
    const bytes = readFileSync(join(dist, src.replace(/^\//, '')))
    return { src, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
  })
  const gzipKb = files.reduce((n, f) => n + f.gzip, 0) / 1024
  return { files, gzipKb }
}

/**
 * The JavaScript a route loads beyond the first screen (its screen's chunk and the chunks that one
 * imports, not already in the page): the table the build writes into index.html for preloading a
 * launch on that route (vite.config.ts preloadLaunchScreen), each file gzipped.
 */
export function routeJs(dist = 'dist', path) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  const m = /\}\)\((\{"\/[^<]*?\})(?:,\[[^\]]*\])*\)<\/script>/.exec(html)
  if (m === null) throw new Error(`${dist}/index.html has no route preload table`)
  const table = JSON.parse(m[1])
  if (!(path in table)) throw new Error(`no route ${path} in ${dist}/index.html's preload table`)
  const files = table[path].map((file) => {
    const bytes = readFileSync(join(dist, file))
    return { src: '/' + file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
  })
  return { files, gzipKb: files.reduce((n, f) => n + f.gzip, 0) / 1024 }
}
