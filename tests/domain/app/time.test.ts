import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_TIME_ZONE, isTimeZone } from '../../../domain/app/time'
import { formatDateTime } from '../../../domain/format'

const machine = process.env.TZ
afterEach(() => {
  if (machine === undefined) delete process.env.TZ
  else process.env.TZ = machine
})

// 20:30 UTC on 31 January 2026: 05:30 on 1 February in Tokyo, 15:30 on 31 January in New York.
const INSTANT = '2026-01-31T20:30:00.000Z'

describe("dates in the user's time zone", () => {
  it("one instant is two different dates in Tokyo and New York, whatever the machine's own zone", () => {
    const seen = new Set<string>()
    for (const zone of ['Pacific/Kiritimati', 'America/Adak', 'Asia/Kolkata', 'UTC']) {
      process.env.TZ = zone
      seen.add(
        JSON.stringify([
          formatDateTime(INSTANT, 'en', 'Asia/Tokyo'),
          formatDateTime(INSTANT, 'en', 'America/New_York'),
        ]),
      )
    }
    expect([...seen]).toEqual([JSON.stringify(['01/02/2026, 05:30', '31/01/2026, 15:30'])])
  })

  it('a zone Intl does not know is no zone (dates fall back to UTC)', () => {
    expect([
      isTimeZone('Europe/Berlin'),
      isTimeZone('UTC'),
      isTimeZone('Mars/Olympus_Mons'),
      isTimeZone(''),
      isTimeZone(undefined),
    ]).toEqual([true, true, false, false, false])
    expect([isTimeZone('Europe/Berlin'), isTimeZone('Mars/Olympus_Mons')]).toEqual([true, false])
    expect(DEFAULT_TIME_ZONE).toBe('UTC')
    expect(formatDateTime(INSTANT, 'en', 'Mars/Olympus_Mons')).toBe('31/01/2026, 20:30')
  })

  it('where the machine has Temporal, a zone is checked by Temporal', () => {
    const g = globalThis as { Temporal?: unknown }
    const asked: string[] = []
    g.Temporal = {
      ZonedDateTime: {
        from: ({ timeZone }: { timeZone: string }) => {
          asked.push(timeZone)
          if (timeZone !== 'Atlantic/Azores') throw new RangeError(`unknown zone ${timeZone}`)
          return {}
        },
      },
    }
    try {
      expect([isTimeZone('Atlantic/Azores'), isTimeZone('Venus/Maxwell')]).toEqual([true, false])
      expect(asked).toEqual(['Atlantic/Azores', 'Venus/Maxwell'])
    } finally {
      delete g.Temporal
    }
  })
})
