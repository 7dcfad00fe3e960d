import type { ClaimDepositAnswer, SbtPeriod, StakingConfigs, StakingDeposit, StakingPeriod } from '../api/codecs/staking'
import type { OrderStatus } from '../api/codecs/mining'
import type { RequestError } from '../api/errors'
import type { InvoiceStatus } from '../mining/rules'

/** staking.24: how a paid period is paid. */
export type StakingWay = 'internal' | 'stars' | 'external'

export type StakingEvents = {
  /** A staking screen came into view: the configs, totals, deposits, tokens and the user load. */
  'staking/entered': { screen: 'main' | 'deposits' }
  'staking/configsReceived': { configs: StakingConfigs['configs'] }
  'staking/configsFailed': { error: RequestError }
  /** staking.4 */
  'staking/totalReceived': { totalAmount: string }
  'staking/totalFailed': { error: RequestError }
  /** staking.36, with the server's clock. */
  'staking/depositsReceived': { deposits: StakingDeposit[]; serverTime: number }
  'staking/depositsFailed': { error: RequestError }
  /** staking.44 */
  'staking/sbtsReceived': { periods: SbtPeriod[] }
  'staking/sbtsFailed': { error: RequestError }
  /** staking.6: the amount field as typed (digits and one separator). */
  'staking/amountTyped': { text: string }
  /** staking.8 */
  'staking/presetChosen': { percent: number }
  /** staking.20-21: choosing a period resets the payment method. */
  'staking/periodChosen': { period: StakingPeriod }
  /** staking.24-25 */
  'staking/paymentMethodChosen': { way: StakingWay }
  /** A tap on the confirm screen's button; the effect lets one through per deposit and draws its key. */
  'staking/depositTapped': Record<string, never>
  /** staking.28: the deposit sent, with its key (a retry repeats it: one deposit). */
  'staking/depositRequested': { idempotencyKey: string; amount: string; period: StakingPeriod; way: StakingWay | null }
  /** A paid period's order was made: now it is paid its way. */
  'staking/depositOrdered': { way: StakingWay; orderId: string }
  /** staking.30: Telegram closed the invoice with this status. */
  'staking/invoiceClosed': { orderId: string; status: InvoiceStatus }
  /** The internal transfer's dry run passed; the real one goes with this key. */
  'staking/transferChecked': { orderId: string; idempotencyKey: string }
  'staking/transferred': { orderId: string }
  /** staking.31: the wallet approved the transaction (the server watches for it). */
  'staking/transactionSent': { orderId: string }
  'staking/walletDeclined': Record<string, never>
  'staking/walletFailed': { reason: string }
  /** The order as the server sees it, asked after a payment until it is settled. */
  'staking/orderChecked': { order: OrderStatus }
  /** staking.29-31: the deposit exists (free at once, paid once its order is granted). */
  'staking/deposited': { deposit: StakingDeposit | null }
  /** staking.32: the server refused or a step failed. */
  'staking/depositFailed': { error: RequestError }
  /** The red bar closed, or back from a cancelled payment. */
  'staking/errorDismissed': Record<string, never>
  /** The success screen left: the form starts afresh. */
  'staking/finished': Record<string, never>
  /** staking.37: the deposit detail drawer. */
  'staking/depositOpened': { id: string }
  'staking/depositClosed': Record<string, never>
  /** staking.43: claiming an unlocked deposit (README: the stake and the reward back once). */
  'staking/claimTapped': { id: string }
  'staking/claimed': { answer: ClaimDepositAnswer }
  'staking/claimFailed': { id: string; error: RequestError }
  /** staking.47: claiming the offered soulbound token. */
  'staking/sbtClaimTapped': { stakingPeriod: SbtPeriod }
  'staking/sbtOrdered': { stakingPeriod: SbtPeriod; orderId: string }
  'staking/sbtTransactionSent': { orderId: string }
  'staking/sbtOrderChecked': { order: OrderStatus }
  /** staking.48-50: why the claim failed, null when there is no detail. */
  /** message: the wallet's or the server's words, null for the card's default text; error: the server's refusal (staking.32's code), when it was one. */
  'staking/sbtClaimFailed': { message: string | null; error?: RequestError }
  /** OK on the minted card: the next token on offer, if any, shows. */
  'staking/sbtMintSeen': Record<string, never>
}

export const stakingEventTypes: Record<keyof StakingEvents, true> = {
  'staking/entered': true,
  'staking/configsReceived': true,
  'staking/configsFailed': true,
  'staking/totalReceived': true,
  'staking/totalFailed': true,
  'staking/depositsReceived': true,
  'staking/depositsFailed': true,
  'staking/sbtsReceived': true,
  'staking/sbtsFailed': true,
  'staking/amountTyped': true,
  'staking/presetChosen': true,
  'staking/periodChosen': true,
  'staking/paymentMethodChosen': true,
  'staking/depositTapped': true,
  'staking/depositRequested': true,
  'staking/depositOrdered': true,
  'staking/invoiceClosed': true,
  'staking/transferChecked': true,
  'staking/transferred': true,
  'staking/transactionSent': true,
  'staking/walletDeclined': true,
  'staking/walletFailed': true,
  'staking/orderChecked': true,
  'staking/deposited': true,
  'staking/depositFailed': true,
  'staking/errorDismissed': true,
  'staking/finished': true,
  'staking/depositOpened': true,
  'staking/depositClosed': true,
  'staking/claimTapped': true,
  'staking/claimed': true,
  'staking/claimFailed': true,
  'staking/sbtClaimTapped': true,
  'staking/sbtOrdered': true,
  'staking/sbtTransactionSent': true,
  'staking/sbtOrderChecked': true,
  'staking/sbtClaimFailed': true,
  'staking/sbtMintSeen': true,
}
