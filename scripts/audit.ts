/**
 * Lighthouse 12 (mobile settings: simulated throttling, as PageSpeed does; Debian's Chromium) on the
 * production build, as Telegram opens it: the one tool behind `npm run audit` and the bench's
 * Lighthouse lines (tests/bench/lighthouse.ts imports `auditScreens`). Builds nothing: run
 * `npm run build` first (or set DIST_DIR to a build of one's own).
 *
 * It starts the reference server in production mode (server/main.ts as a child process: test
 * BOT_TOKEN and WALLET_SECRET, a throw-away PostgreSQL cluster, 127.0.0.1 on a free port, serving a copy of
 * the build taken at the start), opens each screen with launch parameters signed for a new user in
 * the URL hash, runs Lighthouse N times per screen (a fresh Chromium each run, resolving no host but
 * 127.0.0.1) and prints the medians as `name: value` lines, the load average on stderr:
 *
 *   lighthouse_home_performance: 97
 *   lighthouse_home_fcp_ms: 1234 ...
 *
 * Options: --runs N (default 3), --screens home,swap,mining,frens,guilds,tasks, --theme light|dark (the Telegram theme handed
 * to the page; default light), --details (the last run's failing audits, opportunities and largest
 * contentful paint, for each screen), --json DIR (each run's full report).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer as createNetServer } from 'node:net'
import { type RunningPostgres, startPostgres } from '../tests/postgres.mjs'
import { loadavg, tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { DARK_THEME } from './themes'
import { parseArgs } from 'node:util'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { signInitData } from '../server/kernel/auth'
import { DEMO_THEME } from '../server/kernel/static'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const BOT_TOKEN = '7000000002:lighthouse-audit-token'
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'
/** Chromium's flags, the one place for them: headless, and no request leaves the machine. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
]
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const
type Category = (typeof CATEGORIES)[number]

/** Where each screen opens: the path the bot's link carries (the app starts on it). */
export const SCREENS: Record<string, string> = {
  home: '/',
  swap: '/swap',
  mining: '/mining',
  frens: '/mining/frens',
  guilds: '/mining/guilds',
  tasks: '/mining/tasks',
}

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createNetServer()
    srv.once('error', rej)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => res(port))
    })
  })
}

/**
 * The reference server in production mode, as a direct child (so its pid is the server's). It
 * serves a copy of ./dist taken now, so a build started meanwhile does not change what is measured.
 */
async function startServer(
  built: string,
): Promise<{ url: string; child: ChildProcess; dir: string; database: RunningPostgres }> {
  if (!existsSync(join(ROOT, built, 'index.html')))
    throw new Error(`no build in ./${built}: run \`npm run build\` first`)
  const dir = mkdtempSync(join(tmpdir(), 'switch-audit-'))
  cpSync(join(ROOT, built), join(dir, 'dist'), { recursive: true })
  const port = await freePort()
  // Production runs on PostgreSQL only (server/kernel/config.ts): a throw-away cluster, gone at the end.
  const database = await startPostgres()
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), join(ROOT, 'server', 'main.ts')], {
    cwd: dir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      BOT_TOKEN,
      WALLET_SECRET: 'lighthouse-audit-wallet-secret-not-for-real-use',
      DATABASE_URL: database.url,
      HOST: '127.0.0.1',
      PORT: String(port),
      COPY_FEED_INTERVAL_MS: '0',
      // Production needs a service wallet; the audit reads no chain.
      SERVICE_TON_ADDRESS: 'UQBBJBB3HagsujBqVfqeDUPJ0kXjgTPLWPFFffuNXNiJLxtF',
      TON_WATCH_INTERVAL_MS: '0',
      // Production names how the bot gets updates; the audit's server takes none (and calls no Bot API).
      BOT_POLLING: 'off',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((res, rej) => {
    let out = ''
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      const m = /server at (http:\/\/\S+?)\/?\s/.exec(out)
      if (m) res(m[1])
    })
    child.once('exit', (code) => rej(new Error(`the server exited (${code}) before it listened: ${out}`)))
  }).catch((e: unknown) => {
    database.stop()
    throw e
  })
  return { url, child, dir, database }
}

let nextUser = 3_000_000 + Math.floor(Math.random() * 1_000_000)

/** The URL Telegram opens: the bot's path, signed launch parameters in the hash. */
function launchUrl(base: string, path: string, theme: Record<string, string>): string {
  const user = { id: nextUser++, first_name: 'Audit', language_code: 'en' }
  const params = new URLSearchParams({
    tgWebAppData: signInitData({ botToken: BOT_TOKEN, user }),
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'ios',
    tgWebAppThemeParams: JSON.stringify(theme),
  })
  return `${base}${path}#${params.toString()}`
}

/** One Lighthouse run's figures. */
export interface Figures {
  scores: Record<Category, number>
  fcp: number
  lcp: number
  tbt: number
  cls: number
  /** The audits below 0.9 (their nodes or URLs), the opportunities with their savings, the LCP element. */
  failing: string[]
}

async function runOnce(url: string, jsonFile?: string): Promise<Figures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      formFactor: 'mobile',
    })
    if (!result) throw new Error('Lighthouse gave no result')
    const { lhr } = result
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
    if (jsonFile) writeFileSync(jsonFile, result.report as string)
    const scores = {} as Record<Category, number>
    for (const c of CATEGORIES) scores[c] = Math.round((lhr.categories[c]?.score ?? 0) * 100)
    const failing: string[] = []
    for (const c of CATEGORIES) {
      for (const ref of lhr.categories[c]?.auditRefs ?? []) {
        const a = lhr.audits[ref.id]
        if (
          !a ||
          a.score === null ||
          a.score >= 0.9 ||
          a.scoreDisplayMode === 'informative' ||
          a.scoreDisplayMode === 'notApplicable'
        )
          continue
        const items = (a.details as { items?: unknown[] } | undefined)?.items
        const nodes = (items ?? [])
          .map(
            (i) =>
              (i as { node?: { selector?: string; snippet?: string }; url?: string }).node?.selector ??
              (i as { url?: string }).url,
          )
          .filter(Boolean)
          .slice(0, 6)
        failing.push(
          `  ${c} ${a.id} (${a.score}) ${a.displayValue ?? ''}${nodes.length ? `\n      ${nodes.join('\n      ')}` : ''}`,
        )
      }
    }
    for (const a of Object.values(lhr.audits)) {
      const savings = (a.details as { overallSavingsMs?: number } | undefined)?.overallSavingsMs
      if (savings !== undefined && savings > 0) failing.push(`  opportunity ${a.id}: about ${Math.round(savings)} ms`)
    }
    const lcpElement = (
      lhr.audits['largest-contentful-paint-element']?.details as
        { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined
    )?.items?.[0]?.items?.[0]?.node?.snippet
    if (lcpElement) failing.push(`  the largest contentful paint: ${lcpElement.slice(0, 120)}`)
    const num = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN)
    return {
      scores,
      fcp: num('first-contentful-paint'),
      lcp: num('largest-contentful-paint'),
      tbt: num('total-blocking-time'),
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      failing,
    }
  } finally {
    await chrome.kill()
  }
}

/** The median of the runs that measured it (a run Lighthouse could not measure, NaN, is left out and said). */
export const median = (xs: number[]) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b)
  if (s.length < xs.length) console.error(`# ${xs.length - s.length} of ${xs.length} runs did not measure this figure`)
  if (s.length === 0) return NaN
  const m = s.length >> 1
  return s.length % 2 ? s[m] : Math.round((s[m - 1] + s[m]) / 2)
}

/** The load average now (1, 5 and 15 minutes): Lighthouse reads lower on a busy machine. */
export const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')

export interface AuditOptions {
  runs: number
  screens: string[]
  theme?: Record<string, string>
  /** The build to serve (default DIST_DIR, else dist). */
  dist?: string
  /** A directory for each run's full report. */
  json?: string
  /** Told of each run as it ends. */
  onRun?: (screen: string, run: number, figures: Figures) => void
}

/** Every run of every screen, on one server: `{ screen: [each run's figures] }`. */
export async function auditScreens(o: AuditOptions): Promise<Record<string, Figures[]>> {
  for (const s of o.screens)
    if (!(s in SCREENS)) throw new Error(`no screen "${s}": one of ${Object.keys(SCREENS).join(', ')}`)
  // DIST_DIR: a build of one's own (vite.config.ts), measured instead of ./dist.
  const server = await startServer(o.dist ?? process.env.DIST_DIR ?? 'dist')
  try {
    if (o.json) mkdirSync(o.json, { recursive: true })
    const out: Record<string, Figures[]> = {}
    for (const screen of o.screens) {
      out[screen] = []
      for (let i = 0; i < o.runs; i++) {
        const figures = await runOnce(
          launchUrl(server.url, SCREENS[screen], o.theme ?? DEMO_THEME),
          o.json ? join(o.json, `${screen}-${i + 1}.json`) : undefined,
        )
        o.onRun?.(screen, i, figures)
        out[screen].push(figures)
      }
    }
    return out
  } finally {
    server.child.kill('SIGTERM')
    await new Promise((r) => (server.child.exitCode === null ? server.child.once('exit', r) : r(null)))
    server.database.stop()
    rmSync(server.dir, { recursive: true, force: true })
  }
}

/** How one run reads on stderr. */
export const runLine = (screen: string, run: number, runs: number, f: Figures) =>
  `# ${screen} run ${run + 1}/${runs}: ${CATEGORIES.map((c) => `${c} ${f.scores[c]}`).join(', ')}, fcp ${f.fcp} ms, lcp ${f.lcp} ms, tbt ${f.tbt} ms, cls ${f.cls.toFixed(3)} (load ${load()})`

async function main() {
  const { values: opts } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      screens: { type: 'string', default: Object.keys(SCREENS).join(',') },
      theme: { type: 'string', default: 'light' },
      details: { type: 'boolean', default: false },
      json: { type: 'string' },
    },
  })
  const runs = Number(opts.runs)
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number, at least 1')
  if (opts.theme !== 'light' && opts.theme !== 'dark') throw new Error('--theme is light or dark')
  const startLoad = load()
  const results = await auditScreens({
    runs,
    screens: opts.screens.split(',').filter(Boolean),
    theme: opts.theme === 'dark' ? DARK_THEME : DEMO_THEME,
    json: opts.json,
    onRun: (screen, i, f) => console.error(runLine(screen, i, runs, f)),
  })
  console.error(`# load average at the start ${startLoad}, at the end ${load()}`)
  for (const [screen, all] of Object.entries(results)) {
    for (const c of CATEGORIES) console.log(`lighthouse_${screen}_${c}: ${median(all.map((f) => f.scores[c]))}`)
    console.log(`lighthouse_${screen}_fcp_ms: ${median(all.map((f) => f.fcp))}`)
    console.log(`lighthouse_${screen}_lcp_ms: ${median(all.map((f) => f.lcp))}`)
    console.log(`lighthouse_${screen}_tbt_ms: ${median(all.map((f) => f.tbt))}`)
    if (opts.details)
      console.error(`# ${screen}: the last run's findings\n${all[all.length - 1].failing.join('\n') || '  none'}`)
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main()
