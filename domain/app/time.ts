/**
 * Dates as the user sees them: always in the user's time zone, which enters the log at launch
 * (`app/launched`'s timeZone), never in the zone of the machine that folds the log. So one log shows
 * the same dates on the user's phone, on a support engineer's laptop and in CI.
 */

/** The zone of a log recorded before launches carried one, and of a zone this machine does not know. */
export const DEFAULT_TIME_ZONE = 'UTC'

/** Zones this machine's Intl has accepted (a zone is checked on every date shown). */
const knownZones = new Set<string>()

/** Whether this is an IANA time zone that Intl knows (a log from a newer device may name one it does not). */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone === '') return false
  if (knownZones.has(zone)) return true
  try {
    // Temporal knows the same zones as Intl and checks one without loading Intl's locale data.
    const temporal = (globalThis as { Temporal?: { ZonedDateTime: { from(fields: object): unknown } } }).Temporal
    if (temporal) temporal.ZonedDateTime.from({ timeZone: zone, year: 2000, month: 1, day: 1 })
    else new Intl.DateTimeFormat('en-US', { timeZone: zone })
  } catch {
    return false
  }
  knownZones.add(zone)
  return true
}
