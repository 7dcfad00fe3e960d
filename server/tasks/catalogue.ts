/**
 * The task catalogue (doc 2 §3, §9; tasks.8-9, tasks.16-17; docs/features/tasks.md, "The catalogue
 * and how a task is judged"): every task the server knows, with its group, its reward or boost, its
 * limits, its links, its deadline and how it is judged. Values the spec does not give are chosen
 * here, in one place, and the table of docs/features/tasks.md says them. SWITCH amounts and speeds
 * are exact decimal strings (speeds in SWITCH an hour).
 */
import { VERIFY_SECONDS } from '../../domain/tasks/timers'
import type { ChainId } from '../kernel/catalogue'

export const TASK_TYPES = [
  'subscription',
  'trade',
  'memePhrase',
  'autoclaim',
  'sniping',
  'nft',
  'swap',
  'swapHold',
  'bigpump',
  'staking',
  'deposit',
  'addAlliance',
  'waitlist',
  'group',
  'claim',
  'dailySwap',
  'burn',
] as const
export type TaskType = (typeof TASK_TYPES)[number]
export const TASK_GROUPS = ['daily', 'pump', 'trade', 'subscriptions', 'connect', 'partner'] as const
export type TaskGroupName = (typeof TASK_GROUPS)[number]
/** tasks.4: the tab a list is for; each group belongs to one tab (bigpump: pump, subscriptions, boosts: the rest). */
export type BoostType = 'general' | 'subscriptions' | 'pump'
export const GROUPS_OF: Readonly<Record<BoostType, readonly TaskGroupName[]>> = {
  pump: ['pump'],
  subscriptions: ['subscriptions'],
  general: ['daily', 'trade', 'connect', 'partner'],
}

/** How a task is judged: from which fact, or after its delay where the server has none. */
export type TaskRule =
  /** The project's own channel: the bot asks Telegram (getChatMember) once the delay has passed. */
  | { kind: 'channel'; chatId: string }
  /** Nothing the server can see (a partner's channel, site or mini-app): done once the delay after the click has passed. */
  | { kind: 'afterDelay' }
  /** A swap of more than $10 in the last 24 h: on a chain, into a token, or across chains. */
  | { kind: 'swap'; chainId?: string; toSymbol?: string; crossChain?: boolean }
  | { kind: 'depositUsd' }
  | { kind: 'depositPunk' }
  | { kind: 'burn' }
  | { kind: 'alliance' }
  | { kind: 'friends'; count: number }
  | { kind: 'group' }
  | { kind: 'sniping' }
  | { kind: 'tradeVolume' }
  | { kind: 'dailyReward' }
  | { kind: 'autoclaim' }
  | { kind: 'tonWallet' }
  /** The partner-exchange wallet: a TON wallet set after the task was started (the client checks the wallet app, tasks.62). */
  | { kind: 'partnerWallet' }
  | { kind: 'emoji' }
  | { kind: 'punkStaking' }

export interface TaskToken {
  symbol: string
  name: string
  chainId: ChainId
  tokenAddress: string
}

export interface TaskDef {
  code: string
  type: TaskType
  group: TaskGroupName
  rule: TaskRule
  /** SWITCH credited once per completion. */
  reward?: string
  /** Extra speed (SWITCH an hour) for `hours` from the completion. */
  boost?: { speed: string; hours: number }
  maxAmount: number
  minAmount?: number
  /** tasks.16-17: shown only from this speed (SWITCH an hour, as domain/tasks/selectors.ts compares it). */
  minSpeedToShow?: number
  url?: string
  /** tasks.14: the campaign's end (epoch ms); null: none. A task past it is expired and no longer judged. */
  deadline: number | null
  token?: TaskToken
  fromToken?: TaskToken
  toToken?: TaskToken
  volumeSize?: number
  minDepositUSD?: number
  minStaking?: number
}

/** The longest random cut of a client's timer (tasks.28) and the job queue's poll, taken off the server's delay. */
const TIMER_CUT_MS = 10_000
const JOB_SLACK_MS = 2_000
/** A code the spec gives no timer for waits 60 s on the client. */
const DEFAULT_TIMER_S = 60

/**
 * How long after the click the server judges a task (the spec does not show it, doc 2 §9): the
 * client's timer less its largest random cut and the queue's poll, so every timer ends after the
 * server has judged.
 */
export const verifyDelayMs = (code: string): number =>
  (VERIFY_SECONDS[code] ?? DEFAULT_TIMER_S) * 1000 - TIMER_CUT_MS - JOB_SLACK_MS

/** The project's own channels, checked by the bot (it must be an admin there). */
export const OWN_CHANNELS = {
  subscription: '@switch_wallet_news',
  bigpumpChannel: '@switch_bigpump',
  memePhraseChannel: '@switch_memephrase',
} as const

const at = (iso: string) => Date.parse(iso)
const PARTNER_END = at('2027-01-31T23:59:59Z')
const tok = (symbol: string, name: string, chainId: ChainId, tokenAddress: string): TaskToken => ({
  symbol,
  name,
  chainId,
  tokenAddress,
})
const TON = tok('TON', 'TON', 'TON', 'native')
const PUNK = tok('PUNK', '$PUNK', 'TON', 'EQCdpz6QhJtDtm2s9-krV2ygl45Pwl-KJJCV1-XrP-Xuuxoq')
const NOT = tok('NOT', 'Notcoin', 'TON', 'EQAvlWFDxGF2lXm67y4yzC17wYKD9A0guwPkMs1gOsM__NOT')
const ETH = (chainId: Exclude<ChainId, 'TON'>) =>
  tok('ETH', 'Ether', chainId, '0x0000000000000000000000000000000000000000')

/** A partner's channel, site or mini-app: a one-off SWITCH reward after the delay. */
const partner = (code: string, url: string, reward: string, over: Partial<TaskDef> = {}): TaskDef => ({
  code,
  type: 'subscription',
  group: 'partner',
  rule: { kind: 'afterDelay' },
  reward,
  maxAmount: 1,
  url,
  deadline: PARTNER_END,
  ...over,
})
/** tasks.65: a swap task, a 24 h boost. */
const swapTask = (code: string, chainId: ChainId, speed: string): TaskDef => ({
  code,
  type: 'swap',
  group: 'trade',
  rule: { kind: 'swap', chainId: String(chainId) },
  boost: { speed, hours: 24 },
  maxAmount: 1,
  minAmount: 10,
  deadline: null,
  fromToken: chainId === 'TON' ? TON : ETH(chainId),
})
/** A bigpump task: done in the bigpump mini-app, which this server cannot see. */
const pump = (code: string, type: TaskType, reward: string, over: Partial<TaskDef> = {}): TaskDef => ({
  code,
  type,
  group: 'pump',
  rule: { kind: 'afterDelay' },
  reward,
  maxAmount: 1,
  url: 'https://t.me/bigpump_bot/app',
  deadline: null,
  ...over,
})

export const TASKS: readonly TaskDef[] = [
  // ---- daily
  { code: 'dailyReward', type: 'claim', group: 'daily', rule: { kind: 'dailyReward' }, maxAmount: 1, deadline: null },
  {
    code: 'dailySwap',
    type: 'dailySwap',
    group: 'daily',
    rule: { kind: 'swap' },
    boost: { speed: '0.2', hours: 24 },
    maxAmount: 1,
    minAmount: 10,
    minSpeedToShow: 1e6,
    deadline: null,
  },

  // ---- trade: swaps per chain, deposits, the burn
  swapTask('tonSwaps', 'TON', '0.1'),
  swapTask('ethSwaps', 1, '0.3'),
  swapTask('arbSwaps', 42161, '0.1'),
  swapTask('opSwaps', 10, '0.1'),
  swapTask('baseSwaps', 8453, '0.1'),
  swapTask('zkSyncSwaps', 324, '0.1'),
  {
    code: 'layerZero',
    type: 'swap',
    group: 'trade',
    rule: { kind: 'swap', crossChain: true },
    boost: { speed: '0.2', hours: 24 },
    maxAmount: 1,
    minAmount: 10,
    deadline: null,
    fromToken: ETH(42161),
    toToken: ETH(10),
  },
  {
    code: 'notcoin',
    type: 'swap',
    group: 'trade',
    rule: { kind: 'swap', toSymbol: 'NOT' },
    boost: { speed: '0.1', hours: 24 },
    maxAmount: 1,
    minAmount: 10,
    deadline: null,
    fromToken: TON,
    toToken: NOT,
  },
  {
    code: 'tonPunks',
    type: 'swapHold',
    group: 'trade',
    rule: { kind: 'swap', toSymbol: 'PUNK' },
    boost: { speed: '0.15', hours: 24 },
    maxAmount: 1,
    minAmount: 10,
    deadline: null,
    fromToken: TON,
    toToken: PUNK,
  },
  {
    code: 'depositUSD',
    type: 'deposit',
    group: 'trade',
    rule: { kind: 'depositUsd' },
    maxAmount: 10,
    minAmount: 10,
    minDepositUSD: 10,
    deadline: null,
  },
  {
    code: 'depositPunk',
    type: 'deposit',
    group: 'trade',
    rule: { kind: 'depositPunk' },
    maxAmount: 20,
    minAmount: 20,
    minSpeedToShow: 0.7,
    deadline: null,
    token: PUNK,
  },
  {
    code: 'burnFest',
    type: 'burn',
    group: 'trade',
    rule: { kind: 'burn' },
    reward: '0.01',
    maxAmount: 1,
    minAmount: 1,
    deadline: null,
    token: PUNK,
  },

  // ---- pump (the bigpump tab)
  pump('trade', 'trade', '0', {
    rule: { kind: 'tradeVolume' },
    boost: { speed: '0.001', hours: 24 },
    reward: undefined,
    maxAmount: 100,
    minAmount: 100,
    volumeSize: 1000,
    url: undefined,
  }),
  pump('sniping', 'sniping', '0', {
    rule: { kind: 'sniping' },
    boost: { speed: '0.5', hours: 24 },
    reward: undefined,
    maxAmount: 10,
    url: undefined,
  }),
  pump('phraseTrade', 'memePhrase', '50'),
  pump('phraseCreateCoin', 'memePhrase', '50'),
  pump('firstBuy', 'bigpump', '100'),
  pump('firstCoin', 'bigpump', '100'),
  pump('createCoin', 'bigpump', '150'),
  pump('coinTask_PUNK', 'bigpump', '100', { token: PUNK }),

  // ---- subscriptions: the project's channels (the bot checks), a partner's and the social network (after the delay)
  {
    code: 'subscription',
    type: 'subscription',
    group: 'subscriptions',
    rule: { kind: 'channel', chatId: OWN_CHANNELS.subscription },
    reward: '100',
    maxAmount: 1,
    url: 'https://t.me/switch_wallet_news',
    deadline: null,
  },
  {
    code: 'bigpumpChannel',
    type: 'subscription',
    group: 'subscriptions',
    rule: { kind: 'channel', chatId: OWN_CHANNELS.bigpumpChannel },
    reward: '100',
    maxAmount: 1,
    url: 'https://t.me/switch_bigpump',
    deadline: null,
  },
  {
    code: 'memePhraseChannel',
    type: 'subscription',
    group: 'subscriptions',
    rule: { kind: 'channel', chatId: OWN_CHANNELS.memePhraseChannel },
    reward: '50',
    maxAmount: 1,
    url: 'https://t.me/switch_memephrase',
    deadline: null,
  },
  {
    code: 'subscriptionTwitter',
    type: 'subscription',
    group: 'subscriptions',
    rule: { kind: 'afterDelay' },
    reward: '50',
    maxAmount: 1,
    url: 'https://x.com/switch_wallet',
    deadline: null,
  },
  partner('bitgetChannel', 'https://t.me/bitget_wallet', '100', { group: 'subscriptions' }),
  partner('pigsChannel', 'https://t.me/pigs_news', '50', { group: 'subscriptions' }),

  // ---- connect
  {
    code: 'addWallet',
    type: 'claim',
    group: 'connect',
    rule: { kind: 'tonWallet' },
    reward: '100',
    maxAmount: 1,
    deadline: null,
  },
  {
    code: 'bitgetWallet',
    type: 'claim',
    group: 'connect',
    rule: { kind: 'partnerWallet' },
    reward: '150',
    maxAmount: 1,
    url: 'https://web3.bitget.com/',
    deadline: PARTNER_END,
  },
  {
    code: 'addAlliance',
    type: 'addAlliance',
    group: 'connect',
    rule: { kind: 'alliance' },
    reward: '200',
    maxAmount: 1,
    minSpeedToShow: 1e7,
    deadline: null,
  },
  {
    code: 'waitlist',
    type: 'waitlist',
    group: 'connect',
    rule: { kind: 'friends', count: 2 },
    reward: '300',
    maxAmount: 2,
    deadline: null,
  },
  {
    code: 'group',
    type: 'group',
    group: 'connect',
    rule: { kind: 'group' },
    boost: { speed: '0.3', hours: 30 * 24 },
    maxAmount: 2,
    minSpeedToShow: 1e7,
    url: 'https://t.me/switch_wallet_chat',
    deadline: null,
  },
  {
    code: 'emoji',
    type: 'claim',
    group: 'connect',
    rule: { kind: 'emoji' },
    boost: { speed: '0.05', hours: 30 * 24 },
    maxAmount: 1,
    deadline: null,
  },
  {
    code: 'punkStaking',
    type: 'staking',
    group: 'connect',
    rule: { kind: 'punkStaking' },
    boost: { speed: '0.2', hours: 30 * 24 },
    maxAmount: 1,
    minStaking: 1000,
    deadline: null,
    token: PUNK,
    url: 'https://t.me/punk_staking_bot',
  },
  { code: 'autoclaim', type: 'autoclaim', group: 'connect', rule: { kind: 'autoclaim' }, maxAmount: 1, deadline: null },
  {
    code: 'openLeague',
    type: 'trade',
    group: 'connect',
    rule: { kind: 'afterDelay' },
    reward: '100',
    maxAmount: 1,
    url: 'https://t.me/theopenleague_bot',
    deadline: at('2024-12-17T23:59:59Z'),
  },

  // ---- partner (tasks.17: many at 1e8)
  partner('bums', 'https://t.me/bums', '50', { minSpeedToShow: 1e8 }),
  partner('boink', 'https://t.me/boinker_bot', '50', { minSpeedToShow: 1e8 }),
  partner('dropee', 'https://t.me/DropeeBot', '50', { minSpeedToShow: 1e8 }),
  partner('seed', 'https://t.me/seed_coin_bot', '50', { minSpeedToShow: 1e8 }),
  partner('bits', 'https://t.me/bitsTonboxBot', '50', { minSpeedToShow: 1e8 }),
  partner('banano', 'https://t.me/banano_bot', '50', { minSpeedToShow: 1e8 }),
  partner('dejen', 'https://t.me/dejendog_bot', '50', { minSpeedToShow: 1e8 }),
  partner('agent', 'https://t.me/AgentsBot', '50', { minSpeedToShow: 1e8 }),
  partner('famFolder', 'https://t.me/addlist/fam', '50', { minSpeedToShow: 1e8 }),
  partner('memeFolder', 'https://t.me/addlist/meme', '50', { minSpeedToShow: 1e8 }),
  partner('folder', 'https://t.me/addlist/switch', '50', { minSpeedToShow: 1e8 }),
  partner('kombat', 'https://t.me/hamster_kombat_bot', '100'),
  partner('duckCoop', 'https://t.me/duckcoop_bot', '100'),
  partner('bitgetSite', 'https://web3.bitget.com/', '100'),
  partner('goats', 'https://t.me/realgoats_bot', '100'),
  partner('tomarket', 'https://t.me/Tomarket_ai_bot', '100'),
  partner('pigs', 'https://t.me/pigshouse_bot', '100'),
  partner('roolz', 'https://t.me/roolz_bot', '100'),
  partner('yesCoin', 'https://t.me/theYescoin_bot', '100'),
  partner('cube', 'https://t.me/cubesonthewater_bot', '100'),
  partner('duckChain', 'https://t.me/DuckChain_bot', '100'),
  partner('tsTon', 'https://t.me/tonstakers_bot', '150', {
    fromToken: TON,
    toToken: tok('tsTON', 'Tonstakers TON', 'TON', 'EQC98_qAmNEptUtPc7W6xdHh_ZHrBUFpw5Ft_IzNU20QAJav'),
  }),
]

export const taskByCode = new Map(TASKS.map((t) => [t.code, t]))

/** The token the PUNK tasks and the burn use. */
export const PUNK_TOKEN = PUNK
