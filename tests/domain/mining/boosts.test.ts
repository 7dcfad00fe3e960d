/**
 * Boosts in the mining model: extra speed over a span of time, integrated piecewise, so a
 * boost that starts or ends inside a window counts from that very millisecond, in a claim and in a
 * burn alike.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type Boost,
  CLAIM_WINDOW_MS,
  HOUR_MS,
  type MiningClock,
  accruedAt,
  claim,
  earnedBetween,
  settle,
  speedAt,
} from '../../../domain/mining/accrual'

const T0 = Date.UTC(2026, 10, 23, 12, 0, 0)
const BASE = 1_500_000_000n // 1.5 SWITCH an hour
const BOOST = 50_000_000n // +0.05 SWITCH an hour (tasks.66's per dollar)
const clock = (boosts: Boost[] = [], speed = BASE): MiningClock => ({
  windowStart: T0,
  accrued: 0n,
  accruedAt: T0,
  speed,
  boosts,
})
const claimAt = (m: MiningClock, now: number) => claim(settle(m, now).state, now)

const boostArb = fc
  .record({
    from: fc.integer({ min: -CLAIM_WINDOW_MS, max: 4 * CLAIM_WINDOW_MS }),
    length: fc.integer({ min: 1, max: 3 * CLAIM_WINDOW_MS }),
    speed: fc.bigInt({ min: 1n, max: 10n ** 12n }),
  })
  .map(({ from, length, speed }): Boost => ({ from: T0 + from, to: T0 + from + length, speed }))

describe('mining boosts', () => {
  it('a boost from 2 h to 3 h into the window adds exactly one hour of its speed to the claim at 6 h', () => {
    const boosted = clock([{ from: T0 + 2 * HOUR_MS, to: T0 + 3 * HOUR_MS, speed: BOOST }])
    expect(claimAt(boosted, T0 + CLAIM_WINDOW_MS).amount).toBe(BASE * 6n + BOOST)
    // read halfway through the boost: half an hour of it
    expect(accruedAt(boosted, T0 + 2.5 * HOUR_MS)).toBe((BASE * 5n) / 2n + BOOST / 2n)
    // before it starts and after it ends, the base speed alone
    expect(speedAt(boosted, T0 + 2 * HOUR_MS - 1)).toBe(BASE)
    expect(speedAt(boosted, T0 + 2 * HOUR_MS)).toBe(BASE + BOOST)
    expect(speedAt(boosted, T0 + 3 * HOUR_MS)).toBe(BASE)
  })

  it('a boost that runs on past a claim keeps counting in the next window', () => {
    const boosted = clock([{ from: T0 + 5 * HOUR_MS, to: T0 + 9 * HOUR_MS, speed: BOOST }])
    const first = claimAt(boosted, T0 + CLAIM_WINDOW_MS)
    expect(first.amount).toBe(BASE * 6n + BOOST)
    const second = claimAt(first.state, T0 + 2 * CLAIM_WINDOW_MS)
    expect(second.amount).toBe(BASE * 6n + BOOST * 3n)
  })

  it('missed windows burn what the boosts added in them too, no more', () => {
    // the boost covers the last hour of window 1 and the first two of window 2; the user returns in window 4
    const boosted = clock([{ from: T0 + 5 * HOUR_MS, to: T0 + 8 * HOUR_MS, speed: BOOST }])
    const { burn, state } = settle(boosted, T0 + 3 * CLAIM_WINDOW_MS + 1)
    expect(burn?.windows).toBe(3)
    expect(burn?.amount).toBe(BASE * 18n + BOOST * 3n)
    expect(state.windowStart).toBe(T0 + 3 * CLAIM_WINDOW_MS)
  })

  it('what accrues over a span is the sum of its parts, to the nano (one rounding per part)', () => {
    fc.assert(
      fc.property(
        fc.array(boostArb, { maxLength: 4 }),
        fc.integer({ min: 0, max: 4 * CLAIM_WINDOW_MS }),
        fc.integer({ min: 0, max: 4 * CLAIM_WINDOW_MS }),
        (boosts, x, y) => {
          const [a, b] = [T0 + Math.min(x, y), T0 + Math.max(x, y)]
          const m = clock(boosts)
          const whole = earnedBetween(m, a, b)
          const t = a + Math.floor((b - a) / 3)
          const parts = earnedBetween(m, a, t) + earnedBetween(m, t, b)
          expect(whole - parts >= 0n && whole - parts <= 1n).toBe(true)
          // exactly the integral of the piecewise speed, rounded down once
          let integral = BASE * BigInt(b - a)
          for (const boost of boosts)
            integral += boost.speed * BigInt(Math.max(0, Math.min(boost.to, b) - Math.max(boost.from, a)))
          expect(whole).toBe(integral / BigInt(HOUR_MS))
        },
      ),
    )
  })

  it('nothing is lost or made twice: claimed plus burned is what the speed and boosts earned from the start', () => {
    fc.assert(
      fc.property(
        fc.array(boostArb, { maxLength: 3 }),
        fc.array(fc.integer({ min: 1, max: 2 * CLAIM_WINDOW_MS }), { minLength: 1, maxLength: 6 }),
        (boosts, gaps) => {
          let m = clock(boosts)
          let now = T0
          let total = 0n
          for (const gap of gaps) {
            now += gap
            const settled = settle(m, now)
            total += settled.burn?.amount ?? 0n
            const c = claim(settled.state, now)
            total += c.amount
            m = c.state
          }
          const earned = earnedBetween(clock(boosts), T0, now)
          // every claim and burn rounds down once: at most one nano per claim and per burn short
          expect(earned - total >= 0n && earned - total <= BigInt(2 * gaps.length)).toBe(true)
        },
      ),
    )
  })
})
