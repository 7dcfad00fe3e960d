import * as t from 'io-ts'

export type Service = 'wallet' | 'mining'

/**
 * The <meta> names under which a server in dev mode hands its page each service's server list
 * (comma-separated URLs, as VITE_WALLET_SERVERS and VITE_MINING_SERVERS), used instead of the
 * build's: a browser test puts a proxy first (tests/e2e/failover.test.ts). A production server
 * never writes them (server/app.ts).
 */
export const SERVED_SERVERS_META: Record<Service, string> = {
  wallet: 'switch:wallet-servers',
  mining: 'switch:mining-servers',
}

/**
 * One call of the contract. The request object goes to the query string for GET and to the JSON
 * body for POST, except `:name` path parameters and the fields named in `headerFields` (and, for a
 * POST, `queryFields`), which are taken out of it first.
 */
export interface Endpoint<Req, Res> {
  method: 'GET' | 'POST'
  path: string
  service: Service
  request: t.Type<Req, unknown, unknown>
  response: t.Type<Res, unknown, unknown>
  /** Request fields sent as headers instead (`walletindex` of /v2/tc/swap). */
  headerFields?: readonly string[]
  /** A POST's request fields sent in the query string instead (`alliance` of set alliance, doc 2 §7). */
  queryFields?: readonly string[]
  /** A POST the spec sends with no body (mining.3, tasks.22, tasks.32, tasks.48, tasks.49, tasks.54): no body and no content-type. */
  noBody?: true
  /** True where the spec names the path; false where the path is our choice (DESIGN §4). */
  specPath: boolean
}

export const endpoint = <Req, Res>(e: Endpoint<Req, Res>): Endpoint<Req, Res> => e

/** The request of a call that sends nothing of its own. */
export const none = t.type({})

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RequestOf<E> = E extends Endpoint<infer Req, any> ? Req : never
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ResponseOf<E> = E extends Endpoint<any, infer Res> ? Res : never
