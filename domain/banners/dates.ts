import type { DisplayLanguage } from '../format'

const LOCALES: Record<DisplayLanguage, string> = { en: 'en-GB', ru: 'ru-RU' }

/**
 * banners.10: a calendar day (YYYY-MM-DD) written out in the language: '17 December 2024',
 * '17 декабря 2024 г.'. A day, not a moment: read in UTC, so no time zone moves it to the 16th.
 */
export function formatCalendarDay(day: string, language: DisplayLanguage): string {
  const at = Date.parse(`${day}T00:00:00Z`)
  if (Number.isNaN(at)) return day
  return new Intl.DateTimeFormat(LOCALES[language], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(at)
}
