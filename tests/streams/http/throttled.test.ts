/**
 * The server's per-user limit on writes (server/kernel/rateLimit.ts; docs/operations.md, "Write rate limit") as the
 * client sees it: its 429 is a `throttled` failure (not the server's English message, not a
 * failover), worded in the user's language with the seconds to wait.
 */
import { describe, expect, it } from 'vitest'
import { marbles } from '../marbles'
import { type Observable, of } from 'rxjs'
import { TOO_MANY_REQUESTS } from '../../../domain/api/errors'
import { endpoints } from '../../../domain/api/endpoints'
import { type HttpResponse, createHttpClient } from '../../../streams/http/client'
import { i18n } from '../../../src/i18n'
import { errorText } from '../../../src/ui/errorText'

const A = 'https://a.example'
const B = 'https://b.example'

function client(answer: HttpResponse) {
  const sent: string[] = []
  const c = createHttpClient({
    servers: { wallet: [A, B], mining: [A, B] },
    initDataRaw: () => 'user=1&hash=x',
    onServerSwitched: () => {},
    transport: (req): Observable<HttpResponse> => {
      sent.push(req.url)
      return of(answer)
    },
  })
  c.addEndpoints(endpoints)
  return { c, sent }
}

const limited: HttpResponse = {
  status: 429,
  body: JSON.stringify({
    message: 'too many requests: at most 60 changes a minute; try again in 42 s',
    code: TOO_MANY_REQUESTS,
    params: { seconds: '42' },
    requestId: 'r-1',
  }),
}

describe("the server's limit on writes", () => {
  it(
    'a 429 with its code is a throttled failure with the seconds to wait, from the first server only',
    marbles((m) => {
      const { c, sent } = client(limited)
      m.expect(c.call('createMiningUser', {})).toBeObservable('#', undefined, {
        kind: 'throttled',
        message: 'too many requests: at most 60 changes a minute; try again in 42 s',
        retryAfterSeconds: 42,
      })
      m.flush()
      expect(sent.map((u) => u.slice(0, A.length))).toEqual([A])
    }),
  )

  it(
    "another 429 (a feature's own quota, such as bug reports a day) stays a refusal with the server's message",
    marbles((m) => {
      const { c } = client({
        status: 429,
        body: JSON.stringify({ message: '5 reports a day is the most one user can send; try again in 3 h' }),
      })
      m.expect(c.call('createMiningUser', {})).toBeObservable('#', undefined, {
        kind: 'rejected',
        status: 429,
        message: '5 reports a day is the most one user can send; try again in 3 h',
      })
    }),
  )

  it('reads in both languages, with the seconds', async () => {
    const error = { kind: 'throttled', message: 'too many requests', retryAfterSeconds: 42 } as const
    await i18n.changeLanguage('en')
    expect(errorText(i18n.t, error)).toBe('Too many requests in a row. Wait 42 s and try again.')
    await i18n.changeLanguage('ru')
    expect(errorText(i18n.t, error)).toBe('Слишком много запросов подряд. Подождите 42 с и попробуйте снова.')
    await i18n.changeLanguage('en')
  })
})
