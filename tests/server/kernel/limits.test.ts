/**
 * Bad input is a 400 naming the field (or a 413/408), never a 500, and never
 * stalls the server. One case per cause the fuzzing found: deep nesting, NUL and lone surrogates,
 * escapes PostgreSQL's jsonb refuses, numbers past every range, non-integer ids, long idempotency
 * keys; then the body limits per route, query values, and requests that never finish.
 */
import { connect } from 'node:net'
import { Worker } from 'node:worker_threads'
import { beforeAll, describe, expect, it } from 'vitest'
import { TEST_BOT, newUser, useServer } from '../helpers'
import { signInitData } from '../../../server/kernel/auth'
import {
  IDEMPOTENCY_KEY_MAX_LENGTH as KEY_MAX,
  IDEMPOTENCY_KEY_MIN_LENGTH as KEY_MIN,
} from '../../../domain/api/idempotencyKey'
import { BUG_REPORT_LIMITS, DEFAULT_LIMITS, MAX_DEPTH, checkDepth, checkValue } from '../../../server/kernel/validate'

const REQUEST_TIMEOUT_MS = 1500
const srv = useServer({ requestTimeoutMs: REQUEST_TIMEOUT_MS })
const user = newUser()
const ETH = '0x0000000000000000000000000000000000000000'
const OTHER = '0x1111111111111111111111111111111111111111'

beforeAll(async () => {
  await srv.call('/tgUserWallets', user)
})

const raw = (path: string, text: string) => srv.call(path, user, undefined, { raw: text })
const log = (over: object = {}) => ({
  format: 1,
  app: 'v1.1.2',
  recordedAt: '2025-01-01T00:00:00.000Z',
  env: {},
  events: [{ seq: 1, at: 0, type: 'app/navigated', payload: { to: '/' } }],
  ...over,
})
const transfer = (over: object) => ({
  to: OTHER,
  amount: '0.001',
  tokenAddress: ETH,
  chainId: 42161,
  accountIndex: 0,
  comment: '',
  dry: true,
  ...over,
})

describe('the checks themselves', () => {
  it('measure nesting on the text, strings skipped, and name where it went too deep', () => {
    expect(() => checkDepth('['.repeat(MAX_DEPTH) + ']'.repeat(MAX_DEPTH))).not.toThrow()
    expect(() => checkDepth('['.repeat(MAX_DEPTH + 1))).toThrow(/nested deeper than 32/)
    expect(() => checkDepth(`{"a":"${'['.repeat(100)}","b":1}`)).not.toThrow()
    const at = (text: string) => {
      try {
        checkDepth(text, 3)
      } catch (e) {
        return (e as { path?: string }).path
      }
    }
    expect(at('{"x":1,"a\\"b":[0,{"c":[[1]]}]}')).toBe('a"b.1.c')
    expect(at('[1,2,[[[3]]]]')).toBe('2.0.0')
    expect(() => checkDepth('[1,2,3,4]', 32, 3)).toThrow(/more than 3 values/)
  })

  it('check every string, key and number of a value, with its path', () => {
    const path = (v: unknown) => {
      try {
        checkValue(v, DEFAULT_LIMITS)
        return 'ok'
      } catch (e) {
        return `${(e as { path?: string }).path}: ${(e as Error).message}`
      }
    }
    expect(path({ a: [{ b: 'fine', n: 1.5, big: 2 ** 53 - 1 }], idempotencyKey: 'k'.repeat(KEY_MAX) })).toBe('ok')
    expect(path({ a: [{ b: 'x\u0000' }] })).toBe('a.0.b: a.0.b contains a NUL character')
    expect(path({ a: ['\ud800x'] })).toMatch(/^a\.0: .*lone surrogate/)
    expect(path({ a: '\udc00' })).toMatch(/^a: .*lone surrogate/)
    expect(path({ a: '\ud83d\ude00' })).toBe('ok')
    expect(path({ a: { 'k\u0000': 1 } })).toMatch(/^a: a key of a contains a NUL/)
    expect(path({ n: [Infinity] })).toBe('n.0: n.0 is not a finite number')
    expect(path({ n: 2 ** 53 })).toMatch(/^n: .*safe integers/)
    expect(path({ s: 'x'.repeat(1025) })).toMatch(/^s: s is longer than 1024/)
    expect(path({ idempotencyKey: 'k'.repeat(KEY_MAX + 1) })).toMatch(/^idempotencyKey: .*longer than 100/)
    expect(path({ nested: { idempotencyKey: 'k'.repeat(KEY_MAX + 1) } })).toBe('ok')
  })
})

describe('bad input is a 400 with the field path', () => {
  it('nesting deeper than 32 levels, before it is parsed', async () => {
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n)
    const r = await raw('/balances', `{"accountIndex":${deep(5_000)}}`)
    expect(r.status).toBe(400)
    expect(r.body).toEqual({
      message: 'the body is nested deeper than 32 levels',
      path: expect.stringMatching(/^accountIndex(\.0)+$/),
    })
    const report = await raw(
      '/bugReport',
      JSON.stringify({
        log: log({ events: [{ seq: 1, at: 0, type: 'app/navigated', payload: { to: '/', x: '__' } }] }),
      }).replace('"__"', deep(40)),
    )
    expect(report.status).toBe(400)
    expect(report.body.path).toMatch(/^log\.events\.0\.payload\.x/)
  })

  it('NUL characters and lone surrogates in text', async () => {
    for (const [field, value] of [
      ['comment', 'a\u0000b'],
      ['to', '\ud800'],
      ['tokenAddress', 'x\udfff'],
      ['idempotencyKey', '\u0000'],
    ] as const) {
      const r = await srv.call('/transfer', user, transfer({ [field]: value }))
      expect(r.status, field).toBe(400)
      expect(r.body.path, field).toBe(field)
    }
    expect(
      await raw(
        '/knownTokens',
        '{"chainId":null,"searchText":"\\u0000","tokenAddress":"","sliceProps":{"limit":1,"offset":0}}',
      ),
    ).toMatchObject({ status: 400, body: { path: 'searchText' } })
  })

  it('what jsonb refuses (\\u0000, lone surrogate escapes) in a stored bug report', async () => {
    for (const escape of ['\\u0000', '\\ud800', 'a\\udfffb']) {
      const r = await raw(
        '/bugReport',
        JSON.stringify({ log: log({ env: { note: '__' } }) }).replace('"__"', `"${escape}"`),
      )
      expect(r, escape).toMatchObject({ status: 400, body: { path: 'log.env.note' } })
    }
  })

  it('numbers past every range, and ids that are not safe integers', async () => {
    expect(await raw('/balances', '{"accountIndex":1e400}')).toMatchObject({
      status: 400,
      body: { path: 'accountIndex', message: 'accountIndex is not a finite number' },
    })
    expect(await raw('/balances', '{"accountIndex":1e20}')).toMatchObject({
      status: 400,
      body: { path: 'accountIndex' },
    })
    const start = {
      accountIndex: 0,
      chainId: 1,
      followedAddress: OTHER,
      ante: 0.5,
      protocols: ['uniswap'],
      depositInNano: '1',
      fromToken: ETH,
    }
    expect(await raw('/startMonitoringCopyTrade', JSON.stringify(start).replace('0.5', '-1e999'))).toMatchObject({
      status: 400,
      body: { path: 'ante' },
    })
    for (const userId of [1.5, 1e20, -3, 0]) {
      const r = await srv.call('/admin/deposit', null, { userId, chainId: 'TON', token: 'TON', amount: '1' })
      expect(r, String(userId)).toMatchObject({ status: 400, body: { path: 'userId' } })
    }
    expect(
      await srv.call('/admin/deposit', null, { userId: '12', chainId: 'TON', token: 'TON', amount: '1' }),
    ).toMatchObject({ status: 400, body: { path: 'userId' } })
    // Amounts are bounded digit strings: beyond the columns' NUMERIC(78, 0) is a 400.
    expect(
      await srv.call('/admin/deposit', null, { userId: user.id, chainId: 'TON', token: 'TON', amount: '9'.repeat(80) }),
    ).toMatchObject({ status: 400, body: { path: 'amount' } })
    // and beyond a staking deposit's NUMERIC(30, 9)
    expect(await srv.call('/mining/staking/deposit', user, { amount: '9'.repeat(25), period: '3m' })).toMatchObject({
      status: 400,
      body: { path: 'amount' },
    })
  })

  it('idempotency keys of up to 100 characters', async () => {
    const long = 'k'.repeat(KEY_MAX + 1)
    for (const [path, body] of [
      ['/transfer', transfer({ dry: false, idempotencyKey: long })],
      ['/swap', { routeId: 'r', accountIndex: 0, idempotencyKey: long }],
      [
        '/startMonitoringCopyTrade',
        {
          accountIndex: 0,
          chainId: 1,
          followedAddress: OTHER,
          ante: 0.5,
          protocols: ['uniswap'],
          depositInNano: '1',
          fromToken: ETH,
          idempotencyKey: long,
        },
      ],
    ] as const)
      expect(await srv.call(path, user, body), path).toMatchObject({
        status: 400,
        body: { path: 'idempotencyKey', message: 'idempotencyKey is longer than 100 characters' },
      })
    const ton = await srv.call(
      '/v2/tc/swap',
      user,
      {
        offer_jetton: 'native',
        offer_amount: '1',
        ask_jetton: 'native',
        min_ask_amount: '1',
        provider: 'stonfi',
        idempotencyKey: long,
      },
      { headers: { walletindex: '0' } },
    )
    expect(ton).toMatchObject({ status: 400, body: { path: 'idempotencyKey' } })
    expect(
      await srv.call('/transfer', user, transfer({ dry: false, idempotencyKey: 'k'.repeat(KEY_MAX) })),
    ).toMatchObject({
      status: 200,
      body: { ok: true },
    })
  })

  it('every write takes the one key shape (8 to 100 letters, digits, - or _): a shorter, a longer or one with another character is a 400 on the key', async () => {
    const writes: [string, (key: string) => object, object?][] = [
      ['/transfer', (key) => transfer({ dry: false, idempotencyKey: key })],
      ['/swap', (key) => ({ routeId: 'r', accountIndex: 0, idempotencyKey: key })],
      [
        '/v2/tc/swap',
        (key) => ({
          offer_jetton: 'native',
          offer_amount: '1',
          ask_jetton: 'native',
          min_ask_amount: '1',
          provider: 'stonfi',
          idempotencyKey: key,
        }),
        { headers: { walletindex: '0' } },
      ],
      [
        '/startMonitoringCopyTrade',
        (key) => ({
          accountIndex: 0,
          chainId: 1,
          followedAddress: OTHER,
          ante: 0.5,
          protocols: ['uniswap'],
          depositInNano: '1',
          fromToken: ETH,
          idempotencyKey: key,
        }),
      ],
      ['/mining/claim', (key) => ({ idempotencyKey: key, windowStart: new Date().toISOString() })],
      ['/mining/burn', (key) => ({ amount: '1', idempotencyKey: key })],
      ['/mining/staking/deposit', (key) => ({ amount: '100', period: '6m', idempotencyKey: key })],
      ['/v2/poh/transaction', (key) => ({ payType: 'star', idempotencyKey: key })],
    ]
    const bad = ['', 'k'.repeat(KEY_MIN - 1), 'k'.repeat(KEY_MAX + 1), 'a key with spaces', 'ключ-12345678']
    for (const [path, body, options] of writes)
      for (const key of bad)
        expect(await srv.call(path, user, body(key), options), `${path} ${JSON.stringify(key)}`).toMatchObject({
          status: 400,
          body: { path: 'idempotencyKey' },
        })
    // The shape the client draws (32 hex digits) passes the key's check on each of them.
    for (const [path, body, options] of writes)
      expect(
        (await srv.call(path, user, body('0123456789abcdef0123456789abcdef'), options)).body,
        path,
      ).not.toMatchObject({
        path: 'idempotencyKey',
      })
  })

  it('the signed user of the init data is checked like any input', async () => {
    const headers = {
      telegramRawData: signInitData({ botToken: TEST_BOT, user: { id: newUser().id, first_name: 'Eve\u0000' } }),
    }
    const r = await srv.call('/balances', null, { accountIndex: 0 }, { headers })
    expect(r).toMatchObject({ status: 400, body: { path: 'telegramRawData.user.first_name' } })
  })

  it('query values: length, NUL, numbers beyond the safe integers', async () => {
    expect(await srv.call('/getUserSwaps?accountIndex=0&copyTradeId=%00', user)).toMatchObject({
      status: 400,
      body: { path: 'copyTradeId' },
    })
    expect(await srv.call(`/getUserSwaps?accountIndex=0&copyTradeId=${'x'.repeat(1025)}`, user)).toMatchObject({
      status: 400,
      body: { path: 'copyTradeId' },
    })
    expect(await srv.call('/history?limit=10&offset=99999999999999999999&accountIndex=0', user)).toMatchObject({
      status: 400,
      body: { path: 'offset' },
    })
    expect(await srv.call('/history?limit=10&offset=0&accountIndex=0&x%00=1', user)).toMatchObject({ status: 400 })
    expect((await srv.call('/bugReport/SW-%00', null)).status).toBe(404)
  })
})

describe('body limits, per route', () => {
  it('16 KB for an ordinary call, declared or streamed', async () => {
    const padded = (n: number) => '{"accountIndex":0}'.padEnd(n, ' ')
    expect((await raw('/balances', padded(DEFAULT_LIMITS.bodyBytes))).status).toBe(200)
    const over = await raw('/balances', padded(DEFAULT_LIMITS.bodyBytes + 1))
    expect(over).toMatchObject({
      status: 413,
      body: { message: 'the request body is larger than 16 KB (16384 bytes), the most this call takes' },
    })
    // No content-length: counted as it arrives.
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(padded(DEFAULT_LIMITS.bodyBytes + 10)))
        c.close()
      },
    })
    const res = await fetch(srv.server.url + '/balances', {
      method: 'POST',
      body: stream,
      duplex: 'half',
      headers: { 'content-type': 'application/json', telegramRawData: signInitData({ botToken: TEST_BOT, user }) },
    } as RequestInit)
    expect(res.status).toBe(413)
  })

  it('2 MB for a bug report', async () => {
    const sized = (n: number) => {
      const text = JSON.stringify({ log: log({ env: { pad: [] } }) })
      const room = n - text.length
      const item = `"${'x'.repeat(8_000)}"`
      const items = Array.from({ length: Math.floor(room / (item.length + 1)) }, () => item)
      const body = text.replace('"pad":[]', `"pad":[${items.join(',')}]`)
      return body.padEnd(n, ' ')
    }
    expect(await raw('/bugReport', sized(BUG_REPORT_LIMITS.bodyBytes))).toMatchObject({
      status: 200,
      body: { ticket: expect.stringMatching(/^SW-/) },
    })
    expect(await raw('/bugReport', sized(BUG_REPORT_LIMITS.bodyBytes + 1))).toMatchObject({
      status: 413,
      body: { message: 'the request body is larger than 2 MB (2097152 bytes), the most this call takes' },
    })
    expect(
      await raw('/bugReport', JSON.stringify({ log: log({ env: { v: Array.from({ length: 160_000 }, () => 0) } }) })),
    ).toMatchObject({ status: 400, body: { message: 'the body holds more than 150000 values' } })
  })
})

/** Opens a socket, writes `text`, and resolves with what the server answered and how long until it closed. */
function stalled(text: string): Promise<{ answer: string; closedAfterMs: number }> {
  const { port } = srv.server
  return new Promise((resolve, reject) => {
    const started = performance.now()
    let answer = ''
    const socket = connect(port, '127.0.0.1', () => socket.write(text))
    socket.on('data', (d) => (answer += d.toString()))
    socket.on('error', () => {})
    socket.on('close', () => resolve({ answer, closedAfterMs: performance.now() - started }))
    setTimeout(() => reject(new Error('still open after 10 s')), 10_000).unref()
  })
}

describe('a request that never finishes', () => {
  it('is cut off with a 408 after the request time-out, and the server keeps answering meanwhile', async () => {
    const headers = `POST /balances HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ntelegramRawData: ${signInitData({ botToken: TEST_BOT, user })}\r\n`
    const body = stalled(`${headers}content-length: 100\r\n\r\n{"accountIndex":`)
    const headersOnly = stalled('GET /health HTTP/1.1\r\nHost: x\r\n')
    expect((await srv.call('/health', null)).status).toBe(200)
    for (const r of [await body, await headersOnly]) {
      expect(r.answer).toMatch(/^HTTP\/1\.1 408 /)
      expect(r.closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50)
      expect(r.closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS + 2_000)
    }
  }, 15_000)
})

/**
 * /health as another client sees it while an 8 MB nested body is sent to /bugReport. The client
 * runs in a worker thread: an in-process server that blocks its event loop would block the
 * measuring timers too, and the stall would not show.
 */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads')
const http = require('node:http')
const { url, headers, depth, size, chunked } = workerData
const event = (i) => '{"seq":' + i + ',"at":0,"type":"app/navigated","payload":{"v":' + '['.repeat(depth) + ']'.repeat(depth) + '}}'
const body = Buffer.from('{"log":{"format":1,"app":"v1.1.2","recordedAt":"x","env":{},"events":[' + Array.from({ length: Math.floor(size / (2 * depth + 60)) }, (_, i) => event(i + 1)).join(',') + ']}}')
const times = []
let answer = null
const u = new URL(url + '/bugReport')
const req = http.request({ host: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers: chunked ? headers : { ...headers, 'content-length': body.length } }, (res) => {
  let text = ''
  res.on('data', (d) => (text += d))
  res.on('end', () => (answer = { status: res.statusCode, text }))
})
req.on('error', (e) => (answer = answer ?? { status: 0, text: String(e) }))
let off = 0
const step = () => { if (off >= body.length) return req.end(); req.write(body.subarray(off, off + 262144)); off += 262144; setImmediate(step) }
step()
;(async () => {
  const end = Date.now() + 2000
  while (Date.now() < end || answer === null) {
    const t = performance.now()
    await (await fetch(url + '/health')).text()
    times.push(performance.now() - t)
    await new Promise((r) => setTimeout(r, 20))
  }
  times.sort((a, b) => a - b)
  parentPort.postMessage({ bytes: body.length, answer, n: times.length, p50: times[Math.floor(times.length / 2)], max: times[times.length - 1] })
})()
`

describe('a large nested body does not stall the server', () => {
  for (const chunked of [false, true])
    it(`/health answers at once while 8 MB nested 1000 deep is sent${chunked ? ' without a length' : ''}`, async () => {
      const headers = {
        'content-type': 'application/json',
        telegramRawData: signInitData({ botToken: TEST_BOT, user }),
      }
      const worker = new Worker(PROBE, {
        eval: true,
        workerData: { url: srv.server.url, headers, depth: 1000, size: 8 * 1024 * 1024, chunked },
      })
      const r = (await new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject))) as {
        bytes: number
        answer: { status: number; text: string }
        n: number
        p50: number
        max: number
      }
      await worker.terminate()
      if (process.env.FUZZ_REPORT)
        console.log(
          `/health while ${r.bytes} bytes nested 1000 deep go to /bugReport${chunked ? ' (chunked)' : ''}: ${r.n} probes, p50 ${r.p50.toFixed(1)} ms, max ${r.max.toFixed(1)} ms; answer ${r.answer.status}`,
        )
      expect(r.answer.status).toBe(413)
      expect(r.p50).toBeLessThan(100)
      expect(r.max).toBeLessThan(1000)
    }, 30_000)
})
