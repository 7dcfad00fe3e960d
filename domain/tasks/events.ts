import type * as t from 'io-ts'
import type { AirdropsAnswer, TaskGroups } from '../api/codecs/mining'
import type { RequestError } from '../api/errors'
import type { VerifyTimer } from './timers'

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

export type TasksEvents = {
  /** A tab of /mining/tasks came into view: its list loads now and every 30 s while it stays (tasks.5, airdrops.8). */
  'tasks/entered': { tab: TaskTab }
  'tasks/left': Record<string, never>
  /** Retry after a failed load: the tab's list loads again now. */
  'tasks/retried': { tab: TaskTab }
  /** tasks.4: GET tasks with the tab's boostType. */
  'tasks/received': { tab: ListTab; groups: Groups }
  'tasks/failed': { tab: ListTab; error: RequestError }
  /** airdrops.2: GET airdrops. */
  'tasks/airdropsReceived': { answer: Airdrops }
  'tasks/airdropsFailed': { error: RequestError }
  /** The mining record's speed (tasks.16) and the server's clock, read on entering. */
  /** confirmProve: the user proved they are human (the PoH card says done); absent in logs recorded before it was read. */
  'tasks/recordRead': { speed: string | null; serverTime: number | null; confirmProve?: boolean }
  /** tasks.22: the total balance answer's isNotifyForBoost, read on entering. */
  'tasks/boostFlagRead': { isNotifyForBoost: boolean }
  /** tasks.21: a tap on today's cell of the daily reward. */
  'tasks/dailyRewardRequested': Record<string, never>
  /** What the claim paid, as the server said it (absent from an older server: the grid's cell stands in). */
  'tasks/dailyRewardClaimed': { day?: number; reward?: string }
  'tasks/dailyRewardFailed': { error: RequestError }
  /** tasks.22-23: the daily boost's claim. */
  'tasks/dailyBoostRequested': Record<string, never>
  /** The boost granted: its speed (SWITCH an hour) and hours, when the server says them. */
  'tasks/dailyBoostActivated': { speed?: string; hours?: number }
  'tasks/dailyBoostFailed': { error: RequestError }
  /** tasks.24: a tap on a task card that has a link (a subscription starts its timer). */
  'tasks/taskOpened': { code: string }
  /**
   * tasks.24, tasks.27-28: the verification timer started: the random cut (1-10 s) drawn in the
   * effect, and when it ends on the server's clock.
   */
  'tasks/verifyStarted': { code: string; cutSeconds: number; endsAt: number }
  /** tasks.26: the timers storage kept from before a reload, still running. */
  'tasks/timersRestored': { timers: VerifyTimer[] }
  /** A timer ran out: the list is asked again (the server's state is what counts). */
  'tasks/verifyEnded': { code: string }
  /** tasks.18-19: the start parameter boostToOpen found its card: scrolled to and opened, once a session. */
  'tasks/boostToOpenFound': { code: string }
  /** airdrops.6-7: a tap on an airdrop's task. */
  'tasks/airdropTaskOpened': { airdropId: string; code: string }
  /** tasks.33: the burn screen. */
  'tasks/burnOpened': { code: string }
  'tasks/burnClosed': Record<string, never>
  'tasks/burnAmountChanged': { text: string }
  /** A tap on Burn; the effect lets one through and draws its key. */
  'tasks/burnTapped': Record<string, never>
  /** tasks.36: the burn sent, with the key the server knows it by. */
  'tasks/burnSent': { amount: string; idempotencyKey: string }
  /** tasks.37, tasks.41: the PUNK burned and the boost it gave (speed, SWITCH an hour, and hours) when the server says them. */
  'tasks/burned': { amount: string; speed?: string; hours?: number }
  /** The user closed the note of what a claim gave. */
  'tasks/gainDismissed': Record<string, never>
  /** tasks.38-39: the server's errorCode and errorMessage; a network failure is 500 'server-error'. */
  'tasks/burnFailed': { errorCode: number; errorMessage: string }
  /** tasks.32: a tap on the emoji card: POST check emoji. */
  'tasks/emojiRequested': Record<string, never>
  'tasks/emojiChecked': { activated: boolean }
  'tasks/emojiFailed': { error: RequestError }
  /** tasks.58: connect a TON wallet (TonConnect) and set it. */
  'tasks/walletRequested': Record<string, never>
  /** On 200 the tasks are asked again and the wallet is disconnected. */
  'tasks/walletSet': { address: string }
  /** The user closed the wallet list or declined: nothing was set. */
  'tasks/walletDeclined': Record<string, never>
  /** TonConnect could not connect, or the server refused the address (its error). */
  /** `code`: the server's (or the client's) code of a refused wallet link (wallet-proof.*), which the screen words. */
  'tasks/walletFailed': { message: string; code?: string }
  /** tasks.53: the staking boost's sheet. */
  'tasks/punkStakingOpened': Record<string, never>
  'tasks/punkStakingClosed': Record<string, never>
  /** tasks.53: the step storage kept from before. */
  'tasks/punkStakingRestored': { step: PunkStakingStep }
  /** tasks.53: the user opened the staking bot. */
  'tasks/punkStakeOpened': Record<string, never>
  /** tasks.54: POST check staking of PUNK. */
  'tasks/punkStakingCheckRequested': Record<string, never>
  'tasks/punkStakingChecked': { result: PunkStakingResult }
  'tasks/punkStakingCheckFailed': { error: RequestError }
  /** tasks.59: the partner wallet boost's sheet (it starts at 'started'). */
  'tasks/partnerWalletOpened': Record<string, never>
  'tasks/partnerWalletClosed': Record<string, never>
  'tasks/partnerWalletRestored': { step: PartnerWalletStep }
  /** tasks.59: the user opened the partner wallet's download link (the start is reported). */
  'tasks/partnerWalletDownloaded': Record<string, never>
  /** tasks.59, tasks.62: connect the partner's TON wallet over TonConnect. */
  'tasks/partnerWalletConnectRequested': Record<string, never>
  'tasks/partnerWalletConnected': { address: string }
  /** tasks.62: another wallet app connected (its TonConnect app name); it was disconnected. */
  'tasks/partnerWalletRefused': { appName: string }
  'tasks/partnerWalletFailed': { message: string; code?: string }
  /** tasks.63: the open-league boost's sheet. */
  'tasks/openLeagueOpened': Record<string, never>
  'tasks/openLeagueClosed': Record<string, never>
  /** tasks.63: the step Telegram's cloud storage kept. */
  'tasks/openLeagueRestored': { step: OpenLeagueStep }
  /** tasks.63: the badge bot opened: on to trade. */
  'tasks/openLeagueBadgeOpened': Record<string, never>
  /** tasks.63: the trade opened: done, until a list says the task is not completed (tasks.64). */
  'tasks/openLeagueTradeOpened': Record<string, never>
}

export const tasksEventTypes: Record<keyof TasksEvents, true> = {
  'tasks/entered': true,
  'tasks/left': true,
  'tasks/retried': true,
  'tasks/received': true,
  'tasks/failed': true,
  'tasks/airdropsReceived': true,
  'tasks/airdropsFailed': true,
  'tasks/recordRead': true,
  'tasks/boostFlagRead': true,
  'tasks/dailyRewardRequested': true,
  'tasks/dailyRewardClaimed': true,
  'tasks/dailyRewardFailed': true,
  'tasks/dailyBoostRequested': true,
  'tasks/dailyBoostActivated': true,
  'tasks/dailyBoostFailed': true,
  'tasks/taskOpened': true,
  'tasks/verifyStarted': true,
  'tasks/timersRestored': true,
  'tasks/verifyEnded': true,
  'tasks/boostToOpenFound': true,
  'tasks/airdropTaskOpened': true,
  'tasks/burnOpened': true,
  'tasks/burnClosed': true,
  'tasks/burnAmountChanged': true,
  'tasks/burnTapped': true,
  'tasks/burnSent': true,
  'tasks/burned': true,
  'tasks/gainDismissed': true,
  'tasks/burnFailed': true,
  'tasks/emojiRequested': true,
  'tasks/emojiChecked': true,
  'tasks/emojiFailed': true,
  'tasks/walletRequested': true,
  'tasks/walletSet': true,
  'tasks/walletDeclined': true,
  'tasks/walletFailed': true,
  'tasks/punkStakingOpened': true,
  'tasks/punkStakingClosed': true,
  'tasks/punkStakingRestored': true,
  'tasks/punkStakeOpened': true,
  'tasks/punkStakingCheckRequested': true,
  'tasks/punkStakingChecked': true,
  'tasks/punkStakingCheckFailed': true,
  'tasks/partnerWalletOpened': true,
  'tasks/partnerWalletClosed': true,
  'tasks/partnerWalletRestored': true,
  'tasks/partnerWalletDownloaded': true,
  'tasks/partnerWalletConnectRequested': true,
  'tasks/partnerWalletConnected': true,
  'tasks/partnerWalletRefused': true,
  'tasks/partnerWalletFailed': true,
  'tasks/openLeagueOpened': true,
  'tasks/openLeagueClosed': true,
  'tasks/openLeagueRestored': true,
  'tasks/openLeagueBadgeOpened': true,
  'tasks/openLeagueTradeOpened': true,
}
