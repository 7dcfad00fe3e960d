/**
 * Time travel on a 20 000-event log (the recorder's cap) in Chromium, on the built app (DIST_DIR,
 * else dist/) served in replay mode (scripts/replayServer.ts), the log made like the replay bench's
 * recorded workload: the journeys of tests/replays played in turn to 20 000 events.
 * - time_travel_open_ms (budget 1000): from navigation to the panel usable: the page's time to the
 *   panel's button (the log decoded and folded, the timeline's snapshots built, the panel's chunk
 *   loaded; its `tt-fab` mark) plus the click's time to the open panel's first commit (`tt-open-click`
 *   to `tt-panel-open`), so the bench's own reaction is not counted. Median of 5 page loads.
 * - time_travel_import_ms (budget 1000): the same log chosen with the panel's Import in a replay of one
 *   short journey, from the file chosen (`tt-import-start`) to React's commit of the screen at its last
 *   event (`tt-import-commit`): the file read, decoded and checked, the timeline's snapshots built.
 *   The page load above also fetches and parses the 12 MB log, which this leaves out.
 * - time_travel_jump_browser_ms (budget 16, median and p95): 50 jumps to random events through the
 *   panel's position slider, each timed by the panel's marks from the jump asked (`tt-jump-start`) to
 *   React's commit of the screen for it (`tt-jump-commit`, a layout effect rendered with the screen).
 *   A screen whose chunk was never loaded commits its fallback first: the chunk's fetch is not in
 *   the figure; the next jump waits for it. Beside each wall-clock figure, the CPU time the page's
 *   main thread spent (CDP's ThreadTime), which a loaded machine does not stretch.
 * Run: tsx tests/bench/timetravel.ts (after a build: DIST_DIR=dist-x npx vite build)
 */
import { type CDPSession, chromium } from 'playwright-core'
import { encodeLog } from '../../domain/log'
import { serveReplay } from '../../scripts/replayServer'
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/harness'
import { recordedSession } from './replay'

const EVENTS = 20_000
const LOADS = 5
const JUMPS = 50
/** The replay page's own marks as it starts (src/main.tsx), in order: where the time to the panel goes. */
const PHASES = ['tt-log-fetched', 'tt-log-decoded', 'tt-features-loaded', 'tt-log-folded']

/**
 * The page's main thread's CPU time so far (CDP's ThreadTime), in ms: what the work cost whatever
 * else the machine runs, beside the wall-clock marks that a loaded machine stretches.
 */
async function threadMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics')
  return (metrics.find((m) => m.name === 'ThreadTime')?.value ?? NaN) * 1000
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1]

/** In the page: moves the slider to `p` as an input event does, and waits for its commit and a frame. */
const JUMP = `async (p) => {
  const slider = document.querySelector('input[aria-label="Position"]')
  performance.clearMeasures('tt-jump')
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(slider, String(p))
  slider.dispatchEvent(new Event('input', { bubbles: true }))
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))
  const m = performance.getEntriesByName('tt-jump', 'measure')
  return { ms: m.length ? m[m.length - 1].duration : null, position: document.querySelector('[data-testid="tt-position"]').textContent, screen: (document.querySelector('main')?.textContent ?? '').trim().slice(0, 40) }
}`

export async function measureTimeTravel(dist = process.env.DIST_DIR ?? 'dist') {
  const { events, logs, types } = recordedSession(EVENTS)
  const log = encodeLog(
    events,
    { bench: 'tests/bench/timetravel.ts' },
    new Date(events[events.length - 1].at).toISOString(),
  )
  // The replay server says where it listens on stdout; the bench's stdout is for its figures.
  const say = console.log
  console.log = console.error
  const served = await serveReplay(log, 0, dist)
  const short = await serveReplay(
    encodeLog(recordedSession(40).events, { bench: 'tests/bench/timetravel.ts' }, log.recordedAt as string),
    0,
    dist,
  )
  console.log = say
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
  try {
    const open: { usable: number; fab: number; click: number; phases: number[] }[] = []
    const jumps: number[] = []
    const openCpu: number[] = []
    const jumpCpu: number[] = []
    const idleCpu: number[] = []
    const slowest: { ms: number; cpu: number; position: number; screen: string }[] = []
    for (let load = 0; load < LOADS; load++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
      const page = await context.newPage()
      await page.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (r) => r.abort())
      const cdp = await context.newCDPSession(page)
      await cdp.send('Performance.enable')
      const cpu0 = await threadMs(cdp)
      await page.goto(served.url + '/')
      await page.getByRole('button', { name: 'Time travel' }).click()
      await page.getByTestId('tt-position').waitFor()
      openCpu.push((await threadMs(cdp)) - cpu0)
      const marks = await page.evaluate(
        (names) =>
          Object.fromEntries(names.map((n) => [n, performance.getEntriesByName(n, 'mark')[0]?.startTime ?? NaN])),
        ['tt-fab', 'tt-open-click', 'tt-panel-open', ...PHASES],
      )
      const click = marks['tt-panel-open'] - marks['tt-open-click']
      open.push({ usable: marks['tt-fab'] + click, fab: marks['tt-fab'], click, phases: PHASES.map((n) => marks[n]) })
      if (load === LOADS - 1) {
        let x = 20_261_124
        const rand = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
        // The same call and frame with no jump: what the CPU figure holds besides the jump.
        for (let j = 0; j < 20; j++) {
          const c0 = await threadMs(cdp)
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))))
          idleCpu.push((await threadMs(cdp)) - c0)
        }
        for (let j = 0; j < JUMPS; j++) {
          const p = Math.floor(rand() * EVENTS)
          const c0 = await threadMs(cdp)
          const r = (await page.evaluate(`(${JUMP})(${p})`)) as { ms: number | null; position: string; screen: string }
          jumpCpu.push((await threadMs(cdp)) - c0)
          if (r.ms === null || r.position !== `${p} / ${EVENTS}`)
            throw new Error(`jump to ${p}: no commit mark (position shows ${r.position})`)
          jumps.push(r.ms)
          slowest.push({ ms: r.ms, cpu: jumpCpu[jumpCpu.length - 1], position: p, screen: r.screen })
          // A screen met for the first time loads its chunk: let it arrive before the next jump.
          await page.waitForLoadState('networkidle')
        }
      }
      await context.close()
    }
    // The import: a replay of one short journey, its panel open, then the 20 000-event file chosen.
    const file = { name: 'session.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(log)) }
    const imports: number[] = []
    for (let load = 0; load < LOADS; load++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
      const page = await context.newPage()
      await page.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (r) => r.abort())
      await page.goto(short.url + '/')
      await page.getByRole('button', { name: 'Time travel' }).click()
      await page.getByTestId('tt-position').waitFor()
      await page.locator('.tt__import input').setInputFiles(file)
      await page.getByText(`${EVENTS} / ${EVENTS}`).waitFor()
      await page.waitForFunction(() => performance.getEntriesByName('tt-import', 'measure').length > 0)
      imports.push(await page.evaluate(() => performance.getEntriesByName('tt-import', 'measure')[0].duration))
      await context.close()
    }
    const byUsable = [...open].sort((a, b) => a.usable - b.usable)[Math.floor(open.length / 2)]
    return {
      logs,
      types,
      open: byUsable,
      openRuns: open.map((o) => o.usable),
      importMs: median(imports),
      importRuns: imports,
      openCpuMs: median(openCpu),
      jumpCpuMs: median(jumpCpu),
      jumpCpuP95Ms: p95(jumpCpu),
      idleCpuMs: median(idleCpu),
      jumpMedian: median(jumps),
      jumpP95: p95(jumps),
      jumpMax: Math.max(...jumps),
      slowest: slowest.sort((a, b) => b.ms - a.ms).slice(0, 5),
    }
  } finally {
    await browser.close()
    await served.close()
    await short.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await measureTimeTravel()
  console.log(
    `time_travel_open_ms: ${r.open.usable.toFixed(0)}  (budget 1000; ${EVENTS} events from the ${r.logs} recorded journeys, ${r.types} types, in Chromium: ${r.open.fab.toFixed(0)} ms from navigation to the panel's button (${PHASES.map((n, i) => `${n.slice(3)} at ${r.open.phases[i].toFixed(0)}`).join(', ')}), ${r.open.click.toFixed(0)} ms from the click to the open panel; median of ${LOADS} page loads: ${r.openRuns.map((x) => x.toFixed(0)).join(', ')}; the page's main thread ran ${r.openCpuMs.toFixed(0)} ms of CPU of it)`,
  )
  console.log(
    `time_travel_import_ms: ${r.importMs.toFixed(0)}  (budget 1000; the same log chosen with the panel's Import in a replay of one journey, from the file chosen to React's commit of the screen at its last event: read, decoded, checked, snapshots built; median of ${LOADS}: ${r.importRuns.map((x) => x.toFixed(0)).join(', ')})`,
  )
  console.log(
    `time_travel_jump_browser_ms: ${r.jumpMedian.toFixed(1)}  (budget 16; p95 ${r.jumpP95.toFixed(1)} ms, max ${r.jumpMax.toFixed(1)} ms; ${JUMPS} random jumps on the ${EVENTS}-event log, from the jump asked to React's commit of its screen; the main thread's CPU per jump, the bench's call included: median ${r.jumpCpuMs.toFixed(1)} ms, p95 ${r.jumpCpuP95Ms.toFixed(1)} ms, where the call and a frame without a jump take ${r.idleCpuMs.toFixed(1)} ms; the slowest: ${r.slowest.map((j) => `${j.ms.toFixed(1)} ms (CPU ${j.cpu.toFixed(1)}) to event ${j.position} on "${j.screen}"`).join(', ')})`,
  )
}
