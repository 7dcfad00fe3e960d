import { describe, expect, it } from 'vitest'
import { decodeLog, encodeLog } from '../../domain/log'
import { sessionInputs, stamp } from './fixtures/events'

describe('recorded log format', () => {
  const events = stamp(sessionInputs)
  const good = encodeLog(events, { platform: 'tdesktop' }, '2026-11-22T10:00:00.000Z')

  it('an encoded log carries format 1 and the app version (app.1)', () => {
    expect(good).toMatchObject({ format: 1, app: 'v1.1.2' })
  })
  it('decodes what it encodes, from an object or from JSON text', () => {
    expect(decodeLog(good)).toEqual({ ok: true, log: good })
    expect(decodeLog(JSON.stringify(good))).toEqual({ ok: true, log: JSON.parse(JSON.stringify(good)) })
  })
  it('rejects bad JSON, other formats and broken events with one clear line', () => {
    const bad = (input: unknown) => {
      const r = decodeLog(input)
      if (r.ok) throw new Error('expected a rejection')
      expect(r.error).not.toContain('\n')
      return r.error
    }
    expect(bad('{not json')).toMatch(/^not a log: the file is not valid JSON/)
    expect(bad([])).toMatch(/expected a JSON object/)
    expect(bad({ ...good, format: 2 })).toBe('unknown log format 2: this app reads format 1')
    expect(bad({ ...good, events: 'x' })).toMatch(/^not a log: events: expected/)
    expect(bad({ ...good, events: [{ ...events[0], type: 'app/exploded' }] })).toBe(
      'event 0 (seq 1) has an unknown type "app/exploded"',
    )
    expect(bad({ ...good, events: [events[0], events[2]] })).toMatch(/seq must increase by one/)
    expect(bad({ ...good, events: [{ ...events[0], payload: null }] })).toMatch(/has no payload object/)
  })
})
