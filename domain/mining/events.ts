import type * as t from 'io-ts'
import type { AutoclaimOffer as AutoclaimOfferC, ClaimAnswer, MiningResults, MiningUser, OrderStatus, Season } from '../api/codecs/mining'
import type { RequestError } from '../api/errors'
import type { InvoiceStatus } from './rules'

export type AutoclaimWay = 'stars' | 'internal' | 'external'
/** The autoclaim's prices and whether it runs now (tasks.51). */
export type AutoclaimOffer = t.TypeOf<typeof AutoclaimOfferC>

export type MiningEvents = {
  /** A mining screen came into view: the record loads now and every 30 s while one stays (mining.6). */
  'mining/entered': Record<string, never>
  'mining/left': Record<string, never>
  /** Retry after a failed load: the record loads again now. */
  'mining/refreshRequested': Record<string, never>
  /** mining.2: GET user mining; the answer's serverTime and season ride along (issue 14). */
  'mining/userReceived': { userMining: MiningUser | null; serverTime: number | null; season: Season | null }
  'mining/userFailed': { error: RequestError }
  /** mining.3: there was no profile, and POST create made one: this is the first visit. */
  'mining/created': Record<string, never>
  /** A tap on Claim; the effect lets one through per burst and draws its key. */
  'mining/claimTapped': Record<string, never>
  /** The claim sent: the key the server knows it by (drawn in the effect) and the window the user saw. */
  'mining/claimRequested': { idempotencyKey: string; windowStart: string }
  'mining/claimed': { answer: ClaimAnswer }
  'mining/claimFailed': { error: RequestError }
  /** mining.10: the onboarding's Next, to step `step` (0-based). */
  'mining/onboardingStepped': { step: number }
  'mining/onboardingClosed': Record<string, never>
  /** mining.12: the finish screen came into view: the results load. */
  'mining/finishEntered': Record<string, never>
  'mining/resultsReceived': { results: MiningResults }
  'mining/resultsFailed': { error: RequestError }
  /** tasks.43: the autoclaim modal, and its prices (tasks.51). */
  'mining/autoclaimOpened': Record<string, never>
  'mining/autoclaimClosed': Record<string, never>
  'mining/autoclaimOfferReceived': { offer: AutoclaimOffer }
  'mining/autoclaimOfferFailed': { error: RequestError }
  /** A way tapped in the modal: the confirmation shows what will be paid and from where. */
  'mining/autoclaimWayChosen': { way: AutoclaimWay }
  /** Cancel on the confirmation: back to the ways, nothing paid. */
  'mining/autoclaimConfirmCancelled': Record<string, never>
  /** Confirm on the confirmation; one payment at a time. */
  'mining/autoclaimPayRequested': { way: AutoclaimWay }
  /** The server made the order for that way. */
  'mining/autoclaimOrdered': { way: AutoclaimWay; orderId: string }
  /** tasks.48: Telegram closed the invoice with this status. */
  'mining/autoclaimInvoiceClosed': { orderId: string; status: InvoiceStatus }
  /** tasks.44: the dry run passed; the real transfer goes with this key. */
  'mining/autoclaimTransferChecked': { orderId: string; idempotencyKey: string }
  /** tasks.44: the real transfer went through. */
  'mining/autoclaimTransferred': { orderId: string }
  /** tasks.49: the wallet approved the transaction (not yet a payment: the server watches for it). */
  'mining/autoclaimTransactionSent': { orderId: string }
  /** The user closed the wallet list or declined in the wallet: nothing was paid. */
  'mining/autoclaimWalletDeclined': Record<string, never>
  /** TonConnect could not ask the wallet (it did not load, refused the transaction...): why, for support. */
  'mining/autoclaimWalletFailed': { reason: string }
  /** The order as the server sees it, asked after a payment until it is granted. */
  'mining/autoclaimOrderChecked': { order: OrderStatus }
  /** tasks.45-47: the payment could not be made. */
  'mining/autoclaimFailed': { way: AutoclaimWay; error: RequestError }
  /** Back from an error or a cancelled payment to the three ways. */
  'mining/autoclaimRetried': Record<string, never>
}

export const miningEventTypes: Record<keyof MiningEvents, true> = {
  'mining/entered': true,
  'mining/left': true,
  'mining/refreshRequested': true,
  'mining/userReceived': true,
  'mining/userFailed': true,
  'mining/created': true,
  'mining/claimTapped': true,
  'mining/claimRequested': true,
  'mining/claimed': true,
  'mining/claimFailed': true,
  'mining/onboardingStepped': true,
  'mining/onboardingClosed': true,
  'mining/finishEntered': true,
  'mining/resultsReceived': true,
  'mining/resultsFailed': true,
  'mining/autoclaimOpened': true,
  'mining/autoclaimClosed': true,
  'mining/autoclaimOfferReceived': true,
  'mining/autoclaimOfferFailed': true,
  'mining/autoclaimWayChosen': true,
  'mining/autoclaimConfirmCancelled': true,
  'mining/autoclaimPayRequested': true,
  'mining/autoclaimOrdered': true,
  'mining/autoclaimInvoiceClosed': true,
  'mining/autoclaimTransferChecked': true,
  'mining/autoclaimTransferred': true,
  'mining/autoclaimTransactionSent': true,
  'mining/autoclaimWalletDeclined': true,
  'mining/autoclaimWalletFailed': true,
  'mining/autoclaimOrderChecked': true,
  'mining/autoclaimFailed': true,
  'mining/autoclaimRetried': true,
}
