import type { ClaimDepositAnswer, SbtPeriod, StakingConfigs, StakingDeposit, StakingPeriod } from './codecs'
import type { OrderStatus } from '../payments/codecs'
import type { RequestError } from '../api/errors'
import type { InvoiceStatus } from '../mining/rules'
import { type PayloadsOf, payload } from '../slice'

/** staking.24: how a paid period is paid. */
export type StakingWay = 'internal' | 'stars' | 'external'

export const stakingEvents = {
  /** A staking screen came into view: the configs, totals, deposits, tokens and the user load. */
  'staking/entered': payload<{ screen: 'main' | 'deposits' }>(),
  'staking/configsReceived': payload<{ configs: StakingConfigs['configs'] }>(),
  'staking/configsFailed': payload<{ error: RequestError }>(),
  /** staking.4 */
  'staking/totalReceived': payload<{ totalAmount: string }>(),
  'staking/totalFailed': payload<{ error: RequestError }>(),
  /** staking.36, with the server's clock. */
  'staking/depositsReceived': payload<{ deposits: StakingDeposit[]; serverTime: number }>(),
  'staking/depositsFailed': payload<{ error: RequestError }>(),
  /** staking.44 */
  'staking/sbtsReceived': payload<{ periods: SbtPeriod[] }>(),
  'staking/sbtsFailed': payload<{ error: RequestError }>(),
  /** staking.6: the amount field as typed (digits and one separator). */
  'staking/amountTyped': payload<{ text: string }>(),
  /** staking.8 */
  'staking/presetChosen': payload<{ percent: number }>(),
  /** staking.20-21: choosing a period resets the payment method. */
  'staking/periodChosen': payload<{ period: StakingPeriod }>(),
  /** staking.24-25 */
  'staking/paymentMethodChosen': payload<{ way: StakingWay }>(),
  /** A tap on the confirm screen's button; the effect lets one through per deposit and draws its key. */
  'staking/depositTapped': payload(),
  /** staking.28: the deposit sent, with its key (a retry repeats it: one deposit). */
  'staking/depositRequested': payload<{
    idempotencyKey: string
    amount: string
    period: StakingPeriod
    way: StakingWay | null
  }>(),
  /** A paid period's order was made: now it is paid its way. */
  'staking/depositOrdered': payload<{ way: StakingWay; orderId: string }>(),
  /** staking.30: Telegram closed the invoice with this status. */
  'staking/invoiceClosed': payload<{ orderId: string; status: InvoiceStatus }>(),
  /** The internal transfer's dry run passed; the real one goes with this key. */
  'staking/transferChecked': payload<{ orderId: string; idempotencyKey: string }>(),
  'staking/transferred': payload<{ orderId: string }>(),
  /** staking.31: the wallet approved the transaction (the server watches for it). */
  'staking/transactionSent': payload<{ orderId: string }>(),
  'staking/walletDeclined': payload(),
  'staking/walletFailed': payload<{ reason: string }>(),
  /** The order as the server sees it, asked after a payment until it is settled. */
  'staking/orderChecked': payload<{ order: OrderStatus }>(),
  /** staking.29-31: the deposit exists (free at once, paid once its order is granted). */
  'staking/deposited': payload<{ deposit: StakingDeposit | null }>(),
  /** staking.32: the server refused or a step failed. */
  'staking/depositFailed': payload<{ error: RequestError }>(),
  /** The red bar closed, or back from a cancelled payment. */
  'staking/errorDismissed': payload(),
  /** The success screen left: the form starts afresh. */
  'staking/finished': payload(),
  /** staking.37: the deposit detail drawer. */
  'staking/depositOpened': payload<{ id: string }>(),
  'staking/depositClosed': payload(),
  /** staking.43: claiming an unlocked deposit (docs/features/staking.md: the stake and the reward back once). */
  'staking/claimTapped': payload<{ id: string }>(),
  'staking/claimed': payload<{ answer: ClaimDepositAnswer }>(),
  'staking/claimFailed': payload<{ id: string; error: RequestError }>(),
  /** staking.47: claiming the offered soulbound token. */
  'staking/sbtClaimTapped': payload<{ stakingPeriod: SbtPeriod }>(),
  'staking/sbtOrdered': payload<{ stakingPeriod: SbtPeriod; orderId: string }>(),
  'staking/sbtTransactionSent': payload<{ orderId: string }>(),
  'staking/sbtOrderChecked': payload<{ order: OrderStatus }>(),
  /** staking.48-50: why the claim failed, null when there is no detail. */
  /** message: the wallet's or the server's words, null for the card's default text; error: the server's refusal (staking.32's code), when it was one. */
  'staking/sbtClaimFailed': payload<{ message: string | null; error?: RequestError }>(),
  /** OK on the minted card: the next token on offer, if any, shows. */
  'staking/sbtMintSeen': payload(),
}

export type StakingEvents = PayloadsOf<typeof stakingEvents>
