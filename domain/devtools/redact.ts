/**
 * What never enters a recorded log (DESIGN §3): the init data's hash and signature, any
 * auth header, and any token or link a payment flow hands out. User-visible data (addresses,
 * amounts, names) stays, since a bug may depend on it.
 */
import type { AppEvent } from '../events'

export const REDACTED = '[redacted]'

/** Keys whose string values are secrets wherever they appear in a payload. */
export const SECRET_KEYS: ReadonlySet<string> = new Set([
  'hash',
  'signature',
  'telegramRawData',
  'initDataRaw',
  'initData',
  'tgWebAppData',
  'authorization',
  'Authorization',
  'adminToken',
  'accessToken',
  'token',
  'payUrl',
  'telegramLink',
  'invoiceLink',
  'link',
  'boc',
  'idempotencyKey',
])

/** Query-string fields that are secrets inside a string that carries init data. */
const SECRET_QUERY = /(^|[?&#\s])(hash|signature|tgWebAppData)=[^&#]*/g

function redactValue(key: string | null, value: unknown): unknown {
  if (typeof value === 'string') {
    if (key !== null && SECRET_KEYS.has(key)) return REDACTED
    return value.includes('hash=') || value.includes('signature=') || value.includes('tgWebAppData=')
      ? value.replace(SECRET_QUERY, (_m, lead: string, name: string) => `${lead}${name}=${REDACTED}`)
      : value
  }
  if (Array.isArray(value)) {
    let changed = false
    const out = value.map((v) => {
      const r = redactValue(null, v)
      if (r !== v) changed = true
      return r
    })
    return changed ? out : value
  }
  if (value !== null && typeof value === 'object') {
    let out: Record<string, unknown> | null = null
    for (const [k, v] of Object.entries(value)) {
      const r = redactValue(k, v)
      if (r !== v) (out ??= { ...(value as Record<string, unknown>) })[k] = r
    }
    return out ?? value
  }
  return value
}

/** The event as it may be recorded: the same object when there is nothing to hide. */
export function redactEvent(e: AppEvent): AppEvent {
  const payload = redactValue(null, e.payload)
  return payload === e.payload ? e : ({ ...e, payload } as AppEvent)
}
