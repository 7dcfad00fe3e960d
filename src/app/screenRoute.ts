/** What a feature's routes.tsx declares of each of its screens; the app's router (./routes.tsx) lists them. */
import { type ComponentType, lazy } from 'react'
import type { FeatureName } from '../../streams/features'

export interface ScreenRoute {
  /** A react-router path: `:name` is one segment the screen reads with useParams. */
  path: string
  /** The screen: lazy (a chunk of its own, fetched when first opened) but for the first screen's. */
  screen: ComponentType
  /** Whether the bottom menu shows on this screen (app.29). */
  menu: boolean
  /** The lazy feature (or features: the picker with the flow it serves) whose state and effects the screen needs, loaded before it renders. */
  feature?: FeatureName | readonly FeatureName[]
}

/** A screen exported as `name` by a module loaded on demand: a chunk of its own (React.lazy). */
export function lazyScreen<M>(load: () => Promise<M>, name: keyof M & string): ComponentType {
  return lazy(() => load().then((m) => ({ default: m[name] as ComponentType })))
}
