#!/usr/bin/env node
/**
 * `npm run bench`: the performance budgets, printed as `name: value` lines.
 * - first_screen_js_gzip_kb (budget 170, inside Telegram: with the Telegram SDK's chunk) from a fresh production
 *   build, with where the bytes go: per chunk and, by the chunks' source maps, the biggest packages and features
 *   (bundle-modules.mjs); first_screen_js_gzip_kb_browser: the same outside Telegram;
 * - mining_screen_js_gzip_kb: what opening /mining loads beyond the first screen (its chunk and the chunks it imports);
 * - lighthouse_{home,mining}_{performance,accessibility} (budgets >= 95 and 100): Lighthouse mobile on the
 *   production build, a new user, median of 3 runs each (lighthouse.ts);
 * - replay_events_per_second (budget 500 000) and time_travel_jump_ms (budget 16);
 * - time_travel_open_ms and time_travel_import_ms (budget 1000), time_travel_jump_browser_ms (budget 16, median and p95): a 20 000-event log in the time-travel panel (Chromium);
 * - time_travel_jump_ours_ms, time_travel_jump_instrument_ms and time_travel_heap_mb: our timeline against @redux-devtools/instrument on that log (Node);
 * - server_balances_rps and server_balances_p99_ms: POST /balances, 100 concurrent clients on loopback;
 * - balances_read_ms_10 and balances_read_ms_20000: the first POST /balances after a change, by ledger size, on PGlite and PostgreSQL;
 * - quote_after_debounce_ms: a swap quote on screen after the last keystroke, less the 1000 ms debounce (Chromium);
 * - friends_page_ms_p99_100k (budget 10): GET /mining/friends for a user with 100 000 friends, on PostgreSQL;
 * - guild_cutoffs_recompute_ms (budget 10 000), guild_rank_p99_ms and guild_leaderboard_p99_ms (budget 10): 1 000 000 miners and 10 000 alliances, on PostgreSQL.
 * A documented long run, only with `npm run bench -- --long` (about 6 minutes more; alone: `npx tsx tests/bench/mixed.ts`):
 * - mixed_*: the app's calls mixed (reads 80 %, writes 20 %) from 100 and 500 clients for 60 s each on PostgreSQL,
 *   open-loop rates, each call's CPU, and a profile of the server and the database (goal at 500 clients: 0 errors, p99 < 150 ms).
 */
import { spawnSync } from 'node:child_process'
import { firstScreenJs, routeJs } from './bundle.mjs'
import { firstScreenGroups } from './bundle-modules.mjs'

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`)
  return r.stdout
}

run('node_modules/.bin/vite', ['build', '--logLevel', 'error'])
const dist = process.env.DIST_DIR ?? 'dist'
const bundle = firstScreenJs(dist)
const browser = firstScreenJs(dist, 'browser')
const kb = (n) => (n / 1024).toFixed(1)
const top = firstScreenGroups(dist).groups.slice(0, 12)
console.log(
  `first_screen_js_gzip_kb: ${bundle.gzipKb.toFixed(1)}  (budget 170, inside Telegram; per chunk: ${bundle.files.map((f) => `${f.src.replace(/^\/assets\//, '')} ${kb(f.gzip)}`).join(', ')}; biggest groups, gzip share: ${top.map((g) => `${g.group} ${kb(g.share)}`).join(', ')})`,
)
console.log(`first_screen_js_gzip_kb_browser: ${browser.gzipKb.toFixed(1)}  (outside Telegram: no Telegram SDK)`)
const mining = routeJs(dist, '/mining')
for (const f of mining.files)
  console.error(`  ${f.src}: ${(f.gzip / 1024).toFixed(1)} KB gzip (${(f.raw / 1024).toFixed(1)} KB raw)`)
console.log(`mining_screen_js_gzip_kb: ${mining.gzipKb.toFixed(1)}`)

process.stdout.write(run('node_modules/.bin/tsx', ['tests/bench/lighthouse.ts']))
process.stdout.write(run('node_modules/.bin/tsx', ['tests/bench/replay.ts']))
process.stdout.write(run('node_modules/.bin/tsx', ['tests/bench/timetravel.ts']))
process.stdout.write(run('node', ['--expose-gc', '--import', 'tsx', 'tests/bench/instrument.ts']))
process.stdout.write(run('node_modules/.bin/tsx', ['tests/bench/server-load.ts']))
process.stdout.write(run('node_modules/.bin/tsx', ['tests/bench/balances-history.ts']))
process.stdout.write(run('node_modules/.bin/tsx', ['tests/bench/quote-latency.ts']))
process.stdout.write(run('node_modules/.bin/tsx', ['tests/bench/friends-page.ts']))
process.stdout.write(run('node_modules/.bin/tsx', ['tests/bench/guilds.ts']))
if (process.argv.includes('--long')) process.stdout.write(run('node_modules/.bin/tsx', ['tests/bench/mixed.ts']))
