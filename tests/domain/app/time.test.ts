import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_TIME_ZONE, calendarTime, dateTimeText, isTimeZone } from '../../../domain/app/time'

const machine = process.env.TZ
afterEach(() => {
  if (machine === undefined) delete process.env.TZ
  else process.env.TZ = machine
})

// 20:30 UTC on 31 January 2026: 05:30 on 1 February in Tokyo, 15:30 on 31 January in New York.
const INSTANT = '2026-01-31T20:30:00.000Z'

describe("dates in the user's time zone", () => {
  it('one instant is two different dates in Tokyo and New York', () => {
    expect(calendarTime(INSTANT, 'Asia/Tokyo')).toEqual({ year: 2026, month: 2, day: 1, hour: 5, minute: 30 })
    expect(calendarTime(INSTANT, 'America/New_York')).toEqual({ year: 2026, month: 1, day: 31, hour: 15, minute: 30 })
    expect(calendarTime(Date.parse(INSTANT), 'UTC')).toEqual({ year: 2026, month: 1, day: 31, hour: 20, minute: 30 })
  })

  it('history dates read day/month/year, hour:minute (en) or with dots (ru), in the zone given', () => {
    expect(dateTimeText(INSTANT, 'en', 'Asia/Tokyo')).toBe('01/02/2026, 05:30')
    expect(dateTimeText(INSTANT, 'ru', 'America/New_York')).toBe('31.01.2026, 15:30')
    expect(dateTimeText('2026-06-01T00:00:00.000Z', 'en', 'UTC')).toBe('01/06/2026, 00:00')
  })

  it("the machine's own zone changes nothing", () => {
    const seen = new Set<string>()
    for (const zone of ['Pacific/Kiritimati', 'America/Adak', 'Asia/Kolkata', 'UTC']) {
      process.env.TZ = zone
      seen.add(JSON.stringify([dateTimeText(INSTANT, 'en', 'Asia/Tokyo'), dateTimeText(INSTANT, 'en', 'America/New_York')]))
    }
    expect([...seen]).toEqual([JSON.stringify(['01/02/2026, 05:30', '31/01/2026, 15:30'])])
  })

  it('a zone Intl does not know is no zone (dates fall back to UTC); text that is not a date shows as it came', () => {
    expect([isTimeZone('Europe/Berlin'), isTimeZone('UTC'), isTimeZone('Mars/Olympus_Mons'), isTimeZone(''), isTimeZone(undefined)]).toEqual([true, true, false, false, false])
    expect(DEFAULT_TIME_ZONE).toBe('UTC')
    expect(dateTimeText(INSTANT, 'en', 'Mars/Olympus_Mons')).toBe('31/01/2026, 20:30')
    expect(dateTimeText('soon', 'en', 'UTC')).toBe('soon')
  })
})
