import { describe, expect, it } from 'vitest'
import { fold } from '../../../domain/state'
import { currentLocation } from '../../../domain/app/state'
import { launch, sessionInputs, stamp } from '../fixtures/events'
import type { AppEvent } from '../../../domain/events'

describe('app state', () => {
  const events = stamp(sessionInputs)

  it('[app.15] selectedWalletIndex in the launch query picks the wallet', () => {
    expect(fold(events.slice(0, 1)).wallet.selectedIndex).toBe(1)
    const picked = (location: string) =>
      fold(stamp([{ type: 'app/launched', payload: launch({ location }) }])).wallet.selectedIndex
    expect(picked('/?selectedWalletIndex=3')).toBe(3)
    expect(picked('/swap?lang=en&selectedWalletIndex=0')).toBe(0)
    expect(picked('/')).not.toBe(3)
  })

  it('back from /refill/to goes to its fixed target /refill/from (app.14, refill.4)', () => {
    expect(currentLocation(fold(events).app)).toBe('/refill/from')
  })

  it('the language from the launch query (app.19), then a change', () => {
    const s = fold(stamp([{ type: 'app/launched', payload: launch({ location: '/?lang=ru' }) }]))
    expect(s.app.language).toBe('ru')
    expect(fold(events).app.language).toBe('ru')
  })

  it('whether a Telegram host answered is a launch fact apart from launch data; a log from before it took launch data for a host', () => {
    const host = (over: Parameters<typeof launch>[0]) =>
      fold(stamp([{ type: 'app/launched', payload: launch(over) }])).app
    expect(host({ insideTelegram: true, telegramHost: false })).toMatchObject({
      insideTelegram: true,
      telegramHost: false,
    })
    expect(host({ insideTelegram: true, telegramHost: true }).telegramHost).toBe(true)
    expect(host({ insideTelegram: true }).telegramHost).toBe(true)
    expect(host({ insideTelegram: false }).telegramHost).toBe(false)
  })

  it('the 25th quick tap marks a storage reset at its seq (app.27-28; the effect clears storage)', () => {
    const taps = stamp(Array.from({ length: 25 }, () => ({ type: 'app/resetTapped' as const, payload: {} })))
    expect(fold(taps).app.storageResetAt).toBe(25)
    const slow = taps.map((e, i) => ({ ...e, at: i * 1001 })) as AppEvent[]
    expect(fold(slow).app.storageResetAt).toBeNull()
  })
})

describe('copy feedback', () => {
  const at = (events: Parameters<typeof stamp>[0]) => fold(stamp(events)).app.copyFeedback

  it('copied shows on the control that copied', () => {
    expect(at([{ type: 'app/copyRequested', payload: { target: 'a', text: 'x' } }])).toBeNull()
    expect(
      at([
        { type: 'app/copyRequested', payload: { target: 'a', text: 'x' } },
        { type: 'app/copied', payload: { target: 'a' } },
      ]),
    ).toEqual({ target: 'a', kind: 'copied' })
  })

  it('a tap with nothing to copy shows at once, with no answer to wait for', () => {
    expect(at([{ type: 'app/copyRequested', payload: { target: 'a', text: '' } }])).toEqual({
      target: 'a',
      kind: 'empty',
    })
  })

  it('a refused write shows failed', () => {
    expect(at([{ type: 'app/copyFailed', payload: { target: 'a', reason: 'denied' } }])).toEqual({
      target: 'a',
      kind: 'failed',
    })
  })

  it('the expiry clears its own control only: a newer feedback on another control stays', () => {
    const shown = [{ type: 'app/copied' as const, payload: { target: 'a' } }]
    expect(at([...shown, { type: 'app/copyFeedbackExpired', payload: { target: 'a' } }])).toBeNull()
    expect(
      at([
        ...shown,
        { type: 'app/copied', payload: { target: 'b' } },
        { type: 'app/copyFeedbackExpired', payload: { target: 'a' } },
      ]),
    ).toEqual({ target: 'b', kind: 'copied' })
  })
})

describe("the user's time zone", () => {
  it('is taken from the launch, so a replay on any machine formats dates as the user saw them', () => {
    expect(fold(stamp([{ type: 'app/launched', payload: launch({ timeZone: 'Asia/Tokyo' }) }])).app.timeZone).toBe(
      'Asia/Tokyo',
    )
  })

  it('a log recorded before the launch carried it replays in UTC', () => {
    const { timeZone: _, ...older } = launch({ timeZone: 'Asia/Tokyo' })
    expect(fold(stamp([{ type: 'app/launched', payload: older }])).app.timeZone).toBe('UTC')
  })

  it('a zone this machine does not know falls back to UTC instead of failing every date', () => {
    expect(
      fold(stamp([{ type: 'app/launched', payload: launch({ timeZone: 'Mars/Olympus_Mons' }) }])).app.timeZone,
    ).toBe('UTC')
  })
})
