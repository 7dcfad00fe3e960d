/**
 * Proof of humanity (server/poh/routes.ts): a paid product whose grant queues the pipeline
 * (server/poh/pipeline.ts), the provider that sends the code (server/poh/provider.ts), and in dev
 * mode a switch that makes the provider fail and the demo user one who may be prompted.
 */
import type { FeatureContext, ServerFeature } from '../feature'
import { logCallback } from '../kernel/log'
import { DEMO_USER } from '../kernel/users'
import { pohDevRoutes, seedDemoPoh } from './dev'
import { definePohJobs } from './pipeline'
import { POH_PRODUCT, pohProduct } from './product'
import { FailingSwitch, type PohProvider, referenceProvider } from './provider'
import { pohRoutes } from './routes'
import { POH_INVOICE_TEXTS } from './seed'

/** POH_PROVIDER=off turns verification off: the info call still answers, new requests are refused. */
const providerOn = (config: FeatureContext['config']) => {
  const on = (config.poh?.provider ?? 'reference') !== 'off'
  return () => on
}

export const pohFeature: ServerFeature = {
  name: 'poh',
  products: ({ config, jobs }) => ({ [POH_PRODUCT]: pohProduct({ jobs, providerOn: providerOn(config) }) }),
  async start({ config, dev, db, clock, catalogue, jobs, log, payments, ton, paymentWays }) {
    const setting = config.poh?.provider ?? 'reference'
    // Dev mode can make the reference provider fail (POST /dev/poh/providerFails).
    const devSwitch = dev && setting === 'reference' ? new FailingSwitch(referenceProvider(db, ton.serviceAddress)) : null
    const provider: PohProvider | null = setting === 'off' ? null : setting === 'reference' ? (devSwitch ?? referenceProvider(db, ton.serviceAddress)) : setting
    definePohJobs(jobs, db, clock, { provider: () => provider, queueDelayMs: config.poh?.queueDelayMs, log: logCallback(log) })
    if (dev) await seedDemoPoh(db, DEMO_USER.id, clock.now())
    return {
      api: pohRoutes({ db, clock, catalogue, payments, ways: paymentWays(POH_INVOICE_TEXTS), providerOn: providerOn(config) }),
      dev: devSwitch ? pohDevRoutes(devSwitch) : undefined,
    }
  },
}
