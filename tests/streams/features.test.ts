/**
 * The game's features load lazily (streams/features.ts). The unit tests' setup registers every
 * feature up front; these tests take a fresh module graph to see the state before and after.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { AppEvent } from '../../domain/events'

type StateModule = typeof import('../../domain/state')
type FeaturesModule = typeof import('../../streams/features')

let state: StateModule
let features: FeaturesModule

beforeEach(async () => {
  vi.resetModules()
  state = await import('../../domain/state')
  features = await import('../../streams/features')
})

const STREAMS = resolve('streams')

/**
 * The calls (`api.call('name', ...)`) made by a module and every module of streams/ it imports at
 * run time or loads, except other features' chunks (streams/features.ts is not followed).
 */
function callsMadeFrom(start: string): string[] {
  const seen = new Set<string>()
  const calls = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file) || file === join(STREAMS, 'features.ts')) return
    seen.add(file)
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(/\.call\(\s*'(\w+)'/g)) calls.add(m[1])
    for (const m of text.matchAll(/^(?:import|export)\s+(?!type\s)[^'";]*?from\s*'(\.[^']+)'/gm)) {
      const path = resolve(dirname(file), m[1])
      const found = [`${path}.ts`, `${path}.tsx`, join(path, 'index.ts')].find((c) => existsSync(c))
      if (found !== undefined && found.startsWith(STREAMS)) visit(found)
    }
  }
  visit(resolve(start))
  return [...calls].sort()
}

const entered = { seq: 2, at: 2000, type: 'mining/entered', payload: {} } as AppEvent

describe('lazy features', () => {
  it('a game slice folds nothing until its handlers are registered, then the log refolds it', async () => {
    const before = state.fold([entered])
    expect(state.hasHandlers('mining')).toBe(false)
    expect(before.mining.loading).toBe(false)

    const adopted: { name: string; fresh: readonly string[] }[] = []
    features.setFeatureHost({ adopt: (f, fresh) => adopted.push({ name: f.name, fresh }) })
    await features.loadFeature('mining')
    expect(state.hasHandlers('mining')).toBe(true)
    expect(adopted).toEqual([{ name: 'mining', fresh: ['mining'] }])

    // The live state folded before the handlers came: the mining slice is folded again from the log.
    const refolded = state.withSlicesRefolded(before, [entered], ['mining'])
    expect(refolded.mining).toEqual(state.fold([entered]).mining)
    expect(refolded.mining.loading).toBe(true)
    expect(refolded.wallet).toBe(before.wallet)
  })

  it('loads a feature once, and a host set later is handed what already loaded, with nothing fresh', async () => {
    const [a, b] = await Promise.all([features.loadFeature('mining'), features.loadFeature('mining')])
    expect(a).toBe(b)
    expect(features.featureLoaded('mining')).toBe(true)
    const adopted: (readonly string[])[] = []
    features.setFeatureHost({ adopt: (_, fresh) => adopted.push(fresh) })
    expect(adopted).toEqual([[]])
    expect(state.handlersVersion()).toBe(1)
  })

  it('registering a slice twice changes nothing the second time', async () => {
    const feature = await features.loadFeature('mining')
    expect(features.registerFeature(feature)).toEqual([])
    expect(state.fold([entered]).mining.loading).toBe(true)
    expect(state.handlersVersion()).toBe(1)
  })

  it('every feature has handlers for its slices and epics, and brings each call its code makes that the first screen does not', async () => {
    const { firstScreenEndpoints } = await import('../../domain/api/firstScreenEndpoints')
    const { endpoints } = await import('../../domain/api/endpoints')
    const firstScreen = Object.keys(firstScreenEndpoints)
    const brought = new Set<string>()
    for (const f of await features.loadAllFeatures()) {
      expect(Object.keys(f.handlers).length, f.name).toBeGreaterThan(0)
      expect(f.epics.length, f.name).toBeGreaterThan(0)
      const known = [...firstScreen, ...Object.keys(f.endpoints)]
      const called = callsMadeFrom(`streams/${f.name}/feature.ts`)
      expect(
        called.filter((name) => !known.includes(name)),
        f.name,
      ).toEqual([])
      for (const name of Object.keys(f.endpoints)) brought.add(name)
    }
    // Every call of the table is made from the first screen or brought by a feature's chunk.
    expect(Object.keys(endpoints).filter((name) => !firstScreen.includes(name) && !brought.has(name))).toEqual([])
    // The scan sees the calls: the miner's claim, through its epics, and the payments' through a shared module.
    expect(callsMadeFrom('streams/mining/feature.ts')).toEqual(expect.arrayContaining(['claimMining', 'order']))
  })
})
