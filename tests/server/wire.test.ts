/**
 * Every call of the endpoint table (domain/api/endpoints.ts), on the wire: the request the client
 * really sends (its own HTTP client, streams/http/client.ts, with a transport that records what goes
 * out), checked against what the spec states for that call (doc 1 §7, doc 2 §7: method, path where
 * named, query parameter names, payload field names, no body where none), then answered by a real
 * server as a new user and decoded by the client with the endpoint's codec. The answer must hold every
 * field the spec lists for that call, and the codec must refuse an answer without one of them (so a
 * field the spec lists is never optional on our side).
 *
 * The epic tests' fake api sees a call's name only: a call's wire rules are checked here, once.
 * A case cites a rule whose every clause is on the wire. A rule that also says what the client does
 * around the call (tasks.22's "when flagged", tasks.36's success, tasks.58's refresh and
 * disconnect) is cited by the epic test that checks all of it, the request included, through the
 * client's own HTTP client (tests/streams/wireApi.ts); its case here checks the call's half
 * against a real server without citing it.
 * A call of yours: add its case to CASES (a case per endpoint; the table test below fails on a
 * missing one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { firstValueFrom, tap, toArray } from 'rxjs'
import { isLeft, isRight } from 'fp-ts/lib/Either'
import { endpoints, type EndpointName } from '../../domain/api/endpoints'
import { ApiErrorBody } from '../../domain/api/codecs'
import type { RequestError } from '../../domain/api/errors'
import { type HttpRequest, CLIENT_HEADER, INIT_DATA_HEADER } from '../../streams/http/request'
import { type HttpResponse, createHttpClient, fetchTransport } from '../../streams/http/client'
import type { RunningServer } from '../../server/app'
import { type InitDataUser, signInitData } from '../../server/kernel/auth'
import { TEST_BOT, type User, newUser, startTestServer } from './helpers'
import { inviteFriend } from './tasks/helpers'
import { pollingBot } from './bot/helpers'
import { proofOf, testWallet } from './tonProof'
import { AIRDROPS_QUERY, BOOST_TYPES } from '../../domain/tasks/selectors'
import { loadMiningUser } from '../../streams/mining/record'

/** What the spec states for a call (doc 1 §7, doc 2 §7). */
interface SpecCall {
  method: 'GET' | 'POST'
  /** The path, where the spec names it (doc 1); doc 2 names calls by purpose only. */
  path?: string
  /** Request fields the spec puts in the path ("rank in the path"). */
  inPath?: string[]
  /** Query parameter names the spec states; `optional` lists those it marks optional. */
  query?: string[]
  /** Fixed query values the spec states (boostType=airdrop, limit=10). */
  queryValues?: Record<string, string>
  /** Query values the spec allows, one of (tasks' boostType general, subscriptions or pump). */
  queryOneOf?: Record<string, string[]>
  /** Payload field names the spec states; 'none': no body at all; 'empty object': a body of {}. */
  body?: string[] | 'none' | 'empty object'
  /** Header names the spec states besides the init data and the client header. */
  headers?: string[]
  /** Names of query parameters or payload fields the spec marks optional (sent only sometimes). */
  optional?: string[]
  /**
   * Fields the answer must hold, as dotted paths; `*` is every element of an array (which must
   * have one). Each is checked present in the server's answer and required by the codec.
   */
  answer?: string[]
  /** Fields a failure answer carries (tasks.58 "on failure the response has error"). */
  failureAnswer?: string[]
}

interface Ctx {
  user: User
  [key: string]: unknown
}

interface Case {
  call: EndpointName
  /** Rule IDs this case checks whole (wire rules only: method, path, query, payload, answer). */
  rules?: string[]
  /** What the spec states; null: the spec does not show this call (our choice, DESIGN §4). */
  spec: SpecCall | null
  /** Fields we send beyond the spec's, each our documented addition (query, body or header). */
  ours?: string[]
  request: (ctx: Ctx) => unknown
  /** The answer refuses this user (4xx) instead, and why a new user cannot get further. */
  refused?: { status: number; why: string }
  /** A failing request of this call, for spec.failureAnswer. */
  failing?: (ctx: Ctx) => unknown
  /** Keeps what later cases need from the decoded answer. */
  keep?: (answer: never, ctx: Ctx) => void
}

const USDT_ARB = '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'
const ETH = '0x0000000000000000000000000000000000000000'
const TSTON = 'EQC98_qAmNEptUtPc7W6xdHh_ZHrBUFpw5Ft_IzNU20QAJav'
const TRADER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const RECIPIENT = '0x52908400098527886E0F7030069857D2E4169EE7'
let keys = 0
const key = (what: string) => `wire-${what}-${++keys}-${Date.now()}`

/** doc 2 §3's user mining record (mining.1). */
const MINING_RECORD = [
  'speed',
  'gotAmount',
  'miningAmount',
  'dttmClaimDeadline',
  'dttmLastClaim',
  'status',
  'dttmLastPayment',
  'guild',
  'alliance',
  'withheld',
  'autoclaimActive',
  'lockAmount',
  'humanGroup',
  'confirmProve',
  'dttmAdded',
  'friendsBonus',
  'friends2Bonus',
  'ordinaryFriends',
  'premiumFriends',
]
const ROUTE = [
  'id',
  'fromToken',
  'toToken',
  'fromAmount',
  'toAmount',
  'toAmountMin',
  'fromAmountUSD',
  'toAmountUSD',
  'gasCostUSD',
  'priceImpactPercent',
  'fromChainId',
  'toChainId',
]

export const CASES: Case[] = [
  // ------------------------------------------------------------------ wallet (doc 1 §3, §7)
  {
    call: 'tgUserWallets',
    spec: {
      method: 'GET',
      path: '/tgUserWallets',
      query: [],
      answer: ['*.accountIndex', '*.address', '*.tonUnbouncableAddress', '*.totalBalanceUsd'],
    },
    request: () => ({}),
  },
  {
    call: 'balances',
    spec: {
      method: 'POST',
      path: '/balances',
      body: ['accountIndex'],
      answer: ['*.address', '*.chainId', '*.tokensAmount', '*.usdAmount', '*.tokensCost'],
    },
    request: () => ({ accountIndex: 0 }),
  },
  {
    call: 'totalBalance',
    spec: {
      method: 'GET',
      query: ['boostNotification'],
      optional: ['boostNotification'],
      queryValues: { boostNotification: '1' },
      answer: ['totalBalanceUsd', 'hasTrades', 'isNotifyForBoost'],
    },
    ours: ['accountIndex'],
    request: () => ({ boostNotification: 1, accountIndex: 0 }),
  },
  {
    call: 'knownTokens',
    spec: {
      method: 'POST',
      path: '/knownTokens',
      body: ['chainId', 'searchText', 'tokenAddress', 'sliceProps'],
      answer: ['tokens', 'tokenAmount'],
    },
    ours: ['accountIndex'],
    request: () => ({
      chainId: 42161,
      searchText: '',
      tokenAddress: '',
      sliceProps: { limit: 10, offset: 0 },
      accountIndex: 0,
    }),
  },
  {
    call: 'stableCoinsAndEth',
    spec: { method: 'GET', query: ['chainID', 'accountIndex'] },
    request: () => ({ chainID: 42161, accountIndex: 0 }),
  },
  {
    call: 'transfer',
    spec: {
      method: 'POST',
      path: '/transfer',
      body: ['to', 'amount', 'tokenAddress', 'chainId', 'accountIndex', 'comment', 'dry'],
    },
    ours: ['idempotencyKey'],
    request: () => ({
      to: RECIPIENT,
      amount: '1',
      tokenAddress: USDT_ARB,
      chainId: 42161,
      accountIndex: 0,
      comment: '',
      dry: true,
    }),
  },
  {
    call: 'fetchRoute',
    spec: {
      method: 'POST',
      path: '/fetchRoute',
      body: ['amount', 'from', 'to', 'fromChainId', 'toChainId', 'accountIndex'],
      answer: [
        ...ROUTE.map((f) => `route.${f}`),
        'gases.*.address',
        'gases.*.chainId',
        'gases.*.symbol',
        'gases.*.amount',
        'gases.*.printAmount',
        'transactions.*.viaTool.key',
      ],
    },
    request: () => ({
      amount: '10000000',
      from: USDT_ARB,
      to: ETH,
      fromChainId: 42161,
      toChainId: 42161,
      accountIndex: 0,
    }),
    keep: (a: { route: { id: string } }, ctx) => (ctx.routeId = a.route.id),
  },
  {
    call: 'swap',
    spec: { method: 'POST', path: '/swap', body: ['routeId', 'accountIndex'] },
    ours: ['idempotencyKey'],
    request: (ctx) => ({ routeId: ctx.routeId, accountIndex: 0, idempotencyKey: key('swap') }),
  },
  {
    call: 'history',
    spec: {
      method: 'GET',
      query: ['limit', 'offset', 'accountIndex'],
      queryValues: { limit: '10' },
      answer: ['*.type', '*.createdAt'],
    },
    request: () => ({ limit: 10, offset: 0, accountIndex: 0 }),
  },
  {
    call: 'simulateTonSwap',
    spec: {
      method: 'POST',
      path: '/v2/tc/simulate-swap',
      body: ['offer_jetton', 'offer_amount', 'ask_jetton'],
      answer: ['route', 'transactions'],
    },
    // the wallet's index travels as a header, as /v2/tc/swap's does
    ours: ['walletindex'],
    request: () => ({ offer_jetton: 'native', offer_amount: '1000000000', ask_jetton: TSTON, walletindex: 0 }),
  },
  {
    call: 'tonSwap',
    spec: {
      method: 'POST',
      path: '/v2/tc/swap',
      body: ['offer_jetton', 'offer_amount', 'ask_jetton', 'min_ask_amount', 'provider'],
      headers: ['walletindex'],
    },
    ours: ['idempotencyKey'],
    request: () => ({
      offer_jetton: 'native',
      offer_amount: '1000000000',
      ask_jetton: TSTON,
      min_ask_amount: '1',
      provider: 'stonfi',
      walletindex: 0,
      idempotencyKey: key('ton'),
    }),
  },
  {
    call: 'presetTokens',
    spec: {
      method: 'GET',
      path: '/getPresetTokens',
      query: ['startParam'],
      optional: ['startParam'],
      answer: ['from', 'to'],
    },
    request: () => ({}),
  },
  {
    call: 'createPresetSwap',
    spec: { method: 'POST', path: '/createPresetSwap', body: ['from', 'to'] },
    request: () => ({ from: { address: USDT_ARB, chainId: 42161 }, to: { address: ETH, chainId: 42161 } }),
  },

  // ------------------------------------------------------------------ copy-trading (doc 1 §3, §7: paths paired with actions by us)
  {
    call: 'startCopyTrade',
    spec: {
      method: 'POST',
      path: '/startMonitoringCopyTrade',
      body: ['accountIndex', 'chainId', 'followedAddress', 'ante', 'protocols', 'depositInNano', 'fromToken'],
    },
    ours: ['idempotencyKey'],
    request: () => ({
      accountIndex: 0,
      chainId: 42161,
      followedAddress: TRADER,
      ante: 0.1,
      protocols: ['uniswapUniversalRouter'],
      depositInNano: '150000000',
      fromToken: USDT_ARB,
      idempotencyKey: key('copy'),
    }),
    keep: (a: { trade: { _id: string } }, ctx) => (ctx.copyTradeId = a.trade._id),
  },
  {
    call: 'copyTrades',
    spec: {
      method: 'GET',
      path: '/getCopyTrades',
      query: ['accountIndex'],
      answer: [
        'copyTrades.*._id',
        'copyTrades.*.accountIndex',
        'copyTrades.*.chainId',
        'copyTrades.*.followedAddress',
        'copyTrades.*.ante',
        'copyTrades.*.protocols',
        'copyTrades.*.depositInNano',
        'copyTrades.*.fromToken',
        'copyTrades.*.dttmAdded',
        'copyTrades.*.token',
        'copyTrades.*.deposit',
        'tokens',
      ],
    },
    request: () => ({ accountIndex: 0 }),
  },
  {
    call: 'copyTradeSwaps',
    spec: { method: 'GET', path: '/getUserSwaps', query: ['accountIndex', 'copyTradeId'] },
    request: (ctx) => ({ accountIndex: 0, copyTradeId: ctx.copyTradeId }),
  },
  {
    call: 'cancelCopyTrade',
    spec: { method: 'POST', path: '/cancelCopyTrade', body: ['_id'] },
    request: (ctx) => ({ _id: ctx.copyTradeId }),
  },

  // ------------------------------------------------------------------ language and support (ours: the spec shows no call)
  { call: 'userLanguage', spec: null, request: () => ({ language: 'ru', chosenAt: 1_795_000_000_000 }) },
  {
    call: 'bugReport',
    spec: null,
    request: () => ({
      log: {
        format: 1,
        app: 'v1.1.2',
        recordedAt: '2026-11-22T10:00:00.000Z',
        env: {},
        events: [{ seq: 1, at: 0, type: 'app/navigated', payload: { to: '/' } }],
      },
    }),
    keep: (a: { ticket: string }, ctx) => (ctx.ticket = a.ticket),
  },
  { call: 'bugReportByTicket', spec: null, request: (ctx) => ({ ticket: ctx.ticket }) },

  // ------------------------------------------------------------------ mining (doc 2 §3, §7)
  { call: 'createMiningUser', spec: { method: 'POST', body: 'none' }, request: () => ({}) },
  {
    call: 'miningUser',
    rules: ['mining.2'],
    spec: { method: 'GET', query: [], answer: ['userMining', ...MINING_RECORD.map((f) => `userMining.${f}`)] },
    request: () => ({}),
    keep: (a: { userMining: { windowStart: string } }, ctx) => (ctx.windowStart = a.userMining.windowStart),
  },
  {
    call: 'claimMining',
    spec: null,
    request: (ctx) => ({ idempotencyKey: key('claim'), windowStart: ctx.windowStart }),
  },
  { call: 'miningResults', spec: null, request: () => ({}) },
  {
    call: 'referralStats',
    rules: ['friends.5'],
    spec: {
      method: 'GET',
      query: [],
      answer: ['premium_friends', 'ordinary_friends', 'friends_bonus', 'friends_2_bonus'],
    },
    request: () => ({}),
  },
  {
    call: 'friends',
    spec: {
      method: 'GET',
      query: ['limit', 'pageToken'],
      optional: ['pageToken'],
      queryValues: { limit: '10' },
      answer: ['result.*.firstName', 'result.*.gotAmount', 'result.*.bonus', 'result.*.guild', 'nextToken'],
    },
    request: () => ({ limit: 10 }),
    keep: (a: { nextToken: string | null }, ctx) => (ctx.nextToken = a.nextToken),
  },
  {
    // friends.9 whole: the second page asks with the first page's nextToken as pageToken
    call: 'friends',
    rules: ['friends.9'],
    spec: {
      method: 'GET',
      query: ['limit', 'pageToken'],
      queryValues: { limit: '10' },
      answer: ['result.*.firstName', 'result.*.gotAmount', 'result.*.bonus', 'result.*.guild', 'nextToken'],
    },
    request: (ctx) => ({ limit: 10, pageToken: ctx.nextToken }),
  },
  { call: 'invite', spec: null, request: () => ({}) },

  // ------------------------------------------------------------------ tasks (doc 2 §3, §7)
  // tasks.4: each list tab's boostType (the query the tasks epic sends, streams/tasks/epics.ts)
  ...(Object.keys(BOOST_TYPES) as (keyof typeof BOOST_TYPES)[]).map((tab): Case => ({
    call: 'tasks',
    rules: ['tasks.4'],
    spec: {
      method: 'GET',
      query: ['boostType'],
      queryOneOf: { boostType: ['general', 'subscriptions', 'pump'] },
      answer: ['tasks'],
    },
    request: () => ({ boostType: BOOST_TYPES[tab] }),
  })),
  {
    call: 'airdrops',
    rules: ['airdrops.2', 'airdrops.3'],
    spec: {
      method: 'GET',
      query: ['boostType'],
      queryValues: { boostType: 'airdrop' },
      answer: [
        'friendsAmount',
        'tasks.*.isCompleted',
        ...['code', 'airDropSpeed', 'dttmDeadline', 'pricePool', 'winnerAmount', 'tasks'].map((f) => `tasks.*.${f}`),
      ],
    },
    // the query the airdrops epic sends (streams/tasks/epics.ts)
    request: () => AIRDROPS_QUERY,
  },
  {
    call: 'confirmSubscription',
    rules: ['airdrops.6'],
    spec: { method: 'POST', body: ['subscriptionType', 'airdropId'] },
    request: () => ({ subscriptionType: 'subscription', airdropId: 'tston' }),
  },
  {
    call: 'tonProofPayload',
    spec: null,
    request: () => ({}),
    keep: (a: { payload: string }, ctx) => (ctx.payload = a.payload),
  },
  {
    call: 'setTonWallet',
    // the call's half of tasks.58; the rule is cited whole by tests/streams/tasks/epics.test.ts
    spec: { method: 'POST', body: ['walletAddress'], failureAnswer: ['error'] },
    // tasks.58 proven: TonConnect's ton_proof of the wallet (docs/payments.md, "Linking a TON wallet")
    ours: ['proof'],
    request: (ctx) => ({
      walletAddress: (ctx.wallet as ReturnType<typeof testWallet>).friendly,
      proof: proofOf(ctx.server as RunningServer, ctx.wallet as ReturnType<typeof testWallet>, ctx.payload as string),
    }),
    // the same proof again: its payload is spent
    failing: (ctx) => ({
      walletAddress: (ctx.wallet as ReturnType<typeof testWallet>).friendly,
      proof: proofOf(ctx.server as RunningServer, ctx.wallet as ReturnType<typeof testWallet>, ctx.payload as string),
    }),
  },
  // the call's half of tasks.22; the rule is cited whole by tests/streams/tasks/epics.test.ts
  { call: 'activateDailyBoost', spec: { method: 'POST', body: 'none' }, request: () => ({}) },
  {
    call: 'checkEmoji',
    rules: ['tasks.32'],
    spec: { method: 'POST', body: 'none', answer: ['activated'] },
    request: () => ({}),
  },
  // tasks.54: "ok, or an error string": this user linked a wallet above and holds the starter 1000 PUNK, so ok (the codec takes one or the other)
  {
    call: 'checkPunkStaking',
    rules: ['tasks.54'],
    spec: { method: 'POST', body: 'none', answer: ['ok'] },
    request: () => ({}),
  },
  {
    call: 'burnPunks',
    // the call's half of tasks.36; the rule is cited whole by tests/streams/tasks/epics.test.ts
    spec: { method: 'POST', body: ['amount'] },
    ours: ['idempotencyKey'],
    request: () => ({ amount: '1', idempotencyKey: key('burn') }),
  },
  { call: 'autoclaimOffer', spec: null, request: () => ({}) },
  {
    call: 'autoclaimStars',
    spec: { method: 'POST', body: 'none', answer: ['data.link'] },
    request: () => ({}),
    keep: (a: { orderId: string }, ctx) => (ctx.orderId = a.orderId),
  },
  { call: 'order', spec: null, request: (ctx) => ({ orderId: ctx.orderId }) },
  {
    call: 'autoclaimExternal',
    spec: { method: 'POST', body: 'none', answer: ['data.transaction'] },
    request: () => ({}),
  },
  { call: 'autoclaimInternal', spec: null, request: () => ({}) },
  // "task start events" and "daily reward claim": method, payload and answer not shown (doc 2 §7)
  { call: 'taskStarted', spec: null, request: () => ({ code: 'bitgetWallet' }) },
  { call: 'dailyRewardClaim', spec: null, request: () => ({}) },

  // ------------------------------------------------------------------ guilds and alliances (doc 2 §3, §7)
  {
    call: 'guildLeaderboard',
    spec: { method: 'GET', inPath: ['rank'], query: [], answer: ['top', 'userRank', 'user'] },
    request: () => ({ rank: 1 }),
  },
  {
    call: 'setAlliance',
    rules: ['guilds.13'],
    spec: { method: 'POST', query: ['alliance'], body: [] },
    request: () => ({ alliance: 'wirecheck' }),
  },
  {
    call: 'allianceLeaderboard',
    rules: ['guilds.10'],
    spec: { method: 'GET', inPath: ['rank'], query: [], answer: ['top', 'allianceRank', 'alliance'] },
    request: () => ({ rank: 1 }),
  },
  {
    call: 'alliance',
    rules: ['guilds.16'],
    spec: {
      method: 'GET',
      inPath: ['name'],
      query: [],
      answer: ['name', 'title', 'userpicURL', 'totalMined', 'users', 'guild', 'allianceRank', 'top', 'userRank'],
    },
    request: () => ({ name: 'wirecheck' }),
  },
  { call: 'setAlliance', spec: { method: 'POST', query: [], body: [] }, request: () => ({}) },

  // ------------------------------------------------------------------ staking (doc 2 §3, §7)
  {
    call: 'stakingConfigs',
    spec: { method: 'GET', query: [], answer: ['configs.paidPeriods', 'configs.stakingConfig'] },
    request: () => ({}),
  },
  { call: 'stakingTotal', spec: { method: 'GET', query: [], answer: ['totalAmount'] }, request: () => ({}) },
  {
    call: 'stakingDeposit',
    spec: { method: 'POST', body: ['amount', 'period', 'type'], optional: ['type'] },
    ours: ['idempotencyKey'],
    request: () => ({ amount: '10', period: '3m', idempotencyKey: key('stake') }),
  },
  {
    call: 'stakingDeposits',
    rules: ['staking.36'],
    spec: {
      method: 'GET',
      query: [],
      answer: [
        'deposits',
        ...['_id', 'amount', 'period', 'apy', 'hourReward', 'dttmStarted', 'dttmEnded'].map((f) => `deposits.*.${f}`),
      ],
    },
    request: () => ({}),
    keep: (a: { deposits: { _id: string }[] }, ctx) => (ctx.depositId = a.deposits[0]?._id),
  },
  {
    call: 'claimStakingDeposit',
    spec: null,
    request: (ctx) => ({ id: ctx.depositId }),
    refused: { status: 409, why: 'a deposit unlocks at the end of its period; a new one is locked' },
  },
  { call: 'stakingSbts', spec: { method: 'GET', query: [] }, request: () => ({}) },
  {
    call: 'claimSbt',
    spec: { method: 'GET', query: ['stakingPeriod'] },
    ours: ['address'],
    request: (ctx) => ({ stakingPeriod: '3m', address: (ctx.wallet as ReturnType<typeof testWallet>).friendly }),
    refused: {
      status: 409,
      why: 'a soulbound token needs a deposit of at least 5000 SWITCH, more than a new user holds',
    },
  },

  // ------------------------------------------------------------------ proof of humanity, v2 (doc 2 §3, §7)
  {
    call: 'pohInfo',
    spec: { method: 'GET', query: [], answer: ['tonAmount.tonAmount', 'tonAmount.amount', 'tonAmount.starAmount'] },
    request: () => ({}),
  },
  { call: 'pohPriceCheck', spec: { method: 'POST', body: 'empty object' }, request: () => ({}) },
  {
    call: 'pohTransaction',
    spec: { method: 'POST', body: ['payType'] },
    ours: ['idempotencyKey'],
    request: () => ({ payType: 'internal', idempotencyKey: key('poh') }),
  },
  {
    call: 'pohCheckCode',
    spec: { method: 'POST', body: ['code'] },
    request: () => ({ code: '000000' }),
    refused: {
      status: 409,
      why: 'a code is asked once the service has answered the request (responsing); a new request is only received',
    },
  },
  { call: 'pohRetry', spec: null, request: () => ({}) },
]

/** The value at a dotted path, `*` being every element: the values found, or a missing path. */
function at(value: unknown, path: string[]): { found: unknown[] } | { missing: string } {
  if (path.length === 0) return { found: [value] }
  const [head, ...rest] = path
  if (head === '*') {
    if (!Array.isArray(value) || value.length === 0) return { missing: `no element at *` }
    const found: unknown[] = []
    for (const [i, v] of value.entries()) {
      const r = at(v, rest)
      if ('missing' in r) return { missing: `${i}.${r.missing}` }
      found.push(...r.found)
    }
    return { found }
  }
  if (value === null || typeof value !== 'object' || !(head in value)) return { missing: head }
  const r = at((value as Record<string, unknown>)[head], rest)
  return 'missing' in r ? { missing: `${head}.${r.missing}` } : r
}

/** A copy of `value` without the field at `path` (`*`: in the first element only). */
function without(value: unknown, path: string[]): unknown {
  const copy = structuredClone(value) as Record<string, unknown>
  let node: unknown = copy
  for (const [i, key] of path.entries()) {
    const last = i === path.length - 1
    const k = key === '*' ? 0 : key
    if (last) delete (node as Record<string | number, unknown>)[k]
    else node = (node as Record<string | number, unknown>)[k]
  }
  return copy
}

const keysOf = (params: URLSearchParams) => [...new Set(params.keys())].sort()

describe('every call on the wire, as the client sends it and a real server answers it', () => {
  let server: RunningServer
  const sent: HttpRequest[] = []
  const answered: HttpResponse[] = []
  const ctx = {} as Ctx
  let initData = ''
  const client = (raw = () => initData, out: HttpRequest[] = sent) =>
    createHttpClient({
      servers: { wallet: [server.url], mining: [server.url] },
      initDataRaw: raw,
      transport: (req) => {
        out.push(req)
        return fetchTransport(req).pipe(tap((r) => answered.push(r)))
      },
    })
  let api: ReturnType<typeof client>

  beforeAll(async () => {
    server = await startTestServer({ bot: pollingBot })
    ctx.server = server
    ctx.user = newUser()
    ctx.wallet = testWallet(`wire-${ctx.user.id}`)
    initData = signInitData({ botToken: TEST_BOT, user: ctx.user as InitDataUser })
    api = client()
    api.addEndpoints(endpoints)
    // friends: eleven, so the friends list has a second page (friends.9) and airdrops are open (airdrops.1)
    await fetch(`${server.url}/tgUserWallets`, { headers: { telegramRawData: initData } })
    for (let i = 0; i < 11; i++) await inviteFriend(server, ctx.user, newUser() as InitDataUser)
  }, 120_000)
  afterAll(async () => {
    await server?.close()
  })

  it("[tasks.4] the task lists ask each of the spec's three boostTypes, one a tab", () => {
    expect(Object.values(BOOST_TYPES).sort()).toEqual(['general', 'pump', 'subscriptions'])
  })

  it('[mining.3] a user with no mining profile gets one on demand: the client reads none, makes it by a POST with no body, and reads it (the mining flow over the client and this server)', async () => {
    const fresh = newUser()
    const requests: HttpRequest[] = []
    const own = client(() => signInitData({ botToken: TEST_BOT, user: fresh as InitDataUser }), requests)
    own.addEndpoints(endpoints)
    const events = await firstValueFrom(
      loadMiningUser({ api: own }, { mining: { record: null } } as never).pipe(toArray()),
    )
    expect(events.map((e) => e.type)).toEqual(['mining/creating', 'mining/created', 'mining/userReceived'])
    expect((events[2].payload as { userMining: unknown }).userMining).not.toBeNull()
    expect(requests.map((r) => [r.method, new URL(r.url).pathname, r.body, r.headers['content-type']])).toEqual([
      ['GET', endpoints.miningUser.path, undefined, undefined],
      ['POST', endpoints.createMiningUser.path, undefined, undefined],
      ['GET', endpoints.miningUser.path, undefined, undefined],
    ])
    // with a profile, nothing is made
    requests.length = 0
    const again = await firstValueFrom(
      loadMiningUser({ api: own }, { mining: { record: null } } as never).pipe(toArray()),
    )
    expect(again.map((e) => e.type)).toEqual(['mining/userReceived'])
    expect(requests.map((r) => r.method)).toEqual(['GET'])
  })

  it('has a case for every call of the table', () => {
    expect([...new Set(CASES.map((c) => c.call))].sort()).toEqual(Object.keys(endpoints).sort())
  })

  for (const c of CASES) {
    const spec = c.spec
    const title =
      spec === null
        ? `${c.call}: ours (the spec shows no such call), answered and decoded`
        : `${c.call}: ${spec.method}${spec.path ? ' ' + spec.path : ''} as the spec states it, answered and decoded`
    it(`${(c.rules ?? []).map((r) => `[${r}] `).join('')}${title}`, async () => {
      const request = c.request(ctx)
      const n = sent.length
      const outcome = await firstValueFrom(api.call(c.call as never, request as never)).then(
        (value) => ({ value: value as unknown }),
        (error: RequestError) => ({ error }),
      )
      expect(sent.length, 'one request, no retry').toBe(n + 1)
      const req = sent[n]
      const res = answered[answered.length - 1]
      const url = new URL(req.url)
      const body = req.body === undefined ? undefined : (JSON.parse(req.body) as Record<string, unknown>)

      // app.5: the init data and the client header on every call
      expect(req.headers[INIT_DATA_HEADER]).toBe(initData)
      expect(req.headers[CLIENT_HEADER[0]]).toBe(CLIENT_HEADER[1])

      if (spec !== null) {
        const ours = new Set(c.ours ?? [])
        const optional = new Set(spec.optional ?? [])
        expect(req.method).toBe(spec.method)
        if (spec.path !== undefined) expect(url.pathname).toBe(spec.path)
        for (const field of spec.inPath ?? []) {
          const value = encodeURIComponent(String((request as Record<string, unknown>)[field]))
          expect(url.pathname.split('/'), `${field} in the path`).toContain(value)
          expect(url.searchParams.has(field), `${field} not in the query`).toBe(false)
          expect(body?.[field], `${field} not in the body`).toBeUndefined()
        }
        // the query: the spec's names (each required one present), and nothing else but ours
        const query = keysOf(url.searchParams)
        for (const name of spec.query ?? []) if (!optional.has(name)) expect(query, `query ${name}`).toContain(name)
        for (const name of query)
          expect([...(spec.query ?? []), ...ours], `query ${name} is the spec's or ours`).toContain(name)
        for (const [name, value] of Object.entries(spec.queryValues ?? {}))
          if (url.searchParams.has(name) || !optional.has(name)) expect(url.searchParams.get(name), name).toBe(value)
        for (const [name, values] of Object.entries(spec.queryOneOf ?? {}))
          expect(values, name).toContain(url.searchParams.get(name))
        // the payload
        if (spec.method === 'GET' || spec.body === 'none') {
          expect(req.body, 'no body').toBeUndefined()
          expect(req.headers['content-type'], 'no body, no content type').toBeUndefined()
        } else if (spec.body === 'empty object') expect(body).toEqual({})
        else {
          const fields = Object.keys(body ?? {}).sort()
          for (const name of spec.body ?? []) if (!optional.has(name)) expect(fields, `payload ${name}`).toContain(name)
          for (const name of fields)
            expect([...(spec.body ?? []), ...ours], `payload ${name} is the spec's or ours`).toContain(name)
        }
        for (const name of spec.headers ?? []) expect(req.headers[name], `header ${name}`).toBeDefined()
        for (const name of Object.keys(req.headers))
          expect(
            [INIT_DATA_HEADER, CLIENT_HEADER[0], 'content-type', ...(spec.headers ?? []), ...ours],
            `header ${name}`,
          ).toContain(name)
      }

      // the answer, decoded by the client with the endpoint's codec
      if (c.refused) {
        expect('error' in outcome ? outcome.error : outcome.value).toMatchObject({
          kind: 'rejected',
          status: c.refused.status,
        })
        expect(isRight(ApiErrorBody.decode(JSON.parse(res.body)))).toBe(true)
        return
      }
      if ('error' in outcome) expect.fail(`${c.call}: ${JSON.stringify(outcome.error)} (${res.status} ${res.body})`)
      const raw = JSON.parse(res.body) as unknown
      for (const field of spec?.answer ?? []) {
        const path = field.split('.')
        const found = at(raw, path)
        expect('missing' in found ? found.missing : 'present', `answer ${field}`).toBe('present')
        expect(isLeft(endpoints[c.call].response.decode(without(raw, path))), `the codec requires ${field}`).toBe(true)
      }
      c.keep?.(outcome.value as never, ctx)

      if (spec?.failureAnswer && c.failing) {
        const failed = await firstValueFrom(api.call(c.call as never, c.failing(ctx) as never)).then(
          () => null,
          (e: RequestError) => e,
        )
        expect(failed).toMatchObject({ kind: 'rejected' })
        const refusal = JSON.parse(answered[answered.length - 1].body) as Record<string, unknown>
        for (const field of spec.failureAnswer) expect(refusal, `a failure carries ${field}`).toHaveProperty(field)
      }
    })
  }
})
