/**
 * Staking (server/staking/routes.ts): deposits, paid periods (a product), and soulbound tokens
 * (a product paid the external way, seen minted by a watcher read in the TON watcher's job).
 */
import type { ServerFeature } from '../feature'
import { accountOf } from '../kernel/addresses'
import { seedDemoStaking } from './dev'
import { stakingProduct } from './product'
import { stakingRoutes } from './routes'
import { DEV_SBT_COLLECTION, type SbtMinting, sbtMinting, sbtProduct } from './sbt'
import { STAKING_INVOICE_TEXTS } from './seed'

export interface StakingConfig {
  /**
   * The TEP-85 soulbound-token collection staking's tokens are minted in (SBT_COLLECTION_ADDRESS).
   * Unset in dev mode and tests: a fixed address derived from a name (server/staking/sbt.ts); unset
   * in production: SBT claims answer 409.
   */
  sbtCollectionAddress?: string
}

export interface StakingHandles {
  /** Staking's soulbound tokens: the collection and its watcher (server/staking/sbt.ts). */
  sbt: SbtMinting
}

export const stakingFeature: ServerFeature<StakingConfig, StakingHandles> = {
  name: 'staking',
  config: {
    fromEnv(env) {
      const sbtCollection = env.SBT_COLLECTION_ADDRESS?.trim() || undefined
      if (sbtCollection !== undefined && accountOf('TON', sbtCollection) === null)
        return { error: `SBT_COLLECTION_ADDRESS must be a TON address, not "${sbtCollection}"` }
      return { sbtCollectionAddress: sbtCollection }
    },
  },
  products: () => ({ staking: stakingProduct(), sbt: sbtProduct() }),
  start({ config, dev, db, clock, payments, ton, paymentWays }) {
    const collection = config.sbtCollectionAddress ?? (dev ? DEV_SBT_COLLECTION : null)
    const sbt = sbtMinting({
      db,
      clock,
      payments,
      collection,
      authority: ton.serviceAddress,
      tonApiUrl: ton.apiUrl,
      tonApiKey: config.tonApi?.apiKey,
      watch: ton.alsoWatch,
    })
    return {
      api: stakingRoutes({ db, clock, payments, ways: paymentWays(STAKING_INVOICE_TEXTS), sbt }),
      handles: { sbt },
    }
  },
  // The demo user's deposits, one running, one to claim, and a soulbound-token offer (server/staking/dev.ts).
  demoSeed: seedDemoStaking,
}
