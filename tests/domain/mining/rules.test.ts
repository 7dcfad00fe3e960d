import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CLAIM_WINDOW_MS, accruedAt, settle } from '../../../domain/mining/accrual'
import {
  autoclaimErrorKey,
  burnToShow,
  clockOf,
  finishView,
  invoiceStatus,
  miningViewAt,
  seasonEnded,
  serverOffset,
  stakingTarget,
  switchAmountText,
  switchBalanceText,
  switchFigureText,
  timeLeftText,
} from '../../../domain/mining/rules'
import type { MiningResults } from '../../../domain/mining/codecs'
import { HOUR, WINDOW_START, answerAt, record } from './fixtures'

const results = (state: MiningResults['state']): MiningResults =>
  ({
    state,
    totalMined: state === 'results' ? '120.5' : '0',
    speed: '1.5',
    stakingAmount: '0',
    serverTime: WINDOW_START,
    ...(state === 'results' ? {} : { burnedAmount: '120.5' }),
  }) as MiningResults

describe('mining rules', () => {
  it("[mining.11] mining balances show 4 decimals, cut (never rounded up), in the user's language", () => {
    expect(switchAmountText('12.345678912', 'en')).toBe('12.3456')
    expect(switchAmountText('12.345678912', 'ru')).toBe('12,3456')
    expect(switchAmountText('1234.99999', 'en')).toBe('1,234.9999')
    expect(switchAmountText('1234.99999', 'ru')).toBe('1\u00a0234,9999')
    expect(switchAmountText('0.00004', 'en')).toBe('< 0.0001')
    expect(switchAmountText('0', 'en')).toBe('0')
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 18n }), (units) => {
        const text = `${units / 10n ** 9n}.${(units % 10n ** 9n).toString().padStart(9, '0')}`
        const shown = switchAmountText(text, 'en').replace(/,/g, '').replace('< ', '')
        expect((shown.split('.')[1] ?? '').length).toBeLessThanOrEqual(4)
      }),
    )
  })

  it('[mining.11] a balance in a list always shows 4 decimals, zeros kept, cut; too long, it reads compact rather than with fewer decimals', () => {
    expect(['690.52', '681.439', '12', '0'].map((v) => switchBalanceText(v, 'en'))).toEqual([
      '690.5200',
      '681.4390',
      '12.0000',
      '0.0000',
    ])
    expect(switchBalanceText('681.439', 'ru')).toBe('681,4390')
    expect(switchBalanceText('1234.99999', 'en')).toBe('1,234.9999')
    expect(switchBalanceText('0.00004', 'en')).toBe('< 0.0001')
    expect(switchBalanceText('123456789.5', 'en', 12)).toBe('123.45M')
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (units) => {
        const text = `${units / 10n ** 9n}.${(units % 10n ** 9n).toString().padStart(9, '0')}`
        const shown = switchBalanceText(text, 'en')
        if (!shown.startsWith('<')) expect(shown.split('.')[1]).toHaveLength(4)
      }),
    )
  })

  it("[mining.11] the rising figure keeps 4 decimals as it climbs, cut, in the user's language", () => {
    expect(switchFigureText('0', 'en')).toBe('0.0000')
    expect(switchFigureText('0.00004', 'en')).toBe('0.0000')
    expect(switchFigureText('0.001', 'en')).toBe('0.0010')
    expect(switchFigureText('0.001', 'ru')).toBe('0,0010')
    expect(switchFigureText('1234.567891', 'en')).toBe('1,234.5678')
    expect(switchFigureText('1234.567891', 'ru')).toBe('1\u00a0234,5678')
  })

  it("the server's clock offset is its time less the moment the answer arrived, as the device reads it", () => {
    expect(serverOffset(1_000_500, 1_000_000)).toBe(500)
    expect(serverOffset(1_000_000, 1_000_700)).toBe(-700)
  })

  it('[mining.4] between polls the amount rises at the speed from what the server read, exactly as the model computes it', () => {
    const a = answerAt(HOUR)
    const view = (ms: number) => miningViewAt(a.userMining, a.serverTime, WINDOW_START + ms)
    expect(view(HOUR)?.accrued).toBe('1.5')
    expect(view(2 * HOUR)?.accrued).toBe('3')
    expect(view(HOUR + 1000)?.accrued).toBe('1.500416666')
    expect(view(HOUR)?.msLeft).toBe(5 * HOUR)
    expect(view(HOUR)?.deadline).toBe(WINDOW_START + 6 * HOUR)
    const clock = clockOf(a.userMining, a.serverTime)!
    fc.assert(
      fc.property(fc.integer({ min: HOUR, max: 6 * HOUR }), (ms) => {
        expect(view(ms)?.accrued).toBe(
          (() => {
            const u = accruedAt(clock, WINDOW_START + ms)
            return `${u / 10n ** 9n}${u % 10n ** 9n === 0n ? '' : '.' + (u % 10n ** 9n).toString().padStart(9, '0').replace(/0+$/, '')}`
          })(),
        )
      }),
    )
  })

  it('[mining.5] past the deadline the shown window burns and the next starts empty, as the server will judge it', () => {
    const a = answerAt(5 * HOUR)
    expect(miningViewAt(a.userMining, a.serverTime, WINDOW_START + 6 * HOUR)).toMatchObject({
      accrued: '9',
      msLeft: 0,
      burnedSinceRead: 0,
    })
    const after = miningViewAt(a.userMining, a.serverTime, WINDOW_START + 6 * HOUR + 1)
    expect(after).toMatchObject({
      accrued: '0.000000416',
      windowStart: WINDOW_START + 6 * HOUR,
      deadline: WINDOW_START + 12 * HOUR,
      msLeft: 6 * HOUR - 1,
      burnedSinceRead: 1,
    })
    expect(settle(clockOf(a.userMining, a.serverTime)!, WINDOW_START + 6 * HOUR + 1).burn?.amount).toBe(9_000_000_000n)
    expect(miningViewAt(a.userMining, a.serverTime, WINDOW_START + 7 * HOUR)).toMatchObject({
      accrued: '1.5',
      burnedSinceRead: 1,
    })
    expect(miningViewAt(a.userMining, a.serverTime, WINDOW_START + 3 * CLAIM_WINDOW_MS + HOUR)).toMatchObject({
      accrued: '1.5',
      burnedSinceRead: 3,
    })
  })

  it('the time left reads h:mm:ss and never goes below zero', () => {
    expect(timeLeftText(6 * HOUR)).toBe('6:00:00')
    expect(timeLeftText(5 * HOUR + 4 * 60_000 + 9_999)).toBe('5:04:09')
    expect(timeLeftText(59_000)).toBe('0:00:59')
    expect(timeLeftText(-5)).toBe('0:00:00')
  })

  it('the last burn is shown until a claim comes after it', () => {
    const burn = {
      amount: '9',
      windows: 1,
      from: new Date(WINDOW_START - 6 * HOUR).toISOString(),
      to: new Date(WINDOW_START).toISOString(),
    }
    expect(burnToShow(record({ lastBurn: burn }))).toEqual(burn)
    expect(
      burnToShow(record({ lastBurn: burn, dttmLastClaim: new Date(WINDOW_START - 7 * HOUR).toISOString() })),
    ).toEqual(burn)
    expect(
      burnToShow(record({ lastBurn: burn, dttmLastClaim: new Date(WINDOW_START + HOUR).toISOString() })),
    ).toBeNull()
    expect(burnToShow(record({ lastBurn: { ...burn, amount: '0' } }))).toBeNull()
    expect(burnToShow(record())).toBeNull()
  })

  it("[mining.12] the season has ended when the server's clock reaches its end; the finish screen loads first", () => {
    const end = new Date(WINDOW_START).toISOString()
    expect(seasonEnded(null, WINDOW_START)).toBe(false)
    expect(seasonEnded({ endsAt: null, appealUntil: null }, WINDOW_START)).toBe(false)
    expect(seasonEnded({ endsAt: end, appealUntil: null }, WINDOW_START - 1)).toBe(false)
    expect(seasonEnded({ endsAt: end, appealUntil: null }, WINDOW_START)).toBe(true)
    expect(finishView(null, { endsAt: end, appealUntil: null }, WINDOW_START)).toBe('loading')
  })

  it("[mining.16] burned results turn into the missed message once the appeal deadline passes on the server's clock", () => {
    const season = {
      endsAt: new Date(WINDOW_START).toISOString(),
      appealUntil: new Date(WINDOW_START + HOUR).toISOString(),
    }
    expect(finishView(results('results'), season, WINDOW_START + 2 * HOUR)).toBe('results')
    expect(finishView(results('burned'), season, WINDOW_START + HOUR - 1)).toBe('burned')
    expect(finishView(results('burned'), season, WINDOW_START + HOUR)).toBe('missed')
    expect(finishView(results('burned'), { ...season, appealUntil: null }, WINDOW_START + 100 * HOUR)).toBe('burned')
    expect(finishView(results('missed'), season, WINDOW_START)).toBe('missed')
  })

  it('[mining.8] the staking button leads to the deposits once SWITCH is locked, else to staking', () => {
    expect(stakingTarget({ lockAmount: '0' as never })).toBe('/mining/staking')
    expect(stakingTarget({ lockAmount: '0.000000001' as never })).toBe('/mining/staking/deposits')
    expect(stakingTarget({ lockAmount: '250' as never })).toBe('/mining/staking/deposits')
  })

  it('a refusal whose path includes amount is a lack of balance; every other failure is unknown (the key tasks.45-46 show by)', () => {
    expect(autoclaimErrorKey({ kind: 'rejected', status: 400, message: 'not enough TON', path: 'amount' })).toBe(
      'not-enough-balance',
    )
    expect(autoclaimErrorKey({ kind: 'rejected', status: 400, message: 'x', path: 'body.amount' })).toBe(
      'not-enough-balance',
    )
    expect(autoclaimErrorKey({ kind: 'rejected', status: 400, message: 'bad address', path: 'to' })).toBe('unknown')
    expect(autoclaimErrorKey({ kind: 'rejected', status: 409, message: 'Autoclaim is already active.' })).toBe(
      'unknown',
    )
    expect(autoclaimErrorKey({ kind: 'server', status: 500, message: 'boom' })).toBe('unknown')
    expect(autoclaimErrorKey({ kind: 'network', message: 'offline' })).toBe('unknown')
    expect(autoclaimErrorKey({ kind: 'decode', message: 'bad', path: 'amount' })).toBe('unknown')
  })

  it('an invoice status other than paid, pending or cancelled counts as failed', () => {
    expect(['paid', 'pending', 'cancelled', 'failed', 'weird', ''].map(invoiceStatus)).toEqual([
      'paid',
      'pending',
      'cancelled',
      'failed',
      'failed',
      'failed',
    ])
  })
})
