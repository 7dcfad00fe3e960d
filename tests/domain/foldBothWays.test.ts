/**
 * The same events give the same state however they are folded: one immer `produce` per event, as
 * a live dispatch does, or all at once, as a replay, a jump of the time-travel panel and a lazy
 * feature's refold do (domain/state.ts `fold`: each slice copied once, then written in place). The
 * two differ exactly when a handler keeps something it does not own (an event's list, a constant
 * of the initial state) and a later handler writes into it: live, immer copies it first; at once,
 * the write lands in the event (or throws, the event being frozen). The events here are frozen, as
 * a live session's are once immer has seen them, so such a write throws.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { AppEvent, EventInput, EventType } from '../../domain/events'
import { type RootState, fold, initialState, reduce } from '../../domain/state'
import { appHandlers } from '../../domain/app/reducer'
import { walletHandlers } from '../../domain/wallet/reducer'
import { devtoolsHandlers } from '../../domain/devtools/reducer'
import { pickerHandlers } from '../../domain/picker/reducer'
import { refillHandlers } from '../../domain/refill/reducer'
import { sendHandlers } from '../../domain/send/reducer'
import { swapHandlers } from '../../domain/swap/reducer'
import { copyTradeHandlers } from '../../domain/copyTrade/reducer'
import { miningHandlers } from '../../domain/mining/reducer'
import { friendsHandlers } from '../../domain/friends/reducer'
import { guildsHandlers } from '../../domain/guilds/reducer'
import { tasksHandlers } from '../../domain/tasks/reducer'
import { stakingHandlers } from '../../domain/staking/reducer'
import { pohHandlers } from '../../domain/poh/reducer'
import { bannersHandlers } from '../../domain/banners/reducer'
import { eventOf, hasPayloads, launched, payloadOf, recordedLogs } from './fixtures/payloads'
import { runs } from '../runs'

/** Generated sequences per slice: 100 in `npm test` (new ones each run), 2 000 in `npm run test:long`. */
const SLICE_RUNS = runs({ test: 100, long: 2_000 })

/** The event types each slice's handlers take; the back button and a restored journey are the app's (they write several slices). */
const handled: Record<keyof RootState, EventType[]> = Object.fromEntries(
  Object.entries({
    app: { ...appHandlers, 'app/backPressed': true, 'app/journeyRestored': true },
    wallet: walletHandlers,
    devtools: devtoolsHandlers,
    picker: pickerHandlers,
    refill: refillHandlers,
    send: sendHandlers,
    swap: swapHandlers,
    copyTrade: copyTradeHandlers,
    mining: miningHandlers,
    friends: friendsHandlers,
    guilds: guildsHandlers,
    tasks: tasksHandlers,
    staking: stakingHandlers,
    poh: pohHandlers,
    banners: bannersHandlers,
  }).map(([slice, handlers]) => [slice, Object.keys(handlers) as EventType[]]),
) as Record<keyof RootState, EventType[]>

const deepFreeze = <T>(value: T): T => {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const v of Object.values(value)) deepFreeze(v)
  }
  return value
}

const stamped = (inputs: readonly EventInput[]): AppEvent[] =>
  inputs.map((e, i) => ({ ...e, seq: i + 1, at: 1_795_474_000_000 + i * 1_000 }) as AppEvent)

/**
 * Folds `events` live (a produce each) and at once, and from a live state part of the way (a lazy
 * feature's refold or a jump from a snapshot starts from such a state): all three must agree.
 */
function foldsAlike(events: AppEvent[], split: number): void {
  deepFreeze(events)
  const states: RootState[] = [initialState]
  for (const e of events) states.push(reduce(states[states.length - 1], e))
  const live = states[states.length - 1]
  expect(fold(events)).toEqual(live)
  const k = Math.min(split, events.length)
  expect(fold(events.slice(k), states[k])).toEqual(live)
  expect(fold(events.slice(k), fold(events.slice(0, k)))).toEqual(live)
}

describe('a fold at once gives what live dispatch gives', () => {
  it('every slice is listed here, and every event type a slice handles has payloads to generate', () => {
    expect(Object.keys(handled).sort()).toEqual(Object.keys(initialState).sort())
    const missing = Object.values(handled)
      .flat()
      .filter((type) => !hasPayloads(type))
    expect(missing).toEqual([])
  })

  for (const [file, events] of recordedLogs) {
    it(`the recorded journey ${file}, whole and from any point of it`, () => {
      for (let split = 0; split <= events.length; split += Math.max(1, Math.floor(events.length / 7)))
        foldsAlike(structuredClone(events as AppEvent[]), split)
    })
  }

  // A journey as recorded, with events left out, payloads reshaped (lists shorter, reordered,
  // empty) and other events of the slices it touches slipped in anywhere.
  for (const [file, events] of recordedLogs) {
    const slices = Object.values(handled).filter((types) => types.some((type) => events.some((e) => e.type === type)))
    const extra = eventOf([...new Set(slices.flat())])
    // Each recorded event kept (most often), left out, or given another payload of its type; the launch stays.
    const edited = fc.tuple(
      ...events.map((e, i) => {
        const kept = fc.constant([{ type: e.type, payload: e.payload } as EventInput])
        if (i === 0) return kept
        return fc.oneof(
          { weight: 4, arbitrary: kept },
          { weight: 1, arbitrary: fc.constant([]) },
          { weight: 1, arbitrary: payloadOf(e.type).map((payload) => [{ type: e.type, payload } as EventInput]) },
        )
      }),
    )
    it(`the recorded journey ${file}, with events dropped, changed and added`, () => {
      fc.assert(
        fc.property(
          edited,
          fc.array(fc.tuple(fc.integer({ min: 1, max: events.length }), extra), { maxLength: 10, size: 'max' }),
          fc.nat(events.length + 10),
          (kept, added, split) => {
            const inputs = kept.flatMap((own, i) => [
              ...added.filter(([at]) => at === i).map(([, input]) => input),
              ...own,
            ])
            inputs.push(...added.filter(([at]) => at === events.length).map(([, input]) => input))
            foldsAlike(stamped(structuredClone(inputs)), split)
          },
        ),
        { numRuns: 25 },
      )
    })
  }

  // Per slice: a launch, then any of the events the slice handles, in any order, so whatever one
  // handler puts in the state meets every handler that may write into it later.
  for (const [slice, types] of Object.entries(handled)) {
    it(`the ${slice} slice, over generated sequences of the events it handles`, () => {
      fc.assert(
        fc.property(
          launched,
          fc.array(eventOf(types), { minLength: 1, maxLength: 80, size: 'max' }),
          fc.nat(81),
          (launch, inputs, split) => {
            foldsAlike(stamped([{ type: 'app/launched', payload: launch }, ...inputs]), split)
          },
        ),
        { numRuns: SLICE_RUNS },
      )
    })
  }
})
