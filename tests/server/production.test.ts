/** Production mode: no demo, no starter balance, no dev-only answers, support behind the admin token. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, type RunningServer } from '../../server/app'
import { signInitData } from '../../server/auth'

const BOT = '7000000003:production-tests'
let server: RunningServer
const dist = mkdtempSync(join(tmpdir(), 'dist-'))
writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>x</title></head><body></body></html>')

beforeAll(async () => {
  server = await createServer({ port: 0, host: '127.0.0.1', botToken: BOT, mode: 'production', database: { kind: 'pglite', dataDir: null }, staticDir: dist, authMaxAgeSeconds: 86_400, adminToken: 'support-secret' })
}, 60_000)
afterAll(async () => server?.close())

const headers = (id: number) => ({ telegramRawData: signInitData({ botToken: BOT, user: { id, first_name: 'P' } }), 'content-type': 'application/json' })

describe('production mode', () => {
  it('serves the page without demo launch parameters', async () => {
    const html = await (await fetch(server.url + '/', { headers: { accept: 'text/html' } })).text()
    expect(html).not.toContain('tgWebAppData')
    expect(server.demoUser).toBeUndefined()
  })

  it('answers 404 for anything under /dev', async () => {
    expect((await fetch(server.url + '/dev/anything')).status).toBe(404)
  })

  it('gives a new user three wallets and no starter balance', async () => {
    const r = await fetch(server.url + '/balances', { method: 'POST', headers: headers(9001), body: '{"accountIndex":0}' })
    expect(await r.json()).toEqual([])
  })

  it('lets support read a report only with the admin token', async () => {
    const log = { format: 1, app: 'v1.1.2', recordedAt: 'x', env: {}, events: [] }
    const { ticket } = (await (await fetch(server.url + '/bugReport', { method: 'POST', headers: headers(9002), body: JSON.stringify({ log }) })).json()) as { ticket: string }
    expect((await fetch(`${server.url}/bugReport/${ticket}`)).status).toBe(401)
    expect((await fetch(`${server.url}/bugReport/${ticket}`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401)
    const ok = await fetch(`${server.url}/bugReport/${ticket}`, { headers: { authorization: 'Bearer support-secret' } })
    expect(ok.status).toBe(200)
  })
})

describe('dev mode page', () => {
  it('carries launch parameters signed for the demo user', async () => {
    const dev = await createServer({ port: 0, host: '127.0.0.1', botToken: BOT, mode: 'development', database: { kind: 'pglite', dataDir: null }, staticDir: dist, authMaxAgeSeconds: 86_400 })
    try {
      const html = await (await fetch(dev.url + '/', { headers: { accept: 'text/html' } })).text()
      expect(html).toContain('tgWebAppData=')
      expect(dev.demoUser?.id).toBe(1_000_001)
      expect(await (await fetch(dev.url + '/dev/launchScript')).text()).toContain('tgWebAppData=')
      expect((await fetch(server.url + '/dev/launchScript')).status).toBe(404)
    } finally {
      await dev.close()
    }
  }, 60_000)
})
