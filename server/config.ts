/**
 * The server's configuration (docs/operations.md, "Configuration"): the kernel's (server/kernel/config.ts),
 * the payments module's and the bot's, and each feature's own (ServerFeature.config). `npm start`
 * reads it from the environment; tests and benches give it in code.
 */
import { type BotSettings, botSettings } from './bot/config'
import type { ConfigOf } from './feature'
import { SERVER_FEATURES } from './features'
import { type ConfigPart, type Env, type KernelConfig, kernelConfigFromEnv, kernelSecrets } from './kernel/config'
import { type PaymentsConfig, paymentsConfig } from './payments/config'

export type ServerConfig = KernelConfig & PaymentsConfig & BotSettings & ConfigOf<(typeof SERVER_FEATURES)[number]>

/** The parts besides the kernel's, in the order their settings are checked. */
const PARTS: readonly ConfigPart<object>[] = [
  paymentsConfig,
  botSettings,
  ...SERVER_FEATURES.flatMap((f) => (f.config ? [f.config] : [])),
]

/** The configuration, or one line saying why the server must not start: the first setting that makes no sense. */
export function configFromEnv(env: Env): ServerConfig | { error: string } {
  const kernel = kernelConfigFromEnv(env)
  if ('error' in kernel) return kernel
  const config: object = { ...kernel }
  for (const part of PARTS) {
    const read = part.fromEnv(env, kernel.mode)
    if ('error' in read) return read as { error: string }
    Object.assign(config, read)
  }
  return config as ServerConfig
}

/** The values of a configuration that must never leave the process (server/kernel/log.ts scrubs them from every log line). */
export function secretsOf(config: ServerConfig): string[] {
  return [...kernelSecrets(config), ...PARTS.flatMap((part) => part.secrets?.(config) ?? [])].filter(
    (s): s is string => typeof s === 'string' && s !== '',
  )
}
