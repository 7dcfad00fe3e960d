/**
 * Our timeline against the Redux DevTools core (@redux-devtools/instrument), side by side in one
 * run on the same 20 000-event log (the journeys of tests/replays in turn, as tests/bench/replay.ts
 * makes it), in Node:
 * - ours: createTimeline (a snapshot every SNAPSHOT_INTERVAL events) and stateAt (the nearest
 *   snapshot plus at most that many events folded);
 * - instrument's: a redux store enhanced by `instrument()` (no maxAge: it keeps every state), whose
 *   reducer is our live reducer (`reduce`: one event, one immer produce, structural sharing), fed
 *   the events one dispatch each as a recording session would; a jump is its lifted store's
 *   JUMP_TO_STATE action and the app's getState().
 * Printed: build time, jump latency (median and p95 over the same 500 random positions, after 50
 * to warm up) and the heap each holds once built (heapUsed after global.gc, less the heap with the
 * log alone). Both are checked to give the same state at sampled positions.
 * Run: node --expose-gc --import tsx tests/bench/instrument.ts
 */
import { isDeepStrictEqual } from 'node:util'
import { performance } from 'node:perf_hooks'
import { createStore } from 'redux'
import { ActionCreators, instrument } from '@redux-devtools/instrument'
import type { AppEvent } from '../../domain/events'
import { type RootState, initialState, reduce } from '../../domain/state'
import { SNAPSHOT_INTERVAL, createTimeline, stateAt } from '../../domain/devtools/timeline'
import { recordedSession } from './replay'

const EVENTS = 20_000
const JUMPS = 500
const WARM = 50

const gc = (globalThis as { gc?: () => void }).gc
const heapMb = () => {
  for (let i = 0; i < 3; i++) gc?.()
  return process.memoryUsage().heapUsed / 2 ** 20
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1]

function positions(n: number, count: number): number[] {
  let x = 424_242
  const rand = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  return Array.from({ length: count }, () => Math.floor(rand() * (n + 1)))
}

/** Times `jump` at each position (the first WARM ones not counted). */
function timeJumps(jump: (p: number) => unknown, at: number[]): number[] {
  const times: number[] = []
  for (let i = 0; i < at.length; i++) {
    const t0 = performance.now()
    jump(at[i])
    if (i >= WARM) times.push(performance.now() - t0)
  }
  return times
}

function buildInstrumented(events: readonly AppEvent[]) {
  const store = createStore(
    (s: RootState | undefined, e: AppEvent) => reduce(s ?? initialState, e),
    initialState as never,
    instrument() as never,
  ) as unknown as {
    dispatch(e: AppEvent): void
    getState(): RootState
    liftedStore: { dispatch(a: unknown): void }
  }
  for (const e of events) store.dispatch(e)
  return store
}

export function compareWithInstrument(events: readonly AppEvent[] = recordedSession(EVENTS).events) {
  if (gc === undefined) throw new Error('run with node --expose-gc: the memory figures need global.gc')
  const at = positions(events.length, JUMPS + WARM)
  const base = heapMb()

  let t0 = performance.now()
  let tl: ReturnType<typeof createTimeline> | null = createTimeline(events)
  const oursBuildMs = performance.now() - t0
  const oursHeapMb = heapMb() - base
  const ours = timeJumps((p) => stateAt(tl!, p), at)

  t0 = performance.now()
  let store: ReturnType<typeof buildInstrumented> | null = buildInstrumented(events)
  const theirsBuildMs = performance.now() - t0
  const bothHeapMb = heapMb() - base
  const theirs = timeJumps((p) => {
    store!.liftedStore.dispatch(ActionCreators.jumpToState(p))
    return store!.getState()
  }, at)

  // Same log, same states: a comparison of two ways to hold it, not of two answers.
  for (const p of [0, 1, SNAPSHOT_INTERVAL - 1, SNAPSHOT_INTERVAL + 1, Math.floor(events.length / 2), events.length]) {
    store.liftedStore.dispatch(ActionCreators.jumpToState(p))
    if (!isDeepStrictEqual(stateAt(tl, p), store.getState()))
      throw new Error(`timeline and instrument disagree at ${p}`)
  }
  tl = null
  const theirsHeapMb = heapMb() - base
  store = null
  return {
    events: events.length,
    ours: { buildMs: oursBuildMs, heapMb: oursHeapMb, jumpMs: median(ours), jumpP95Ms: p95(ours) },
    theirs: {
      buildMs: theirsBuildMs,
      heapMb: theirsHeapMb,
      jumpMs: median(theirs),
      jumpP95Ms: p95(theirs),
      bothHeapMb,
    },
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = compareWithInstrument()
  const line = (x: { buildMs: number; heapMb: number; jumpMs: number; jumpP95Ms: number }) =>
    `jump median ${x.jumpMs.toFixed(3)} ms, p95 ${x.jumpP95Ms.toFixed(3)} ms; heap held ${x.heapMb.toFixed(1)} MB; built in ${x.buildMs.toFixed(0)} ms`
  console.log(
    `time_travel_jump_ours_ms: ${r.ours.jumpMs.toFixed(3)}  (our timeline on ${r.events} recorded events, a snapshot every ${SNAPSHOT_INTERVAL}: ${line(r.ours)}; ${JUMPS} random jumps)`,
  )
  console.log(
    `time_travel_jump_instrument_ms: ${r.theirs.jumpMs.toFixed(3)}  (@redux-devtools/instrument on the same log, every state kept: ${line(r.theirs)}; the same ${JUMPS} jumps)`,
  )
  console.log(
    `time_travel_heap_mb: ours ${r.ours.heapMb.toFixed(1)}, instrument ${r.theirs.heapMb.toFixed(1)}  (heapUsed after gc, less the log alone)`,
  )
}
