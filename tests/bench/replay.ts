/**
 * Replay budgets: `replay_events_per_second` folding a generated 100 000-event session (median of
 * 7 runs), and `time_travel_jump_ms`, the median time to compute the state at a random position of
 * it from the nearest snapshot (500 jumps). Run: tsx tests/bench/replay.ts
 */
import { performance } from 'node:perf_hooks'
import { createTimeline, stateAt } from '../../domain/devtools/timeline'
import { fold } from '../../domain/state'
import { loadAllFeatures } from '../../streams/features'

// Every feature's handlers, as replay mode loads them before it folds.
await loadAllFeatures()
import { generateSession } from '../domain/fixtures/generate'
import { createStore } from '../../streams/store'
import { startRecorder } from '../../streams/devtools/recorder'
import type { EventInput } from '../../domain/events'

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

export function measureReplay(n = 100_000) {
  const events = generateSession(n)
  fold(events.slice(0, 5_000)) // warm up the JIT
  const runs: number[] = []
  for (let r = 0; r < 7; r++) {
    const t0 = performance.now()
    fold(events)
    runs.push(performance.now() - t0)
  }
  const eventsPerSecond = Math.round(n / (median(runs) / 1000))

  const t0 = performance.now()
  const tl = createTimeline(events)
  const buildMs = performance.now() - t0
  let x = 12345
  const rand = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  const jumps: number[] = []
  for (let j = 0; j < 500; j++) {
    const p = Math.floor(rand() * (n + 1))
    const s = performance.now()
    stateAt(tl, p)
    jumps.push(performance.now() - s)
  }
  return { eventsPerSecond, foldMs: median(runs), jumpMs: median(jumps), jumpP99Ms: [...jumps].sort((a, b) => a - b)[Math.floor(jumps.length * 0.99)], buildMs }
}

/**
 * What recording adds to a live dispatch: the same 20 000 events dispatched through a store with
 * and without the recorder (redaction and the bounded log; the IndexedDB batch write is off the
 * dispatch path), median of 7 runs each, in microseconds per event.
 */
export function measureRecorder(n = 20_000) {
  const inputs: EventInput[] = generateSession(n).map(({ type, payload }) => ({ type, payload }) as EventInput)
  const run = (record: boolean) => {
    const store = createStore({ clock: { now: () => 0 } })
    const rec = record ? startRecorder(store.events$) : null
    const t0 = performance.now()
    for (const e of inputs) store.dispatch(e)
    const ms = performance.now() - t0
    rec?.stop()
    return ms
  }
  run(true)
  run(false)
  const withRec: number[] = []
  const without: number[] = []
  for (let r = 0; r < 7; r++) {
    without.push(run(false))
    withRec.push(run(true))
  }
  const dispatchUs = (median(without) / n) * 1000
  const overheadUs = ((median(withRec) - median(without)) / n) * 1000
  return { dispatchUs, overheadUs }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = measureReplay()
  console.log(`replay_events_per_second: ${r.eventsPerSecond}  (budget 500000; fold of 100000 events in ${r.foldMs.toFixed(1)} ms, median of 7)`)
  const rec = measureRecorder()
  console.log(`recorder_overhead_us_per_event: ${rec.overheadUs.toFixed(2)}  (a live dispatch costs ${rec.dispatchUs.toFixed(2)} us without it; median of 7 runs of 20000 events)`)
  console.log(`time_travel_jump_ms: ${r.jumpMs.toFixed(3)}  (budget 16; p99 ${r.jumpP99Ms.toFixed(3)} ms over 500 random jumps; snapshots built in ${r.buildMs.toFixed(0)} ms)`)
}
