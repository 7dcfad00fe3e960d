/**
 * What the tasks screen shows, from what the server says and the slice (doc 2 §2, §4, §7, §9):
 * loaded with the feature's chunk, not with the first screen (./state.ts holds only the
 * slice's shape). The server decides each task's state and amounts; these only show them: done and
 * expired, which tasks show at the user's speed, the groups' order and badges, the partner tasks
 * first, the burn preview and the daily grid, and the screen's selectors.
 */
import { AIRDROP_BOOST_TYPE, type Task } from './codecs'
import { fromUnits, toUnits } from '../money'
import { type EventInput, ev } from '../events'
import type { Groups, ListTab, OpenLeagueStep, PartnerWalletStep, PunkStakingResult, PunkStakingStep } from './events'
import type { BurnState, TasksState } from './state'
import type { VerifyTimer } from './timers'

/** tasks.6: the groups, in the order the screen lists them. */
export const TASK_GROUPS = ['daily', 'pump', 'trade', 'subscriptions', 'connect', 'partner'] as const
export type TaskGroup = (typeof TASK_GROUPS)[number]
export type TaskGroups = Partial<Record<TaskGroup, readonly Task[]>>

/** tasks.10: done when doneAmount reaches maxAmount; a task without amounts is done when the server says it is completed. */
export function isDone(task: Task): boolean {
  if (task.doneAmount !== undefined && task.maxAmount !== undefined) return task.doneAmount >= task.maxAmount
  return task.isCompleted === true
}

/** tasks.14: the deadline in ms; none (null, absent, or Infinity as the product writes it) means none. */
export const deadlineOf = (task: Task): number | null =>
  task.dttmUpdate === undefined || task.dttmUpdate === null || !Number.isFinite(task.dttmUpdate)
    ? null
    : task.dttmUpdate

/** tasks.13: a done task whose deadline has passed shows as expired (at `now`, the server's time). */
export function isExpired(task: Task, now: number): boolean {
  const deadline = deadlineOf(task)
  return isDone(task) && deadline !== null && deadline < now
}

/** The speed thresholds are SWITCH an hour, compared exactly (tasks.17: 1e8, 1e7, 1e6, 0.7). */
const SPEED_DECIMALS = 9
const speedUnits = (value: number | string): bigint | null =>
  toUnits(typeof value === 'number' ? value.toFixed(SPEED_DECIMALS) : value, SPEED_DECIMALS)

/** tasks.16: a task with minSpeedToShow shows only at a current speed of at least that. */
export function visibleAtSpeed(task: Task, speed: string): boolean {
  if (task.minSpeedToShow === undefined) return true
  const need = speedUnits(task.minSpeedToShow)
  const have = speedUnits(speed)
  if (need === null) return true
  return have !== null && have >= need
}

/** Telegram and social subscriptions: the tasks whose being done moves the subscriptions group last (tasks.12). */
const isSubscription = (task: Task) => task.type === 'subscription'

/**
 * tasks.11, tasks.12, tasks.16: the groups to show, in order, each with its visible tasks; in the
 * partner group the tasks not yet done come first (the server's order kept otherwise); the
 * subscriptions group goes last once its subscription tasks are all done. Empty groups are left out.
 */
export function orderGroups(groups: TaskGroups, speed: string): { group: TaskGroup; tasks: Task[] }[] {
  const shown = TASK_GROUPS.map((group) => {
    const tasks = (groups[group] ?? []).filter((t) => visibleAtSpeed(t, speed))
    return { group, tasks: group === 'partner' ? [...tasks.filter((t) => !isDone(t)), ...tasks.filter(isDone)] : tasks }
  }).filter((g) => g.tasks.length > 0)
  const subscriptions = shown.find((g) => g.group === 'subscriptions')
  if (subscriptions !== undefined) {
    const subs = subscriptions.tasks.filter(isSubscription)
    if (subs.length > 0 && subs.every(isDone)) return [...shown.filter((g) => g !== subscriptions), subscriptions]
  }
  return shown
}

/** tasks.15: a group's badge counts down to the earliest deadline still ahead in it; none without one. */
export function groupBadge(tasks: readonly Task[], now: number): number | null {
  let earliest: number | null = null
  for (const task of tasks) {
    const deadline = deadlineOf(task)
    if (deadline !== null && deadline > now && (earliest === null || deadline < earliest)) earliest = deadline
  }
  return earliest
}

/** tasks.34: the burn amount is a number of at least 1 (a comma reads as the decimal point), or nothing. */
export function burnAmount(text: string): string | null {
  const value = text.trim().replace(',', '.')
  if (!/^\d+(\.\d+)?$/.test(value)) return null
  const units = toUnits(value, SPEED_DECIMALS)
  return units !== null && units >= 10n ** BigInt(SPEED_DECIMALS) ? fromUnits(units, SPEED_DECIMALS) : null
}

/**
 * tasks.35: the preview is the amount times the reward an hour, exactly, with one decimal when it
 * is not whole (cut, never rounded up: it does not promise more than the boost gives).
 */
export function burnPreview(amount: string, rewardPerHour: number): string {
  const a = toUnits(amount, SPEED_DECIMALS)
  const r = speedUnits(rewardPerHour)
  if (a === null || r === null) return '0'
  const product = (a * r) / 10n ** BigInt(SPEED_DECIMALS)
  const one = 10n ** BigInt(SPEED_DECIMALS)
  const whole = product / one
  const tenth = (product % one) / (one / 10n)
  return product % one === 0n ? whole.toString() : `${whole}.${tenth}`
}

/** tasks.21: the daily reward's grid, 4 cells a row. */
export function dailyRows<T>(cells: readonly T[], perRow = 4): T[][] {
  const rows: T[][] = []
  for (let i = 0; i < cells.length; i += perRow) rows.push(cells.slice(i, i + perRow))
  return rows
}

/**
 * tasks.4: the boostType each list tab asks for (the spec names the tabs and the three boostTypes,
 * not which goes with which): bigpump -> pump, boosts -> general, subscriptions -> subscriptions.
 */
export const BOOST_TYPES: Record<ListTab, 'pump' | 'general' | 'subscriptions'> = {
  bigpump: 'pump',
  boosts: 'general',
  subscriptions: 'subscriptions',
}

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
  const order: ListTab[] =
    s.shown !== null && s.shown !== 'airdrops'
      ? [s.shown, ...(['bigpump', 'boosts', 'subscriptions'] as const).filter((t) => t !== s.shown)]
      : ['bigpump', 'boosts', 'subscriptions']
  return order.flatMap((tab) => Object.values(s.lists[tab].groups ?? {}).flatMap((tasks) => tasks ?? []))
}

export const taskByCode = (s: TasksState, code: string): Task | undefined => allTasks(s).find((t) => t.code === code)

export const timerOf = (s: TasksState, code: string): VerifyTimer | undefined => s.timers.find((t) => t.code === code)

/** tasks.24: the tasks whose tap starts a verification timer. */
export const verifies = (task: Task) => task.type === 'subscription'

/** The daily reward task of a list (code dailyReward, with its grid). */
export const dailyRewardTask = (groups: Groups | null): Task | undefined =>
  groups?.daily?.find((t) => t.code === 'dailyReward' && t.rewardList !== undefined)

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
const GO_TO: Readonly<Record<string, string>> = {
  swap: '/swap',
  swapHold: '/swap',
  dailySwap: '/swap',
  deposit: '/refill/from',
  waitlist: '/mining/frens',
  addAlliance: '/mining/guilds',
}

/** tasks.53: the steps as storage keeps them. */
export const PUNK_STAKING_STORAGE_KEY = 'tasks.punkStaking'
export const PUNK_STAKING_STEPS: readonly PunkStakingStep[] = ['not-connected', 'connected', 'staked', 'checked']
/** tasks.54: the check's answer as a result; an error string the spec does not name is unknown. */
export const punkStakingResult = (answer: { ok: true } | { error: string }): PunkStakingResult =>
  'ok' in answer
    ? 'ok'
    : answer.error === 'no-wallet' || answer.error === 'no-staking' || answer.error === 'not-enough-staked'
      ? answer.error
      : 'unknown'

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
