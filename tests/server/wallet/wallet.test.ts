/** Contract tests: every answer decodes with the client's own codec; bad input is a 400, never a 500. */
import { describe, expect, it } from 'vitest'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { isRight } from 'fp-ts/lib/Either'
import { signInitData, validateInitData } from '../../../server/kernel/auth'
import { endpoints } from '../../../domain/api/endpoints'
import { TEST_BOT, newUser, useServer } from '../helpers'
import { evmAddress, toChecksumAddress, tonAddress } from '../../../server/kernel/addresses'
import { Address } from '@ton/core'
import { addHistory, post, InsufficientBalance, balanceOf } from '../../../server/kernel/ledger'

const decodes = (codec: { decode(u: unknown): unknown }, value: unknown) =>
  expect(isRight(codec.decode(value) as never), JSON.stringify(value).slice(0, 300)).toBe(true)

/** A stand-in build: the page and one hashed asset. */
const dist = mkdtempSync(join(tmpdir(), 'dist-'))
mkdirSync(join(dist, 'assets'))
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html><head><title>x</title><script type="module" src="/assets/app-abc123.js"></script></head><body></body></html>',
)
writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)')

const srv = useServer({ staticDir: dist })
const call = srv.call

describe('wallet calls', () => {
  it('a call without init data is a 401 with a JSON message', async () => {
    const r = await call('/tgUserWallets', null)
    expect(r.status).toBe(401)
    expect(r.body).toEqual({ message: expect.any(String) })
  })

  it('three wallets with EIP-55 and non-bounceable TON addresses', async () => {
    const user = newUser()
    const r = await call('/tgUserWallets', user)
    expect(r.status).toBe(200)
    decodes(endpoints.tgUserWallets.response, r.body)
    const wallets = r.body as { accountIndex: number; address: string; tonUnbouncableAddress: string }[]
    expect(wallets.map((w) => w.accountIndex)).toEqual([0, 1, 2])
    for (const w of wallets) {
      expect(w.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
      expect(toChecksumAddress(w.address)).toBe(w.address)
      const ton = Address.parseFriendly(w.tonUnbouncableAddress)
      expect(ton.isBounceable).toBe(false)
      expect(w.tonUnbouncableAddress).toHaveLength(48)
    }
    expect(wallets[0].address).toBe(evmAddress(user.id, 0))
    expect(wallets[2].tonUnbouncableAddress).toBe(tonAddress(user.id, 2))
  })

  it('EIP-55 checksums match the specification examples', () => {
    for (const a of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    ])
      expect(toChecksumAddress(a.toLowerCase())).toBe(a)
  })

  it('[wallet.7] balances decode and hold the dev starter amounts, one entry per address and chain', async () => {
    const r = await call('/balances', newUser(), { accountIndex: 0 })
    decodes(endpoints.balances.response, r.body)
    const list = r.body as { chainId: unknown; symbol: string; tokensAmount: string }[]
    const eth = list.filter((b) => b.symbol === 'ETH')
    expect(eth).toHaveLength(5)
    expect(eth.every((b) => b.tokensAmount === '0.5')).toBe(true)
    expect(list.find((b) => b.chainId === 'TON' && b.symbol === 'PUNK')?.tokensAmount).toBe('1000')
    expect(list.find((b) => b.chainId === 42161 && b.symbol === 'ZRO')?.tokensAmount).toBe('50')
  })

  it('total balance, asked with boostNotification=1, answers totalBalanceUsd, hasTrades and isNotifyForBoost', async () => {
    const user = newUser()
    const r = await call('/totalBalance?accountIndex=0&boostNotification=1', user)
    decodes(endpoints.totalBalance.response, r.body)
    expect(r.body).toEqual({ totalBalanceUsd: expect.any(Number), hasTrades: false, isNotifyForBoost: false })
    expect((r.body as { totalBalanceUsd: number }).totalBalanceUsd).toBeGreaterThan(0)
  })

  it('history pages of 10, newest first, amounts as integer strings', async () => {
    const user = newUser()
    const first = await call('/history?limit=10&offset=0&accountIndex=0', user)
    const second = await call('/history?limit=10&offset=10&accountIndex=0', user)
    decodes(endpoints.history.response, first.body)
    decodes(endpoints.history.response, second.body)
    const a = first.body as { id: string; amount: string }[]
    const b = second.body as { id: string }[]
    expect(a).toHaveLength(10)
    expect(b.length).toBeGreaterThan(0)
    expect(a.some((x) => b.some((y) => y.id === x.id))).toBe(false)
    expect(Number(a[0].id)).toBeGreaterThan(Number(a[9].id))
    expect(a.every((x) => /^\d+$/.test(x.amount))).toBe(true)
  })

  it('a text search finds by symbol and name, symbol-prefix first', async () => {
    const r = await call('/knownTokens', newUser(), {
      chainId: null,
      searchText: 'usd',
      tokenAddress: '',
      sliceProps: { limit: 20, offset: 0 },
    })
    decodes(endpoints.knownTokens.response, r.body)
    const body = r.body as {
      tokens: Record<string, { symbol: string; name: string; formattedAmount?: string }[]>
      tokenAmount: number
    }
    const all = Object.values(body.tokens).flat()
    expect(all.length).toBeGreaterThan(5)
    expect(all.every((t) => /usd/i.test(t.symbol) || /usd/i.test(t.name))).toBe(true)
    expect(all.some((t) => t.symbol === 'USDT' && t.formattedAmount === '500')).toBe(true)
  })

  it('a 0x address searches by address', async () => {
    const r = await call('/knownTokens', newUser(), {
      chainId: 42161,
      searchText: '0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9',
      tokenAddress: '',
      sliceProps: { limit: 20, offset: 0 },
    })
    expect(r.body).toMatchObject({ tokenAmount: 1, tokens: { 42161: [{ symbol: 'USDT' }] } })
  })

  it('a 48-character TON address searches by address', async () => {
    const r = await call('/knownTokens', newUser(), {
      chainId: 'TON',
      searchText: '',
      tokenAddress: 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs',
      sliceProps: { limit: 20, offset: 0 },
    })
    expect(r.body).toMatchObject({ tokenAmount: 1, tokens: { TON: [{ symbol: 'USDT' }] } })
  })

  it('pages never overlap and together list every match', async () => {
    const user = newUser()
    const everything = await call('/knownTokens', user, {
      chainId: null,
      searchText: '',
      tokenAddress: '',
      sliceProps: { limit: 100, offset: 0 },
    })
    const total = (everything.body as { tokenAmount: number }).tokenAmount
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 30 }), async (size) => {
        const seen: string[] = []
        for (let offset = 0; offset < total; offset += size) {
          const page = await call('/knownTokens', user, {
            chainId: null,
            searchText: '',
            tokenAddress: '',
            sliceProps: { limit: size, offset },
          })
          for (const list of Object.values(
            (page.body as { tokens: Record<string, { chainId: unknown; address: string }[]> }).tokens,
          ))
            for (const t of list) seen.push(`${t.chainId}:${t.address}`)
        }
        expect(new Set(seen).size).toBe(seen.length)
        expect(seen.length).toBe(total)
      }),
      { numRuns: 6 },
    )
  })

  it('only ETH, USDT, USDC and DAI held on the chain come back as stable coins and ETH', async () => {
    const r = await call('/getStableCoinsAndEth?chainID=1&accountIndex=0', newUser())
    decodes(endpoints.stableCoinsAndEth.response, r.body)
    expect((r.body as { symbol: string }[]).map((b) => b.symbol).sort()).toEqual(['DAI', 'ETH', 'USDC', 'USDT'])
  })

  it('bad input is a 400 with a message and the field, never a 500', async () => {
    const user = newUser()
    const bad: [string, unknown][] = [
      ['/balances', { accountIndex: 'x' }],
      ['/balances', { accountIndex: 7 }],
      ['/balances', { accountIndex: -1 }],
      ['/balances', {}],
      ['/knownTokens', { chainId: 56, searchText: '', tokenAddress: '', sliceProps: { limit: 20, offset: 0 } }],
      ['/knownTokens', { chainId: null, searchText: '', tokenAddress: '', sliceProps: { limit: -1, offset: 0 } }],
      ['/knownTokens', { chainId: null, searchText: 5, tokenAddress: '', sliceProps: { limit: 20, offset: 0 } }],
    ]
    for (const [path, body] of bad) {
      const r = await call(path, user, body)
      expect(r.status, `${path} ${JSON.stringify(body)}`).toBe(400)
      expect(r.body).toEqual(expect.objectContaining({ message: expect.any(String) }))
    }
    for (const q of [
      '/history?limit=abc&offset=0&accountIndex=0',
      '/history?limit=10&offset=-5&accountIndex=0',
      '/getStableCoinsAndEth?chainID=56&accountIndex=0',
      '/totalBalance?accountIndex=9',
    ])
      expect((await call(q, user)).status, q).toBe(400)
  })

  it('one user never sees or changes another user’s data: balances, history and wallets are per user', async () => {
    const a = newUser()
    const b = newUser()
    await call('/tgUserWallets', a)
    const bBefore = {
      balances: (await call('/balances', b, { accountIndex: 0 })).body,
      history: (await call('/history?limit=10&offset=0&accountIndex=0', b)).body,
    }
    // A withdraws ETH on Ethereum; the ledger and history record it for A only.
    const ETH = '0x0000000000000000000000000000000000000000'
    await srv.server.db.transaction(async (tx) => {
      await post(tx, [
        { userId: a.id, accountIndex: 0, chainId: 1, tokenAddress: ETH, delta: -(10n ** 17n), reason: 'withdrawal' },
      ])
      await addHistory(tx, a.id, 0, 'withdrawal', {
        asset: ETH,
        amount: String(10n ** 17n),
        decimals: 18,
        symbol: 'ETH',
        to: '0x0000000000000000000000000000000000000001',
        chainId: 1,
      })
    })
    const eth = (list: unknown) =>
      (list as { chainId: unknown; symbol: string; tokensAmount: string }[]).find(
        (x) => x.chainId === 1 && x.symbol === 'ETH',
      )?.tokensAmount
    expect(eth((await call('/balances', a, { accountIndex: 0 })).body)).toBe('0.4')
    expect(((await call('/history?limit=10&offset=0&accountIndex=0', a)).body as { type: string }[])[0].type).toBe(
      'withdrawal',
    )
    expect((await call('/balances', b, { accountIndex: 0 })).body).toEqual(bBefore.balances)
    expect((await call('/history?limit=10&offset=0&accountIndex=0', b)).body).toEqual(bBefore.history)
    // There is no way to name another user: a userId in the body is ignored.
    expect((await call('/balances', b, { accountIndex: 0, userId: a.id })).body).toEqual(bBefore.balances)
    const wa = (await call('/tgUserWallets', a)).body as { address: string }[]
    const wb = (await call('/tgUserWallets', b)).body as { address: string }[]
    expect(wa.map((w) => w.address).filter((x) => wb.some((w) => w.address === x))).toEqual([])
  })

  it('the ledger never goes negative: an overdraft rolls back the whole change', async () => {
    const user = newUser()
    await call('/tgUserWallets', user)
    const ETH = '0x0000000000000000000000000000000000000000'
    const before = await balanceOf(srv.server.db, user.id, 0, 1, ETH)
    await expect(
      srv.server.db.transaction((tx) =>
        post(tx, [
          {
            userId: user.id,
            accountIndex: 0,
            chainId: 1,
            tokenAddress: ETH,
            delta: -(before + 1n),
            reason: 'withdrawal',
          },
        ]),
      ),
    ).rejects.toBeInstanceOf(InsufficientBalance)
    expect(await balanceOf(srv.server.db, user.id, 0, 1, ETH)).toBe(before)
  })

  it('the ledger never goes negative under concurrency: of two debits that together overdraw, exactly one succeeds', async () => {
    const user = newUser()
    await call('/tgUserWallets', user)
    const ETH = '0x0000000000000000000000000000000000000000'
    const debit = () =>
      srv.server.db.transaction((tx) =>
        post(tx, [
          {
            userId: user.id,
            accountIndex: 0,
            chainId: 10,
            tokenAddress: ETH,
            delta: -(3n * 10n ** 17n),
            reason: 'withdrawal',
          },
        ]),
      )
    const results = await Promise.allSettled([debit(), debit()])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect(await balanceOf(srv.server.db, user.id, 0, 10, ETH)).toBe(2n * 10n ** 17n)
  })

  it('balances read after a ledger change show the change (the in-memory balance cache is invalidated)', async () => {
    const user = newUser()
    const read = async () =>
      (
        (await call('/balances', user, { accountIndex: 0 })).body as {
          chainId: unknown
          symbol: string
          tokensAmount: string
        }[]
      ).find((b) => b.chainId === 1 && b.symbol === 'ETH')?.tokensAmount
    expect(await read()).toBe('0.5')
    const ETH = '0x0000000000000000000000000000000000000000'
    await srv.server.db.transaction((tx) =>
      post(tx, [
        { userId: user.id, accountIndex: 0, chainId: 1, tokenAddress: ETH, delta: -(10n ** 17n), reason: 'withdrawal' },
      ]),
    )
    expect(await read()).toBe('0.4')
  })

  it('bug reports: a valid log gets a ticket; support reads it back (dev mode)', async () => {
    const log = {
      format: 1,
      app: 'v1.1.2',
      recordedAt: '2026-11-22T00:00:00Z',
      env: {},
      events: [{ seq: 1, at: 1, type: 'wallet/chooserOpened', payload: {} }],
    }
    const r = await call('/bugReport', newUser(), { log })
    expect(r.status).toBe(200)
    const { ticket } = r.body as { ticket: string }
    expect(ticket).toMatch(/^SW-[A-Z2-9]{8}$/)
    const back = await call(`/bugReport/${ticket}`, null)
    decodes(endpoints.bugReportByTicket.response, back.body)
    expect((back.body as { log: unknown }).log).toEqual(log)
    expect((await call('/bugReport', newUser(), { log: { format: 2 } })).status).toBe(400)
  })
})

describe('init data over HTTP', () => {
  const wallets = (raw: string | undefined) =>
    fetch(srv.server.url + '/tgUserWallets', { headers: raw === undefined ? {} : { telegramRawData: raw } })
  const user = { id: 4242, first_name: 'Alice' }

  it('genuine, fresh init data is accepted', async () => {
    expect((await wallets(signInitData({ botToken: TEST_BOT, user }))).status).toBe(200)
  })

  it('missing, tampered, expired, foreign and future init data are a 401 with a JSON message (app.4, server side)', async () => {
    const good = signInitData({ botToken: TEST_BOT, user })
    const refused: [string, string | undefined, RegExp][] = [
      ['missing', undefined, /missing/],
      ['empty', '', /missing/],
      ['tampered user', good.replace('Alice', 'Mallory'), /does not match/],
      ['tampered hash', good.replace(/hash=[0-9a-f]+/, 'hash=' + '0'.repeat(64)), /does not match/],
      ['expired', signInitData({ botToken: TEST_BOT, user, authDate: new Date(Date.now() - 86_401_000) }), /expired/],
      ['another bot', signInitData({ botToken: '123:another-bot', user }), /does not match/],
      ['future', signInitData({ botToken: TEST_BOT, user, authDate: new Date(Date.now() + 120_000) }), /future/],
    ]
    for (const [what, raw, message] of refused) {
      const r = await wallets(raw)
      expect(r.status, what).toBe(401)
      expect(r.headers.get('content-type'), what).toMatch(/application\/json/)
      expect(((await r.json()) as { message: string }).message, what).toMatch(message)
    }
  })

  it('CORS lets another origin send the init data and client headers', async () => {
    const r = await fetch(srv.server.url + '/balances', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'telegramrawdata,x-client,walletindex,content-type',
      },
    })
    expect(r.status).toBeLessThan(300)
    const allowed = (r.headers.get('access-control-allow-headers') ?? '').toLowerCase()
    for (const h of ['telegramrawdata', 'x-client', 'walletindex', 'content-type']) expect(allowed).toContain(h)
    const answer = await fetch(srv.server.url + '/balances', {
      method: 'POST',
      headers: {
        origin: 'http://localhost:5173',
        telegramRawData: signInitData({ botToken: TEST_BOT, user }),
        'content-type': 'application/json',
      },
      body: '{"accountIndex":0}',
    })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('access-control-allow-origin')).toBe('*')
  })
})

describe('routing, page and files (dev mode)', () => {
  const page = async (path: string) => fetch(srv.server.url + path, { headers: { accept: 'text/html,*/*' } })

  it('an unknown call is a JSON 404, with or without init data, that quotes nothing of the path', async () => {
    for (const user of [null, newUser()]) {
      const r = await call('/noSuchCall', user, {})
      expect(r.status).toBe(404)
      expect(r.body).toEqual({ message: 'no such call' })
    }
  })

  it('a page load of a client route gets index.html; a call with accept text/html still gets its JSON', async () => {
    const r = await page('/swap?x=1')
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toMatch(/text\/html/)
    expect(await r.text()).toContain('/assets/app-abc123.js')
    const api = await fetch(srv.server.url + '/tgUserWallets', {
      headers: { accept: 'text/html', telegramRawData: signInitData({ botToken: TEST_BOT, user: newUser() }) },
    })
    expect(api.headers.get('content-type')).toMatch(/application\/json/)
  })

  it('hashed assets are served with their type and cached for a year', async () => {
    const r = await fetch(srv.server.url + '/assets/app-abc123.js')
    expect(r.headers.get('content-type')).toMatch(/text\/javascript/)
    expect(r.headers.get('cache-control')).toContain('immutable')
    expect((await fetch(srv.server.url + '/assets/%E0%A4%A')).status).toBe(404)
    expect((await fetch(srv.server.url + '/../package.json')).status).toBe(404)
  })

  it('every logoURI is a local SVG (a real mark or the letter circle: logos.test.ts)', async () => {
    const r = await call('/balances', newUser(), { accountIndex: 0 })
    const uris = [...new Set((r.body as { logoURI: string }[]).map((b) => b.logoURI))]
    expect(uris.length).toBeGreaterThan(1)
    for (const uri of uris) {
      expect(uri).toMatch(/^\/logos\/[^/]+\.svg$/)
      const logo = await fetch(srv.server.url + uri)
      expect(logo.headers.get('content-type'), uri).toBe('image/svg+xml')
      expect(await logo.text(), uri).toMatch(/^<svg[^>]*>[\s\S]*<\/svg>$/)
    }
  })

  it('dev mode: index.html carries launch parameters signed now for the demo user, before the app script', async () => {
    const html = await (await page('/')).text()
    const script = html.indexOf('tgWebAppData=')
    expect(script).toBeGreaterThan(0)
    expect(script).toBeLessThan(html.indexOf('/assets/app-abc123.js'))
    const params = new URLSearchParams(JSON.parse(/'#'\+("[^"]+")/.exec(html)![1]) as string)
    expect(params.get('tgWebAppVersion')).toBe('8.0')
    expect(params.get('tgWebAppPlatform')).toBe('tdesktop')
    expect(JSON.parse(params.get('tgWebAppThemeParams')!)).toMatchObject({
      bg_color: expect.any(String),
      destructive_text_color: expect.any(String),
    })
    const valid = validateInitData(params.get('tgWebAppData'), TEST_BOT, 60)
    expect(valid.user).toMatchObject({ id: 1_000_001, first_name: 'Demo', language_code: 'en' })
    expect(srv.server.demoUser).toMatchObject({ id: 1_000_001, firstName: 'Demo' })
    expect(await (await fetch(srv.server.url + '/dev/launchScript')).text()).toContain('tgWebAppData=')
  })
})

describe('more bad input', () => {
  it('a body that is not JSON, and out-of-range pages, are a 400 with a message', async () => {
    const user = newUser()
    const res = await fetch(srv.server.url + '/balances', {
      method: 'POST',
      headers: { telegramRawData: signInitData({ botToken: TEST_BOT, user }), 'content-type': 'application/json' },
      body: '{"accountIndex":',
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: expect.any(String), requestId: res.headers.get('x-request-id') })
    for (const q of [
      '/history?limit=10&offset=99999999999999999999&accountIndex=0',
      '/history?limit=1000&offset=0&accountIndex=0',
      '/history?limit=10&offset=0',
      '/history?limit=10&offset=1.5&accountIndex=0',
    ])
      expect((await call(q, user)).status, q).toBe(400)
    const r = await call('/knownTokens', user, {
      chainId: null,
      searchText: '',
      tokenAddress: '',
      sliceProps: { limit: 20, offset: 0.5 },
    })
    expect(r).toMatchObject({ status: 400, body: { path: 'sliceProps.offset' } })
  })
})

describe('request size', () => {
  it('a body above 8 MB is a 413, whether its length is declared or streamed', async () => {
    const headers = {
      telegramRawData: signInitData({ botToken: TEST_BOT, user: newUser() }),
      'content-type': 'application/json',
    }
    const big = JSON.stringify({ log: 'x'.repeat(9 * 1024 * 1024) })
    expect((await fetch(srv.server.url + '/bugReport', { method: 'POST', headers, body: big })).status).toBe(413)
    const chunked = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < 9; i++) c.enqueue(new Uint8Array(1024 * 1024).fill(32))
        c.close()
      },
    })
    const r = await fetch(srv.server.url + '/bugReport', {
      method: 'POST',
      headers,
      body: chunked,
      duplex: 'half',
    } as RequestInit)
    expect(r.status).toBe(413)
  })
})

describe('token search by TON address', () => {
  it('the non-bounceable (UQ) form of a jetton address finds the same token', async () => {
    const uq = Address.parse('EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs').toString({
      bounceable: false,
      urlSafe: true,
    })
    expect(uq).toHaveLength(48)
    const r = await call('/knownTokens', newUser(), {
      chainId: null,
      searchText: uq,
      tokenAddress: '',
      sliceProps: { limit: 20, offset: 0 },
    })
    expect(r.body).toMatchObject({ tokenAmount: 1, tokens: { TON: [{ symbol: 'USDT' }] } })
  })

  it('a 0x address matches whatever its letter case', async () => {
    const r = await call('/knownTokens', newUser(), {
      chainId: null,
      searchText: '',
      tokenAddress: '0xFD086BC7CD5C481DCC9C85EBE478A1C0B69FCBB9',
      sliceProps: { limit: 20, offset: 0 },
    })
    expect(r.body).toMatchObject({ tokenAmount: 1, tokens: { 42161: [{ symbol: 'USDT' }] } })
  })
})
