/**
 * Every call of both spec documents, in one table: method, path, service, request and response
 * codecs. Paths the spec does not name (`specPath: false`) are chosen here once and used by both the
 * client and the reference server. Three parts: ./walletEndpoints.ts, which the first screen carries,
 * ./flowEndpoints.ts (the wallet's send, picker, swap and copy trading) and ./gameEndpoints.ts, which
 * the client adds when one of their features loads (streams/features.ts); the server and the tests
 * use the whole table.
 */
import { walletEndpoints } from './walletEndpoints'
import { flowEndpoints } from './flowEndpoints'
import { gameEndpoints } from './gameEndpoints'

export const endpoints = { ...walletEndpoints, ...flowEndpoints, ...gameEndpoints } as const

export type Endpoints = typeof endpoints
export type EndpointName = keyof Endpoints
