/**
 * The game's choices where the spec is silent (docs/features/mining.md, "Choices the spec leaves
 * open"), in one place. Amounts are exact decimal strings; TON in nanotons.
 */

/** SWITCH an hour a new miner starts at (mining.4 names a speed, not its value). */
export const BASE_SPEED = '1.5'

/** Autoclaim (tasks.43-52). */
export const AUTOCLAIM = {
  /** tasks.51: 195 Telegram Stars. */
  stars: 195,
  /** tasks.51 names "an amount in TON": 0.5 TON, in nanotons. */
  tonNano: 500_000_000n,
  /** How long an autoclaim lasts once paid (the spec gives none: a 30-day subscription). */
  days: 30,
  /** The claim job runs this long before each deadline, so a slow queue still claims in time. */
  leadMs: 10 * 60_000,
} as const

/** An order can be paid for this long (TonConnect's validUntil is at most 10 minutes ahead). */
export const ORDER_VALID_MS = 10 * 60_000

/** mining.14: users without PoH who joined on or after this moment see burned results. */
export const BURN_CUTOFF = '2025-03-31T17:13:00Z'

/** What a Stars invoice says it sells (Telegram shows title and description on the payment sheet). */
export const INVOICE_TEXTS = {
  autoclaim: {
    en: {
      title: 'SWITCH Autoclaim',
      description: 'Claims your mined SWITCH before every 6-hour deadline for 30 days, so none of it burns.',
    },
    ru: {
      title: 'Автосбор SWITCH',
      description: 'Забирает добытые SWITCH до каждого 6-часового дедлайна в течение 30 дней, чтобы ничего не сгорело.',
    },
  },
} as const
