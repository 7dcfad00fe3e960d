/**
 * The game's features load lazily (streams/features.ts). The unit tests' setup registers every
 * feature up front; these tests take a fresh module graph to see the state before and after.
 */
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

  it("every feature has handlers for its slices and epics, and brings its half's calls (all of them: the game's or the wallet flows'), or none when it calls nothing", async () => {
    const { gameEndpoints } = await import('../../domain/api/gameEndpoints')
    const { flowEndpoints } = await import('../../domain/api/flowEndpoints')
    const { walletEndpoints } = await import('../../domain/api/walletEndpoints')
    const halves = [Object.keys(gameEndpoints).sort(), Object.keys(flowEndpoints).sort()]
    // The first screen's calls are not in either chunk's.
    for (const half of halves) for (const name of half) expect(Object.keys(walletEndpoints)).not.toContain(name)
    const calling: string[] = []
    for (const f of await features.loadAllFeatures()) {
      expect(Object.keys(f.handlers).length).toBeGreaterThan(0)
      expect(f.epics.length).toBeGreaterThan(0)
      if (Object.keys(f.endpoints).length > 0) {
        expect(halves, f.name).toContainEqual(Object.keys(f.endpoints).sort())
        calling.push(f.name)
      }
    }
    expect(calling.sort()).toEqual(features.FEATURE_NAMES.filter((n) => n !== 'banners').sort())
  })
})
