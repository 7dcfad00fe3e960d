/** Refill (deposit by token): the token, the network, the address with its QR code. */
import { type ScreenRoute, lazyScreen } from '../app/screenRoute'

const load = () => import('./Refill')

export const refillRoutes: readonly ScreenRoute[] = [
  { path: '/refill/from', screen: lazyScreen(load, 'RefillFrom'), menu: false, feature: 'picker' },
  { path: '/refill/to', screen: lazyScreen(load, 'RefillTo'), menu: false, feature: 'picker' },
  { path: '/refill/qr', screen: lazyScreen(load, 'RefillQr'), menu: false, feature: 'picker' },
]
