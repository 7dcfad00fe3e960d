/**
 * The bench's Lighthouse lines, measured by `npm run audit`'s own code (scripts/audit.ts: one way of
 * starting the server and Chromium, one set of flags): Lighthouse mobile (simulated throttling) on
 * the production build (DIST_DIR, else dist/), the home and the miner opened by a new user as
 * Telegram opens them, each page LIGHTHOUSE_RUNS times (default 5), each run a fresh Chromium and a
 * fresh user. Prints the median of the runs with its budget and the load average:
 * - lighthouse_home_performance, lighthouse_mining_performance (budget >= 95);
 * - lighthouse_home_accessibility, lighthouse_mining_accessibility (budget 100);
 * and, on stderr, each run's figures and what the last run found (failing audits, opportunities,
 * the largest contentful paint's element).
 * Lighthouse's throttling is simulated, yet a busy machine still lowers the score (the page's
 * main-thread tasks are scaled by 4): read the load beside the figures.
 * Run: tsx tests/bench/lighthouse.ts (after a build: DIST_DIR=dist-x npx vite build); LIGHTHOUSE_KEEP=dir keeps the reports.
 */
import { auditScreens, load, median, runLine } from '../../scripts/audit'

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5)
const BUDGETS = { performance: '>= 95', accessibility: '100' } as const

const startLoad = load()
const results = await auditScreens({
  runs: RUNS,
  screens: ['home', 'mining'],
  json: process.env.LIGHTHOUSE_KEEP || undefined,
  onRun: (screen, run, figures) => console.error(runLine(screen, run, RUNS, figures)),
})
const loads = `load ${startLoad} at the start, ${load()} at the end`
for (const [screen, runs] of Object.entries(results)) {
  console.error(`  ${screen}: the last run's findings\n${runs[runs.length - 1].failing.join('\n') || '  none'}`)
  for (const category of ['performance', 'accessibility'] as const) {
    const scores = runs.map((f) => f.scores[category])
    console.log(
      `lighthouse_${screen}_${category}: ${median(scores)}  (budget ${BUDGETS[category]}; mobile, production build, a new user; median of ${RUNS}: ${scores.join(', ')}; lcp ${median(runs.map((f) => f.lcp))} ms, tbt ${median(runs.map((f) => f.tbt))} ms; ${loads})`,
    )
  }
}
