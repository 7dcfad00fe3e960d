/** Swap: the form, its confirmation, the token pickers, the preset tokens and the big pump's exit. */
import { type ScreenRoute, lazyScreen } from '../app/screenRoute'

export const swapRoutes: readonly ScreenRoute[] = [
  { path: '/swap', screen: lazyScreen(() => import('./SwapScreen'), 'SwapScreen'), menu: false },
  { path: '/confirmSwap', screen: lazyScreen(() => import('./ConfirmSwap'), 'ConfirmSwap'), menu: false },
  { path: '/selectNetwork/from', screen: lazyScreen(() => import('./SelectFrom'), 'SelectFrom'), menu: false },
  { path: '/selectNetwork/to', screen: lazyScreen(() => import('./SelectTo'), 'SelectTo'), menu: false },
  { path: '/presetSwapTokens/to', screen: lazyScreen(() => import('./PresetSwapTokens'), 'PresetSwapTokens'), menu: false },
  { path: '/bigpump', screen: lazyScreen(() => import('./Bigpump'), 'Bigpump'), menu: false },
]
