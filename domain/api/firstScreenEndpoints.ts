/**
 * The calls the first screen makes, one line a feature that has any (each declared in its own
 * domain/<feature>/ folder): the wallet's home, the language, support, the mining record home reads
 * (wallet.11) and the swap's preset pairs the banners read (banners.5). Every other call loads with
 * its feature's chunk (streams/<feature>/feature.ts); ./endpoints.ts joins them all.
 */
import { walletEndpoints } from '../wallet/endpoints'
import { appEndpoints } from '../app/endpoints'
import { devtoolsEndpoints } from '../devtools/endpoints'
import { miningFirstScreenEndpoints } from '../mining/firstScreenEndpoints'
import { swapFirstScreenEndpoints } from '../swap/firstScreenEndpoints'

export const firstScreenEndpoints = {
  ...walletEndpoints,
  ...appEndpoints,
  ...devtoolsEndpoints,
  ...miningFirstScreenEndpoints,
  ...swapFirstScreenEndpoints,
} as const
