/**
 * The game's features, and the wallet's flows (send, swap, copy trading, the token picker), load
 * with their screens, not with the first screen (its JavaScript has a budget). A feature is its slices' handlers, its epics and its calls; loading one registers the
 * handlers with the root reducer and hands the feature to the host: the live app starts its epics,
 * adds its calls, and re-folds its slices from this session's log, so live state stays the fold of
 * the log whatever loaded when. Replay and the time-travel panel load every feature before they fold.
 * Which features load later is said once, by their slices (`lazy: true`, domain/features.ts): this
 * list must have a loader for each (`Record<FeatureName, ...>`).
 */
import type { Endpoints } from '../domain/api/endpoints'
import { type FeatureName, type RootState, registerHandlers } from '../domain/state'
import type { Handlers } from '../domain/slice'
import type { NamedEpic } from './store'

export type { FeatureName }

/** What a feature's chunk brings: its slice's handlers, its epics and its calls. */
export type Feature = {
  [K in FeatureName]: {
    name: K
    handlers: Handlers<RootState[K]>
    epics: readonly NamedEpic[]
    endpoints: Partial<Endpoints>
  }
}[FeatureName]

/** Each feature's chunk (one import() each, so the bundler splits them). */
const LOADERS: Record<FeatureName, () => Promise<Feature>> = {
  send: () => import('./send/feature').then((m) => m.feature),
  swap: () => import('./swap/feature').then((m) => m.feature),
  copyTrade: () => import('./copyTrade/feature').then((m) => m.feature),
  picker: () => import('./picker/feature').then((m) => m.feature),
  mining: () => import('./mining/feature').then((m) => m.feature),
  friends: () => import('./friends/feature').then((m) => m.feature),
  guilds: () => import('./guilds/feature').then((m) => m.feature),
  tasks: () => import('./tasks/feature').then((m) => m.feature),
  staking: () => import('./staking/feature').then((m) => m.feature),
  poh: () => import('./poh/feature').then((m) => m.feature),
  banners: () => import('./banners/feature').then((m) => m.feature),
}

export const FEATURE_NAMES = Object.keys(LOADERS) as FeatureName[]

/** What takes a feature once its chunk is in: the live app (runtime.ts); none in replay. */
export interface FeatureHost {
  /** `fresh`: the slices whose handlers were registered just now (the others were already folding). */
  adopt(feature: Feature, fresh: readonly FeatureName[]): void
}

const loading = new Map<FeatureName, Promise<Feature>>()
const ready = new Map<FeatureName, Feature>()
let host: FeatureHost | null = null

/** Registers a feature's handlers; returns its slice when they were new (none when they were in already). */
export function registerFeature(feature: Feature): FeatureName[] {
  return registerHandlers(feature.name, feature.handlers as never) ? [feature.name] : []
}

/**
 * Sets the host; the features already loaded in this page are handed to it at once (with no fresh
 * slices: their handlers have folded every event since they loaded).
 */
export function setFeatureHost(next: FeatureHost | null): void {
  host = next
  if (next !== null) for (const feature of ready.values()) next.adopt(feature, [])
}

/** Loads a feature once; later calls get the same promise. */
export function loadFeature(name: FeatureName): Promise<Feature> {
  let promise = loading.get(name)
  if (promise === undefined) {
    promise = LOADERS[name]().then((feature) => {
      const fresh = registerFeature(feature)
      ready.set(name, feature)
      host?.adopt(feature, fresh)
      return feature
    })
    // A chunk that failed to load (offline) may be asked for again.
    promise.catch(() => loading.delete(name))
    loading.set(name, promise)
  }
  return promise
}

export const featureLoaded = (name: FeatureName): boolean => ready.has(name)

export const loadAllFeatures = (): Promise<Feature[]> => Promise.all(FEATURE_NAMES.map(loadFeature))
