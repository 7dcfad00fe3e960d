/** Preset swaps (doc 1 §3, §7; swap.46-50): the preset tokens and share links for a pair. */
import { Hono } from 'hono'
import { endpoints } from '../../domain/api/endpoints'
import { parseStartParam } from '../../domain/app/startParam'
import type { AppEnv } from '../kernel/auth'
import { type Catalogue, type CatalogueToken, type ChainId, chainKey, tokenView } from '../kernel/catalogue'
import { BadRequest, decodeOrThrow, jsonBody } from '../kernel/validate'

/** swap.50: the preset tokens, in the spec's order. */
const PRESETS: readonly [ChainId, string][] = [
  ['TON', 'TON'],
  ['TON', 'tsTON'],
  [42161, 'USDT'],
  [42161, 'ZRO'],
  ['TON', 'PUNK'],
]

export function presetRoutes(catalogue: Catalogue) {
  const app = new Hono<AppEnv>()
  app.get('/getPresetTokens', (c) => {
    const q = decodeOrThrow(endpoints.presetTokens.request, c.req.query())
    const { params } = parseStartParam(q.startParam)
    const named = (address: string | undefined) => {
      const token =
        address === undefined || params.chainId === undefined ? undefined : catalogue.find(params.chainId, address)
      return token ? tokenView(token) : null
    }
    const presets = PRESETS.flatMap(([chainId, symbol]) => {
      const token = catalogue.bySymbol(chainId, symbol)
      return token ? [tokenView(token)] : []
    })
    return c.json({ from: named(params.swapFrom), to: named(params.swapTo), presets })
  })

  app.post('/createPresetSwap', async (c) => {
    const req = decodeOrThrow(endpoints.createPresetSwap.request, await jsonBody(c))
    const from = catalogue.find(req.from.chainId, req.from.address)
    if (!from) throw new BadRequest(`unknown token ${req.from.address} on ${chainKey(req.from.chainId)}`, 'from')
    const to = catalogue.find(req.to.chainId, req.to.address)
    if (!to) throw new BadRequest(`unknown token ${req.to.address} on ${chainKey(req.to.chainId)}`, 'to')
    if (from.chainId !== to.chainId) throw new BadRequest('a preset swap is within one chain', 'to')
    if (from === to) throw new BadRequest('the token to receive is the token to send', 'to')
    return c.json({ startParam: presetStartParam(from, to) })
  })

  return app
  return app
}

/**
 * swap.46: `swapFrom-<b64>-swapTo-<b64>-chainId-<chain>`. start_param allows only [A-Za-z0-9_-]
 * and '-' separates its pairs, so the base64 writes '_' for '/' and drops the '=' padding.
 */
export function presetStartParam(
  from: Pick<CatalogueToken, 'address' | 'chainId'>,
  to: Pick<CatalogueToken, 'address'>,
): string {
  return `swapFrom-${startParamBase64(from.address)}-swapTo-${startParamBase64(to.address)}-chainId-${chainKey(from.chainId)}`
}

export function startParamBase64(text: string): string {
  const encoded = Buffer.from(text, 'utf8').toString('base64').replace(/=+$/, '').replace(/\//g, '_')
  // '+' needs a '>' or '~' in the text, which no address has.
  if (!/^[A-Za-z0-9_]+$/.test(encoded)) throw new BadRequest(`${text} cannot be written into a start parameter`, 'from')
  return encoded
}
