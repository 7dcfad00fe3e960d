/**
 * Numbers and dates as a screen shows them: domain/format.ts in the user's language (the one the
 * texts are in) and time zone (from the launch). Screens call this and never build Intl themselves.
 */
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { type DisplayLanguage, formatAmount, formatDateTime, formatFixed, formatUsdValue } from '../../domain/format'
import { selectTimeZone } from './selectors'
import { useAppState } from './store'

export { PLACES } from '../../domain/format'

/**
 * How many characters a figure may take where it stands, measured on a 320 px screen; past it the
 * figure sheds decimals, then reads compact (formatAmount's maxChars).
 */
export const FITS = {
  /** A figure that has the screen's width to itself (the wallet's total, a success), its font stepping down to 30 px. */
  total: 16,
  /** A cell's right-hand figure beside a token's symbol: '1,234,567.1234'. */
  cell: 14,
  /** The same beside a chevron. */
  cellWithChevron: 11,
  /** A cell's figure beside a title and a subtitle that need their room: a token's name, a wallet's address. */
  list: 10,
  /** A figure in a line of text beside a control (the swap's balance and its Max). */
  inline: 12,
  /** The swap's amount to receive beside its token button. */
  hero: 12,
  /** Each half of the swap review, side by side. */
  summary: 10,
  /** A route step's amounts beside the step's name. */
  step: 10,
} as const

export interface Format {
  language: DisplayLanguage
  /** A token amount (exact decimal string) cut to `places`, grouped: '1,234.5', '1 234,5', '< 0.0001'. */
  amount(value: string, places: number, maxChars?: number): string
  /** US dollars to the cent: '$1,234.50', '1 234,50 $'; compact past `maxChars`. */
  usd(value: number, maxChars?: number): string
  /** A figure with exactly `places` decimals (a percentage): '3.20', '3,20'. */
  fixed(value: number, places: number): string
  /** A moment in the user's zone: '23/11/2026, 17:36', '23.11.2026, 17:36'; the day only without time. */
  date(at: number | string | Date, withTime?: boolean): string
}

export const displayLanguage = (language: string | undefined): DisplayLanguage => (language === 'ru' ? 'ru' : 'en')

export function makeFormat(language: DisplayLanguage, timeZone: string): Format {
  return {
    language,
    amount: (value, places, maxChars) => formatAmount(value, { places, language, maxChars }),
    usd: (value, maxChars) => formatUsdValue(value, language, maxChars),
    fixed: (value, places) => formatFixed(value, places, language),
    date: (at, withTime = true) => formatDateTime(at, language, timeZone, withTime),
  }
}

export function useFormat(): Format {
  const { i18n } = useTranslation()
  const language = displayLanguage(i18n.language)
  const timeZone = useAppState(selectTimeZone)
  return useMemo(() => makeFormat(language, timeZone), [language, timeZone])
}
