/**
 * Staking's configuration (doc 2 §3, §9): the periods, their APY, bounds and, for the
 * paid ones, their price. The first entry of the map is the config the main screen starts with
 * (staking.2): the free 3 months.
 */
import type { StakingPeriod } from '../../domain/staking/codecs'
import { DEFAULT_MAX_SWITCH } from '../../domain/staking/rules'

/** A period's terms; its length in months is the client's too (domain/staking/rules.ts PERIOD_MONTHS). */
export interface PeriodSeed {
  /** The APY as parts per million: 120 000 is 0.12, 12 % a year, simple interest (docs/features/staking.md). */
  apyPpm: bigint
  /** SWITCH, decimal strings. */
  min: string
  max: string
  /** The paid periods' price: Telegram Stars and nanotons; none for a free period. */
  price?: { stars: number; tonNano: bigint }
}

export const STAKING_PERIODS: Readonly<Record<StakingPeriod, PeriodSeed>> = {
  '3m': { apyPpm: 50_000n, min: '10', max: DEFAULT_MAX_SWITCH },
  '3mhp': { apyPpm: 300_000n, min: '100', max: DEFAULT_MAX_SWITCH, price: { stars: 100, tonNano: 500_000_000n } },
  '6m': { apyPpm: 80_000n, min: '10', max: DEFAULT_MAX_SWITCH },
  '1y': { apyPpm: 120_000n, min: '10', max: DEFAULT_MAX_SWITCH },
  '5y': { apyPpm: 200_000n, min: '100', max: DEFAULT_MAX_SWITCH, price: { stars: 200, tonNano: 1_000_000_000n } },
  '100y': { apyPpm: 250_000n, min: '1000', max: DEFAULT_MAX_SWITCH, price: { stars: 400, tonNano: 2_000_000_000n } },
}
export const PERIODS = Object.keys(STAKING_PERIODS) as StakingPeriod[]
export const PAID_PERIODS = PERIODS.filter((p) => STAKING_PERIODS[p].price !== undefined)

/** staking.45-46: the soulbound token's thresholds, exact. */
export const SBT = {
  /** A deposit of at least this much SWITCH earns its period's token. */
  depositMin: '5000',
  /** The all-in token: locked/got at least 96/100 ... */
  allInShareNum: 96n,
  allInShareDen: 100n,
  /** ... and at least this much SWITCH locked. */
  allInLockedMin: '100',
  /** What the mint message carries to the collection (nanotons): the item's storage and forward fees. */
  mintValueNano: 50_000_000n,
  /** Forwarded from the collection to the new item. */
  itemValueNano: 20_000_000n,
  /** Where each item's metadata lives (TEP-64 off-chain content: the collection's common prefix + this suffix). */
  contentSuffix: (period: string, orderId: string) => `${period}/${orderId}.json`,
} as const

/** The Stars invoice of a paid period (title at most 32 characters, description 255). */
export const STAKING_INVOICE_TEXTS = {
  en: {
    title: 'SWITCH staking',
    description:
      'The fee of a SWITCH staking period with a higher reward. Your deposit is made as soon as the payment arrives.',
  },
  ru: {
    title: 'Стейкинг SWITCH',
    description: 'Плата за период стейкинга SWITCH с повышенной наградой. Депозит создаётся сразу после оплаты.',
  },
} as const
