import type * as t from 'io-ts'
import type { AirdropsAnswer, TaskGroups } from './codecs'
import type { RequestError } from '../api/errors'
import type { VerifyTimer } from './timers'
import { type PayloadsOf, payload } from '../slice'

/** tasks.1: the tabs of /mining/tasks. */
export type TaskTab = 'bigpump' | 'boosts' | 'subscriptions' | 'airdrops'
/** The tabs whose content is a task list (the airdrops tab has its own call). */
export type ListTab = Exclude<TaskTab, 'airdrops'>
export type Groups = t.TypeOf<typeof TaskGroups>
export type Airdrops = t.TypeOf<typeof AirdropsAnswer>

/** tasks.53: the PUNK staking boost's steps, kept locally. */
export type PunkStakingStep = 'not-connected' | 'connected' | 'staked' | 'checked'
/** tasks.54-57: what the check answered: ok, or the server's error string. */
export type PunkStakingResult = 'ok' | 'no-wallet' | 'no-staking' | 'not-enough-staked' | 'unknown'

/** tasks.59: the partner-exchange wallet boost's steps, kept locally. */
export type PartnerWalletStep = 'started' | 'downloaded' | 'connected'

/** tasks.63: the open-league boost's steps, kept in Telegram's cloud storage. */
export type OpenLeagueStep = 'badge' | 'trade' | 'done'

export const tasksEvents = {
  /** A tab of /mining/tasks came into view: its list loads now and every 30 s while it stays (tasks.5, airdrops.8). */
  'tasks/entered': payload<{ tab: TaskTab }>(),
  'tasks/left': payload(),
  /** Retry after a failed load: the tab's list loads again now. */
  'tasks/retried': payload<{ tab: TaskTab }>(),
  /** tasks.4: GET tasks with the tab's boostType. */
  'tasks/received': payload<{ tab: ListTab; groups: Groups }>(),
  'tasks/failed': payload<{ tab: ListTab; error: RequestError }>(),
  /** airdrops.2: GET airdrops. */
  'tasks/airdropsReceived': payload<{ answer: Airdrops }>(),
  'tasks/airdropsFailed': payload<{ error: RequestError }>(),
  /** The mining record's speed (tasks.16) and the server's clock, read on entering. */
  /** confirmProve: the user proved they are human (the PoH card says done); absent in logs recorded before it was read. */
  'tasks/recordRead': payload<{ speed: string | null; serverTime: number | null; confirmProve?: boolean }>(),
  /** tasks.22: the total balance answer's isNotifyForBoost, read on entering. */
  'tasks/boostFlagRead': payload<{ isNotifyForBoost: boolean }>(),
  /** tasks.21: a tap on today's cell of the daily reward. */
  'tasks/dailyRewardRequested': payload(),
  /** What the claim paid, as the server said it (absent from an older server: the grid's cell stands in). */
  'tasks/dailyRewardClaimed': payload<{ day?: number; reward?: string }>(),
  'tasks/dailyRewardFailed': payload<{ error: RequestError }>(),
  /** tasks.22-23: the daily boost's claim. */
  'tasks/dailyBoostRequested': payload(),
  /** The boost granted: its speed (SWITCH an hour) and hours, when the server says them. */
  'tasks/dailyBoostActivated': payload<{ speed?: string; hours?: number }>(),
  'tasks/dailyBoostFailed': payload<{ error: RequestError }>(),
  /** tasks.24: a tap on a task card that has a link (a subscription starts its timer). */
  'tasks/taskOpened': payload<{ code: string }>(),
  /**
   * tasks.24, tasks.27-28: the verification timer started: the random cut (1-10 s) drawn in the
   * effect, and when it ends on the server's clock.
   */
  'tasks/verifyStarted': payload<{ code: string; cutSeconds: number; endsAt: number }>(),
  /** tasks.26: the timers storage kept from before a reload, still running. */
  'tasks/timersRestored': payload<{ timers: VerifyTimer[] }>(),
  /** A timer ran out: the list is asked again (the server's state is what counts). */
  'tasks/verifyEnded': payload<{ code: string }>(),
  /** tasks.18-19: the start parameter boostToOpen found its card: scrolled to and opened, once a session. */
  'tasks/boostToOpenFound': payload<{ code: string }>(),
  /** airdrops.6-7: a tap on an airdrop's task. */
  'tasks/airdropTaskOpened': payload<{ airdropId: string; code: string }>(),
  /** tasks.33: the burn screen. */
  'tasks/burnOpened': payload<{ code: string }>(),
  'tasks/burnClosed': payload(),
  'tasks/burnAmountChanged': payload<{ text: string }>(),
  /** A tap on Burn; the effect lets one through and draws its key. */
  'tasks/burnTapped': payload(),
  /** tasks.36: the burn sent, with the key the server knows it by. */
  'tasks/burnSent': payload<{ amount: string; idempotencyKey: string }>(),
  /** tasks.37, tasks.41: the PUNK burned and the boost it gave (speed, SWITCH an hour, and hours) when the server says them. */
  'tasks/burned': payload<{ amount: string; speed?: string; hours?: number }>(),
  /** The user closed the note of what a claim gave. */
  'tasks/gainDismissed': payload(),
  /** tasks.38-39: the server's errorCode and errorMessage; a network failure is 500 'server-error'. */
  'tasks/burnFailed': payload<{ errorCode: number; errorMessage: string }>(),
  /** tasks.32: a tap on the emoji card: POST check emoji. */
  'tasks/emojiRequested': payload(),
  'tasks/emojiChecked': payload<{ activated: boolean }>(),
  'tasks/emojiFailed': payload<{ error: RequestError }>(),
  /** tasks.58: connect a TON wallet (TonConnect) and set it. */
  'tasks/walletRequested': payload(),
  /** On 200 the tasks are asked again and the wallet is disconnected. */
  'tasks/walletSet': payload<{ address: string }>(),
  /** The user closed the wallet list or declined: nothing was set. */
  'tasks/walletDeclined': payload(),
  /** TonConnect could not connect, or the server refused the address (its error). */
  /** `code`: the server's (or the client's) code of a refused wallet link (wallet-proof.*), which the screen words. */
  'tasks/walletFailed': payload<{ message: string; code?: string }>(),
  /** tasks.53: the staking boost's sheet. */
  'tasks/punkStakingOpened': payload(),
  'tasks/punkStakingClosed': payload(),
  /** tasks.53: the step storage kept from before. */
  'tasks/punkStakingRestored': payload<{ step: PunkStakingStep }>(),
  /** tasks.53: the user opened the staking bot. */
  'tasks/punkStakeOpened': payload(),
  /** tasks.54: POST check staking of PUNK. */
  'tasks/punkStakingCheckRequested': payload(),
  'tasks/punkStakingChecked': payload<{ result: PunkStakingResult }>(),
  'tasks/punkStakingCheckFailed': payload<{ error: RequestError }>(),
  /** tasks.59: the partner wallet boost's sheet (it starts at 'started'). */
  'tasks/partnerWalletOpened': payload(),
  'tasks/partnerWalletClosed': payload(),
  'tasks/partnerWalletRestored': payload<{ step: PartnerWalletStep }>(),
  /** tasks.59: the user opened the partner wallet's download link (the start is reported). */
  'tasks/partnerWalletDownloaded': payload(),
  /** tasks.59, tasks.62: connect the partner's TON wallet over TonConnect. */
  'tasks/partnerWalletConnectRequested': payload(),
  'tasks/partnerWalletConnected': payload<{ address: string }>(),
  /** tasks.62: another wallet app connected (its TonConnect app name); it was disconnected. */
  'tasks/partnerWalletRefused': payload<{ appName: string }>(),
  'tasks/partnerWalletFailed': payload<{ message: string; code?: string }>(),
  /** tasks.63: the open-league boost's sheet. */
  'tasks/openLeagueOpened': payload(),
  'tasks/openLeagueClosed': payload(),
  /** tasks.63: the step Telegram's cloud storage kept. */
  'tasks/openLeagueRestored': payload<{ step: OpenLeagueStep }>(),
  /** tasks.63: the badge bot opened: on to trade. */
  'tasks/openLeagueBadgeOpened': payload(),
  /** tasks.63: the trade opened: done, until a list says the task is not completed (tasks.64). */
  'tasks/openLeagueTradeOpened': payload(),
}

export type TasksEvents = PayloadsOf<typeof tasksEvents>
