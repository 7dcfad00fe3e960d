/**
 * Replay budgets: `replay_events_per_second` folding a 100 000-event session (median of 7 runs), and
 * `time_travel_jump_ms`, the median time to compute the state at a random position of it from the
 * nearest snapshot (500 jumps). Two sessions: one generated (app and wallet events, tests/domain/
 * fixtures/generate.ts), and one made of the logs recorded from the browser journeys of every feature
 * (tests/replays/*.log.json: swap, send, copy trade, mining, friends, guilds, tasks, staking, PoH,
 * banners...), played one after another, again and again, to 100 000 events, each copy's sequence
 * numbers and times moved on past the last. Run: tsx tests/bench/replay.ts
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { decodeLog } from '../../domain/log'
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

type Events = ReturnType<typeof generateSession>

/** The recorded journeys of tests/replays, played in turn until `n` events, each copy after the last. */
export function recordedSession(n = 100_000, dir = 'tests/replays'): { events: Events; logs: number; types: number } {
  const logs = readdirSync(dir)
    .filter((f) => f.endsWith('.log.json'))
    .sort()
    .map((f) => {
      const decoded = decodeLog(readFileSync(join(dir, f), 'utf8'))
      if (!decoded.ok) throw new Error(`${f}: ${decoded.error}`)
      return decoded.log.events as Events
    })
  const events: Events = []
  let seq = 0
  let at = logs[0][0].at
  while (events.length < n)
    for (const log of logs) {
      const shift = at - log[0].at
      for (const e of log) {
        if (events.length === n) break
        events.push({ ...e, seq: ++seq, at: e.at + shift })
      }
      at = events[events.length - 1].at + 1_000
    }
  return { events, logs: logs.length, types: new Set(events.map((e) => e.type)).size }
}

export function measureReplay(n = 100_000, events: Events = generateSession(n)) {
  // The first fold of a workload runs while the JIT still learns its handlers (several times slower
  // on the recorded one, whose 118 types reach many handlers): it is reported apart, not in the median.
  const c0 = performance.now()
  fold(events)
  const coldMs = performance.now() - c0
  fold(events)
  const runs: number[] = []
  const cpu: number[] = []
  for (let r = 0; r < 7; r++) {
    const c0 = process.cpuUsage()
    const t0 = performance.now()
    fold(events)
    runs.push(performance.now() - t0)
    const c = process.cpuUsage(c0)
    cpu.push((c.user + c.system) / 1000)
  }
  const eventsPerSecond = Math.round(n / (median(runs) / 1000))
  // The process's CPU time for the same folds (GC threads included): what a loaded machine's
  // scheduling does not stretch, unlike the wall clock above.
  const cpuEventsPerSecond = Math.round(n / (median(cpu) / 1000))

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
  return {
    eventsPerSecond,
    cpuEventsPerSecond,
    coldMs,
    foldMs: median(runs),
    jumpMs: median(jumps),
    jumpP99Ms: [...jumps].sort((a, b) => a - b)[Math.floor(jumps.length * 0.99)],
    buildMs,
  }
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
  console.log(
    `replay_events_per_second: ${r.eventsPerSecond}  (budget 500000; fold of 100000 generated app and wallet events in ${r.foldMs.toFixed(1)} ms, median of 7 after two folds to warm up; the first took ${r.coldMs.toFixed(0)} ms; ${r.cpuEventsPerSecond} a second of process CPU)`,
  )
  const recorded = recordedSession()
  const rr = measureReplay(recorded.events.length, recorded.events)
  console.log(
    `replay_recorded_events_per_second: ${rr.eventsPerSecond}  (budget 500000; fold of 100000 events from the ${recorded.logs} recorded journeys of tests/replays, ${recorded.types} event types, in ${rr.foldMs.toFixed(1)} ms, median of 7 after two folds to warm up; the first took ${rr.coldMs.toFixed(0)} ms; ${rr.cpuEventsPerSecond} a second of process CPU)`,
  )
  console.log(
    `time_travel_jump_recorded_ms: ${rr.jumpMs.toFixed(3)}  (budget 16; p99 ${rr.jumpP99Ms.toFixed(3)} ms over 500 random jumps)`,
  )
  const rec = measureRecorder()
  console.log(
    `recorder_overhead_us_per_event: ${rec.overheadUs.toFixed(2)}  (a live dispatch costs ${rec.dispatchUs.toFixed(2)} us without it; median of 7 runs of 20000 events)`,
  )
  console.log(
    `time_travel_jump_ms: ${r.jumpMs.toFixed(3)}  (budget 16; p99 ${r.jumpP99Ms.toFixed(3)} ms over 500 random jumps; snapshots built in ${r.buildMs.toFixed(0)} ms)`,
  )
}
