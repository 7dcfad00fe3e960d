/** Production mode: no demo, no starter balance, no dev-only answers, support behind the admin token. */
import { describe, expect, it } from 'vitest'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { TEST_BOT, useServer } from '../helpers'
import { signInitData } from '../../../server/kernel/auth'
import { addHistory, post } from '../../../server/kernel/ledger'

const dist = mkdtempSync(join(tmpdir(), 'dist-'))
writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>x</title></head><body></body></html>')

const srv = useServer({ mode: 'production', staticDir: dist, adminToken: 'support-secret' })

const headers = (id: number) => ({
  telegramRawData: signInitData({ botToken: TEST_BOT, user: { id, first_name: 'P' } }),
  'content-type': 'application/json',
})

describe('production mode', () => {
  it('serves the page without demo launch parameters, whatever the dev tour asks for', async () => {
    for (const path of ['/', '/?user=new', '/?user=new&theme=dark&devtools&lang=ru']) {
      const html = await (await fetch(srv.server.url + path, { headers: { accept: 'text/html' } })).text()
      expect(html, path).not.toContain('tgWebAppData')
    }
    expect(srv.server.demoUser).toBeUndefined()
  })

  it('answers 404 for anything under /dev', async () => {
    for (const path of ['/dev/anything', '/dev/launchScript', '/dev/'])
      for (const method of ['GET', 'POST']) {
        const r = await fetch(srv.server.url + path, { method, headers: { ...headers(9003), accept: 'text/html' } })
        expect(r.status, `${method} ${path}`).toBe(404)
        expect(await r.text()).not.toContain('tgWebAppData')
      }
  })

  it('a client route loads the page, without demo launch parameters', async () => {
    const r = await fetch(srv.server.url + '/swap', { headers: { accept: 'text/html' } })
    expect(r.status).toBe(200)
    expect(await r.text()).not.toContain('tgWebAppData')
  })

  it('gives a new user three wallets and no starter balance', async () => {
    const r = await fetch(srv.server.url + '/balances', {
      method: 'POST',
      headers: headers(9001),
      body: '{"accountIndex":0}',
    })
    expect(await r.json()).toEqual([])
  })

  it('a user sees only their own balances and history', async () => {
    const [a, b] = [9010, 9011]
    await fetch(srv.server.url + '/tgUserWallets', { headers: headers(a) })
    await fetch(srv.server.url + '/tgUserWallets', { headers: headers(b) })
    const TON = 'native'
    await srv.server.db.transaction(async (tx) => {
      await post(tx, [
        { userId: a, accountIndex: 1, chainId: 'TON', tokenAddress: TON, delta: 3_000_000_000n, reason: 'deposit' },
      ])
      await addHistory(tx, a, 1, 'deposit', {
        asset: TON,
        amount: '3000000000',
        decimals: 9,
        symbol: 'TON',
        from: 'EQ-test',
        chainId: 'TON',
      })
    })
    const read = async (id: number) => ({
      balances: await (
        await fetch(srv.server.url + '/balances', { method: 'POST', headers: headers(id), body: '{"accountIndex":1}' })
      ).json(),
      history: await (
        await fetch(srv.server.url + '/history?limit=10&offset=0&accountIndex=1', { headers: headers(id) })
      ).json(),
    })
    expect(await read(a)).toMatchObject({
      balances: [{ symbol: 'TON', tokensAmount: '3' }],
      history: [{ type: 'deposit', amount: '3000000000' }],
    })
    expect(await read(b)).toEqual({ balances: [], history: [] })
  })

  it('has no simulators, whatever the token', async () => {
    await fetch(srv.server.url + '/tgUserWallets', { headers: headers(9100) })
    const calls = [
      ['/admin/deposit', { userId: 9100, chainId: 'TON', token: 'TON', amount: '3' }],
      ['/admin/copyFeed/push', {}],
    ] as const
    for (const [path, body] of calls)
      for (const authorization of [undefined, 'Bearer support-secret', 'Bearer wrong']) {
        const r = await fetch(srv.server.url + path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
          body: JSON.stringify(body),
        })
        expect(r.status, `${path} ${authorization}`).toBe(404)
      }
    const balances = await (
      await fetch(srv.server.url + '/balances', { method: 'POST', headers: headers(9100), body: '{"accountIndex":0}' })
    ).json()
    expect(balances).toEqual([])
  })

  it('lets support read a report only with the admin token', async () => {
    const log = { format: 1, app: 'v1.1.2', recordedAt: 'x', env: {}, events: [] }
    const { ticket } = (await (
      await fetch(srv.server.url + '/bugReport', {
        method: 'POST',
        headers: headers(9002),
        body: JSON.stringify({ log }),
      })
    ).json()) as { ticket: string }
    expect((await fetch(`${srv.server.url}/bugReport/${ticket}`)).status).toBe(401)
    expect(
      (await fetch(`${srv.server.url}/bugReport/${ticket}`, { headers: { authorization: 'Bearer wrong' } })).status,
    ).toBe(401)
    const ok = await fetch(`${srv.server.url}/bugReport/${ticket}`, {
      headers: { authorization: 'Bearer support-secret' },
    })
    expect(ok.status).toBe(200)
  })
})
