/** Production mode: no demo, no starter balance, no dev-only answers, support behind the admin token. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, type RunningServer } from '../../server/app'
import { signInitData } from '../../server/auth'
import { addHistory, post } from '../../server/ledger'

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
    for (const path of ['/dev/anything', '/dev/launchScript', '/dev/'])
      for (const method of ['GET', 'POST']) {
        const r = await fetch(server.url + path, { method, headers: { ...headers(9003), accept: 'text/html' } })
        expect(r.status, `${method} ${path}`).toBe(404)
        expect(await r.text()).not.toContain('tgWebAppData')
      }
  })

  it('a client route loads the page, without demo launch parameters', async () => {
    const r = await fetch(server.url + '/swap', { headers: { accept: 'text/html' } })
    expect(r.status).toBe(200)
    expect(await r.text()).not.toContain('tgWebAppData')
  })

  it('gives a new user three wallets and no starter balance', async () => {
    const r = await fetch(server.url + '/balances', { method: 'POST', headers: headers(9001), body: '{"accountIndex":0}' })
    expect(await r.json()).toEqual([])
  })

  it('a user sees only their own balances and history', async () => {
    const [a, b] = [9010, 9011]
    await fetch(server.url + '/tgUserWallets', { headers: headers(a) })
    await fetch(server.url + '/tgUserWallets', { headers: headers(b) })
    const TON = 'native'
    await server.db.transaction(async (tx) => {
      await post(tx, [{ userId: a, accountIndex: 1, chainId: 'TON', tokenAddress: TON, delta: 3_000_000_000n, reason: 'deposit' }])
      await addHistory(tx, a, 1, 'deposit', { asset: TON, amount: '3000000000', decimals: 9, symbol: 'TON', from: 'EQ-test', chainId: 'TON' })
    })
    const read = async (id: number) => ({
      balances: await (await fetch(server.url + '/balances', { method: 'POST', headers: headers(id), body: '{"accountIndex":1}' })).json(),
      history: await (await fetch(server.url + '/history?limit=10&offset=0&accountIndex=1', { headers: headers(id) })).json(),
    })
    expect(await read(a)).toMatchObject({ balances: [{ symbol: 'TON', tokensAmount: '3' }], history: [{ type: 'deposit', amount: '3000000000' }] })
    expect(await read(b)).toEqual({ balances: [], history: [] })
  })

  it('the deposit simulator needs the admin token', async () => {
    await fetch(server.url + '/tgUserWallets', { headers: headers(9100) })
    const body = JSON.stringify({ userId: 9100, chainId: 'TON', token: 'TON', amount: '3' })
    expect((await fetch(server.url + '/admin/deposit', { method: 'POST', headers: { 'content-type': 'application/json' }, body })).status).toBe(401)
    const ok = await fetch(server.url + '/admin/deposit', { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer support-secret' }, body })
    expect(await ok.json()).toMatchObject({ ok: true, credited: '3 TON' })
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
