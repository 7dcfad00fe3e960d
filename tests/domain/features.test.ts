/** The one list of slices (domain/features.ts): what it derives, and that each feature declares itself in its own name. */
import { describe, expect, it } from 'vitest'
import { EVENT_TYPES, SLICES } from '../../domain/features'
import { decodeLog } from '../../domain/log'
import { hasHandlers, initialState } from '../../domain/state'
import { FEATURE_NAMES } from '../../streams/features'

describe('the list of slices', () => {
  it('each slice has its own name, and each of its events is named after it: feature/pastTense', () => {
    const names = SLICES.map((s) => s.name)
    expect(new Set(names).size).toBe(names.length)
    for (const slice of SLICES)
      for (const type of Object.keys(slice.events))
        expect(type, slice.name).toMatch(new RegExp(`^${slice.name}/[a-z][A-Za-z]+$`))
  })

  it('the initial state holds every slice, as its slice declares it', () => {
    expect(Object.keys(initialState)).toEqual(SLICES.map((s) => s.name))
    for (const slice of SLICES) expect(initialState[slice.name], slice.name).toEqual(slice.initialState)
  })

  it('the lazy slices are the features streams/features.ts loads; the others fold from the first screen', () => {
    const lazy = SLICES.filter((s) => 'lazy' in s && s.lazy === true).map((s) => s.name)
    expect([...FEATURE_NAMES].sort()).toEqual([...lazy].sort())
    for (const slice of SLICES)
      if (!('lazy' in slice && slice.lazy === true)) expect(hasHandlers(slice.name), slice.name).toBe(true)
  })

  it("the names a log may hold are every slice's events, and a log with another is refused", () => {
    expect(EVENT_TYPES.size).toBe(SLICES.reduce((n, s) => n + Object.keys(s.events).length, 0))
    expect(EVENT_TYPES.has('staking/amountTyped')).toBe(true)
    const log = (type: string) => ({
      format: 1,
      app: 'v1.1.2',
      recordedAt: 0,
      env: {},
      events: [{ seq: 1, at: 0, type, payload: {} }],
    })
    expect(decodeLog(log('staking/amountTyped')).ok).toBe(true)
    expect(decodeLog(log('staking/notAnEvent'))).toEqual({
      ok: false,
      error: 'event 0 (seq 1) has an unknown type "staking/notAnEvent"',
    })
  })
})
