import type * as t from 'io-ts'
import type { AutoclaimOffer as AutoclaimOfferC, ClaimAnswer, MiningResults, MiningUser, Season } from './codecs'
import type { OrderStatus } from '../payments/codecs'
import type { RequestError } from '../api/errors'
import type { InvoiceStatus } from './rules'
import { type PayloadsOf, payload } from '../slice'

export type AutoclaimWay = 'stars' | 'internal' | 'external'
/** The autoclaim's prices and whether it runs now (tasks.51). */
export type AutoclaimOffer = t.TypeOf<typeof AutoclaimOfferC>

export const miningEvents = {
  /** A mining screen came into view: the record loads now and every 30 s while one stays (mining.6). */
  'mining/entered': payload(),
  'mining/left': payload(),
  /** Retry after a failed load: the record loads again now. */
  'mining/refreshRequested': payload(),
  /** mining.2: GET user mining; the answer's serverTime and season ride along. */
  'mining/userReceived': payload<{ userMining: MiningUser | null; serverTime: number | null; season: Season | null }>(),
  'mining/userFailed': payload<{ error: RequestError }>(),
  /** mining.3: there was no profile, and POST create is on its way: this is the first visit. */
  'mining/creating': payload(),
  /** mining.3: POST create made the profile. */
  'mining/created': payload(),
  /** A tap on Claim; the effect lets one through per burst and draws its key. */
  'mining/claimTapped': payload(),
  /** The claim sent: the key the server knows it by (drawn in the effect) and the window the user saw. */
  'mining/claimRequested': payload<{ idempotencyKey: string; windowStart: string }>(),
  'mining/claimed': payload<{ answer: ClaimAnswer }>(),
  'mining/claimFailed': payload<{ error: RequestError }>(),
  /** mining.10: the onboarding's Next, to step `step` (0-based). */
  'mining/onboardingStepped': payload<{ step: number }>(),
  'mining/onboardingClosed': payload(),
  /** mining.12: the finish screen came into view: the results load. */
  'mining/finishEntered': payload(),
  'mining/resultsReceived': payload<{ results: MiningResults }>(),
  'mining/resultsFailed': payload<{ error: RequestError }>(),
  /** tasks.43: the autoclaim modal, and its prices (tasks.51). */
  'mining/autoclaimOpened': payload(),
  'mining/autoclaimClosed': payload(),
  'mining/autoclaimOfferReceived': payload<{ offer: AutoclaimOffer }>(),
  'mining/autoclaimOfferFailed': payload<{ error: RequestError }>(),
  /** A way tapped in the modal: the confirmation shows what will be paid and from where. */
  'mining/autoclaimWayChosen': payload<{ way: AutoclaimWay }>(),
  /** Cancel on the confirmation: back to the ways, nothing paid. */
  'mining/autoclaimConfirmCancelled': payload(),
  /** Confirm on the confirmation; one payment at a time. */
  'mining/autoclaimPayRequested': payload<{ way: AutoclaimWay }>(),
  /** The server made the order for that way. */
  'mining/autoclaimOrdered': payload<{ way: AutoclaimWay; orderId: string }>(),
  /** tasks.48: Telegram closed the invoice with this status. */
  'mining/autoclaimInvoiceClosed': payload<{ orderId: string; status: InvoiceStatus }>(),
  /** tasks.44: the dry run passed; the real transfer goes with this key. */
  'mining/autoclaimTransferChecked': payload<{ orderId: string; idempotencyKey: string }>(),
  /** tasks.44: the real transfer went through. */
  'mining/autoclaimTransferred': payload<{ orderId: string }>(),
  /** tasks.49: the wallet approved the transaction (not yet a payment: the server watches for it). */
  'mining/autoclaimTransactionSent': payload<{ orderId: string }>(),
  /** The user closed the wallet list or declined in the wallet: nothing was paid. */
  'mining/autoclaimWalletDeclined': payload(),
  /** TonConnect could not ask the wallet (it did not load, refused the transaction...): why, for support. */
  'mining/autoclaimWalletFailed': payload<{ reason: string }>(),
  /** The order as the server sees it, asked after a payment until it is granted. */
  'mining/autoclaimOrderChecked': payload<{ order: OrderStatus }>(),
  /** tasks.45-47: the payment could not be made. */
  'mining/autoclaimFailed': payload<{ way: AutoclaimWay; error: RequestError }>(),
  /** Back from an error or a cancelled payment to the three ways. */
  'mining/autoclaimRetried': payload(),
}

export type MiningEvents = PayloadsOf<typeof miningEvents>
