/**
 * The swap's preset pairs, read by the banners too (banners.5: is PUNK listed): on the first
 * screen, apart from the swap's other calls (./endpoints.ts), which load with its chunk.
 */
import { endpoint } from '../api/endpoint'
import * as SW from './codecs'

export const swapFirstScreenEndpoints = {
  presetTokens: endpoint({
    method: 'GET',
    path: '/getPresetTokens',
    service: 'wallet',
    request: SW.PresetTokensQuery,
    response: SW.PresetTokens,
    specPath: true,
  }),
} as const
