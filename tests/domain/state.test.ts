import { describe, expect, it } from 'vitest'
import { fold, initialState, reduce } from '../../domain/state'
import { launch, sessionInputs, stamp } from './fixtures/events'

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
    const second = [
      { type: 'app/launched' as const, payload: launch() },
      { type: 'wallet/homeEntered' as const, payload: {} },
    ]
    const both = stamp([...first, ...second])
    expect(fold(both)).toEqual(fold(stamp(second)))
    expect(both.reduce(reduce, initialState)).toEqual(fold(stamp(second)))
  })
})
