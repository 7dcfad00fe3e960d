/**
 * Lighthouse, mobile, on the production build (DIST_DIR, else dist/) served by the reference server
 * in production mode: the home and the miner opened by a new user as Telegram opens them (signed
 * launch parameters in the hash, a user the server has never seen), each page RUNS times, each run a
 * fresh Chromium and a fresh user. Prints the median of the runs with its budget:
 * - lighthouse_home_performance, lighthouse_mining_performance (budget >= 95);
 * - lighthouse_home_accessibility, lighthouse_mining_accessibility (budget 100);
 * and, on stderr, what the last run found: the metrics, the failing audits, the opportunities.
 * Chromium resolves no host but 127.0.0.1 (nothing leaves the machine). Lighthouse's mobile
 * throttling is simulated (Lantern), so the figures depend less on the machine's load than a
 * wall-clock timing does, though a busy machine still lowers them.
 * Run: tsx tests/bench/lighthouse.ts (after a build: DIST_DIR=dist-x npx vite build); LIGHTHOUSE_RUNS=n.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer } from '../../server/app'
import { CHROMIUM, CHROMIUM_ARGS, TEST_BOT_TOKEN, launchHash, newUser } from '../e2e/harness'

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'mining', path: '/mining' },
] as const

interface Audit {
  id: string
  title: string
  score: number | null
  scoreDisplayMode: string
  displayValue?: string
  numericValue?: number
  details?: { type?: string; overallSavingsMs?: number; items?: Record<string, unknown>[] }
}
interface Report {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>
  audits: Record<string, Audit>
  runWarnings?: string[]
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

/** One Lighthouse run by its CLI (its own Chromium, its own process), the report read back. */
function lighthouse(url: string, out: string): Promise<Report> {
  const flags = [...CHROMIUM_ARGS, '--headless=new', '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1']
  const args = [
    url,
    `--chrome-flags=${flags.join(' ')}`,
    '--form-factor=mobile',
    '--only-categories=performance,accessibility',
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
  ]
  return new Promise((resolve, reject) => {
    const child = spawn('node_modules/.bin/lighthouse', args, {
      env: { ...process.env, CHROME_PATH: CHROMIUM },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(readFileSync(out, 'utf8')) as Report)
        : reject(new Error(`lighthouse exited with ${code} on ${url}`)),
    )
  })
}

/** The audits that cost points: failing ones of a category, worst first, and the opportunities with their savings. */
function findings(report: Report): string[] {
  const lines: string[] = []
  for (const [category, { auditRefs }] of Object.entries(report.categories)) {
    for (const ref of auditRefs) {
      const a = report.audits[ref.id]
      if (
        !a ||
        a.score === null ||
        a.score >= 0.9 ||
        a.scoreDisplayMode === 'informative' ||
        a.scoreDisplayMode === 'notApplicable' ||
        a.scoreDisplayMode === 'manual'
      )
        continue
      const items = (a.details?.items ?? [])
        .slice(0, 3)
        .map((i) =>
          String((i.node as { snippet?: string } | undefined)?.snippet ?? i.url ?? i.source ?? '').slice(0, 100),
        )
        .filter(Boolean)
      lines.push(
        `${category}: ${a.id} (score ${a.score}, weight ${ref.weight}${a.displayValue ? `, ${a.displayValue}` : ''})${items.length ? ': ' + items.join(' | ') : ''}`,
      )
    }
  }
  for (const a of Object.values(report.audits)) {
    const savings = a.details?.overallSavingsMs
    if (a.details?.type === 'opportunity' && savings !== undefined && savings > 0)
      lines.push(`opportunity: ${a.id} saves about ${Math.round(savings)} ms`)
  }
  const metric = (id: string) => report.audits[id]?.displayValue ?? '?'
  lines.unshift(
    `metrics: FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`,
  )
  return lines
}

export async function measureLighthouse(dist = process.env.DIST_DIR ?? 'dist') {
  process.env.LOG_LEVEL ??= 'silent' // the server's request lines would bury the figures
  const server = await createServer({
    port: 0,
    host: '127.0.0.1',
    botToken: TEST_BOT_TOKEN,
    mode: 'production',
    database: { kind: 'pglite', dataDir: null },
    staticDir: dist,
    authMaxAgeSeconds: 86_400,
  })
  const dir = mkdtempSync(join(tmpdir(), 'lighthouse-'))
  try {
    const results: { name: string; performance: number[]; accessibility: number[]; last: string[] }[] = []
    for (const page of PAGES) {
      const r = { name: page.name, performance: [] as number[], accessibility: [] as number[], last: [] as string[] }
      for (let run = 0; run < RUNS; run++) {
        const url = `${server.url}${page.path}#${launchHash({ user: newUser() })}`
        const report = await lighthouse(url, join(dir, `${page.name}-${run}.json`))
        r.performance.push(Math.round((report.categories.performance.score ?? 0) * 100))
        r.accessibility.push(Math.round((report.categories.accessibility.score ?? 0) * 100))
        r.last = findings(report)
      }
      results.push(r)
    }
    return results
  } finally {
    if (process.env.LIGHTHOUSE_KEEP) console.error(`reports kept in ${dir}`)
    else rmSync(dir, { recursive: true, force: true })
    await server.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await measureLighthouse()) {
    for (const line of r.last) console.error(`  ${r.name}: ${line}`)
    console.log(
      `lighthouse_${r.name}_performance: ${median(r.performance)}  (budget >= 95; mobile, production build, a new user; median of ${RUNS}: ${r.performance.join(', ')})`,
    )
    console.log(
      `lighthouse_${r.name}_accessibility: ${median(r.accessibility)}  (budget 100; median of ${RUNS}: ${r.accessibility.join(', ')})`,
    )
  }
}
