/**
 * One formatter for every amount and date the user reads, in the user's language:
 * grouping and the decimal separator from Intl, decimals per the spec's display rules (wallet.4,
 * wallet.9, wallet.10, wallet.17, copyTrade.63, mining.11), a compact form when a figure would not
 * fit, and dates in the user's time zone. Amounts enter as exact decimal strings and are cut, never
 * rounded up: a balance never shows more than is there.
 */
import { DEFAULT_TIME_ZONE, isTimeZone } from './app/time'

export type DisplayLanguage = 'en' | 'ru'

/** The spec's display decimals. */
export const PLACES = {
  /** wallet.4, copyTrade.63 */
  usd: 2,
  /** wallet.9: token balances on the wallet home */
  homeBalance: 6,
  /** wallet.10, copyTrade.63, mining.11: token lists, copy trading, the mining area */
  listBalance: 4,
  /** wallet.17: transaction amounts */
  transaction: 8,
} as const

/** Numbers as each language writes them ('1,234.5', '$1.2M'; '1 234,5', '1,2 млн'). */
const NUMBER_LOCALES: Record<DisplayLanguage, string> = { en: 'en-US', ru: 'ru-RU' }
/** Dates day first in both languages (copyTrade.51): '23/11/2026', '23.11.2026'. */
const DATE_LOCALES: Record<DisplayLanguage, string> = { en: 'en-GB', ru: 'ru-RU' }

const numberFormats = new Map<string, Intl.NumberFormat>()
function numberFormat(language: DisplayLanguage, places: number, compact: boolean, fixed = false): Intl.NumberFormat {
  const key = `${language}:${places}:${compact}:${fixed}`
  let f = numberFormats.get(key)
  if (f === undefined) {
    f = new Intl.NumberFormat(NUMBER_LOCALES[language], {
      maximumFractionDigits: compact ? Math.min(places, 2) : places,
      minimumFractionDigits: fixed && !compact ? places : 0,
      roundingMode: 'trunc',
      ...(compact ? { notation: 'compact' as const } : {}),
    } as Intl.NumberFormatOptions)
    numberFormats.set(key, f)
  }
  return f
}

/** Intl formats a decimal string exactly (no float in between); `format` is typed for numbers only. */
const formatDecimalString = (f: Intl.NumberFormat, value: string) =>
  (f.format as unknown as (v: string) => string)(value)

const isZero = (value: string) => !/[1-9]/.test(value)

export interface AmountOptions {
  places: number
  language: DisplayLanguage
  /**
   * Past this many characters the figure reads shorter: fewer decimals first (cut, as ever), then,
   * for a figure of a thousand or more, the compact form ('1.23M', '1,23 млн').
   */
  maxChars?: number
  /**
   * Always `places` decimals, zeros kept ('690.5200'), so the figures of a list line up; past
   * `maxChars` such a figure reads compact at once rather than with fewer decimals.
   */
  fixed?: boolean
}

/**
 * A decimal string for display: grouped, cut to `places`. A non-zero amount too small to show
 * reads '< 0.0001' (never '0'); a figure longer than `maxChars` sheds decimals, then reads compact.
 */
export function formatAmount(value: string, { places, language, maxChars, fixed = false }: AmountOptions): string {
  const text = value.trim() === '' ? '0' : value.trim()
  const at = (p: number) => formatDecimalString(numberFormat(language, p, false, fixed), text)
  const full = at(places)
  if (!isZero(text) && isZero(full.replace(/\D/g, ''))) {
    const smallest = formatDecimalString(
      numberFormat(language, places, false),
      places === 0 ? '1' : `0.${'0'.repeat(places - 1)}1`,
    )
    return `< ${text.startsWith('-') ? '-' : ''}${smallest}`
  }
  if (maxChars === undefined || full.length <= maxChars) return full
  let shortest = full
  for (let p = fixed ? -1 : places - 1; p >= 0; p--) {
    const shorter = at(p)
    // Never down to a bare 0 for an amount that is not nothing.
    if (!isZero(text) && isZero(shorter.replace(/\D/g, ''))) break
    if (shorter.length <= maxChars) return shorter
    shortest = shorter
  }
  const whole = text.replace(/^-/, '').split(/[.,]/)[0]
  if (whole.replace(/^0+/, '').length >= 4) return formatDecimalString(numberFormat(language, places, true), text)
  return shortest
}

const fixedFormats = new Map<string, Intl.NumberFormat>()
/** A figure with exactly `places` decimals, such as a percentage: '3.20', '1,234.50'; '3,20' in Russian. */
export function formatFixed(value: number, places: number, language: DisplayLanguage): string {
  const key = `${language}:${places}`
  let f = fixedFormats.get(key)
  if (f === undefined)
    fixedFormats.set(
      key,
      (f = new Intl.NumberFormat(NUMBER_LOCALES[language], {
        minimumFractionDigits: places,
        maximumFractionDigits: places,
      })),
    )
  return f.format(value)
}

const usdFormats = new Map<DisplayLanguage, Intl.NumberFormat>()
/**
 * US dollars, 2 decimals (wallet.4), rounded to the cent as money is: '$1,234.50', '1 234,50 $'.
 * Past `maxChars`, compact ('$123.47M', '123,47 млн $'), with fewer decimals if still too long.
 */
export function formatUsdValue(usd: number, language: DisplayLanguage, maxChars?: number): string {
  let f = usdFormats.get(language)
  if (f === undefined)
    usdFormats.set(
      language,
      (f = new Intl.NumberFormat(NUMBER_LOCALES[language], {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      })),
    )
  const full = f.format(usd)
  if (maxChars === undefined || full.length <= maxChars) return full
  let compact = full
  for (const digits of [2, 1, 0]) {
    compact = new Intl.NumberFormat(NUMBER_LOCALES[language], {
      style: 'currency',
      currency: 'USD',
      notation: 'compact',
      maximumFractionDigits: digits,
    }).format(usd)
    if (compact.length <= maxChars) break
  }
  return compact
}

const dateFormats = new Map<string, Intl.DateTimeFormat>()
/**
 * A moment as the user's day and time, in their zone: '23/11/2026, 17:36' or '23.11.2026, 17:36'.
 * A date that does not parse shows as it came.
 */
export function formatDateTime(
  at: number | string | Date,
  language: DisplayLanguage,
  timeZone: string,
  withTime = true,
): string {
  const date = at instanceof Date ? at : new Date(at)
  if (Number.isNaN(date.getTime())) return String(at)
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE
  const key = `${language}:${zone}:${withTime}`
  let f = dateFormats.get(key)
  if (f === undefined) {
    f = new Intl.DateTimeFormat(DATE_LOCALES[language], {
      timeZone: zone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
    })
    dateFormats.set(key, f)
  }
  return f.format(date)
}
