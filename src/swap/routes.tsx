/** Swap: the form, its confirmation, the token pickers, the preset tokens and the big pump's exit. */
import { type ScreenRoute, lazyScreen } from '../app/screenRoute'

/** Its screens need the swap and the token picker (the two token steps). */
const SWAP = ['swap', 'picker'] as const

export const swapRoutes: readonly ScreenRoute[] = [
  { path: '/swap', screen: lazyScreen(() => import('./SwapScreen'), 'SwapScreen'), menu: false, feature: SWAP },
  {
    path: '/confirmSwap',
    screen: lazyScreen(() => import('./ConfirmSwap'), 'ConfirmSwap'),
    menu: false,
    feature: SWAP,
  },
  {
    path: '/selectNetwork/from',
    screen: lazyScreen(() => import('./SelectFrom'), 'SelectFrom'),
    menu: false,
    feature: SWAP,
  },
  { path: '/selectNetwork/to', screen: lazyScreen(() => import('./SelectTo'), 'SelectTo'), menu: false, feature: SWAP },
  {
    path: '/presetSwapTokens/to',
    screen: lazyScreen(() => import('./PresetSwapTokens'), 'PresetSwapTokens'),
    menu: false,
    feature: SWAP,
  },
  { path: '/bigpump', screen: lazyScreen(() => import('./Bigpump'), 'Bigpump'), menu: false, feature: SWAP },
]
