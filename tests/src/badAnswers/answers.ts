/**
 * One good answer per call of the endpoint table, shaped as the reference server gives it (wire
 * form: amounts as strings, dates as ISO text). The bad-answer tests mutate these; the type makes a
 * new endpoint without its answer here a type error, and codecs.test.ts fails on it at run time.
 */
import type * as t from 'io-ts'
import type { EndpointName, Endpoints } from '../../../domain/api/endpoints'
import { ETH_ARB, TON, USDC_ARB, USDT_TON, quoteFor } from '../../domain/swap/fixtures'
import { WINDOW_START, answerAt, record } from '../../domain/mining/fixtures'
import { airdrops, groups } from '../../domain/tasks/fixtures'
import { invite, page, stats } from '../../domain/friends/fixtures'
import { configs, deposit } from '../../domain/staking/fixtures'
import { USDT as CT_USDT, trade } from '../../domain/copyTrade/fixtures'

/** A decoded type as it travels: a branded string (DecimalString...) is plain text on the wire. */
type Wire<T> =
  T extends t.Brand<unknown>
    ? T extends string
      ? string
      : T extends number
        ? number
        : T
    : T extends readonly (infer U)[]
      ? Wire<U>[]
      : T extends object
        ? { [K in keyof T]: Wire<T[K]> }
        : T
export type WireAnswer<K extends EndpointName> = Wire<t.TypeOf<Endpoints[K]['response']>>
export type GoodAnswers = { [K in EndpointName]: WireAnswer<K> }

const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T

export const EVM_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'
export const TON_ADDRESS = 'UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG'

export const wallets = [0, 1].map((accountIndex) => ({
  accountIndex,
  address: `0x${String(accountIndex + 1).repeat(40)}`,
  tonUnbouncableAddress: TON_ADDRESS,
  totalBalanceUsd: 1234.5 * (accountIndex + 1),
}))

export const balances = [
  {
    address: USDC_ARB.address,
    chainId: 42161 as const,
    tokensAmount: '500.25',
    usdAmount: 500.25,
    tokensCost: 1,
    decimals: 6,
    symbol: 'USDC',
    name: 'USD Coin',
    logoURI: '',
  },
  {
    address: ETH_ARB.address,
    chainId: 42161 as const,
    tokensAmount: '0.5',
    usdAmount: 1750,
    tokensCost: 3500,
    decimals: 18,
    symbol: 'ETH',
    name: 'Ether',
    logoURI: '',
  },
  {
    address: 'native',
    chainId: 'TON' as const,
    tokensAmount: '12.75',
    usdAmount: 38.25,
    tokensCost: 3,
    decimals: 9,
    symbol: 'TON',
    name: 'Toncoin',
    logoURI: '',
  },
]

export const history = [
  {
    id: 'h3',
    type: 'swap' as const,
    createdAt: '2026-11-21T10:00:00.000Z',
    fromToken: { symbol: 'USDC', decimals: 6, chainId: 42161 as const },
    toToken: { symbol: 'ETH', decimals: 18, chainId: 42161 as const },
    fromAmount: '10000000',
    toAmount: '2857142857142857',
    status: 'completed' as const,
    txId: 'tx-3',
  },
  {
    id: 'h2',
    type: 'withdrawal' as const,
    createdAt: '2026-11-20T10:00:00.000Z',
    asset: USDC_ARB.address,
    amount: '12500000',
    decimals: 6,
    symbol: 'USDC',
    to: EVM_ADDRESS,
    chainId: 42161 as const,
    fee: '0.0001',
    feeSymbol: 'ETH',
    status: 'completed' as const,
    txId: 'tx-2',
    comment: 'rent',
  },
  {
    id: 'h1',
    type: 'deposit' as const,
    createdAt: '2026-11-19T10:00:00.000Z',
    asset: 'native',
    amount: '12750000000',
    decimals: 9,
    symbol: 'TON',
    from: TON_ADDRESS,
    chainId: 'TON' as const,
    status: 'completed' as const,
    txId: 'tx-1',
  },
]

const usdcQuote = quoteFor(USDC_ARB, ETH_ARB, '10000000', 2_857_142_857_142_857n)
const tonQuote = quoteFor(TON, USDT_TON, '1000000000', 3_000_000n, { provider: 'stonfi' })
const tonTransaction = {
  validUntil: 1_763_800_600,
  messages: [{ address: TON_ADDRESS, amount: '500000000', payload: 'te6cckEBAQEADAAAFAAAAABvcmRlci0xfQ5W8A==' }],
}
const miningAnswer = answerAt(2 * 3_600_000, { lockAmount: '5' })
const alliance = {
  name: 'wolves',
  title: 'Wolves',
  userpicURL: 'https://t.me/i/userpic/320/wolves.jpg',
  totalMined: '12345.678',
  users: 42,
  avatar: 3,
  guild: 2,
  allianceRank: 1,
  top: [{ firstName: 'Ann', gotAmount: '100.5' }],
  userRank: 7,
  member: false,
}

export const goodAnswers: GoodAnswers = wire({
  tgUserWallets: wallets,
  balances,
  totalBalance: { totalBalanceUsd: 2326.75, hasTrades: false, isNotifyForBoost: false },
  history,
  knownTokens: {
    tokens: { '42161': [{ ...USDC_ARB, formattedAmount: '500.25', usdFormattedAmount: 500.25, priceUsd: 1 }, ETH_ARB] },
    tokenAmount: 2,
  },
  stableCoinsAndEth: [{ ...CT_USDT }],
  transfer: { ok: true as const, fee: '0.0001', feeSymbol: 'ETH', total: '12.5', txId: 'tx-9' },
  fetchRoute: { route: usdcQuote.route, gases: usdcQuote.gases, transactions: usdcQuote.transactions },
  swap: { ok: true as const, historyId: 'h4' },
  simulateTonSwap: {
    route: tonQuote.route,
    gases: tonQuote.gases,
    transactions: tonQuote.transactions,
    provider: 'stonfi' as const,
  },
  tonSwap: { ok: true as const, historyId: 'h5' },
  presetTokens: { from: USDC_ARB, to: ETH_ARB, presets: [USDC_ARB, ETH_ARB] },
  createPresetSwap: { startParam: 'swap-42161-usdc-eth' },
  copyTrades: {
    copyTrades: [trade('a'), trade('b', { dttmDeactivated: '2026-11-21T12:00:00.000Z', remainingInNano: '0' })],
    tokens: [{ tokenAddress: CT_USDT.address, chainId: 42161 as const, decimals: 6, price: 1 }],
  },
  startCopyTrade: { ok: true as const, trade: trade('new') },
  copyTradeSwaps: { swaps: [{ ...history[0], copyTradeId: 'a', trader: EVM_ADDRESS }] },
  cancelCopyTrade: { ok: true as const },
  miningUser: miningAnswer,
  userLanguage: { ok: true as const },
  bugReport: { ticket: 'T-1234' },
  bugReportByTicket: { ticket: 'T-1234', createdAt: '2026-11-21T10:00:00.000Z', log: { format: 1, events: [] } },
  createMiningUser: { ok: true as const },
  claimMining: {
    outcome: 'claimed' as const,
    claimed: '3',
    bonus: '0',
    userMining: record({ dttmLastClaim: new Date(WINDOW_START + 7_200_000).toISOString() }),
    serverTime: WINDOW_START + 7_200_000,
  },
  miningResults: {
    state: 'results' as const,
    totalMined: '1234.5',
    speed: '1.5',
    stakingAmount: '100',
    serverTime: WINDOW_START,
  },
  referralStats: stats(),
  tasks: { tasks: groups() },
  airdrops: airdrops(),
  tonProofPayload: { payload: 'ab'.repeat(32), expiresAt: 1_790_000_000_000 },
  setTonWallet: { ok: true as const },
  confirmSubscription: { ok: true as const },
  activateDailyBoost: { ok: true as const },
  checkEmoji: { activated: true },
  checkPunkStaking: { ok: true as const },
  burnPunks: { ok: true as const },
  autoclaimStars: { data: { link: 'https://t.me/$invoice-1' }, orderId: 'order-1' },
  autoclaimExternal: { data: { transaction: tonTransaction }, orderId: 'order-2' },
  autoclaimInternal: {
    data: { to: TON_ADDRESS, amount: '0.5', tokenAddress: 'native', chainId: 'TON' as const, comment: 'order-3' },
    orderId: 'order-3',
  },
  autoclaimOffer: { stars: 195, ton: '0.5', days: 30, active: false, until: null },
  order: {
    orderId: 'order-1',
    product: 'autoclaim',
    way: 'stars',
    status: 'granted' as const,
    expiresAt: '2026-11-22T09:00:00.000Z',
  },
  taskStarted: { ok: true as const },
  dailyRewardClaim: { ok: true as const },
  friends: page(1, 3, null),
  invite,
  guildLeaderboard: {
    top: [
      { firstName: 'Ann', gotAmount: '1000.5' },
      { firstName: 'Bo', gotAmount: '900' },
    ],
    userRank: 12,
    user: { firstName: 'Mia', gotAmount: '12.345678912' },
  },
  allianceLeaderboard: {
    top: [alliance, { ...alliance, name: 'owls', title: 'Owls', totalMined: '999', allianceRank: 2 }],
    allianceRank: null,
    alliance: null,
  },
  alliance,
  setAlliance: { ok: true as const },
  stakingConfigs: { configs },
  stakingTotal: { totalAmount: '123456.789' },
  stakingDeposit: { ok: true as const, deposit: deposit({ _id: 'dep2' }) },
  stakingDeposits: { deposits: [deposit()], serverTime: WINDOW_START },
  claimStakingDeposit: { deposit: deposit({ dttmClaimed: '2026-11-22T08:00:00.000Z' }), stake: '100', reward: '3' },
  stakingSbts: [{ stakingPeriod: '3m' as const }],
  claimSbt: { ...tonTransaction, orderId: 'order-4' },
  pohInfo: { tonAmount: { tonAmount: '0.5', amount: '1.5', starAmount: 100 } },
  pohTransaction: { result: { payUrl: 'https://t.me/$invoice-2', orderId: 'order-5' } },
  pohCheckCode: { ok: true as const },
  pohPriceCheck: { ok: true as const },
  pohRetry: {
    tonAmount: { tonAmount: '0.5', amount: '1.5', starAmount: 100 },
    inProgressStatus: 'received' as const,
    attempt: 2,
  },
})
