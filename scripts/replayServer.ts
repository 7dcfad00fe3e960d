/**
 * Serves the built mini-app on 127.0.0.1 with a recorded log handed to the page, which then starts
 * in replay mode: no epic runs and no request leaves; the screen is the fold of the log.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { extname, join, normalize } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { RecordedLog } from '../domain/log'
import { CONTENT_TYPES } from '../server/kernel/static'

/** Where the page fetches the log: a file beside the page, not an API. */
export const REPLAY_LOG_PATH = '/replay-log.json'

/**
 * The log is fetched as JSON while the app's scripts load, and handed to the page as a promise:
 * a 20 000-event log (12 MB) inlined as script cost Chromium's main thread about 500 ms to read,
 * fetched and parsed as JSON about 190 ms (tests/bench/timetravel.ts).
 */
export const replayScript = () =>
  `<script>window.__SWITCH_REPLAY__=fetch('${REPLAY_LOG_PATH}').then((r)=>r.json())</script>`

export function injectReplay(html: string): string {
  return html.replace('<head>', `<head>${replayScript()}`)
}

/**
 * JSON with every character outside ASCII written as its \\u escape: the same value, and a body the
 * browser decodes and parses on its fast one-byte path (a log with Russian texts decoded as UTF-8
 * cost Chromium's main thread about 180 ms for 12 MB before its JSON.parse).
 */
export const asciiJson = (value: unknown): string =>
  JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)

export function serveReplay(
  log: RecordedLog,
  port: number,
  dist = 'dist',
): Promise<{ url: string; close(): Promise<void> }> {
  const indexPath = join(dist, 'index.html')
  if (!existsSync(indexPath)) return Promise.reject(new Error('no build in dist/: run `npm run build` first'))
  const index = injectReplay(readFileSync(indexPath, 'utf8'))
  // The log's bytes made once, and compressed once: a 20 000-event log is 12 MB of JSON and about
  // 1 MB gzipped, which the browser inflates off the page's main thread.
  const logJson = Buffer.from(asciiJson(log))
  const logGzip = gzipSync(logJson, { level: 6 })
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0])).replace(/^(\.\.[/\\])+/, '')
    if (req.method === 'GET' && path === REPLAY_LOG_PATH) {
      const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))
      const body = gzip ? logGzip : logJson
      res.writeHead(200, {
        'content-type': CONTENT_TYPES['.json'] ?? 'application/json',
        'cache-control': 'no-store',
        'content-length': String(body.length),
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      })
      res.end(body)
      return
    }
    const file = join(dist, path)
    if (path !== '/' && existsSync(file) && statSync(file).isFile()) {
      res.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' })
      res.end(readFileSync(file))
      return
    }
    if (req.method === 'GET' && (req.headers.accept ?? '').includes('text/html')) {
      res.writeHead(200, { 'content-type': CONTENT_TYPES['.html'], 'cache-control': 'no-store' })
      res.end(index)
      return
    }
    // Replay mode sends no request; anything else that arrives is refused, loudly.
    res.writeHead(404, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ message: 'replay server: no API here' }))
  })
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      console.log(`Replaying ${log.events.length} events (recorded ${log.recordedAt} by ${log.app}) at ${url}/`)
      resolve({ url, close: () => new Promise<void>((done) => server.close(() => done())) })
    })
  })
}
