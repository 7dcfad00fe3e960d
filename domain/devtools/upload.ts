/**
 * What one bug report may carry, on both sides: the server refuses a larger body (413) or one with
 * more JSON values (400), so the client sends the newest part of the recorded log that fits. The
 * whole log is still there for the file download.
 */
import type { AppEvent } from '../events'

/** The largest bug-report body the server takes. */
export const REPORT_MAX_BYTES = 2 * 1024 * 1024
/** The most JSON values a bug-report body may hold (2 MB of real log is some 75 000). */
export const REPORT_MAX_VALUES = 150_000
/** Kept free for what surrounds the events: format, app, recordedAt, env. */
export const REPORT_ENVELOPE_BYTES = 64 * 1024

const utf8 = new TextEncoder()

/** How many JSON values a plain value holds, itself included. */
export function jsonValueCount(value: unknown): number {
  if (Array.isArray(value)) return value.reduce<number>((n, v) => n + jsonValueCount(v), 1)
  if (typeof value === 'object' && value !== null)
    return Object.values(value).reduce<number>((n, v) => n + jsonValueCount(v), 1)
  return 1
}

/**
 * The newest events of a log that fit in one report: a contiguous tail (seq must run without a
 * gap for a replay), within the byte and value bounds less the envelope's share. A log that fits
 * whole is answered as it is.
 */
export function newestEventsThatFit(
  events: readonly AppEvent[],
  maxBytes = REPORT_MAX_BYTES,
  maxValues = REPORT_MAX_VALUES,
): readonly AppEvent[] {
  let bytes = REPORT_ENVELOPE_BYTES
  let values = 16
  let start = events.length
  while (start > 0) {
    const e = events[start - 1]
    const size = utf8.encode(JSON.stringify(e)).length + 1
    const count = jsonValueCount(e)
    if (bytes + size > maxBytes || values + count > maxValues) break
    bytes += size
    values += count
    start--
  }
  return start === 0 ? events : events.slice(start)
}
