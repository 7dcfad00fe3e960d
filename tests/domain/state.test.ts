import { describe, expect, it } from 'vitest'
import { fold, initialState, reduce } from '../../domain/state'
import { currentLocation } from '../../domain/app/state'
import { backTarget } from '../../domain/app/routes'
import { launch, sessionInputs, stamp } from './fixtures/events'
import type { AppEvent } from '../../domain/events'

describe('root fold', () => {
  const events = stamp(sessionInputs)

  it('the same log gives the same state, whether folded at once or event by event', () => {
    const live = events.reduce(reduce, initialState)
    expect(fold(events)).toEqual(live)
    expect(fold(events)).toEqual(fold(structuredClone(events)))
  })

  it('folding in two halves equals folding once', () => {
    const mid = Math.floor(events.length / 2)
    expect(fold(events.slice(mid), fold(events.slice(0, mid)))).toEqual(fold(events))
  })

  it('never mutates the state it starts from', () => {
    const before = structuredClone(initialState)
    fold(events)
    expect(initialState).toEqual(before)
  })

  it('[app.15] selectedWalletIndex in the launch query picks the wallet', () => {
    expect(fold(events.slice(0, 1)).wallet.selectedIndex).toBe(1)
  })

  it('[wallet.20] choosing a wallet selects it and closes the chooser', () => {
    const s = fold(events)
    expect(s.wallet.selectedIndex).toBe(2)
    expect(s.wallet.chooserOpen).toBe(false)
    expect(s.wallet.balances[2].loading).toBe(true)
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

describe('back targets', () => {
  it('[app.14] without a fixed target, back returns to the previous path', () => {
    expect(backTarget(['/', '/swap', '/selectNetwork/from'])).toBe('/swap')
    expect(backTarget(['/send/info'])).toBe('/')
  })
  it('[app.14] screens with their own target use it', () => {
    expect(backTarget(['/', '/swap', '/confirmSwap'])).toBe('/')
    expect(backTarget(['/', '/copyTrade/traderArchive', '/trade?tradeID=7'])).toBe('/copyTrade/traderArchive')
  })
})

describe('replay fold against live reduce', () => {
  const deepFreeze = <T>(o: T): T => {
    if (o && typeof o === 'object' && !Object.isFrozen(o)) {
      Object.freeze(o)
      for (const v of Object.values(o)) deepFreeze(v)
    }
    return o
  }

  it('a long session folds to exactly the live state, and no handler writes into an event', async () => {
    const { generateSession } = await import('./fixtures/generate')
    const events = deepFreeze(generateSession(3_000))
    const live = events.reduce(reduce, initialState)
    expect(fold(events)).toEqual(live)
  })

  it('the fold result is a private copy: folding more onto it leaves it as it was', () => {
    const first = fold(stamp(sessionInputs).slice(0, 4))
    const copy = structuredClone(first)
    fold(stamp(sessionInputs).slice(4), first)
    expect(first).toEqual(copy)
  })
})

describe('sessions', () => {
  it('a launch starts afresh: a log spanning a reload folds to the second session alone', () => {
    const first = sessionInputs
    const second = [{ type: 'app/launched' as const, payload: launch() }, { type: 'wallet/homeEntered' as const, payload: {} }]
    const both = stamp([...first, ...second])
    expect(fold(both)).toEqual(fold(stamp(second)))
    expect(both.reduce(reduce, initialState)).toEqual(fold(stamp(second)))
  })
})
