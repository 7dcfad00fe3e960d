/**
 * The client's failover with several calls in flight on one server when it goes down or stops
 * answering ("Failover in the browser suite": a poll and a payment at the moment the
 * first server dies). The service moves once; every call's retry goes to the next server.
 */
import { describe, expect, it } from 'vitest'
import { marbles } from '../marbles'
import type { Observable } from 'rxjs'
import { type HttpResponse, type ServerSwitch, createHttpClient } from '../../../streams/http/client'

const A = 'https://a.example'
const B = 'https://b.example'
const TOTAL = { totalBalanceUsd: 12.5, hasTrades: false, isNotifyForBoost: false }
const ok = (body: unknown): HttpResponse => ({ status: 200, body: JSON.stringify(body) })

function setup(answer: (server: string) => Observable<HttpResponse>) {
  const sent: string[] = []
  const switches: ServerSwitch[] = []
  const client = createHttpClient({
    servers: { wallet: [A, B], mining: [A, B] },
    initDataRaw: () => 'user=1&hash=x',
    onServerSwitched: (s) => switches.push(s),
    transport: (req) => {
      const server = req.url.startsWith(A) ? A : B
      sent.push(`${server} ${new URL(req.url).pathname}`)
      return answer(server)
    },
  })
  return { client, sent, switches }
}

describe('HTTP client failover, several calls at once', () => {
  it(
    '[app.7] three calls failing on the first server at once: each retries on the next, which the service moves to once and keeps',
    marbles((m) => {
      const { client, sent, switches } = setup((server) =>
        server === A
          ? m.cold('10ms #', undefined, { kind: 'network', message: 'connection reset' })
          : m.cold('5ms (a|)', { a: ok(TOTAL) }),
      )
      m.expect(client.call('totalBalance', {})).toBeObservable('15ms (a|)', { a: TOTAL })
      m.expect(client.call('totalBalance', {})).toBeObservable('15ms (a|)', { a: TOTAL })
      m.expect(client.call('totalBalance', {})).toBeObservable('15ms (a|)', { a: TOTAL })
      m.flush()
      expect(switches).toEqual([{ service: 'wallet', from: A, to: B, reason: 'connection reset' }])
      expect(client.currentServer('wallet')).toBe(B)
      client.call('totalBalance', {}).subscribe()
      m.flush()
      expect(sent.filter((s) => s.startsWith(A))).toHaveLength(3)
      expect(sent.filter((s) => s.startsWith(B))).toHaveLength(4)
    }),
  )

  it(
    '[app.8] two calls without an answer for 25 s: both are asked of the next server, the service moves once, and later calls go there',
    marbles((m) => {
      const { client, sent, switches } = setup((server) =>
        server === A ? m.cold('-') : m.cold('1s (a|)', { a: ok(TOTAL) }),
      )
      // no answer by 25 000 ms: the next server is asked then, and answers 1 s later
      m.expect(client.call('totalBalance', {})).toBeObservable('26000ms (a|)', { a: TOTAL })
      m.expect(client.call('totalBalance', {})).toBeObservable('26000ms (a|)', { a: TOTAL })
      m.flush()
      expect(switches).toEqual([{ service: 'wallet', from: A, to: B, reason: 'no answer after 25 s' }])
      expect(sent).toEqual([`${A} /totalBalance`, `${A} /totalBalance`, `${B} /totalBalance`, `${B} /totalBalance`])
      expect(client.currentServer('wallet')).toBe(B)
      // the mining service's list is its own: it has not moved
      expect(client.currentServer('mining')).toBe(A)
    }),
  )
})
