/** The wallet in a journey (domain/app/journey.ts): the flows ran on one wallet, which comes back with them. */
import type { Journey } from '../slice'
import type { WalletState } from './state'

export const walletJourney: Journey<WalletState> = {
  restore: (d, _draft, route) => {
    d.selectedIndex = route.accountIndex
  },
}
