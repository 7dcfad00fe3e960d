/** The one list of slices (domain/features.ts): what it derives, and that each feature declares itself (and its codecs) in its own folder. */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { EVENT_TYPES, SLICES } from '../../domain/features'
import { decodeLog } from '../../domain/log'
import { hasHandlers, initialState } from '../../domain/state'
import { FEATURE_NAMES } from '../../streams/features'

describe('the list of slices', () => {
  it('each slice has its own name, and each of its events is named after it: feature/pastTense', () => {
    const names = SLICES.map((s) => s.name)
    expect(new Set(names).size).toBe(names.length)
    for (const slice of SLICES)
      for (const type of Object.keys(slice.events))
        expect(type, slice.name).toMatch(new RegExp(`^${slice.name}/[a-z][A-Za-z]+$`))
  })

  it('the initial state holds every slice, as its slice declares it', () => {
    expect(Object.keys(initialState)).toEqual(SLICES.map((s) => s.name))
    for (const slice of SLICES) expect(initialState[slice.name], slice.name).toEqual(slice.initialState)
  })

  it('the lazy slices are the features streams/features.ts loads; the others fold from the first screen', () => {
    const lazy = SLICES.filter((s) => 'lazy' in s && s.lazy === true).map((s) => s.name)
    expect([...FEATURE_NAMES].sort()).toEqual([...lazy].sort())
    for (const slice of SLICES)
      if (!('lazy' in slice && slice.lazy === true)) expect(hasHandlers(slice.name), slice.name).toBe(true)
  })

  it("the names a log may hold are every slice's events, and a log with another is refused", () => {
    expect(EVENT_TYPES.size).toBe(SLICES.reduce((n, s) => n + Object.keys(s.events).length, 0))
    expect(EVENT_TYPES.has('staking/amountTyped')).toBe(true)
    const log = (type: string) => ({
      format: 1,
      app: 'v1.1.2',
      recordedAt: 0,
      env: {},
      events: [{ seq: 1, at: 0, type, payload: {} }],
    })
    expect(decodeLog(log('staking/amountTyped')).ok).toBe(true)
    expect(decodeLog(log('staking/notAnEvent'))).toEqual({
      ok: false,
      error: 'event 0 (seq 1) has an unknown type "staking/notAnEvent"',
    })
  })
})

/** The folders of a layer holding a file of that name: the features that declare one. */
const declaring = (layer: string, file: string) =>
  readdirSync(layer, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== 'api' && existsSync(join(layer, d.name, file)))
    .map((d) => d.name)
    .sort()

/** How many times each name stands in a list's source. */
const entriesIn = (list: string, names: readonly string[], entry: (name: string) => RegExp) => {
  const text = readFileSync(list, 'utf8')
  return Object.fromEntries(names.map((name) => [name, [...text.matchAll(entry(name))].length]))
}
const once = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, 1]))

describe('the central lists', () => {
  it('hold one entry per feature folder that declares one: slices, calls, chunks, routes and server features', () => {
    const slices = declaring('domain', 'slice.ts').filter((f) => f !== 'app')
    expect(slices).toContain('staking')
    expect(entriesIn('domain/features.ts', slices, (f) => new RegExp(`^  ${f}Slice,$`, 'gm'))).toEqual(once(slices))
    expect(SLICES.map((s) => s.name).sort()).toEqual([...slices, 'app'].sort())

    const calls = declaring('domain', 'endpoints.ts').filter((f) => !['wallet', 'app', 'devtools'].includes(f))
    expect(
      entriesIn(
        'domain/api/endpoints.ts',
        calls,
        (f) => new RegExp(`^  \\.\\.\\.${f === 'payments' ? 'payment' : f}Endpoints,$`, 'gm'),
      ),
    ).toEqual(once(calls))
    const firstScreen = [
      ...declaring('domain', 'firstScreenEndpoints.ts').map((f) => `${f}FirstScreen`),
      'wallet',
      'app',
      'devtools',
    ]
    expect(
      entriesIn(
        'domain/api/firstScreenEndpoints.ts',
        firstScreen,
        (f) => new RegExp(`^  \\.\\.\\.${f}Endpoints,$`, 'gm'),
      ),
    ).toEqual(once(firstScreen))

    const chunks = declaring('streams', 'feature.ts')
    expect(chunks).toEqual([...FEATURE_NAMES].sort())
    expect(entriesIn('streams/features.ts', chunks, (f) => new RegExp(`import\\('\\./${f}/feature'\\)`, 'g'))).toEqual(
      once(chunks),
    )

    const routes = declaring('src', 'routes.tsx').filter((f) => f !== 'app')
    expect(entriesIn('src/app/routes.tsx', routes, (f) => new RegExp(`^  \\.\\.\\.${f}Routes,$`, 'gm'))).toEqual(
      once(routes),
    )

    const server = declaring('server', 'feature.ts')
    expect(entriesIn('server/features.ts', server, (f) => new RegExp(`^  ${f}Feature,$`, 'gm'))).toEqual(once(server))
  })
})

/** The modules a file imports, type-only ones too. */
const importsOf = (file: string) => [...readFileSync(file, 'utf8').matchAll(/\sfrom '([^']+)'/g)].map((m) => m[1])
const CODECS = /^(\.\/(codecs|firstScreenCodecs)|\.\.\/[A-Za-z]+\/(codecs|firstScreenCodecs))$/

describe("the features' codecs", () => {
  it("each feature's calls take their codecs from its own folder, the shared module or the feature owning them", () => {
    const withCalls = declaring('domain', 'endpoints.ts')
    expect(withCalls).toContain('staking')
    expect(existsSync('domain/api/codecs')).toBe(false)
    for (const feature of withCalls)
      for (const file of ['endpoints.ts', 'firstScreenEndpoints.ts'].map((f) => join('domain', feature, f)))
        if (existsSync(file))
          for (const from of importsOf(file)) {
            expect(from === '../api/endpoint' || CODECS.test(from), `${file}: ${from}`).toBe(true)
            expect(existsSync(join('domain', feature, `${from}.ts`)), `${file}: ${from}`).toBe(true)
          }
  })

  it('a codecs module imports only io-ts and other codecs, so a codec the first screen reads brings nothing else', () => {
    const modules = [
      'domain/api/codecs.ts',
      ...declaring('domain', 'codecs.ts').map((f) => join('domain', f, 'codecs.ts')),
      ...declaring('domain', 'firstScreenCodecs.ts').map((f) => join('domain', f, 'firstScreenCodecs.ts')),
    ]
    expect(modules).toContain(join('domain', 'staking', 'codecs.ts'))
    for (const file of modules)
      for (const from of importsOf(file)) expect(from === 'io-ts' || CODECS.test(from), `${file}: ${from}`).toBe(true)
  })
})
