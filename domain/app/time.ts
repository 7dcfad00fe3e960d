/**
 * Dates as the user sees them: always in the user's time zone, which enters the log at launch
 * (`app/launched`'s timeZone), never in the zone of the machine that folds the log. So one log shows
 * the same dates on the user's phone, on a support engineer's laptop and in CI.
 */

/** The zone of a log recorded before launches carried one, and of a zone this machine does not know. */
export const DEFAULT_TIME_ZONE = 'UTC'

const formatters = new Map<string, Intl.DateTimeFormat>()

/** One formatter per zone, day/month/year hour:minute parts in a 24-hour clock. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' })
    formatters.set(timeZone, f)
  }
  return f
}

/** Whether this is an IANA time zone that Intl knows (a log from a newer device may name one it does not). */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone === '') return false
  try {
    formatterFor(zone)
    return true
  } catch {
    return false
  }
}

export interface CalendarTime {
  year: number
  /** One-based: January is 1. */
  month: number
  day: number
  hour: number
  minute: number
}

/** The wall-clock date and time of an instant in a zone; null for a date that does not parse. */
export function calendarTime(instant: string | number, timeZone: string): CalendarTime | null {
  const date = new Date(instant)
  if (Number.isNaN(date.getTime())) return null
  const parts: Record<string, number> = {}
  for (const p of formatterFor(isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE).formatToParts(date)) if (p.type !== 'literal') parts[p.type] = Number(p.value)
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute }
}

const two = (n: number) => String(n).padStart(2, '0')

/** A history line's date and time: 22/11/2026, 10:05 (en) or 22.11.2026, 10:05 (ru). */
export function dateTimeText(instant: string, language: string, timeZone: string): string {
  const c = calendarTime(instant, timeZone)
  if (c === null) return instant
  const date = language === 'ru' ? `${two(c.day)}.${two(c.month)}.${c.year}` : `${two(c.day)}/${two(c.month)}/${c.year}`
  return `${date}, ${two(c.hour)}:${two(c.minute)}`
}
