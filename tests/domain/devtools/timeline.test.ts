import { describe, expect, it } from 'vitest'
import { appendEvents, createTimeline, stateAt, toggleSkip } from '../../../domain/devtools/timeline'
import { fold } from '../../../domain/state'
import { generateSession } from '../fixtures/generate'

describe('time-travel timeline', () => {
  const events = generateSession(2_345)
  const tl = createTimeline(events, 100)

  it('snapshots give the same state as a full fold, at any position', () => {
    for (const p of [0, 1, 99, 100, 101, 777, 1_200, 2_344, 2_345])
      expect(stateAt(tl, p)).toEqual(fold(events.slice(0, p)))
  })

  it('the head equals the fold of the whole log', () => {
    expect(stateAt(tl, events.length)).toEqual(fold(events))
  })

  it('skipping an event re-folds the rest without it, and only from its snapshot on', () => {
    const index = 1_234
    const skipped = toggleSkip(tl, index)
    const without = [...events.slice(0, index), ...events.slice(index + 1)]
    expect(stateAt(skipped, events.length)).toEqual(fold(without))
    for (let k = 0; k <= Math.floor(index / 100); k++) expect(skipped.snapshots[k]).toBe(tl.snapshots[k])
    expect(skipped.snapshots[13]).not.toBe(tl.snapshots[13])
    expect(stateAt(toggleSkip(skipped, index), events.length)).toEqual(fold(events))
  })

  it('appending keeps the old snapshots and matches a fresh timeline', () => {
    const grown = appendEvents(createTimeline(events.slice(0, 1_000), 100), events.slice(1_000))
    expect(grown.snapshots.length).toBe(tl.snapshots.length)
    expect(stateAt(grown, 2_000)).toEqual(stateAt(tl, 2_000))
  })
})
