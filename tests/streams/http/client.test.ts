import { describe, expect, it } from 'vitest'
import { marbles } from '../marbles'
import { type Observable, finalize, of } from 'rxjs'
import { endpoints } from '../../../domain/api/endpoints'
import {
  ABORT_MS,
  SWITCH_MS,
  type HttpResponse,
  type ServerSwitch,
  createHttpClient,
  serverListsFromEnv,
} from '../../../streams/http/client'
import type { HttpRequest } from '../../../streams/http/request'

const A = 'https://a.example'
const B = 'https://b.example'
const ok = (body: unknown): HttpResponse => ({ status: 200, body: JSON.stringify(body) })
const TOTAL = { totalBalanceUsd: 12.5, hasTrades: false, isNotifyForBoost: false }

function setup(
  responses: Record<string, (n: number) => Observable<HttpResponse>>,
  initData: string | null = 'user=1&hash=x',
) {
  const sent: HttpRequest[] = []
  const switches: ServerSwitch[] = []
  const unsubscribed: string[] = []
  const count: Record<string, number> = {}
  const client = createHttpClient({
    servers: { wallet: [A, B], mining: [B] },
    initDataRaw: () => initData,
    onServerSwitched: (s) => switches.push(s),
    transport: (req) => {
      sent.push(req)
      const server = req.url.startsWith(A) ? A : B
      count[server] = (count[server] ?? 0) + 1
      return responses[server](count[server]).pipe(finalize(() => unsubscribed.push(server)))
    },
  })
  client.addEndpoints(endpoints) // as the game's chunk does when it loads (streams/features.ts)
  return { client, sent, switches, unsubscribed }
}

describe('HTTP client', () => {
  it(
    '[app.4] without init data the call fails with the spec message and nothing is sent',
    marbles((m) => {
      const { client, sent } = setup({ [A]: () => m.cold('a|', { a: ok(TOTAL) }) }, null)
      m.expect(client.call('totalBalance', {})).toBeObservable('#', undefined, {
        kind: 'noInitData',
        message: 'Only possible to use inside telegram bot',
      })
      expect(sent).toEqual([])
    }),
  )

  it(
    '[app.5] every request carries the init data in telegramRawData and the fixed client header: GET and POST, on both services',
    marbles((m) => {
      const { client, sent } = setup({
        [A]: (n) => m.cold('(a|)', { a: ok(n === 1 ? TOTAL : []) }),
        [B]: () => m.cold('(a|)', { a: ok({ ok: true }) }),
      })
      client.call('totalBalance', { accountIndex: 1, boostNotification: 1 }).subscribe()
      client.call('balances', { accountIndex: 1 }).subscribe()
      client.call('createMiningUser', {}).subscribe()
      m.flush()
      expect(sent.map((r) => [r.method, r.url.slice(0, A.length)])).toEqual([
        ['GET', A],
        ['POST', A],
        ['POST', B],
      ])
      for (const r of sent)
        expect(r.headers).toMatchObject({ telegramRawData: 'user=1&hash=x', 'x-client': 'switch-miniapp/v1.1.2' })
    }),
  )

  it(
    'GET fields go to the query, POST fields to a JSON body',
    marbles((m) => {
      const { client, sent } = setup({ [A]: () => m.cold('a|', { a: ok([]) }) })
      client.call('history', { limit: 10, offset: 20, accountIndex: 2 }).subscribe()
      client.call('balances', { accountIndex: 1 }).subscribe()
      m.flush()
      expect(sent[0]).toEqual({
        url: `${A}/history?limit=10&offset=20&accountIndex=2`,
        method: 'GET',
        headers: { telegramRawData: 'user=1&hash=x', 'x-client': 'switch-miniapp/v1.1.2' },
      })
      expect(sent[1]).toMatchObject({ url: `${A}/balances`, method: 'POST', body: '{"accountIndex":1}' })
      expect(sent[1].headers['content-type']).toBe('application/json')
    }),
  )

  it(
    '[app.6] an attempt with no answer is aborted after 30 s',
    marbles((m) => {
      expect([ABORT_MS, SWITCH_MS]).toEqual([30_000, 25_000])
      const a = m.cold<HttpResponse>('-')
      const b = m.cold<HttpResponse>('-')
      const { client } = setup({ [A]: () => a, [B]: () => b })
      // A asked at 0, still waited for at 29 999 ms, aborted at 30 000 ms; B asked at 25 000 ms, aborted at 55 000 ms, which ends the call
      m.expect(client.call('totalBalance', {})).toBeObservable('55000ms #', undefined, {
        kind: 'timeout',
        message: `no answer from ${B} in 30 s`,
      })
      m.expect(a).toHaveSubscriptions('^ 29999ms !')
      m.expect(b).toHaveSubscriptions('25000ms ^ 29999ms !')
    }),
  )

  it(
    "an answer at 24 999 ms is the first server's own: nothing is asked of the next one",
    marbles((m) => {
      const b = m.cold<HttpResponse>('(a|)', { a: ok(TOTAL) })
      const { client, switches } = setup({ [A]: () => m.cold('24999ms (a|)', { a: ok(TOTAL) }), [B]: () => b })
      m.expect(client.call('totalBalance', {})).toBeObservable('24999ms (a|)', { a: TOTAL })
      m.expect(b).toHaveSubscriptions([])
      m.flush()
      expect(switches).toEqual([])
    }),
  )

  it(
    '[app.8] after 25 s without an answer the next server is asked too; the first good answer wins and the other is aborted',
    marbles((m) => {
      const { client, switches, unsubscribed } = setup({
        [A]: () => m.cold('-'),
        [B]: () => m.cold('1s a|', { a: ok(TOTAL) }),
      })
      // no answer by 25 000 ms: the next server is asked then, and answers 1 s later
      m.expect(client.call('totalBalance', {})).toBeObservable('26000ms (a|)', { a: TOTAL })
      m.flush()
      expect(switches).toEqual([{ service: 'wallet', from: A, to: B, reason: 'no answer after 25 s' }])
      expect(unsubscribed).toEqual([A, B])
    }),
  )

  it(
    '[app.8] the slow first server may still win after the switch',
    marbles((m) => {
      const { client, unsubscribed } = setup({
        [A]: () => m.cold('26s a|', { a: ok(TOTAL) }),
        [B]: () => m.cold('5s a|', { a: ok(TOTAL) }),
      })
      // B would answer at 25 s + 5 s; A answers at 26 s, wins, and B is aborted
      m.expect(client.call('totalBalance', {})).toBeObservable('26s (a|)', { a: TOTAL })
      m.flush()
      expect([...unsubscribed].sort()).toEqual([A, B])
    }),
  )

  it(
    '[app.7] a network error moves to the next server and retries once there',
    marbles((m) => {
      const { client, switches } = setup({
        [A]: () => m.cold('10ms #', undefined, { kind: 'network', message: 'connection refused' }),
        [B]: () => m.cold('20ms a|', { a: ok(TOTAL) }),
      })
      m.expect(client.call('totalBalance', {})).toBeObservable('30ms (a|)', { a: TOTAL })
      m.flush()
      expect(switches).toEqual([{ service: 'wallet', from: A, to: B, reason: 'connection refused' }])
    }),
  )

  it(
    '[app.7] a 5xx is retried once, and not a third time',
    marbles((m) => {
      const { client, sent } = setup({
        [A]: () => m.cold('10ms (a|)', { a: { status: 502, body: 'bad gateway' } }),
        [B]: () => m.cold('10ms (a|)', { a: { status: 503, body: '' } }),
      })
      m.expect(client.call('totalBalance', {})).toBeObservable('20ms #', undefined, {
        kind: 'server',
        status: 503,
        message: `server error 503 from ${B}`,
      })
      m.flush()
      expect(sent.map((r) => r.url.slice(0, A.length))).toEqual([A, B])
    }),
  )

  it(
    '[app.7] the new server sticks for later calls',
    marbles((m) => {
      const { client, sent } = setup({
        [A]: () => m.cold('#', undefined, { kind: 'network', message: 'down' }),
        [B]: () => m.cold('(a|)', { a: ok(TOTAL) }),
      })
      client.call('totalBalance', {}).subscribe()
      m.flush()
      client.call('totalBalance', {}).subscribe()
      m.flush()
      expect(sent.map((r) => r.url.slice(0, A.length))).toEqual([A, B, B])
      expect(client.currentServer('wallet')).toBe(B)
      expect(client.currentServer('mining')).toBe(B)
    }),
  )

  it(
    '4xx answers are answers: not retried, with the server message and field path',
    marbles((m) => {
      const { client, sent, switches } = setup({
        [A]: () =>
          m.cold('(a|)', {
            a: { status: 400, body: JSON.stringify({ message: 'Not enough balance', path: ['amount'] }) },
          }),
      })
      const transfer = {
        to: '0x0',
        amount: '1',
        tokenAddress: '0x0',
        chainId: 1 as const,
        accountIndex: 0,
        comment: '',
        dry: true,
      }
      m.expect(client.call('transfer', transfer)).toBeObservable('#', undefined, {
        kind: 'rejected',
        status: 400,
        message: 'Not enough balance',
        path: 'amount',
      })
      m.flush()
      expect(sent).toHaveLength(1)
      expect(switches).toEqual([])
    }),
  )

  it(
    'a malformed answer is a decode error carrying the bad field path',
    marbles((m) => {
      const bad = [{ address: '0x0', chainId: 1, tokensAmount: 5, usdAmount: 1, tokensCost: 1 }]
      const { client } = setup({ [A]: () => m.cold('(a|)', { a: ok(bad) }) })
      m.expect(client.call('balances', { accountIndex: 0 })).toBeObservable('#', undefined, {
        kind: 'decode',
        path: '0.tokensAmount',
        message: '0.tokensAmount: expected DecimalString, got 5',
      })
    }),
  )

  it(
    'an answer that is not JSON is a decode error',
    marbles((m) => {
      const { client } = setup({ [A]: () => m.cold('(a|)', { a: { status: 200, body: '<html>' } }) })
      m.expect(client.call('balances', { accountIndex: 0 })).toBeObservable('#', undefined, {
        kind: 'decode',
        path: '',
        message: 'the answer is not JSON',
      })
    }),
  )

  it(
    'unsubscribing aborts the request in flight',
    marbles((m) => {
      const { client, unsubscribed } = setup({ [A]: () => m.cold('5s a|', { a: ok(TOTAL) }) })
      m.expect(client.call('totalBalance', {}), '^ 1s !').toBeObservable('')
      m.flush()
      expect(unsubscribed).toEqual([A])
    }),
  )

  it('a game call before its chunk added the game table fails without sending anything', () => {
    const sent: HttpRequest[] = []
    const client = createHttpClient({
      servers: { wallet: [A], mining: [B] },
      initDataRaw: () => 'user=1&hash=x',
      onServerSwitched: () => {},
      transport: (req) => {
        sent.push(req)
        return of(ok({ ok: true }))
      },
    })
    let error: unknown = null
    client.call('createMiningUser', {}).subscribe({ error: (e: unknown) => (error = e) })
    expect(String(error)).toContain('createMiningUser is not loaded')
    expect(sent).toEqual([])
    client.addEndpoints(endpoints)
    client.call('createMiningUser', {}).subscribe()
    expect(sent.map((r) => r.url)).toEqual([`${B}/mining/user`])
  })

  it('[app.10] mining calls go to the mining service with the same header, failover and time-out', () => {
    marbles((m) => {
      const sent: HttpRequest[] = []
      const switches: ServerSwitch[] = []
      const C = 'https://c.example'
      const client = createHttpClient({
        servers: { wallet: [A], mining: [B, C] },
        initDataRaw: () => 'user=1&hash=x',
        onServerSwitched: (s) => switches.push(s),
        transport: (req) => {
          sent.push(req)
          return req.url.startsWith(B) ? m.cold('-') : m.cold('1s (a|)', { a: ok({ ok: true }) })
        },
      })
      client.addEndpoints(endpoints)
      m.expect(client.call('createMiningUser', {})).toBeObservable(`${SWITCH_MS + 1000}ms (a|)`, { a: { ok: true } })
      m.flush()
      expect(sent.map((r) => r.url)).toEqual([`${B}/mining/user`, `${C}/mining/user`])
      for (const r of sent)
        expect(r.headers).toMatchObject({ telegramRawData: 'user=1&hash=x', 'x-client': 'switch-miniapp/v1.1.2' })
      expect(switches).toEqual([{ service: 'mining', from: B, to: C, reason: 'no answer after 25 s' }])
      expect(client.currentServer('wallet')).toBe(A)
    })()
    // and its time-out: an attempt with no answer is aborted after 30 s, as on the wallet service
    marbles((m) => {
      const silent = m.cold<HttpResponse>('-')
      const lone = createHttpClient({
        servers: { wallet: [A], mining: [B] },
        initDataRaw: () => 'user=1&hash=x',
        transport: () => silent,
      })
      lone.addEndpoints(endpoints)
      m.expect(lone.call('createMiningUser', {})).toBeObservable('55000ms #', undefined, {
        kind: 'timeout',
        message: `no answer from ${B} in 30 s`,
      })
      m.expect(silent).toHaveSubscriptions(['^ 29999ms !', '25000ms ^ 29999ms !'])
    })()
  })

  it('server lists come from the build configuration, defaulting to the page origin', () => {
    expect(serverListsFromEnv({ VITE_WALLET_SERVERS: `${A}, ${B}` }, 'https://self')).toEqual({
      wallet: [A, B],
      mining: ['https://self'],
    })
    expect(serverListsFromEnv({}, 'https://self')).toEqual({ wallet: ['https://self'], mining: ['https://self'] })
  })
})
