/**
 * Bad input is a 4xx, never a 500, and never slow. fast-check drives every
 * route of the app with generated and mutated requests: a valid request with one field replaced by
 * something hostile (deep nesting, NUL, lone surrogates, escapes PostgreSQL's jsonb refuses, numbers
 * past every range, long strings and idempotency keys), fields dropped or added, whole bodies that
 * are not JSON, hostile query values, path parameters and headers; every field, query value or
 * header that holds a number gets number-like text too (1 to 200 digits, fractions, signs,
 * exponents), sized around the bounds of the columns amounts land in. Any 5xx, any connection the
 * server drops, any answer slower than a second (twice in a row) or none within ten seconds fails;
 * so does a 400 to a request whose one bad body field is valid JSON when the answer names no path,
 * and any answer without `X-Content-Type-Options: nosniff`.
 *
 * Every case really runs: each draws a fresh idempotency key (a keyed call would otherwise answer
 * every case after the first with the first's stored answer), and a call that changes the caller's
 * state is made by a new user (with dev mode's starter balances), so no earlier case has spent the
 * balance or used the once-only step a later case needs to reach the database.
 *
 * Runs per route: 30 in `npm test` on each database (new cases every run), 600 in `npm run
 * test:long`; FUZZ_RUNS sets another number. FUZZ_REPORT=1 prints the figures (requests, answers
 * by class, slowest answer). A longer hunt (docs/testing.md, "Fuzzing and bad input"):
 *   FUZZ_RUNS=5000 FUZZ_REPORT=1 npx vitest run --project unit tests/server/kernel/fuzz.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { TEST_BOT, type User, newUser, useServer } from '../helpers'
import { signInitData } from '../../../server/kernel/auth'
import { POST_READS } from '../../../server/kernel/rateLimit'
import { runs } from '../../runs'

const RUNS = runs({ test: 30, long: 600 }, 'FUZZ_RUNS')
const SLOW_MS = 1000

// The bot on a webhook, with the Bot API stand-in (whose dev-only routes are then mounted too).
const WEBHOOK_SECRET = 'fuzz-webhook-secret'
const srv = useServer({
  mode: 'development',
  bot: { apiRoot: null, updates: { kind: 'webhook', url: '/telegram/webhook', secret: WEBHOOK_SECRET } },
})
const users: User[] = [newUser(), newUser()]

const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
const TSTON = 'EQC98_qAmNEptUtPc7W6xdHh_ZHrBUFpw5Ft_IzNU20QAJav'
const ETH = '0x0000000000000000000000000000000000000000'
const TRADER = '0x1111111111111111111111111111111111111111'

type Json = null | boolean | number | string | Json[] | { [k: string]: Json }

/** Where a body carries an idempotency key: each case sends a key of its own in its place (freshKey). */
const KEY = '__fuzz_fresh_key__'
let keys = 0
const freshKey = () => `fz-${Date.now().toString(36)}-${(++keys).toString(36)}`

interface RouteSpec {
  method: 'GET' | 'POST'
  /** The app's route pattern, as Hono lists it. */
  route: string
  /** A concrete path for it (path parameters filled in). */
  path: string
  body?: { [k: string]: Json }
  query?: Record<string, string>
  headers?: Record<string, string>
  /** Path parameters, replaced by hostile text in some requests: the `:name` of `route`. */
  params?: string[]
}

/** Every route of the app, each with a request it accepts. A test below checks the list is complete. */
const ROUTES: RouteSpec[] = [
  { method: 'GET', route: '/health', path: '/health' },
  { method: 'GET', route: '/healthz', path: '/healthz' },
  { method: 'GET', route: '/readyz', path: '/readyz' },
  { method: 'GET', route: '/metrics', path: '/metrics' },
  { method: 'GET', route: '/logos/:file', path: '/logos/ETH.svg', params: ['file'] },
  { method: 'GET', route: '/logos/tools/:file', path: '/logos/tools/uniswap.svg', params: ['file'] },
  { method: 'GET', route: '/logos/networks/:file', path: '/logos/networks/42161.svg', params: ['file'] },
  { method: 'GET', route: '/logos/partners/:file', path: '/logos/partners/bitgetSite.svg', params: ['file'] },
  { method: 'GET', route: '/dev/launchScript', path: '/dev/launchScript' },
  { method: 'GET', route: '/bugReport/:ticket', path: '/bugReport/SW-AAAAAAAA', params: ['ticket'] },
  {
    method: 'POST',
    route: '/admin/deposit',
    path: '/admin/deposit',
    body: { userId: 0, chainId: 'TON', token: 'TON', amount: '1', accountIndex: 0, from: 'fuzz' },
  },
  {
    method: 'POST',
    route: '/admin/copyFeed/push',
    path: '/admin/copyFeed/push',
    body: { followedAddress: TRADER, chainId: 1 },
  },
  { method: 'GET', route: '/tgUserWallets', path: '/tgUserWallets' },
  { method: 'POST', route: '/balances', path: '/balances', body: { accountIndex: 0 } },
  {
    method: 'GET',
    route: '/totalBalance',
    path: '/totalBalance',
    query: { accountIndex: '0', boostNotification: '1' },
  },
  { method: 'GET', route: '/history', path: '/history', query: { limit: '10', offset: '0', accountIndex: '0' } },
  {
    method: 'POST',
    route: '/knownTokens',
    path: '/knownTokens',
    body: { chainId: null, searchText: 'us', tokenAddress: '', sliceProps: { limit: 10, offset: 0 }, accountIndex: 0 },
  },
  {
    method: 'GET',
    route: '/getStableCoinsAndEth',
    path: '/getStableCoinsAndEth',
    query: { chainID: '42161', accountIndex: '0' },
  },
  {
    method: 'POST',
    route: '/bugReport',
    path: '/bugReport',
    body: {
      log: {
        format: 1,
        app: 'v1.1.2',
        recordedAt: '2025-01-01T00:00:00.000Z',
        env: { platform: 'fuzz' },
        events: [{ seq: 1, at: 0, type: 'app/navigated', payload: { path: '/' } }],
      },
    },
  },
  {
    method: 'POST',
    route: '/userLanguage',
    path: '/userLanguage',
    body: { language: 'ru', chosenAt: 1_700_000_000_000 },
  },
  {
    method: 'POST',
    route: '/transfer',
    path: '/transfer',
    body: {
      to: TRADER,
      amount: '0.001',
      tokenAddress: ETH,
      chainId: 42161,
      accountIndex: 0,
      comment: 'hi',
      dry: true,
      idempotencyKey: KEY,
    },
  },
  {
    method: 'POST',
    route: '/fetchRoute',
    path: '/fetchRoute',
    body: { amount: '1000000', from: USDC_ARB, to: ETH, fromChainId: 42161, toChainId: 42161, accountIndex: 0 },
  },
  {
    method: 'POST',
    route: '/swap',
    path: '/swap',
    body: { routeId: '00000000-0000-0000-0000-000000000000', accountIndex: 0, idempotencyKey: KEY },
  },
  {
    method: 'POST',
    route: '/v2/tc/simulate-swap',
    path: '/v2/tc/simulate-swap',
    body: { offer_jetton: 'native', offer_amount: '1000000000', ask_jetton: TSTON },
    headers: { walletindex: '0' },
  },
  {
    method: 'POST',
    route: '/v2/tc/swap',
    path: '/v2/tc/swap',
    body: {
      offer_jetton: 'native',
      offer_amount: '1000000',
      ask_jetton: TSTON,
      min_ask_amount: '1',
      provider: 'stonfi',
      idempotencyKey: KEY,
    },
    headers: { walletindex: '0' },
  },
  {
    method: 'GET',
    route: '/getPresetTokens',
    path: '/getPresetTokens',
    query: { startParam: 'swapFrom-bmF0aXZl-swapTo-bmF0aXZl-chainId-TON' },
  },
  {
    method: 'POST',
    route: '/createPresetSwap',
    path: '/createPresetSwap',
    body: { from: { chainId: 'TON', address: 'native' }, to: { chainId: 'TON', address: TSTON } },
  },
  { method: 'POST', route: '/mining/user', path: '/mining/user', body: {} },
  { method: 'GET', route: '/mining/user', path: '/mining/user' },
  {
    method: 'POST',
    route: '/mining/claim',
    path: '/mining/claim',
    body: { idempotencyKey: KEY, windowStart: '2026-01-01T00:00:00.000Z' },
  },
  { method: 'GET', route: '/mining/results', path: '/mining/results' },
  { method: 'GET', route: '/mining/autoclaim', path: '/mining/autoclaim' },
  { method: 'GET', route: '/mining/guilds/:rank', path: '/mining/guilds/3', params: ['rank'] },
  {
    method: 'GET',
    route: '/mining/allianceLeaderboard/:rank',
    path: '/mining/allianceLeaderboard/2',
    params: ['rank'],
  },
  { method: 'GET', route: '/mining/alliances/:name', path: '/mining/alliances/fuzz_team', params: ['name'] },
  { method: 'POST', route: '/mining/alliance', path: '/mining/alliance', query: { alliance: '@fuzz_team' }, body: {} },
  { method: 'GET', route: '/mining/referralStats', path: '/mining/referralStats' },
  { method: 'GET', route: '/mining/friends', path: '/mining/friends', query: { limit: '10', pageToken: '' } },
  { method: 'GET', route: '/mining/invite', path: '/mining/invite' },
  { method: 'POST', route: '/mining/autoclaim/stars', path: '/mining/autoclaim/stars', body: {} },
  { method: 'POST', route: '/mining/autoclaim/external', path: '/mining/autoclaim/external', body: {} },
  { method: 'POST', route: '/mining/autoclaim/internal', path: '/mining/autoclaim/internal', body: {} },
  { method: 'GET', route: '/mining/tasks', path: '/mining/tasks', query: { boostType: 'general' } },
  // airdrops.2: the airdrops are the tasks call with boostType=airdrop (server/airdrops/routes.ts)
  { method: 'GET', route: '/mining/tasks', path: '/mining/tasks', query: { boostType: 'airdrop' } },
  { method: 'POST', route: '/mining/taskStarted', path: '/mining/taskStarted', body: { code: 'kombat' } },
  { method: 'POST', route: '/mining/dailyReward', path: '/mining/dailyReward', body: {} },
  { method: 'POST', route: '/mining/dailyBoost', path: '/mining/dailyBoost', body: {} },
  { method: 'POST', route: '/mining/burn', path: '/mining/burn', body: { amount: '1', idempotencyKey: KEY } },
  { method: 'GET', route: '/mining/staking/configs', path: '/mining/staking/configs' },
  { method: 'GET', route: '/mining/staking/total', path: '/mining/staking/total' },
  {
    method: 'POST',
    route: '/mining/staking/deposit',
    path: '/mining/staking/deposit',
    body: { amount: '10', period: '3m', idempotencyKey: KEY },
  },
  { method: 'GET', route: '/mining/staking/deposits', path: '/mining/staking/deposits' },
  {
    method: 'POST',
    route: '/mining/staking/deposits/:id/claim',
    path: '/mining/staking/deposits/1/claim',
    params: ['id'],
    body: {},
  },
  { method: 'GET', route: '/v2/mining/staking/sbt', path: '/v2/mining/staking/sbt' },
  {
    method: 'GET',
    route: '/v2/mining/staking/sbt/claim',
    path: '/v2/mining/staking/sbt/claim',
    query: { stakingPeriod: '6m', address: TSTON },
  },
  { method: 'GET', route: '/v2/poh/info', path: '/v2/poh/info' },
  { method: 'POST', route: '/v2/poh/priceCheck', path: '/v2/poh/priceCheck', body: {} },
  {
    method: 'POST',
    route: '/v2/poh/transaction',
    path: '/v2/poh/transaction',
    body: { payType: 'external', idempotencyKey: KEY },
  },
  { method: 'POST', route: '/v2/poh/checkCode', path: '/v2/poh/checkCode', body: { code: '123456' } },
  { method: 'POST', route: '/v2/poh/retry', path: '/v2/poh/retry', body: {} },
  { method: 'POST', route: '/dev/poh/providerFails', path: '/dev/poh/providerFails', body: { count: 0 } },
  { method: 'POST', route: '/mining/checkEmoji', path: '/mining/checkEmoji', body: {} },
  { method: 'POST', route: '/mining/checkPunkStaking', path: '/mining/checkPunkStaking', body: {} },
  { method: 'POST', route: '/mining/tonProof/payload', path: '/mining/tonProof/payload', body: {} },
  {
    method: 'POST',
    route: '/mining/tonWallet',
    path: '/mining/tonWallet',
    body: {
      walletAddress: 'UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG',
      proof: {
        timestamp: 1_790_000_000,
        domain: { lengthBytes: 9, value: '127.0.0.1' },
        signature: 'AA==',
        payload: 'ab'.repeat(32),
        stateInit: 'te6cckEBAQEAAgAAAEysuc0=',
      },
    },
  },
  {
    method: 'POST',
    route: '/mining/confirmSubscription',
    path: '/mining/confirmSubscription',
    body: { subscriptionType: 'subscription', airdropId: 'tston' },
  },
  {
    method: 'GET',
    route: '/payments/orders/:orderId',
    path: '/payments/orders/SWAAAAAAAAAAAAAAAA',
    params: ['orderId'],
  },
  { method: 'GET', route: '/dev/clock', path: '/dev/clock' },
  { method: 'POST', route: '/dev/clock', path: '/dev/clock', body: { advanceMs: 1000 } },
  {
    method: 'POST',
    route: '/dev/mining/season',
    path: '/dev/mining/season',
    body: { endsAt: null, appealUntil: null },
  },
  { method: 'GET', route: '/tonconnect-manifest.json', path: '/tonconnect-manifest.json' },
  { method: 'GET', route: '/tonconnect-icon.png', path: '/tonconnect-icon.png' },
  { method: 'GET', route: '/tonconnect-wallets.json', path: '/tonconnect-wallets.json' },
  { method: 'GET', route: '/dev/ton/demoWallet.svg', path: '/dev/ton/demoWallet.svg' },
  {
    method: 'POST',
    route: '/dev/ton/demoWallet/proof',
    path: '/dev/ton/demoWallet/proof',
    body: { domain: '127.0.0.1', payload: 'ab'.repeat(32) },
  },
  {
    method: 'POST',
    route: '/dev/ton/demoWallet/send',
    path: '/dev/ton/demoWallet/send',
    body: {
      messages: [
        {
          address: 'UQA4srudo3Q1QzczNVwL6-kXCTNxIG-wjhdO8-e_NiOePJko',
          amount: '1000',
          payload: 'te6cckEBAQEAJQAARgAAAABTV0lUQ0ggb3JkZXIgU1dBQkNERUZHSElKS0xNTk9QtRd7Aw==',
        },
      ],
      dry: true,
    },
  },
  {
    method: 'POST',
    route: '/telegram/webhook',
    path: '/telegram/webhook',
    body: {
      update_id: 1,
      message: {
        message_id: 1,
        date: 1700000000,
        chat: { id: 5, type: 'private', first_name: 'F' },
        from: { id: 5, is_bot: false, first_name: 'F', language_code: 'en' },
        text: '/start fuzz',
        entities: [{ type: 'bot_command', offset: 0, length: 6 }],
      },
    },
    headers: { 'x-telegram-bot-api-secret-token': WEBHOOK_SECRET },
  },
  { method: 'GET', route: '/dev/stars/invoices/:slug', path: '/dev/stars/invoices/AAAAAAAAAAAAAAAA', params: ['slug'] },
  {
    method: 'POST',
    route: '/dev/stars/invoices/:slug/pay',
    path: '/dev/stars/invoices/AAAAAAAAAAAAAAAA/pay',
    body: { action: 'pay' },
  },
  {
    method: 'POST',
    route: '/dev/bot/updates',
    path: '/dev/bot/updates',
    body: {
      message: {
        message_id: 1,
        date: 1700000000,
        chat: { id: 6, type: 'private', first_name: 'F' },
        from: { id: 6, is_bot: false, first_name: 'F' },
        text: '/start',
      },
    },
  },
  { method: 'GET', route: '/dev/bot/calls', path: '/dev/bot/calls', query: { method: 'sendMessage' } },
  { method: 'GET', route: '/getCopyTrades', path: '/getCopyTrades', query: { accountIndex: '0' } },
  {
    method: 'POST',
    route: '/startMonitoringCopyTrade',
    path: '/startMonitoringCopyTrade',
    body: {
      accountIndex: 0,
      chainId: 1,
      followedAddress: TRADER,
      ante: 0.5,
      protocols: ['uniswapV3'],
      depositInNano: '100000000000000000',
      fromToken: ETH,
      idempotencyKey: KEY,
    },
  },
  { method: 'GET', route: '/getUserSwaps', path: '/getUserSwaps', query: { accountIndex: '0', copyTradeId: 'x' } },
  { method: 'POST', route: '/cancelCopyTrade', path: '/cancelCopyTrade', body: { _id: 'x' } },
]

// ---- hostile values -------------------------------------------------------------------------

/** Any UTF-16 code units, lone surrogates and NUL included, as a JSON string literal. */
const anyUnits = (maxLength: number) =>
  fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength }).map((cs) => String.fromCharCode(...cs))

/**
 * Digits, as many as a column's bound or a little more or less: safe integers (16), NUMERIC(30, 9)'s
 * 21 whole digits, an amount's 40, NUMERIC(78, 0)'s 78 with room for a token's decimals, or any
 * length up to 200; all nines, a power of ten, or any digits.
 */
const BOUNDS = [
  9, 15, 16, 17, 18, 19, 20, 21, 22, 30, 31, 32, 39, 40, 41, 60, 61, 62, 69, 70, 71, 72, 77, 78, 79, 80, 100, 200,
]
const digitRun: fc.Arbitrary<string> = fc
  .oneof(fc.constantFrom(...BOUNDS), fc.integer({ min: 1, max: 200 }))
  .chain((n) =>
    fc.oneof(
      fc.constant('9'.repeat(n)),
      fc.constant('1' + '0'.repeat(n - 1)),
      fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n }),
    ),
  )

/** Text that reads as a number: a sign sometimes, digits, a fraction (short or long) and an exponent sometimes. */
const numberLike: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('', '', '', '-'),
    digitRun,
    fc.oneof(
      fc.constant(''),
      fc.constant(''),
      digitRun.map((d) => `.${d}`),
      fc.integer({ min: 1, max: 9 }).map((n) => `.${'5'.repeat(n)}`),
    ),
    fc.oneof(
      fc.constant(''),
      fc.constant(''),
      fc.constant(''),
      fc.integer({ min: -400, max: 400 }).map((e) => `e${e}`),
      fc.constantFrom('e+1', 'E10', 'e-9'),
    ),
  )
  .map(([sign, whole, fraction, exponent]) => sign + whole + fraction + exponent)

/** Number-like text as JSON: mostly a string (how amounts travel), else a number (leading zeros dropped, so it stays JSON). */
const numberLikeJson: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: numberLike.map((n) => JSON.stringify(n)) },
  { weight: 1, arbitrary: numberLike.map((n) => n.replace(/^(-?)0+(?=\d)/, '$1')) },
)

/** JSON text to put where a value goes. */
const hostileJson: fc.Arbitrary<string> = fc.oneof(
  numberLikeJson,
  fc.integer({ min: 2, max: 200_000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
  fc.integer({ min: 2, max: 50_000 }).map((n) => '{"a":'.repeat(n) + '0' + '}'.repeat(n)),
  fc.integer({ min: 2, max: 20_000 }).map((n) => '['.repeat(n)),
  fc.constantFrom(
    '"\\u0000"',
    '"a\\u0000b"',
    '"\\ud800"',
    '"x\\udfffy"',
    '"\\ud83d"',
    '"\\udc00\\ud800"',
    '"\\uFFFF"',
    '1e400',
    '-1e400',
    '1e308',
    '1e20',
    '-1e20',
    '9007199254740993',
    '-9007199254740993',
    '-1',
    '1.5',
    '0.1',
    '-0',
    '2',
    '3',
    '1200',
    '1201',
    '0',
    '"1e400"',
    '"-1"',
    '"1.5"',
    '" 1"',
    '"0x10"',
    '"abc"',
    '""',
    '"NaN"',
    '"Infinity"',
    '"1e5"',
    '"01"',
    `"${'9'.repeat(100)}"`,
    `"${'9'.repeat(30)}.${'9'.repeat(30)}"`,
    `"${'9'.repeat(80)}"`,
    `"0.${'0'.repeat(60)}1"`,
    `"${'1'.repeat(22)}.5"`,
    'null',
    'true',
    'false',
    '[]',
    '{}',
    '[null]',
    '{"__proto__":{"x":1}}',
    '{"constructor":{"prototype":{}}}',
  ),
  fc.integer({ min: 100, max: 40_000 }).map((n) => JSON.stringify('k'.repeat(n))),
  fc.integer({ min: 100, max: 3_000 }).map((n) => JSON.stringify('\u0000'.repeat(n))),
  anyUnits(40).map((s) => JSON.stringify(s)),
  fc.string({ maxLength: 40 }).map((s) => JSON.stringify(s)),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.bigInt().map(String),
  fc.double().map((d) => (Number.isFinite(d) ? String(d) : '1e999')),
)

/** Whole bodies that are not what any call takes. */
const hostileBody: fc.Arbitrary<string> = fc.oneof(
  hostileJson,
  fc.string({ maxLength: 200 }),
  anyUnits(200),
  fc.constantFrom(
    '',
    ' ',
    '{',
    '{"a":',
    '[1,2',
    '"',
    'nul',
    '{"accountIndex":0,}',
    '{"a":1}{"b":2}',
    '\u0000',
    '\ufeff{}',
    '{"a":"\\u00"}',
    '{"a":"\\x41"}',
    '{"a":"\\uD800\\u0041"}',
  ),
)

/** Query values as they travel: some raw, some percent-encoded. */
const hostileQueryValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '%00',
    'a%00b',
    '%ED%A0%80',
    '%F0%9F',
    '%',
    '%zz',
    '99999999999999999999',
    '-1',
    '1.5',
    '1e400',
    '1e3',
    '0x1',
    'NaN',
    '',
    '3',
    '+1',
    ' 1',
    '9007199254740993',
    '-0',
  ),
  numberLike.map(encodeURIComponent),
  fc.integer({ min: 100, max: 10_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 100, max: 3_000 }).map((n) => '%00'.repeat(n)),
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  anyUnits(20).map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, 'x'))),
)

const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '%00',
    '%ED%A0%80',
    '%',
    '..',
    '..%2F..%2Fetc%2Fpasswd',
    'a.svg.svg',
    '.svg',
    'sw-aaaaaaaa',
    'SW-%00',
  ),
  fc.integer({ min: 100, max: 6_000 }).map((n) => 'A'.repeat(n)),
  fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent),
  numberLike.map(encodeURIComponent),
)

const hostileHeader: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('0', '1', '2', '3', '-1', '1.5', '99999999999999999999', 'abc', '', ' 0 ', '1e3', '0x1'),
  fc.integer({ min: 10, max: 6_000 }).map((n) => '9'.repeat(n)),
  numberLike,
)

// ---- requests -------------------------------------------------------------------------------

interface FuzzRequest {
  path: string
  method: string
  body?: string
  headers: Record<string, string>
  what: string
  /** The body field this case made bad, if that was all it changed. */
  field?: string
}

const MARK = '__fuzz_value__'

/** Every place in a JSON value a mutation can hit: paths of keys and array items, the root excluded. */
function pathsOf(v: Json, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(v)) return v.flatMap((x, i) => [[...prefix, i], ...pathsOf(x, [...prefix, i])])
  if (v !== null && typeof v === 'object')
    return Object.entries(v).flatMap(([k, x]) => [[...prefix, k], ...pathsOf(x, [...prefix, k])])
  return []
}

function withAt(v: Json, path: (string | number)[], value: Json | undefined): Json {
  if (path.length === 0) return value ?? null
  const [head, ...rest] = path
  const copy = (Array.isArray(v) ? [...v] : { ...(v as Record<string, Json>) }) as Record<string | number, Json>
  if (rest.length === 0 && value === undefined) {
    if (Array.isArray(copy)) copy.splice(head as number, 1)
    else delete copy[head]
  } else copy[head] = withAt(copy[head], rest, value)
  return copy as Json
}

/** The JSON text of `body` with the value at `path` written as `json` (text, so it can be anything). */
const bodyWith = (body: Json, path: (string | number)[], json: string) =>
  JSON.stringify(withAt(body, path, MARK)).replace(JSON.stringify(MARK), () => json)

function requestsFor(spec: RouteSpec): fc.Arbitrary<FuzzRequest> {
  const base = {
    path: spec.path,
    method: spec.method,
    headers: { 'content-type': 'application/json', ...spec.headers },
  }
  const query = (q: Record<string, string>) => {
    const s = Object.entries(q)
      .map(([k, v]) => `${encodeURIComponent(k)}=${v}`)
      .join('&')
    return s === '' ? '' : `?${s}`
  }
  const encodedQuery = Object.fromEntries(Object.entries(spec.query ?? {}).map(([k, v]) => [k, encodeURIComponent(v)]))
  const kinds: fc.Arbitrary<FuzzRequest>[] = [
    fc.constant({
      ...base,
      path: spec.path + query(encodedQuery),
      body: spec.body && JSON.stringify(spec.body),
      what: 'valid',
    }),
  ]

  if (spec.body) {
    const body = spec.body
    const paths = pathsOf(body)
    if (paths.length > 0) {
      kinds.push(
        fc.tuple(fc.constantFrom(...paths), hostileJson).map(([p, json]) => ({
          ...base,
          body: bodyWith(body, p, json),
          what: `${p.join('.')} = ${json.slice(0, 60)}`,
          field: p.join('.'),
        })),
        fc
          .constantFrom(...paths)
          .map((p) => ({ ...base, body: JSON.stringify(withAt(body, p, undefined)), what: `without ${p.join('.')}` })),
      )
    }
    kinds.push(
      fc.tuple(fc.string({ maxLength: 20 }), hostileJson).map(([k, json]) => ({
        ...base,
        body: bodyWith(body, [k || 'extra'], json),
        what: `extra ${k} = ${json.slice(0, 60)}`,
      })),
      hostileBody.map((b) => ({ ...base, body: b, what: `body ${b.slice(0, 60)}` })),
      fc.nat().map((n) => {
        const text = JSON.stringify(body)
        return { ...base, body: text.slice(0, n % text.length), what: 'truncated' }
      }),
      fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', '').map((type) => ({
        ...base,
        headers: { ...base.headers, 'content-type': type },
        body: JSON.stringify(body),
        what: `content-type ${type}`,
      })),
    )
  }
  if (spec.query) {
    const keys = Object.keys(spec.query)
    kinds.push(
      fc.tuple(fc.constantFrom(...keys), hostileQueryValue).map(([k, v]) => ({
        ...base,
        path: spec.path + query({ ...encodedQuery, [k]: v }),
        what: `?${k}=${v.slice(0, 60)}`,
      })),
      fc.constantFrom(...keys).map((k) => {
        const { [k]: _, ...rest } = encodedQuery
        return { ...base, path: spec.path + query(rest), what: `without ?${k}` }
      }),
      fc
        .constantFrom(...keys)
        .map((k) => ({ ...base, path: `${spec.path}${query(encodedQuery)}&${k}=1&${k}=2`, what: `?${k} twice` })),
    )
  }
  if (spec.params) {
    const [prefix] = spec.path.split(/\/[^/]*$/)
    kinds.push(hostileSegment.map((seg) => ({ ...base, path: `${prefix}/${seg}`, what: `/${seg.slice(0, 60)}` })))
  }
  if (spec.headers?.walletindex !== undefined) {
    kinds.push(
      hostileHeader.map((h) => ({
        ...base,
        headers: { ...base.headers, walletindex: h },
        body: JSON.stringify(spec.body),
        what: `walletindex: ${h.slice(0, 60)}`,
      })),
    )
  }
  // Number-like text where the valid request has a number (amounts, prices, indexes, ids), weighted as
  // much as all the other kinds together: these are the values that reach NUMERIC and bigint columns.
  const numeric: fc.Arbitrary<FuzzRequest>[] = []
  const numericPaths = spec.body ? pathsOf(spec.body).filter((p) => isNumberLike(valueAt(spec.body as Json, p))) : []
  if (spec.body && numericPaths.length > 0) {
    const body = spec.body
    numeric.push(
      fc.tuple(fc.constantFrom(...numericPaths), numberLikeJson).map(([p, json]) => ({
        ...base,
        body: bodyWith(body, p, json),
        what: `${p.join('.')} = ${json.slice(0, 90)}`,
        field: p.join('.'),
      })),
    )
  }
  const numericKeys = Object.keys(spec.query ?? {}).filter((k) => isNumberLike(spec.query?.[k]))
  if (numericKeys.length > 0)
    numeric.push(
      fc.tuple(fc.constantFrom(...numericKeys), numberLike).map(([k, v]) => ({
        ...base,
        path: spec.path + query({ ...encodedQuery, [k]: encodeURIComponent(v) }),
        what: `?${k}=${v.slice(0, 90)}`,
      })),
    )
  if (spec.headers?.walletindex !== undefined)
    numeric.push(
      numberLike.map((h) => ({
        ...base,
        headers: { ...base.headers, walletindex: h },
        body: JSON.stringify(spec.body),
        what: `walletindex: ${h.slice(0, 90)}`,
      })),
    )
  const others = fc.oneof(...kinds)
  return numeric.length === 0 ? others : fc.oneof(others, fc.oneof(...numeric))
}

const isNumberLike = (v: unknown) => typeof v === 'number' || (typeof v === 'string' && /^\d+(\.\d+)?$/.test(v))
const valueAt = (v: Json, path: (string | number)[]): Json =>
  path.reduce<Json>((at, k) => (at as Record<string | number, Json>)[k], v)

// ---- the run --------------------------------------------------------------------------------

const figures = { requests: 0, byClass: {} as Record<string, number>, maxMs: 0, slowest: '' }

/**
 * Who calls: mostly the fuzzing users; sometimes a new user (created on the call), a signed user
 * whose names are hostile, no init data, or init data that is not init data.
 */
type Caller = { user: User } | { raw: string } | null
const callers: fc.Arbitrary<Caller> = fc.oneof(
  { weight: 20, arbitrary: fc.constantFrom(...users).map((user) => ({ user })) },
  { weight: 1, arbitrary: fc.constant(null).map(() => ({ user: newUser() })) },
  {
    weight: 1,
    arbitrary: fc.tuple(anyUnits(30), fc.option(anyUnits(10))).map(([name, lang]) => ({
      user: { ...newUser(), first_name: name, ...(lang === null ? {} : { language_code: lang }) },
    })),
  },
  { weight: 1, arbitrary: fc.constant(null) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(
        fc.string({ unit: 'grapheme-ascii', maxLength: 200 }),
        fc.constant('hash=' + 'a'.repeat(64)),
        fc.integer({ min: 100, max: 8_000 }).map((n) => 'user=' + '%7B'.repeat(n)),
      )
      .map((raw) => ({ raw })),
  },
)

/** An answer that has not come after this long is a hang. */
const HANG_MS = 10_000

async function send(
  req: FuzzRequest,
  caller: Caller,
): Promise<{ status: number; ms: number; body?: unknown; nosniff?: string | null; error?: string }> {
  const headers: Record<string, string> = { ...req.headers }
  if (caller && 'user' in caller)
    headers.telegramRawData = signInitData({ botToken: TEST_BOT, user: { ...caller.user } as never })
  else if (caller) headers.telegramRawData = caller.raw
  if (headers['content-type'] === '') delete headers['content-type']
  const started = performance.now()
  try {
    const res = await fetch(srv.server.url + req.path, {
      method: req.method,
      headers,
      body: req.method === 'GET' ? undefined : req.body,
      signal: AbortSignal.timeout(HANG_MS),
    })
    const text = await res.text()
    return {
      status: res.status,
      ms: performance.now() - started,
      body: parsed(text),
      nosniff: res.headers.get('x-content-type-options'),
    }
  } catch (e) {
    const hung = (e as Error).name === 'TimeoutError'
    return {
      status: 0,
      ms: performance.now() - started,
      error: hung ? `no answer within ${HANG_MS / 1000} s` : String((e as Error).cause ?? e),
    }
  }
}

function parsed(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : (JSON.parse(text) as unknown)
  } catch {
    return undefined
  }
}

/** Calls that change the caller's state (not reads, not the operator's or the bot's): each case is a new user's. */
const changesUserState = (spec: RouteSpec) =>
  spec.method === 'POST' && !POST_READS.has(spec.route) && !/^\/(admin|dev|telegram)\//.test(spec.route)

/** The case as sent: a fresh idempotency key where the body has one, a new user where an earlier case could have changed the caller's state. */
function freshCase(spec: RouteSpec, req: FuzzRequest, caller: Caller): [FuzzRequest, Caller] {
  const body = req.body?.replace(JSON.stringify(KEY), () => JSON.stringify(freshKey()))
  const fuzzing = caller !== null && 'user' in caller && users.includes(caller.user)
  return [{ ...req, body }, fuzzing && changesUserState(spec) ? { user: newUser() } : caller]
}

beforeAll(async () => {
  // The users exist (with their dev-mode starter balances) before the fuzzing starts.
  for (const user of users) await srv.call('/tgUserWallets', user)
  for (const spec of ROUTES) if (spec.body && 'userId' in spec.body) spec.body.userId = users[0].id
}, 60_000)

afterAll(() => {
  if (process.env.FUZZ_REPORT)
    console.log(
      `fuzz: ${figures.requests} requests, ${Object.entries(figures.byClass)
        .sort()
        .map(([k, n]) => `${k}: ${n}`)
        .join(', ')}, slowest ${figures.maxMs.toFixed(0)} ms (${figures.slowest})`,
    )
})

describe('every route answers bad input with a 4xx, at once', () => {
  it('the table names every route of the app', () => {
    const listed = new Set(ROUTES.map((r) => `${r.method} ${r.route}`))
    const routes = srv.server.routes.map((r) => `${r.method} ${r.path}`)
    expect(routes.filter((r) => !listed.has(r))).toEqual([])
    expect([...listed].filter((r) => !routes.includes(r))).toEqual([])
  })

  for (const spec of ROUTES)
    it(`${spec.method} ${spec.route}`, async () => {
      await fc.assert(
        fc.asyncProperty(requestsFor(spec), callers, async (drawn, drawnCaller) => {
          const [req, caller] = freshCase(spec, drawn, drawnCaller)
          let answer = await send(req, caller)
          // A machine shared by several test files can stall one request: slow twice is slow.
          if (answer.ms > SLOW_MS && answer.status > 0 && answer.status < 500) answer = await send(req, caller)
          figures.requests++
          const cls = answer.status === 0 ? 'dropped' : `${Math.floor(answer.status / 100)}xx`
          figures.byClass[cls] = (figures.byClass[cls] ?? 0) + 1
          if (answer.ms > figures.maxMs)
            Object.assign(figures, { maxMs: answer.ms, slowest: `${spec.method} ${spec.route} ${req.what}` })
          expect(answer.error, `${req.what}: connection dropped`).toBeUndefined()
          expect(answer.status, req.what).toBeLessThan(500)
          expect(answer.ms, `${req.what}: slow`).toBeLessThan(SLOW_MS)
          // Every answer of the app; not Node's own refusal of a request whose headers are too large to read.
          if (answer.status !== 431)
            expect(answer.nosniff, `${req.what}: ${answer.status} without X-Content-Type-Options`).toBe('nosniff')
          // Bad input in one field of a body that is still JSON: the refusal says which field (to
          // the app's client; Telegram, the webhook's caller, reads no answer).
          if (
            answer.status === 400 &&
            req.field !== undefined &&
            spec.route !== '/telegram/webhook' &&
            parsed(req.body) !== undefined
          )
            expect(
              (answer.body as { path?: unknown } | undefined)?.path,
              `${req.what}: a 400 without a path (${JSON.stringify(answer.body).slice(0, 200)})`,
            ).toBeTruthy()
        }),
        { numRuns: RUNS },
      )
    }, 600_000)
})
