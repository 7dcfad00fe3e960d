/**
 * Serves the built mini-app on 127.0.0.1 with a recorded log handed to the page, which then starts
 * in replay mode: no epic runs and no request leaves; the screen is the fold of the log.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { extname, join, normalize } from 'node:path'
import type { RecordedLog } from '../domain/log'
import { CONTENT_TYPES } from '../server/kernel/static'


/** The log as an inline script: `<` escaped so no string in it can close the script tag. */
export const replayScript = (log: RecordedLog) =>
  `<script>window.__SWITCH_REPLAY__=${JSON.stringify(log).replace(/</g, '\\u003c')}</script>`

export function injectReplay(html: string, log: RecordedLog): string {
  return html.replace('<head>', `<head>${replayScript(log)}`)
}

export function serveReplay(log: RecordedLog, port: number, dist = 'dist'): Promise<{ url: string; close(): Promise<void> }> {
  const indexPath = join(dist, 'index.html')
  if (!existsSync(indexPath)) return Promise.reject(new Error('no build in dist/: run `npm run build` first'))
  const index = injectReplay(readFileSync(indexPath, 'utf8'), log)
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0])).replace(/^(\.\.[/\\])+/, '')
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
