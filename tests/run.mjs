#!/usr/bin/env node
/**
 * `npm test`: every test. Type-checks, builds the mini-app (the browser tests open the production
 * build), makes sure Debian's Chromium is there for the browser tests (installing it when this
 * user can), then runs the unit, marble, server, replay and browser tests in one vitest run.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const CHROMIUM = '/usr/bin/chromium'

function step(title, cmd, args, opts = {}) {
  console.log(`\n> ${title}`)
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts })
  if (r.status !== 0) {
    console.error(`\n${title} failed (exit ${r.status ?? r.signal}).`)
    process.exit(r.status ?? 1)
  }
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
  if (!isRoot || !hasApt) {
    console.error(`Chromium is missing at ${CHROMIUM}; the browser tests need it. Run: sudo apt-get update && sudo apt-get install -y chromium`)
    process.exit(1)
  }
  step('installing Debian chromium for the browser tests', 'sh', ['-c', 'apt-get update && apt-get install -y chromium'])
  if (!existsSync(CHROMIUM)) {
    console.error(`Chromium is still missing at ${CHROMIUM}. Run: apt-get update && apt-get install -y chromium`)
    process.exit(1)
  }
}

const bin = (name) => `node_modules/.bin/${name}`
step('type-check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'])
step('build the mini-app', bin('vite'), ['build', '--logLevel', 'warn'])
ensureChromium()
// Unit tests first, then the browser tests on their own: on 2 cores, running both at once starves
// Chromium and the server of CPU.
const extra = process.argv.slice(2)
step('unit, marble, server and replay tests', bin('vitest'), ['run', '--project', 'unit', ...extra])
step('browser tests', bin('vitest'), ['run', '--project', 'e2e', ...extra])
