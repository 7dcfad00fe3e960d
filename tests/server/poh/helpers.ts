/** PoH tests' helpers: the calls, their answers decoded with the client's codecs, the code read from the wallet history. */
import { isRight } from 'fp-ts/lib/Either'
import { PathReporter } from 'io-ts/lib/PathReporter'
import type * as t from 'io-ts'
import { expect } from 'vitest'
import { PohInfo, PohTransactionAnswer } from '../../../domain/poh/codecs'
import { HistoryPage } from '../../../domain/wallet/codecs'
import type { RunningServer } from '../../../server/app'
import { POH } from '../../../server/poh/seed'
import { NEVER, Subject, tap } from 'rxjs'
import { endpoints } from '../../../domain/api/endpoints'
import type { EventInput } from '../../../domain/events'
import type { HttpRequest } from '../../../streams/http/request'
import { createHttpClient, fetchTransport } from '../../../streams/http/client'
import { POH_WALLET } from '../../../streams/poh/epics'
import type { Epic } from '../../../streams/store'
import { signInitData } from '../../../server/kernel/auth'
import { fakeDeps, fakeTelegram, storeHarness } from '../../streams/fakes'
import { FAKE_TON_WALLET, fakeTonConnect } from '../../streams/payments/fakeTonConnect'
import { type Answer, TEST_BOT, type User, call } from '../helpers'

export const decodes = <C extends t.Mixed>(codec: C, body: unknown): t.TypeOf<C> => {
  const r = codec.decode(body)
  expect(isRight(r), `${JSON.stringify(body)}: ${PathReporter.report(r).join('; ')}`).toBe(true)
  return body as t.TypeOf<C>
}

type Server = Pick<RunningServer, 'url' | 'db' | 'jobs'>

export async function statusOf(server: Server, user: User): Promise<string | undefined> {
  const info = await call(server, '/v2/poh/info', user)
  expect(info.status).toBe(200)
  return decodes(PohInfo, info.body).inProgressStatus
}

let taps = 0
export async function pay(
  server: Server,
  user: User,
  payType: 'internal' | 'star' | 'external',
  idempotencyKey = `poh-tap-${++taps}-${Date.now()}`,
): Promise<Answer> {
  const answer = await call(server, '/v2/poh/transaction', user, { payType, idempotencyKey })
  if (answer.status === 200) decodes(PohTransactionAnswer, answer.body)
  return answer
}

/** The user's in-app TON (account 0) in nanotons. */
export async function tonNano(server: Server, userId: number): Promise<bigint> {
  const [row] = await server.db.query<{ units: string }>(
    "SELECT units::text AS units FROM balances WHERE user_id = $1 AND account_index = 0 AND chain_id = 'TON' AND token_address = 'native'",
    [userId],
  )
  return BigInt(row?.units ?? '0')
}

/** The codes the user's wallet history shows, newest first: the comments of the service wallet's small deposits. */
export async function codesInHistory(server: Server, user: User): Promise<string[]> {
  const history = await call(server, '/history?limit=50&offset=0&accountIndex=0', user)
  expect(history.status).toBe(200)
  // The client's history codec reads the entry and its comment (what the entry's detail screen shows).
  const comments = decodes(HistoryPage, history.body)
    .filter(
      (e) =>
        e.type === 'deposit' &&
        e.symbol === 'TON' &&
        e.amount === POH.codeNano.toString() &&
        e.comment?.startsWith(POH.codeComment('')),
    )
    .map((e) => e.comment as string)
  return comments.map((c) => c.slice(POH.codeComment('').length))
}

/** A six-digit code that is not `code`. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

/**
 * The client's own calls on the wire: its epic, its HTTP client (requests built from the endpoint
 * table), this server. What went out and what came back are recorded at the transport.
 */
export function onTheWire(server: Pick<RunningServer, 'url'>, user: User, events: EventInput[], epic: Epic) {
  const sent: HttpRequest[] = []
  const answered: number[] = []
  const client = createHttpClient({
    servers: { wallet: [server.url], mining: [server.url] },
    initDataRaw: () => signInitData({ botToken: TEST_BOT, user }),
    transport: (req) => {
      sent.push(req)
      return fetchTransport(req).pipe(tap((r) => answered.push(r.status)))
    },
  })
  client.addEndpoints(endpoints)
  const h = storeHarness(events)
  const input = new Subject<EventInput>()
  const out: string[] = []
  const telegram = { ...fakeTelegram(), openInvoice: () => NEVER }
  const tonConnect = fakeTonConnect({ wallet: { ...FAKE_TON_WALLET, appName: POH_WALLET.production } })
  const running = epic(h.feed(input), h.state$, fakeDeps({ api: client, telegram, tonConnect })).subscribe({
    next: (x) => {
      out.push(x.type)
      h.apply(x)
    },
    error: (e: unknown) => out.push(`error: ${String(e)}`),
  })
  return { sent, answered, out, tap: (x: EventInput) => input.next(x), stop: () => running.unsubscribe() }
}
