/** The payments module's settings from the environment (docs/payments.md, "TON payments and TonConnect"). */
import { accountOf } from '../kernel/addresses'
import { type ConfigPart, isHttpUrl } from '../kernel/config'
import type { Product } from './orders'

export interface PaymentsConfig {
  /**
   * The service wallet TON payments go to (SERVICE_TON_ADDRESS; required in production). Unset in
   * dev mode and tests: a fixed address derived from a name (server/payments/ton.ts).
   */
  serviceTonAddress?: string
  /**
   * The TON HTTP API the watcher reads (TON_API_URL, toncenter v3 style; TON_API_KEY sent as
   * X-API-Key). Production: toncenter by default. Unset in dev mode: the in-process stand-in.
   */
  tonApi?: { url: string; apiKey?: string }
  /** How often the TON watcher reads the service wallet (TON_WATCH_INTERVAL_MS); 0 or unset: never. */
  tonWatchIntervalMs?: number
  /** Products besides the app's own, by name (tests: a product of their own to order and pay). */
  products?: Readonly<Record<string, Product>>
}

/** The TON HTTP API a production server reads unless TON_API_URL says otherwise. */
export const DEFAULT_TON_API_URL = 'https://toncenter.com'

export const paymentsConfig: ConfigPart<PaymentsConfig> = {
  fromEnv(env, mode) {
    const serviceTon = env.SERVICE_TON_ADDRESS?.trim() || undefined
    if (mode === 'production' && serviceTon === undefined)
      return {
        error:
          'SERVICE_TON_ADDRESS is required in production (NODE_ENV=production): TON payments go to it, refusing to start with the dev address nobody holds',
      }
    if (serviceTon !== undefined && accountOf('TON', serviceTon) === null)
      return { error: `SERVICE_TON_ADDRESS must be a TON address, not "${serviceTon}"` }
    const tonApiUrl = env.TON_API_URL ?? (mode === 'production' ? DEFAULT_TON_API_URL : undefined)
    if (tonApiUrl !== undefined && !isHttpUrl(tonApiUrl))
      return { error: `TON_API_URL must be an http(s) URL, not "${tonApiUrl}"` }
    const tonWatch = Number(env.TON_WATCH_INTERVAL_MS ?? 10_000)
    if (!Number.isInteger(tonWatch) || tonWatch < 0)
      return { error: 'TON_WATCH_INTERVAL_MS must be a whole number of milliseconds (0 turns the TON watcher off)' }
    return {
      serviceTonAddress: serviceTon,
      tonApi: tonApiUrl === undefined ? undefined : { url: tonApiUrl, apiKey: env.TON_API_KEY || undefined },
      tonWatchIntervalMs: tonWatch,
    }
  },
  secrets: (config) => [config.tonApi?.apiKey],
}
