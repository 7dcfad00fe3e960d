/** What the real HTTP client makes of one answer on the wire, at once: a value, or what it failed with. */
import { of } from 'rxjs'
import type { EndpointName } from '../../../domain/api/endpoints'
import { endpoints } from '../../../domain/api/endpoints'
import { createHttpClient } from '../../../streams/http/client'

export type ClientOutcome = { value: unknown } | { error: unknown }

export function answerThroughClient(name: EndpointName, answer: { status: number; text: string }): ClientOutcome {
  const api = createHttpClient({
    servers: { wallet: ['http://wallet.test'], mining: ['http://mining.test'] },
    initDataRaw: () => 'user=%7B%7D&auth_date=1&hash=x&signature=y',
    transport: () => of({ status: answer.status, body: answer.text }),
  })
  api.addEndpoints(endpoints)
  let outcome: ClientOutcome | null = null
  try {
    api
      .call(name, {} as never)
      .subscribe({ next: (value) => (outcome = { value }), error: (error: unknown) => (outcome = { error }) })
  } catch (error) {
    return { error: { thrown: error } }
  }
  if (outcome === null) throw new Error(`${name}: the client neither answered nor failed at once`)
  return outcome
}
