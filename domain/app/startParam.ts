/** The launch's start_param (app.16-18): dash-separated key/value pairs, values in base64. */
import { type ChainId, START_PARAM_CHAINS, parseChainId } from './chains'

export interface StartParams {
  swapFrom?: string
  swapTo?: string
  chainId?: ChainId
  tab?: string
  boostToOpen?: string
  alliance?: string
  ref?: string
  /** Time-travel panel in production builds: only behind this start parameter. */
  devtools?: string
}
export interface StartParamRejection {
  key: string
  value: string
  reason: string
}
export interface ParsedStartParam {
  params: StartParams
  rejected: StartParamRejection[]
}

const KNOWN_KEYS = ['swapFrom', 'swapTo', 'chainId', 'tab', 'boostToOpen', 'alliance', 'ref', 'devtools'] as const
type KnownKey = (typeof KNOWN_KEYS)[number]
const isKnownKey = (k: string): k is KnownKey => (KNOWN_KEYS as readonly string[]).includes(k)

const BASE64 = /^[A-Za-z0-9+/_]+={0,2}$/
const B64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/**
 * Decodes base64 (standard, or with '_' for '/' since start_param allows only [A-Za-z0-9_-]),
 * padding optional. Returns null unless the text decodes to printable ASCII, as an address does.
 * Written out by hand so domain/ depends on neither atob (browser) nor Buffer (Node).
 */
export function decodeBase64Text(input: string): string | null {
  if (!BASE64.test(input)) return null
  const body = input.replace(/=+$/, '').replace(/_/g, '/')
  if (body.length % 4 === 1) return null
  let bits = 0
  let value = 0
  let out = ''
  for (const ch of body) {
    value = (value << 6) | B64_ALPHABET.indexOf(ch)
    bits += 6
    if (bits >= 8) {
      bits -= 8
      const code = (value >> bits) & 0xff
      if (code < 0x20 || code > 0x7e) return null
      out += String.fromCharCode(code)
    }
  }
  return out.length > 0 ? out : null
}

/** app.16: start_param is dash-separated key/value pairs, e.g. `swapFrom-<b64>-swapTo-<b64>-chainId-42161`. */
export function parseStartParam(raw: string | null | undefined): ParsedStartParam {
  const params: StartParams = {}
  const rejected: StartParamRejection[] = []
  if (!raw) return { params, rejected }
  const parts = raw.split('-')
  for (let i = 0; i < parts.length; i += 2) {
    const key = parts[i]
    const value = parts[i + 1]
    if (value === undefined || value === '') {
      rejected.push({ key, value: '', reason: 'key without a value' })
      continue
    }
    if (!isKnownKey(key)) {
      rejected.push({ key, value, reason: 'unknown key' })
      continue
    }
    switch (key) {
      case 'swapFrom':
      case 'swapTo': {
        const address = decodeBase64Text(value)
        if (address === null) rejected.push({ key, value, reason: 'not a base64-encoded address' })
        else params[key] = address
        break
      }
      case 'chainId': {
        const chain = parseChainId(value)
        if (chain === null)
          rejected.push({ key, value, reason: `chainId must be one of ${START_PARAM_CHAINS.join(', ')}` })
        else params.chainId = chain
        break
      }
      // guilds.22: an alliance is a handle, word characters only (guilds.11; domain/guilds/rules.ts ALLIANCE_NAME).
      case 'alliance': {
        if (!/^\w{1,32}$/.test(value))
          rejected.push({ key, value, reason: 'alliance must be word characters only, at most 32' })
        else params.alliance = value
        break
      }
      default:
        params[key] = value
    }
  }
  return { params, rejected }
}
