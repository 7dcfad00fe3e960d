/**
 * The tasks screen's constants and selectors (doc 2 §2, §4, §7, §9): loaded with the feature's
 * chunk, not with the first screen (./state.ts holds only the slice's shape).
 */
import { AIRDROP_BOOST_TYPE, type Task } from '../api/codecs/mining'
import { type EventInput, ev } from '../events'
import type { Groups, ListTab, OpenLeagueStep, PartnerWalletStep, PunkStakingResult, PunkStakingStep } from './events'
import { burnAmount } from './display'
import type { BurnState, TasksState } from './state'
import type { VerifyTimer } from './timers'

/**
 * tasks.4: the boostType each list tab asks for (the spec names the tabs and the three boostTypes,
 * not which goes with which): bigpump -> pump, boosts -> general, subscriptions -> subscriptions.
 */
export const BOOST_TYPES: Record<ListTab, 'pump' | 'general' | 'subscriptions'> = { bigpump: 'pump', boosts: 'general', subscriptions: 'subscriptions' }

/** airdrops.2: the airdrops are asked as the tasks call with this query (doc 2 §7). */
export const AIRDROPS_QUERY = { boostType: AIRDROP_BOOST_TYPE } as const
/** tasks.5, airdrops.8 */
export const TASKS_POLL_MS = 30_000
/** airdrops.7 */
export const AIRDROP_REFRESH_MS = 15_000
/** airdrops.1 */
export const AIRDROP_FRIENDS = 3
/** PUNK's decimals (the token catalogue's): the burn amount takes no more. */
export const PUNK_DECIMALS = 9
/** tasks.42: the burn's gas hint, in TON. */
export const BURN_GAS_TON = '0.005'
/** tasks.73: the layerZero task's gas hint, in ETH. */
export const LAYER_ZERO_GAS_ETH = '0.0002'
/** tasks.40: the burn codes that mean too few funds: the button goes to the swap. */
export const BURN_SWAP_CODES: readonly number[] = [4002, 4003]
/** Where verification timers are kept (tasks.26). */
export const TIMERS_STORAGE_KEY = 'tasks.verifyTimers'

/** Every task the lists hold, the shown tab's first. */
export function allTasks(s: TasksState): Task[] {
  const order: ListTab[] = s.shown !== null && s.shown !== 'airdrops' ? [s.shown, ...(['bigpump', 'boosts', 'subscriptions'] as const).filter((t) => t !== s.shown)] : ['bigpump', 'boosts', 'subscriptions']
  return order.flatMap((tab) => Object.values(s.lists[tab].groups ?? {}).flatMap((tasks) => tasks ?? []))
}

export const taskByCode = (s: TasksState, code: string): Task | undefined => allTasks(s).find((t) => t.code === code)

export const timerOf = (s: TasksState, code: string): VerifyTimer | undefined => s.timers.find((t) => t.code === code)

/** tasks.24: the tasks whose tap starts a verification timer. */
export const verifies = (task: Task) => task.type === 'subscription'

/** The daily reward task of a list (code dailyReward, with its grid). */
export const dailyRewardTask = (groups: Groups | null): Task | undefined => groups?.daily?.find((t) => t.code === 'dailyReward' && t.rewardList !== undefined)

/**
 * tasks.38-40: the text a burn refusal is worded by, from its code, never the server's own words:
 * 4002 not enough PUNK, 4003 not enough TON for the gas, a network failure (500 'server-error'), or
 * a code this client does not know.
 */
export function burnErrorKey(error: { errorCode: number; errorMessage: string }): string {
  if (error.errorCode === 4002) return 'mining.tasks.burn.error.not-enough-punk'
  if (error.errorCode === 4003) return 'mining.tasks.burn.error.not-enough-ton'
  if (error.errorCode === 500 && error.errorMessage === 'server-error') return 'errors.server-error'
  return 'mining.tasks.burn.error.unknown'
}

/** tasks.40: the failure means too few funds: the button becomes go-to-swap. */
export const burnNeedsSwap = (b: BurnState) => b.error !== null && BURN_SWAP_CODES.includes(b.error.errorCode)

/** tasks.34: what a tap on Burn may send now: the amount, or null (nothing valid, or a burn under way). */
export function burnToSend(s: TasksState): string | null {
  if (s.burn.code === null || s.burn.step !== 'entry' || taskByCode(s, s.burn.code) === undefined) return null
  return burnAmount(s.burn.text)
}

/** What a tap on a card does, as the events the tap dispatches (boostToOpen "clicks" with them). */
export function cardTap(s: TasksState, code: string): EventInput | null {
  const task = taskByCode(s, code)
  if (task === undefined) return null
  if (task.type === 'burn') return ev('tasks/burnOpened', { code })
  if (task.type === 'autoclaim') return ev('mining/autoclaimOpened', {})
  if (code === 'emoji') return ev('tasks/emojiRequested', {})
  if (code === 'addWallet') return ev('tasks/walletRequested', {})
  if (code === 'punkStaking') return ev('tasks/punkStakingOpened', {})
  if (code === PARTNER_WALLET_CODE) return ev('tasks/partnerWalletOpened', {})
  if (code === OPEN_LEAGUE_CODE) return ev('tasks/openLeagueOpened', {})
  if (task.url !== undefined || verifies(task)) return ev('tasks/taskOpened', { code })
  const to = GO_TO[task.type]
  return to === undefined ? null : ev('app/navigated', { to })
}

/** Where a task without a link is done in the app: a swap, a deposit, friends to invite, an alliance. */
const GO_TO: Readonly<Record<string, string>> = { swap: '/swap', swapHold: '/swap', dailySwap: '/swap', deposit: '/refill/from', waitlist: '/mining/frens', addAlliance: '/mining/guilds' }

/** tasks.53: the steps as storage keeps them. */
export const PUNK_STAKING_STORAGE_KEY = 'tasks.punkStaking'
export const PUNK_STAKING_STEPS: readonly PunkStakingStep[] = ['not-connected', 'connected', 'staked', 'checked']
/** tasks.54: the check's answer as a result; an error string the spec does not name is unknown. */
export const punkStakingResult = (answer: { ok: true } | { error: string }): PunkStakingResult =>
  'ok' in answer ? 'ok' : answer.error === 'no-wallet' || answer.error === 'no-staking' || answer.error === 'not-enough-staked' ? answer.error : 'unknown'

/** tasks.59: the partner-exchange wallet boost's code. */
export const PARTNER_WALLET_CODE = 'bitgetWallet'
/** tasks.59: the partner wallet boost's step as storage keeps it. */
export const PARTNER_WALLET_STORAGE_KEY = 'tasks.partnerWallet'
export const PARTNER_WALLET_STEPS: readonly PartnerWalletStep[] = ['started', 'downloaded', 'connected']
/** tasks.62: the partner's TON wallet, by its TonConnect app name (Bitget Wallet's in TonConnect's wallets list). */
export const PARTNER_WALLET_APP = 'bitgetTonWallet'

/** tasks.63: the open-league boost's code, and where Telegram's cloud storage keeps its step. */
export const OPEN_LEAGUE_CODE = 'openLeague'
export const OPEN_LEAGUE_CLOUD_KEY = 'openLeagueBoost'
export const OPEN_LEAGUE_STEPS: readonly OpenLeagueStep[] = ['badge', 'trade', 'done']
