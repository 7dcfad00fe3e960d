/** A bug report carries the newest part of the recorded log that the server takes. */
import { describe, expect, it } from 'vitest'
import {
  REPORT_ENVELOPE_BYTES,
  REPORT_MAX_BYTES,
  REPORT_MAX_VALUES,
  jsonValueCount,
  newestEventsThatFit,
} from '../../../domain/devtools/upload'
import { checkEvents } from '../../../domain/log'
import { generateSession } from '../fixtures/generate'

const bytes = (v: unknown) => new TextEncoder().encode(JSON.stringify(v)).length

describe('newestEventsThatFit', () => {
  it('a log that fits is sent whole', () => {
    const events = generateSession(300)
    expect(newestEventsThatFit(events)).toBe(events)
  })

  it('a long session keeps its newest events, without a gap, within the byte and value bounds', () => {
    const events = generateSession(20_000)
    expect(bytes(events)).toBeGreaterThan(REPORT_MAX_BYTES)
    const sent = newestEventsThatFit(events)
    expect(sent.length).toBeGreaterThan(500)
    expect(sent.length).toBeLessThan(events.length)
    expect(sent.at(-1)).toBe(events.at(-1))
    expect(checkEvents(sent)).toBeNull()
    expect(bytes(sent)).toBeLessThanOrEqual(REPORT_MAX_BYTES - REPORT_ENVELOPE_BYTES)
    expect(jsonValueCount(sent)).toBeLessThanOrEqual(REPORT_MAX_VALUES)
    // One more event would not have fitted.
    const more = events.slice(events.length - sent.length - 1)
    expect(
      bytes(more) > REPORT_MAX_BYTES - REPORT_ENVELOPE_BYTES - 64 || jsonValueCount(more) > REPORT_MAX_VALUES - 16,
    ).toBe(true)
  })

  it('the value bound holds for events made of many small values', () => {
    const events = generateSession(2_000)
    const sent = newestEventsThatFit(events, REPORT_MAX_BYTES, 5_000)
    expect(jsonValueCount(sent)).toBeLessThanOrEqual(5_000)
    expect(sent.at(-1)).toBe(events.at(-1))
  })

  it('counts JSON values as the server does: every object, array and leaf', () => {
    expect(jsonValueCount({ a: [1, 2, { b: null }], c: 'x' })).toBe(7)
  })
})
