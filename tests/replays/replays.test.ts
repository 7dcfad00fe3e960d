/**
 * Recorded sessions as regression tests (DESIGN §6): each log in this folder was recorded from the
 * running app by the browser test that walks its journey (RECORD_REPLAYS=1; ./journeys.test.ts lists
 * them); its fold must equal the state stored beside it. And the support tool: `npm run replay -- --headless` prints that state.
 */
import { describe, expect, it } from 'vitest'
import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { decodeLog } from '../../domain/log'
import { assessLog } from '../../domain/devtools/assess'
import { fold } from '../../domain/state'
import { createTimeline, stateAt } from '../../domain/devtools/timeline'

const DIR = 'tests/replays'
const logs = readdirSync(DIR).filter((f) => f.endsWith('.log.json'))
const json = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown
const deepFreeze = (o: unknown): void => {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o)
    for (const v of Object.values(o)) deepFreeze(v)
  }
}

describe('recorded sessions', () => {
  it('there are at least three', () => expect(logs.length).toBeGreaterThanOrEqual(3))

  for (const file of logs) {
    it(`${file} folds to its expected state`, () => {
      const decoded = decodeLog(readFileSync(join(DIR, file), 'utf8'))
      if (!decoded.ok) throw new Error(decoded.error)
      // Frozen, so a handler that wrote into an event's payload would throw here.
      deepFreeze(decoded.log.events)
      expect(assessLog(decoded.log).replayable).toBe(true)
      const expected = JSON.parse(readFileSync(join(DIR, file.replace('.log.json', '.expected.json')), 'utf8'))
      expect(json(fold(decoded.log.events))).toEqual(expected)
      expect(json(stateAt(createTimeline(decoded.log.events, 4), decoded.log.events.length))).toEqual(expected)
    })
  }
})

describe('npm run replay -- --headless', () => {
  const run = (...args: string[]) =>
    spawnSync('node_modules/.bin/tsx', ['scripts/replay.ts', ...args], { encoding: 'utf8' })
  const file = join(DIR, logs[0])

  it('prints the final state as JSON, or the state after event N', () => {
    const all = run('--headless', file)
    expect(all.status).toBe(0)
    expect(JSON.parse(all.stdout)).toEqual(
      JSON.parse(readFileSync(file.replace('.log.json', '.expected.json'), 'utf8')),
    )
    const log = JSON.parse(readFileSync(file, 'utf8')) as { events: { seq: number }[] }
    const at = run('--headless', '--at', String(log.events[1].seq), file)
    expect(at.status).toBe(0)
    expect(JSON.parse(at.stdout)).toEqual(json(fold(log.events.slice(0, 2) as never)))
  }, 30_000)

  it('refuses what is not a log with one clear line and a non-zero exit', () => {
    const bad = join(tmpdir(), `bad-${process.pid}.json`)
    writeFileSync(
      bad,
      JSON.stringify({
        format: 1,
        app: 'v1.1.2',
        recordedAt: 'x',
        env: {},
        events: [{ seq: 1, at: 1, type: 'nope/happened', payload: {} }],
      }),
    )
    const r = run('--headless', bad)
    expect(r.status).toBe(1)
    expect(r.stderr.trim()).toBe('replay: event 0 (seq 1) has an unknown type "nope/happened"')
    const other = join(tmpdir(), `v2-${process.pid}.json`)
    writeFileSync(
      other,
      JSON.stringify({
        format: 1,
        app: 'v2.0.0',
        recordedAt: 'x',
        env: {},
        events: [{ seq: 1, at: 1, type: 'wallet/chooserOpened', payload: {} }],
      }),
    )
    const r2 = run('--headless', other)
    expect(r2.status).toBe(1)
    expect(r2.stderr.trim()).toMatch(/^replay: recorded by v2.0.0; this build is v1.1.2/)
  }, 30_000)
})
