/**
 * Tasks, boosts, the daily reward and airdrops (doc 2 §2-4, §7): each tab's list
 * as the server last answered it, the airdrops, the speed and server clock they are shown against,
 * the daily reward and daily boost claims, the verification timers, the start parameter
 * boostToOpen's one use a session, and the burn screen. The state's shape (its selectors are
 * ./selectors.ts, in the feature's chunk); how events change it is ./reducer.ts, which loads with the feature's chunk.
 */
import type { RequestError } from '../api/errors'
import type {
  Airdrops,
  Groups,
  ListTab,
  OpenLeagueStep,
  PartnerWalletStep,
  PunkStakingResult,
  PunkStakingStep,
  TaskTab,
} from './events'
import type { VerifyTimer } from './timers'

/** tasks.1 */
export const TASK_TABS: readonly TaskTab[] = ['bigpump', 'boosts', 'subscriptions', 'airdrops']
/** tasks.3 */
export const DEFAULT_TAB: TaskTab = 'bigpump'
export const isTaskTab = (value: string | undefined): value is TaskTab =>
  (TASK_TABS as readonly string[]).includes(value ?? '')

export interface TaskList {
  groups: Groups | null
  loading: boolean
  error: RequestError | null
}

export type BurnStep = 'entry' | 'sending' | 'burned'

export interface BurnState {
  /** The burn task's code while its screen is open, null when closed. */
  code: string | null
  text: string
  step: BurnStep
  /** The amount sent (an exact decimal string) and its key, while sending and after. */
  amount: string | null
  idempotencyKey: string | null
  error: { errorCode: number; errorMessage: string } | null
  /** tasks.41: what the burn gave, once burned: the boost's speed (SWITCH an hour) and hours. */
  gained?: { speed: string; hours: number }
}

export interface TasksState {
  lists: Record<ListTab, TaskList>
  airdrops: { answer: Airdrops | null; loading: boolean; error: RequestError | null }
  /** The tab on screen, null when no tasks screen is. */
  shown: TaskTab | null
  /** The user's speed now, SWITCH an hour (tasks.16); null until read. */
  speed: string | null
  /** The mining record says the user proved they are human (confirmProve): the PoH card is done. */
  humanProved: boolean
  /** The server's clock minus the device's. */
  serverOffset: number
  /** tasks.22-23; `gained`: the boost just claimed (its speed, SWITCH an hour, and hours; null where the server did not say), until the note is closed or the screen left. */
  dailyBoost: {
    flagged: boolean
    claiming: boolean
    error: RequestError | null
    gained?: { speed: string | null; hours: number | null }
  }
  /** tasks.21: today's claim, once; `claimed` until the list answers again; `gained`: what it paid, until the note is closed or the screen left. */
  daily: { claiming: boolean; claimed: boolean; error: RequestError | null; gained?: { day: number; reward: string } }
  /** tasks.24-26: the verification timers running, on the server's clock. */
  timers: VerifyTimer[]
  /** tasks.18-19: the card boostToOpen opened this session (null: not yet). */
  boostOpened: string | null
  burn: BurnState
  /** tasks.32: the emoji check: under way, or answered not found. */
  emoji: { checking: boolean; missing: boolean; error: RequestError | null }
  /** tasks.58: the TON wallet being connected and set; why it failed. */
  /** `code`: a refused link's (wallet-proof.*), when the refusal named one. */
  wallet: { busy: boolean; error: string | null; code?: string }
  /** tasks.53-57: the staking boost's step (kept locally), its sheet, its check. */
  punkStaking: {
    step: PunkStakingStep
    open: boolean
    checking: boolean
    failure: Exclude<PunkStakingResult, 'ok'> | null
    error: RequestError | null
  }
  /** tasks.59-62: the partner wallet boost's step (kept locally; null before its sheet was opened), its sheet, the wallet being connected, why it failed. */
  partnerWallet: {
    step: PartnerWalletStep | null
    open: boolean
    busy: boolean
    refused: boolean
    error: string | null
    code?: string
  }
  /** tasks.63-64: the open-league boost's step (kept in Telegram's cloud storage) and its sheet. */
  openLeague: { step: OpenLeagueStep; open: boolean }
}

const list: TaskList = { groups: null, loading: false, error: null }
export const initialBurn: BurnState = {
  code: null,
  text: '',
  step: 'entry',
  amount: null,
  idempotencyKey: null,
  error: null,
}

export const initialTasksState: TasksState = {
  lists: { bigpump: list, boosts: list, subscriptions: list },
  airdrops: { answer: null, loading: false, error: null },
  shown: null,
  speed: null,
  humanProved: false,
  serverOffset: 0,
  dailyBoost: { flagged: false, claiming: false, error: null },
  daily: { claiming: false, claimed: false, error: null },
  timers: [],
  boostOpened: null,
  burn: initialBurn,
  emoji: { checking: false, missing: false, error: null },
  wallet: { busy: false, error: null },
  punkStaking: { step: 'not-connected', open: false, checking: false, failure: null, error: null },
  partnerWallet: { step: null, open: false, busy: false, refused: false, error: null },
  openLeague: { step: 'badge', open: false },
}
