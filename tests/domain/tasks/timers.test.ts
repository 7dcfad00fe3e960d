/** Verification timers (tasks.24-31): lengths, the random cut, the 24 h scale, red, days and hours, what a reload keeps. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_VERIFY_SECONDS,
  SCALE_MS,
  VERIFY_SECONDS,
  countdown,
  isUrgent,
  liveTimers,
  progressLeft,
  randomCut,
  timerMs,
} from '../../../domain/tasks/timers'

describe('verification timers', () => {
  it('[tasks.27] each code waits its own seconds', () => {
    expect(VERIFY_SECONDS).toEqual({
      emoji: 60,
      duckChain: 60,
      cube: 55,
      yesCoin: 66,
      roolz: 62,
      pigs: 63,
      pigsChannel: 63,
      tomarket: 59,
      goats: 60,
      bitgetChannel: 51,
      bitgetSite: 52,
      duckCoop: 57,
      bigpumpChannel: 61,
      kombat: 58,
    })
    for (const [code, seconds] of Object.entries(VERIFY_SECONDS)) expect(timerMs(code, null)).toBe(seconds * 1000)
    expect(timerMs('someNewChannel', null)).toBe(DEFAULT_VERIFY_SECONDS * 1000)
  })

  it('[tasks.28] when requested, a random 1 to 10 whole seconds is taken off', () => {
    expect(randomCut(0)).toBe(1)
    expect(randomCut(0.0999)).toBe(1)
    expect(randomCut(0.1)).toBe(2)
    expect(randomCut(0.9999999)).toBe(10)
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (next) => {
        const cut = randomCut(next)
        expect(Number.isInteger(cut) && cut >= 1 && cut <= 10).toBe(true)
        expect(timerMs('cube', cut)).toBe((55 - cut) * 1000)
      }),
    )
  })

  it('[tasks.29] [tasks.30] progress is the share of 24 h left, red at 25 % or less', () => {
    expect(progressLeft(SCALE_MS)).toBe(1)
    expect(progressLeft(2 * SCALE_MS)).toBe(1)
    expect(progressLeft(SCALE_MS / 2)).toBe(0.5)
    expect(progressLeft(-5)).toBe(0)
    expect(isUrgent(SCALE_MS / 4)).toBe(true)
    expect(isUrgent(SCALE_MS / 4 + 1)).toBe(false)
    expect(isUrgent(60_000)).toBe(true)
  })

  it('[tasks.31] over 24 h a countdown shows days and hours; within it, hours, minutes and seconds', () => {
    expect(countdown(24 * 3_600_000)).toEqual({ kind: 'clock', hours: 24, minutes: 0, seconds: 0 })
    expect(countdown(24 * 3_600_000 + 1000)).toEqual({ kind: 'days', days: 1, hours: 0 })
    expect(countdown(3 * 86_400_000 + 5 * 3_600_000 + 59 * 60_000)).toEqual({ kind: 'days', days: 3, hours: 5 })
    expect(countdown(61_500)).toEqual({ kind: 'clock', hours: 0, minutes: 1, seconds: 2 })
    expect(countdown(-1)).toEqual({ kind: 'clock', hours: 0, minutes: 0, seconds: 0 })
  })

  it('keeps only stored timers that still run and read right', () => {
    const now = 1_000_000
    expect(
      liveTimers(
        [
          { code: 'cube', endsAt: now + 1 },
          { code: 'kombat', endsAt: now },
          { code: 3, endsAt: now + 5 },
          null,
          { code: 'x' },
        ],
        now,
      ),
    ).toEqual([{ code: 'cube', endsAt: now + 1 }])
    expect(liveTimers('garbage', now)).toEqual([])
  })
})
