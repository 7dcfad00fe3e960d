/**
 * Staking (server/staking/routes.ts): deposits, paid periods (a product), and soulbound tokens
 * (a product paid the external way, seen minted by a watcher read in the TON watcher's job).
 */
import type { ServerFeature } from '../feature'
import { seedDemoStaking } from './dev'
import { stakingProduct } from './product'
import { stakingRoutes } from './routes'
import { DEV_SBT_COLLECTION, type SbtMinting, sbtMinting, sbtProduct } from './sbt'
import { STAKING_INVOICE_TEXTS } from './seed'

export const stakingFeature: ServerFeature<{ sbt: SbtMinting }> = {
  name: 'staking',
  products: () => ({ staking: stakingProduct(), sbt: sbtProduct() }),
  start({ config, dev, db, clock, payments, ton, paymentWays }) {
    const collection = config.sbtCollectionAddress ?? (dev ? DEV_SBT_COLLECTION : null)
    const sbt = sbtMinting({ db, clock, payments, collection, authority: ton.serviceAddress, tonApiUrl: ton.apiUrl, tonApiKey: config.tonApi?.apiKey, watch: ton.alsoWatch })
    return { api: stakingRoutes({ db, clock, payments, ways: paymentWays(STAKING_INVOICE_TEXTS), sbt }), handles: { sbt } }
  },
  // The demo user's deposits, one running, one to claim, and a soulbound-token offer (server/staking/dev.ts).
  demoSeed: seedDemoStaking,
}
