import { describe, expect, it } from 'vitest'
import { fold } from '../../../domain/state'
import { currentLocation } from '../../../domain/app/state'
import { launch, sessionInputs, stamp } from '../fixtures/events'
import type { AppEvent } from '../../../domain/events'

describe('app state', () => {
  const events = stamp(sessionInputs)

  it('[app.15] selectedWalletIndex in the launch query picks the wallet', () => {
    expect(fold(events.slice(0, 1)).wallet.selectedIndex).toBe(1)
  })

  it('[app.14] back from /refill/to goes to its fixed target /refill/from', () => {
    expect(currentLocation(fold(events).app)).toBe('/refill/from')
  })

  it('[app.19] language from the launch query, then a change', () => {
    const s = fold(stamp([{ type: 'app/launched', payload: launch({ location: '/?lang=ru' }) }]))
    expect(s.app.language).toBe('ru')
    expect(fold(events).app.language).toBe('ru')
  })

  it('[app.27] the 25th quick tap marks a storage reset at its seq', () => {
    const taps = stamp(Array.from({ length: 25 }, () => ({ type: 'app/resetTapped' as const, payload: {} })))
    expect(fold(taps).app.storageResetAt).toBe(25)
    const slow = taps.map((e, i) => ({ ...e, at: i * 1001 })) as AppEvent[]
    expect(fold(slow).app.storageResetAt).toBeNull()
  })
})
