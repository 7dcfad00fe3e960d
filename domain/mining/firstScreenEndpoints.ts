/**
 * The mining record, read by the wallet's home too (wallet.11): on the first screen, apart from the
 * miner's other calls (./endpoints.ts), which load with its chunk.
 */
import { endpoint, none } from '../api/endpoint'
import { MiningUserAnswer } from './firstScreenCodecs'

export const miningFirstScreenEndpoints = {
  miningUser: endpoint({
    method: 'GET',
    path: '/mining/user',
    service: 'mining',
    request: none,
    response: MiningUserAnswer,
    specPath: false,
  }),
} as const
