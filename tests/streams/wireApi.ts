/**
 * An Api for epic tests that sees the wire: the client's own HTTP client (streams/http/client.ts)
 * over the endpoint table, with a transport that records each request and answers it as the test
 * says (status and body, decoded by the endpoint's codec as in the app). `fakeApi` sees a call's
 * name and request object only; an epic test that cites a rule with a wire clause (method, payload,
 * no body, an answer's fields) uses this instead.
 */
import type { Observable } from 'rxjs'
import { endpoints } from '../../domain/api/endpoints'
import { type HttpResponse, createHttpClient } from '../../streams/http/client'
import type { HttpRequest } from '../../streams/http/request'

/** A request as it went out: method, path, query and the parsed body (undefined: none). */
export interface OnTheWire {
  method: 'GET' | 'POST'
  path: string
  query: Record<string, string>
  body: unknown
  contentType: string | undefined
}

export function wireApi(answer: (req: HttpRequest) => Observable<HttpResponse>) {
  const sent: HttpRequest[] = []
  const api = createHttpClient({
    servers: { wallet: ['https://wallet.example'], mining: ['https://game.example'] },
    initDataRaw: () => 'init-data',
    transport: (req) => {
      sent.push(req)
      return answer(req)
    },
  })
  api.addEndpoints(endpoints)
  const wire = (): OnTheWire[] =>
    sent.map((r) => {
      const url = new URL(r.url)
      return {
        method: r.method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: r.body === undefined ? undefined : (JSON.parse(r.body) as unknown),
        contentType: r.headers['content-type'],
      }
    })
  return { api, sent, wire }
}

/** An answer of `status` with `body` as JSON. */
export const answer = (status: number, body: unknown): HttpResponse => ({ status, body: JSON.stringify(body) })
