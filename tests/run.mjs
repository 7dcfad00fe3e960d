#!/usr/bin/env node
/**
 * `npm test`: every test. Starts the type-check, ESLint and the Prettier check in the background,
 * builds the mini-app (the browser tests open the production build), makes sure Debian's Chromium
 * (browser tests) and PostgreSQL (server tests) are there, installing them when this user can, then
 * runs the unit, marble, server and replay tests, the server tests again on a throw-away PostgreSQL
 * cluster (started here once, deleted at the end, also on failure or interrupt), and the browser
 * tests.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { setPriority } from 'node:os'
import { ensurePostgres, startPostgres } from './postgres.mjs'

const CHROMIUM = '/usr/bin/chromium'

/** What to undo however the run ends: the PostgreSQL cluster, a child still running. */
const cleanups = []
let child = null
process.on('exit', () => {
  for (const f of cleanups.splice(0).reverse()) f()
})
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => {
    child?.kill(signal)
    console.error(`\n${signal}: stopping`)
    process.exit(130)
  })

function fail(message, code = 1) {
  console.error(message)
  process.exit(code)
}

/** Each phase's time, printed as it ends and all together at the end: what to profile when the suite grows. */
const started = Date.now()
const phases = []
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`
function printTimes() {
  console.log('\n> times')
  for (const [title, ms] of phases) console.log(`  ${seconds(ms).padStart(6)}  ${title}`)
  console.log(`  ${seconds(Date.now() - started).padStart(6)}  npm test, in all`)
}

async function step(title, cmd, args, opts = {}) {
  console.log(`\n> ${title}`)
  const from = Date.now()
  const code = await new Promise((resolve) => {
    child = spawn(cmd, args, { stdio: 'inherit', ...opts })
    child.on('error', (e) => resolve(`${e.message}`))
    child.on('exit', (status, signal) => resolve(status ?? signal))
  })
  child = null
  phases.push([title, Date.now() - from])
  console.log(`  (${title}: ${seconds(Date.now() - from)})`)
  if (code !== 0) {
    printTimes()
    fail(`\n${title} failed (exit ${code}).`, typeof code === 'number' ? code : 1)
  }
}

/**
 * Steps that share nothing, started at once in the background at a low CPU priority (`nice`), so
 * they take only the cores the foreground step leaves idle. Each one's output is held and printed
 * whole with its time: at once if it fails (then the foreground step is stopped and the run fails,
 * naming it), after the foreground step otherwise (`finish()`).
 */
function inBackground(steps, { nice }) {
  console.log(`\n> in the background (nice ${nice}): ${steps.map(([title]) => title).join(', ')}`)
  const children = new Set()
  const stop = () => children.forEach((c) => c.kill('SIGTERM'))
  process.once('exit', stop)
  const held = []
  const results = Promise.all(
    steps.map(
      ([title, cmd, args]) =>
        new Promise((resolve) => {
          const from = Date.now()
          let output = ''
          const c = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '1' } })
          if (c.pid !== undefined) setPriority(c.pid, nice)
          children.add(c)
          c.stdout.on('data', (d) => (output += d))
          c.stderr.on('data', (d) => (output += d))
          const done = (code) => {
            children.delete(c)
            const ms = Date.now() - from
            phases.push([title, ms])
            const text = `\n> ${title}${output.trim() ? `\n${output.trimEnd()}` : ''}\n  (${title}: ${seconds(ms)})`
            if (code !== 0) {
              console.log(text)
              child?.kill('SIGTERM')
              printTimes()
              fail(`\n${title} failed (exit ${code}).`)
            }
            held.push(text)
            resolve()
          }
          c.on('error', (e) => done(e.message))
          c.on('exit', (status, signal) => done(status ?? signal))
        }),
    ),
  )
  return {
    async finish() {
      await results
      process.off('exit', stop)
      for (const text of held) console.log(text)
    },
  }
}

async function ensureChromium() {
  if (existsSync(CHROMIUM)) return
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
  if (!isRoot || !hasApt)
    fail(
      `Chromium is missing at ${CHROMIUM}; the browser tests need it. Run: sudo apt-get update && sudo apt-get install -y chromium`,
    )
  await step('installing Debian chromium for the browser tests', 'sh', [
    '-c',
    'apt-get update && apt-get install -y chromium',
  ])
  if (!existsSync(CHROMIUM))
    fail(`Chromium is still missing at ${CHROMIUM}. Run: apt-get update && apt-get install -y chromium`)
}

const bin = (name) => `node_modules/.bin/${name}`
// Type-check, lint and the format check (about 150 s of CPU, ESLint the longest: it builds the
// program's types again for its typed rules) run beside the unit phase, which leaves a fifth of
// the 2 cores idle while its tests wait on databases and child processes; at nice 10 they take
// little from the tests when both want a core. A failure still stops the run when it happens.
const checks = inBackground(
  [
    ['type-check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
    ['lint (ESLint)', bin('eslint'), ['.']],
    ['format (Prettier)', bin('prettier'), ['--check', '--log-level', 'warn', '.']],
  ],
  { nice: 10 },
)
await step('build the mini-app', bin('vite'), ['build', '--logLevel', 'warn'])
await ensureChromium()
const pgBin = ensurePostgres()
if (!pgBin) process.exit(1)

console.log('\n> starting a throw-away PostgreSQL cluster for the server tests')
const cluster = await startPostgres({ bin: pgBin })
cleanups.push(() => cluster.stop())
console.log(`  ${cluster.url} (${cluster.dir})`)

// Unit tests first, then the browser tests on their own: on 2 cores, running both at once starves
// Chromium and the server of CPU. The server tests run twice in the first step: on PGlite (project
// unit) and on PostgreSQL (project server-pg, one database per test server on this cluster).
const extra = process.argv.slice(2)
await step(
  'unit, marble, server (PGlite and PostgreSQL) and replay tests',
  bin('vitest'),
  ['run', '--project', 'unit-shared', '--project', 'unit', '--project', 'server-pg', ...extra],
  {
    env: { ...process.env, TEST_PG_URL: cluster.url },
  },
)
cluster.stop()
await checks.finish()
await step('browser tests', bin('vitest'), ['run', '--project', 'e2e', ...extra])
printTimes()
