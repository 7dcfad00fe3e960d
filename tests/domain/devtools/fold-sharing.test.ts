/**
 * The replay fold copies a slice only when a handler is about to write to it, and shares the rest
 * with the state it started from. Held here: it agrees with live dispatch (one immer `produce` per
 * event) on every recorded session, never writes into the state it started from, a snapshot or
 * the initial state, and keeps no aliasing the live path would break (the tasks slice's three
 * lists start as one object: a fold once set all three loading where the user saw one).
 */
import { describe, expect, it } from 'vitest'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { decodeLog } from '../../../domain/log'
import type { AppEvent } from '../../../domain/events'
import { fold, initialState, reduce } from '../../../domain/state'
import { createTimeline, stateAt } from '../../../domain/devtools/timeline'
import { loadAllFeatures } from '../../../streams/features'
import { generateSession } from '../fixtures/generate'

await loadAllFeatures()

const DIR = 'tests/replays'
const recorded: AppEvent[][] = readdirSync(DIR)
  .filter((f) => f.endsWith('.log.json'))
  .sort()
  .map((f) => {
    const decoded = decodeLog(readFileSync(join(DIR, f), 'utf8'))
    if (!decoded.ok) throw new Error(`${f}: ${decoded.error}`)
    return decoded.log.events
  })
const json = (v: unknown) => JSON.stringify(v)

describe('the replay fold', () => {
  it('gives the state live dispatch gives, on every recorded session and on all of them in turn', () => {
    for (const events of recorded) expect(fold(events)).toEqual(events.reduce(reduce, initialState))
    const all = recorded.flat()
    expect(fold(all)).toEqual(all.reduce(reduce, initialState))
  })

  it('leaves the initial state, the state it starts from and every snapshot as they were', () => {
    const before = json(initialState)
    const all = recorded.flat()
    const tl = createTimeline(all, 50)
    const snapshots = tl.snapshots.map(json)
    for (let p = 0; p <= all.length; p += 7) expect(stateAt(tl, p)).toEqual(fold(all.slice(0, p)))
    expect(tl.snapshots.map(json)).toEqual(snapshots)
    expect(json(initialState)).toBe(before)

    const from = fold(all.slice(0, 300))
    const kept = json(from)
    fold(all.slice(300), from)
    expect(json(from)).toBe(kept)
  })

  it('shares the slices no event wrote to, and copies the ones it did', () => {
    const events = generateSession(200).filter(
      (e) => e.type.startsWith('wallet/') && e.type !== 'wallet/walletsReceived',
    )
    const from = fold(generateSession(50))
    const after = fold(events, from)
    expect(after.wallet).not.toBe(from.wallet)
    expect(after.staking).toBe(from.staking)
    expect(after.tasks).toBe(from.tasks)
  })

  it('keeps the tasks lists apart after a launch, as live dispatch does', () => {
    const withTasks = recorded.find((events) => events.some((e) => e.type === 'tasks/entered')) ?? []
    expect(withTasks.length).toBeGreaterThan(0)
    const s = fold(withTasks)
    expect(s.tasks.lists.bigpump).not.toBe(s.tasks.lists.boosts)
    expect(s.tasks.lists).toEqual(withTasks.reduce(reduce, initialState).tasks.lists)
  })
})
