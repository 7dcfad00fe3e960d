/**
 * A server whose database (or Telegram, or the TON network) is briefly away answers 503 with the
 * service-unavailable code and the seconds to wait (server/kernel/unavailable.ts). The client tries
 * the next server once, as for any 5xx (app.8), and if that answers the same, the call fails as
 * `unavailable`: worded in the user's language as "try again in N s", not as a server error.
 */
import { describe, expect, it } from 'vitest'
import { type Observable, of } from 'rxjs'
import { SERVICE_UNAVAILABLE } from '../../../domain/api/errors'
import { endpoints } from '../../../domain/api/endpoints'
import { type HttpResponse, createHttpClient } from '../../../streams/http/client'
import { i18n } from '../../../src/i18n'
import { errorText } from '../../../src/ui/errorText'
import { marbles } from '../marbles'

const A = 'https://a.example'
const B = 'https://b.example'

function client(answers: Record<string, HttpResponse>) {
  const sent: string[] = []
  const c = createHttpClient({
    servers: { wallet: [A, B], mining: [A, B] },
    initDataRaw: () => 'user=1&hash=x',
    onServerSwitched: () => {},
    transport: (req): Observable<HttpResponse> => {
      const server = req.url.slice(0, A.length)
      sent.push(server)
      return of(answers[server])
    },
  })
  c.addEndpoints(endpoints)
  return { c, sent }
}

const away = (seconds: string): HttpResponse => ({
  status: 503,
  body: JSON.stringify({
    message: `the database is not answering; try again in ${seconds} s`,
    code: SERVICE_UNAVAILABLE,
    params: { seconds },
    requestId: 'r-1',
  }),
})

describe('a dependency of the server briefly away', () => {
  it(
    'a 503 with its code, from both servers, is an unavailable failure with the seconds to wait',
    marbles((m) => {
      const { c, sent } = client({ [A]: away('5'), [B]: away('5') })
      m.expect(c.call('createMiningUser', {})).toBeObservable('#', undefined, {
        kind: 'unavailable',
        message: 'the database is not answering; try again in 5 s',
        retryAfterSeconds: 5,
      })
      m.flush()
      expect(sent).toEqual([A, B])
    }),
  )

  it(
    'the next server answering wins: a 503 is tried elsewhere like any server failure',
    marbles((m) => {
      const { c } = client({ [A]: away('5'), [B]: { status: 200, body: JSON.stringify({ ok: true }) } })
      m.expect(c.call('createMiningUser', {})).toBeObservable('(a|)', { a: { ok: true } })
    }),
  )

  it(
    'a 503 without the code (a proxy in front, say) stays a server error',
    marbles((m) => {
      const { c } = client({
        [A]: { status: 503, body: '<html>Service Unavailable</html>' },
        [B]: { status: 503, body: '' },
      })
      m.expect(c.call('createMiningUser', {})).toBeObservable('#', undefined, {
        kind: 'server',
        status: 503,
        message: `server error 503 from ${B}`,
      })
    }),
  )

  it('reads in both languages, with the seconds', async () => {
    const error = { kind: 'unavailable', message: 'the database is not answering', retryAfterSeconds: 5 } as const
    await i18n.changeLanguage('en')
    expect(errorText(i18n.t, error)).toBe('The service is briefly unavailable. Try again in 5 s.')
    await i18n.changeLanguage('ru')
    expect(errorText(i18n.t, error)).toBe('Сервис временно недоступен. Попробуйте снова через 5 с.')
    await i18n.changeLanguage('en')
  })
})
