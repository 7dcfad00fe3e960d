/** What a feature's routes.tsx declares of each of its screens; the app's router (./routes.tsx) lists them. */
import { type ComponentType, createElement, lazy } from 'react'
import type { FeatureName } from '../../streams/features'

export interface ScreenRoute {
  /** A react-router path: `:name` is one segment the screen reads with useParams. */
  path: string
  /** The screen: lazy (a chunk of its own, fetched when first opened) but for the first screen's. */
  screen: ComponentType | LazyScreen
  /** Whether the bottom menu shows on this screen (app.29). */
  menu: boolean
  /** The lazy feature (or features: the picker with the flow it serves) whose state and effects the screen needs, loaded before it renders. */
  feature?: FeatureName | readonly FeatureName[]
}

/** A screen in a chunk of its own, which can be fetched before it is first rendered. */
export type LazyScreen = ComponentType & { preload: () => Promise<unknown> }

/**
 * A screen exported as `name` by a module loaded on demand: a chunk of its own (React.lazy). Once
 * its module is in (preload, or a first render), it renders at once: a screen preloaded before the
 * first render never suspends, so no fallback shows and React does not hold the screen back (it
 * keeps a revealed boundary's content for up to 300 ms after a fallback showed, to avoid flicker).
 */
export function lazyScreen<M>(load: () => Promise<M>, name: keyof M & string): LazyScreen {
  let loaded: ComponentType | undefined
  let loading: Promise<ComponentType> | undefined
  const preload = () => {
    loading ??= load().then((m) => (loaded = m[name] as ComponentType))
    // A chunk that failed to load (offline) may be asked for again.
    loading.catch(() => (loading = undefined))
    return loading
  }
  const Lazy = lazy(() => preload().then((screen) => ({ default: screen })))
  const Screen = () => createElement(loaded ?? Lazy)
  Screen.displayName = name
  return Object.assign(Screen, { preload })
}

/** Fetches a screen's chunk if it has one of its own; a screen of the first bundle is in already. */
export function preloadScreen(route: ScreenRoute): Promise<unknown> {
  return 'preload' in route.screen ? route.screen.preload() : Promise.resolve()
}

/** The lazy features a screen needs, as a list (a route names none, one, or several). */
export function featuresOf(feature: ScreenRoute['feature']): readonly FeatureName[] {
  return feature === undefined ? [] : typeof feature === 'string' ? [feature] : feature
}
