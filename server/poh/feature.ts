/**
 * Proof of humanity (server/poh/routes.ts): a paid product whose grant queues the pipeline
 * (server/poh/pipeline.ts), the provider that sends the code (server/poh/provider.ts), and in dev
 * mode a switch that makes the provider fail and the demo user one who may be prompted.
 */
import type { BaseConfig, ServerFeature } from '../feature'
import { logCallback } from '../kernel/log'
import { DEMO_USER } from '../kernel/users'
import { pohDevRoutes, seedDemoPoh } from './dev'
import { definePohJobs } from './pipeline'
import { POH_PRODUCT, pohProduct } from './product'
import { FailingSwitch, type PohProvider, type PohProviderSetting, referenceProvider } from './provider'
import { pohRoutes } from './routes'
import { POH_INVOICE_TEXTS } from './seed'

export interface PohConfig {
  /**
   * Proof of humanity: the provider that sends the codes (POH_PROVIDER: `reference`, the default,
   * or `off`; tests: one of their own), and the wait from queued to sent (server/poh/seed.ts).
   */
  poh?: { provider?: PohProviderSetting; queueDelayMs?: number }
}

/** POH_PROVIDER=off turns verification off: the info call still answers, new requests are refused. */
const providerOn = (config: BaseConfig & PohConfig) => {
  const on = (config.poh?.provider ?? 'reference') !== 'off'
  return () => on
}

export const pohFeature: ServerFeature<PohConfig> = {
  name: 'poh',
  config: {
    fromEnv(env) {
      const pohProvider = env.POH_PROVIDER ?? 'reference'
      if (pohProvider !== 'reference' && pohProvider !== 'off')
        return { error: `POH_PROVIDER must be "reference" or "off", not "${pohProvider}"` }
      return { poh: { provider: pohProvider } }
    },
  },
  products: ({ config, jobs }) => ({ [POH_PRODUCT]: pohProduct({ jobs, providerOn: providerOn(config) }) }),
  async start({ config, dev, db, clock, catalogue, jobs, log, payments, ton, paymentWays }) {
    const setting = config.poh?.provider ?? 'reference'
    // Dev mode can make the reference provider fail (POST /dev/poh/providerFails).
    const devSwitch =
      dev && setting === 'reference' ? new FailingSwitch(referenceProvider(db, ton.serviceAddress)) : null
    const provider: PohProvider | null =
      setting === 'off'
        ? null
        : setting === 'reference'
          ? (devSwitch ?? referenceProvider(db, ton.serviceAddress))
          : setting
    definePohJobs(jobs, db, clock, {
      provider: () => provider,
      queueDelayMs: config.poh?.queueDelayMs,
      log: logCallback(log),
    })
    if (dev) await seedDemoPoh(db, DEMO_USER.id, clock.now())
    return {
      api: pohRoutes({
        db,
        clock,
        jobs,
        catalogue,
        payments,
        ways: paymentWays(POH_INVOICE_TEXTS),
        providerOn: providerOn(config),
      }),
      dev: devSwitch ? pohDevRoutes(devSwitch) : undefined,
    }
  },
}
