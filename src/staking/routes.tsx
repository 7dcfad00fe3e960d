/** Staking: the form, its period and payment, the confirmation, the result and the deposits. */
import { type ScreenRoute, lazyScreen } from '../app/screenRoute'

const load = () => import('./screens')

export const stakingRoutes: readonly ScreenRoute[] = [
  { path: '/mining/staking', screen: lazyScreen(load, 'StakingScreen'), menu: false, feature: 'staking' },
  { path: '/mining/staking/configs', screen: lazyScreen(load, 'ConfigsScreen'), menu: false, feature: 'staking' },
  {
    path: '/mining/staking/paymentMethod',
    screen: lazyScreen(load, 'PaymentMethodScreen'),
    menu: false,
    feature: 'staking',
  },
  { path: '/mining/staking/confirm', screen: lazyScreen(load, 'ConfirmScreen'), menu: false, feature: 'staking' },
  {
    path: '/mining/staking/successDeposit',
    screen: lazyScreen(load, 'SuccessDepositScreen'),
    menu: false,
    feature: 'staking',
  },
  { path: '/mining/staking/deposits', screen: lazyScreen(load, 'DepositsScreen'), menu: false, feature: 'staking' },
]
