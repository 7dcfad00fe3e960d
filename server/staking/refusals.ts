/**
 * Staking's refusals (staking.32; docs/features/staking.md, "Rules chosen where the spec is
 * silent"): each carries a stable code, the i18n key the client shows it by, with the values its
 * text needs, besides the English message, which stays for a client that does not know the code.
 * Where the spec names the key (staking.16:
 * `staking.stake.errors.{not-enough|min-amount|max-amount}`, with .title and .description) the code
 * is that key; the others are `staking.refusals.*`. The texts are the app's own
 * (locales/staking/*.json), so the Stars pre-checkout answer words a refusal as the app does.
 */
import en from '../../locales/staking/en.json'
import ru from '../../locales/staking/ru.json'
import type { Refusal } from '../payments/orders'
import { BadRequest } from '../kernel/validate'

export const REFUSAL = {
  notEnough: 'staking.stake.errors.not-enough',
  minAmount: 'staking.stake.errors.min-amount',
  maxAmount: 'staking.stake.errors.max-amount',
  amountFormat: 'staking.refusals.amount-format',
  amountZero: 'staking.refusals.amount-zero',
  period: 'staking.refusals.period',
  freePeriod: 'staking.refusals.free-period',
  paymentMissing: 'staking.refusals.payment-missing',
  tapReused: 'staking.refusals.tap-reused',
  orderExpired: 'staking.refusals.order-expired',
  noDeposit: 'staking.refusals.no-deposit',
  claimed: 'staking.refusals.claimed',
  locked: 'staking.refusals.locked',
  sbtOff: 'staking.refusals.sbt-off',
  sbtWallet: 'staking.refusals.sbt-wallet',
  sbtAddress: 'staking.refusals.sbt-address',
  sbtUnproven: 'staking.refusals.sbt-unproven',
  sbtHeld: 'staking.refusals.sbt-held',
  sbtNotOffered: 'staking.refusals.sbt-not-offered',
} as const
export type RefusalCode = (typeof REFUSAL)[keyof typeof REFUSAL]

/** A 4xx whose body carries `code` and `params` too (stakingRoutes' onError writes them). */
export class StakingRefusal extends BadRequest implements Refusal {
  constructor(
    message: string,
    readonly code: RefusalCode,
    path?: string,
    status: 400 | 404 | 409 = 400,
    readonly params: Readonly<Record<string, string>> = {},
  ) {
    super(message, path, status)
  }

  inLanguage(language: string): string | null {
    return language === 'en' || language === 'ru' ? refusalText(this.code, this.params, language) : null
  }
}

type Texts = { [key: string]: string | Texts }
const TEXTS: Record<'en' | 'ru', Texts> = { en, ru }

const fill = (text: string, params: Readonly<Record<string, string>>) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => params[name] ?? whole)

/**
 * A code's text in `language`, as the client composes it (src/staking/hooks.ts, useRefusalText): a
 * key with a title and a description reads "title. description".
 */
export function refusalText(
  code: RefusalCode,
  params: Readonly<Record<string, string>>,
  language: 'en' | 'ru',
): string {
  let at: string | Texts = TEXTS[language]
  for (const part of code.split('.').slice(1)) at = typeof at === 'string' ? at : at[part]
  if (typeof at === 'string') return fill(at, params)
  if (at === undefined || typeof at.title !== 'string' || typeof at.description !== 'string')
    throw new Error(`no text for ${code} in ${language}`)
  return `${at.title}. ${fill(at.description, params)}`
}
