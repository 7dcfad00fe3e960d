/** The mining model at its boundaries: exactly 6 h, 6 h + 1 ms, missed windows, speed changes. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  CLAIM_WINDOW_MS,
  HOUR_MS,
  type MiningClock,
  accruedAt,
  changeSpeed,
  claim,
  deadlineOf,
  earned,
  pohBonus,
  settle,
} from '../../../domain/mining/accrual'

const T0 = Date.UTC(2026, 10, 23, 12, 0, 0)
const SPEED = 1_500_000_000n // 1.5 SWITCH an hour
const fresh = (speed = SPEED, start = T0): MiningClock => ({ windowStart: start, accrued: 0n, accruedAt: start, speed })
/** Settles, then claims: what a claim request at `now` credits. */
const claimAt = (m: MiningClock, now: number) => claim(settle(m, now).state, now)

describe('mining accrual', () => {
  it('[mining.4] SWITCH accrues at the speed per hour, read at any moment, rounded down to the nano', () => {
    expect(accruedAt(fresh(), T0 + HOUR_MS)).toBe(SPEED)
    expect(accruedAt(fresh(), T0 + HOUR_MS / 2)).toBe(SPEED / 2n)
    expect(accruedAt(fresh(1n), T0 + HOUR_MS - 1)).toBe(0n)
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.integer({ min: 0, max: CLAIM_WINDOW_MS }),
        (speed, ms) => {
          const got = accruedAt(fresh(speed), T0 + ms)
          // exact: speed x ms / 1 h, rounded down
          expect(got).toBe((speed * BigInt(ms)) / BigInt(HOUR_MS))
        },
      ),
    )
  })

  it('[mining.5] a claim at exactly 6 h takes the whole window; at 6 h + 1 ms the window has burned whole', () => {
    const atDeadline = claimAt(fresh(), T0 + CLAIM_WINDOW_MS)
    expect(atDeadline.amount).toBe(SPEED * 6n)
    expect(settle(fresh(), T0 + CLAIM_WINDOW_MS).burn).toBeNull()

    const late = settle(fresh(), T0 + CLAIM_WINDOW_MS + 1)
    expect(late.burn).toEqual({ from: T0, to: T0 + CLAIM_WINDOW_MS, windows: 1, amount: SPEED * 6n })
    expect(late.state.windowStart).toBe(T0 + CLAIM_WINDOW_MS)
    // the next window started at the deadline and holds 1 ms of mining
    expect(claim(late.state, T0 + CLAIM_WINDOW_MS + 1).amount).toBe(earned(SPEED, 1))
  })

  it('[mining.5] several missed windows burn whole, once each, and the window holding now keeps its own accrual', () => {
    const now = T0 + 3 * CLAIM_WINDOW_MS + 2 * HOUR_MS
    const { state, burn } = settle(fresh(), now)
    expect(burn).toEqual({ from: T0, to: T0 + 3 * CLAIM_WINDOW_MS, windows: 3, amount: SPEED * 18n })
    expect(accruedAt(state, now)).toBe(SPEED * 2n)
    // settling again at the same moment burns nothing more
    expect(settle(state, now).burn).toBeNull()
    // a window that ends exactly now is still claimable whole
    expect(settle(fresh(), T0 + 2 * CLAIM_WINDOW_MS).burn?.windows).toBe(1)
  })

  it('nothing is lost or counted twice: claims plus burns equal speed x elapsed time, however the reads fall', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 2 * CLAIM_WINDOW_MS }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        (gaps, claims) => {
          let m = fresh(3_600_000n) // 1 nano per ms: no rounding, so totals compare exactly
          let now = T0
          let claimed = 0n
          let burned = 0n
          gaps.forEach((gap, i) => {
            now += gap
            const s = settle(m, now)
            burned += s.burn?.amount ?? 0n
            m = s.state
            if (claims[i]) {
              const c = claim(m, now)
              claimed += c.amount
              m = c.state
            }
          })
          const pending = accruedAt(m, now)
          expect(claimed + burned + pending).toBe(BigInt(now - T0))
        },
      ),
    )
  })

  it('[mining.4] a speed change inside a window keeps what accrued at the old speed', () => {
    const m = changeSpeed(fresh(), SPEED * 2n, T0 + 2 * HOUR_MS)
    expect(accruedAt(m, T0 + 2 * HOUR_MS)).toBe(SPEED * 2n)
    expect(accruedAt(m, T0 + 3 * HOUR_MS)).toBe(SPEED * 2n + SPEED * 2n)
    // and the window then burns at the mix of both speeds
    expect(settle(m, T0 + CLAIM_WINDOW_MS + 1).burn?.amount).toBe(SPEED * 2n + SPEED * 2n * 4n)
    expect(deadlineOf(m)).toBe(T0 + CLAIM_WINDOW_MS)
  })

  it('[poh.1] a confirmed human gets 5 % more of a claim, rounded down', () => {
    expect(pohBonus(SPEED * 6n)).toBe(450_000_000n)
    expect(pohBonus(19n)).toBe(0n)
    expect(pohBonus(20n)).toBe(1n)
  })
})
