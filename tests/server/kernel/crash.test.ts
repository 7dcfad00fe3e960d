/**
 * Kill -9 during load: the server runs as a process of its own (./crashServer.ts) on a
 * database that outlives it, a PGlite data directory (project unit) or a PostgreSQL database
 * (project server-pg). Many users at once send transfers to each other, swap, claim what they mined
 * and stake; the process gets SIGKILL in the middle of it, three times, after a different number of
 * answers each time, and is started again on the same database. After each restart:
 * - every request that was answered 2xx is in the ledger, exactly once;
 * - no operation is half applied: a transfer is its withdrawal, fee and deposit (and both history
 *   rows) or nothing, a swap its two legs and fee (its route used, its history row) or nothing, a
 *   stake its deposit row and lock entry, a claim its entry and its key's answer;
 * - every balance is non-negative and equals the ledger's sum for its wallet and asset;
 * - per asset, the sum of all balances moved only by fees, grants (claims) and the market's side of
 *   swaps, each accounted for from the ledger's reasons: transfers between users net to zero;
 * - every request sent again with its idempotency key, answered before the kill or not, is done at
 *   most once, and an answered one gets its first answer again.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseConfig } from '../../../server/db'
import { toUnits } from '../../../server/kernel/money'
import { type Answer, type Json, TEST_BOT, type User, call, newUser, onPostgres, testDatabase } from '../helpers'
import { type CrashServer, startCrashServer } from './crashServer'

const USERS = 24
/** Answers received in each round before the SIGKILL: at the first answers, in the thick of the load, late. */
const KILL_AFTER = [5, 50, 150] as const
const SWITCH_EACH = 1_000n * 10n ** 9n

const ARBITRUM = 42161
const ETH = '0x0000000000000000000000000000000000000000'
const USDT_ARB = '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'
const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
const TRANSFER_AMOUNT = '0.01'
const TRANSFER_UNITS = toUnits(TRANSFER_AMOUNT, 6) as bigint
/** server/kernel/fees.ts: a transfer on Arbitrum pays 0.0001 ETH. */
const TRANSFER_FEE_WEI = 10n ** 14n
const STAKE_AMOUNT = '10'

type Kind = 'transfer' | 'swap' | 'claim' | 'stake'
/** A money request as sent, and its answer if one came back before the kill. */
interface Sent {
  kind: Kind
  user: User
  path: string
  body: Json
  /** The idempotency key, as the request carries it. */
  key: string
  answer?: Answer
}
const answered = (s: Sent) => s.answer !== undefined && s.answer.status >= 200 && s.answer.status < 300

/** A small seeded generator: the same mix of calls on every run. */
function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

const nano = (switchText: string) => toUnits(switchText, 9) as bigint

interface LedgerRow {
  user_id: string
  account_index: number
  chain_id: string
  token_address: string
  delta: string
  reason: string
  reference: string | null
}
const assetOf = (r: { chain_id: string; token_address: string }) => `${r.chain_id}:${r.token_address}`
const walletAssetOf = (r: { user_id: string; account_index: number; chain_id: string; token_address: string }) =>
  `${r.user_id}/${r.account_index}/${assetOf(r)}`

describe('kill -9 during load', { timeout: 120_000 }, () => {
  let dataDir: string | null = null
  let database: DatabaseConfig
  let server: CrashServer
  const users: User[] = []
  const addresses = new Map<number, string>()
  /** Each user's current mining window, as a claim must name it. */
  const windowStarts = new Map<number, string>()
  /** Where the load starts: the last ledger and history ids, and every asset's total, after the setup's grants. */
  let ledgerStart = '0'
  let historyStart = '0'
  let totalsAtStart = new Map<string, bigint>()
  const sentAll: Sent[] = []

  const totals = async () =>
    new Map(
      (
        await server.query<{ chain_id: string; token_address: string; units: string }>(
          'SELECT chain_id, token_address, sum(units)::text AS units FROM balances GROUP BY 1, 2',
        )
      ).map((r) => [assetOf(r), BigInt(r.units)]),
    )

  beforeAll(async () => {
    if (onPostgres()) database = await testDatabase()
    else {
      dataDir = mkdtempSync(join(tmpdir(), 'switch-crash-'))
      database = { kind: 'pglite', dataDir }
    }
    server = await startCrashServer(database, TEST_BOT)
    for (let i = 0; i < USERS; i++) users.push(newUser())
    await Promise.all(
      users.map(async (user) => {
        const wallets = (await call(server, '/tgUserWallets', user)).body as unknown as {
          accountIndex: number
          address: string
        }[]
        addresses.set(user.id, wallets[0].address)
        expect((await call(server, '/mining/user', user, {})).status).toBe(200)
        await server.credit(user.id, SWITCH_EACH, 'crash test')
      }),
    )
    ;[{ id: ledgerStart }] = await server.query<{ id: string }>('SELECT coalesce(max(id), 0)::text AS id FROM ledger')
    ;[{ id: historyStart }] = await server.query<{ id: string }>('SELECT coalesce(max(id), 0)::text AS id FROM history')
    totalsAtStart = await totals()
  }, 120_000)

  afterAll(async () => {
    await server?.stop()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  async function readWindowStarts() {
    await Promise.all(
      users.map(async (user) =>
        windowStarts.set(user.id, (await call(server, '/mining/user', user)).body.userMining.windowStart as string),
      ),
    )
  }

  /**
   * The next request of one user: a transfer to another user (40 %), a swap (25 %), a claim (15 %)
   * or a stake (20 %). A swap's quote comes first (no money moves on a quote); null: the quote found
   * no server.
   */
  async function nextRequest(user: User, round: number, n: number, draw: () => number): Promise<Sent | null> {
    const key = `crash-${round}-${user.id}-${n}`
    const pick = draw()
    if (pick < 0.4) {
      const others = users.filter((u) => u !== user)
      const to = addresses.get(others[Math.floor(draw() * others.length)].id) as string
      const body = {
        to,
        amount: TRANSFER_AMOUNT,
        tokenAddress: USDT_ARB,
        chainId: ARBITRUM,
        accountIndex: 0,
        comment: '',
        dry: false,
        idempotencyKey: key,
      }
      return { kind: 'transfer', user, path: '/transfer', body, key }
    }
    if (pick < 0.65) {
      const quote = await call(server, '/fetchRoute', user, {
        amount: '1000000',
        from: USDC_ARB,
        to: ETH,
        fromChainId: ARBITRUM,
        toChainId: ARBITRUM,
        accountIndex: 0,
      }).catch(() => null)
      if (quote === null) return null
      if (quote.status !== 200) throw new Error(`a quote failed: ${quote.status} ${JSON.stringify(quote.body)}`)
      return {
        kind: 'swap',
        user,
        path: '/swap',
        body: { routeId: quote.body.route.id, accountIndex: 0, idempotencyKey: key },
        key,
      }
    }
    if (pick < 0.8)
      return {
        kind: 'claim',
        user,
        path: '/mining/claim',
        body: { idempotencyKey: key, windowStart: windowStarts.get(user.id) },
        key,
      }
    return {
      kind: 'stake',
      user,
      path: '/mining/staking/deposit',
      body: { amount: STAKE_AMOUNT, period: '3m', idempotencyKey: key },
      key,
    }
  }

  /**
   * Every user sends one request after another until the server is gone; after `killAfter` answers
   * the server gets SIGKILL while the others' requests are in flight. Answers the requests sent.
   */
  async function loadUntilKilled(round: number, killAfter: number): Promise<Sent[]> {
    const sent: Sent[] = []
    let answers = 0
    let killed: Promise<void> | null = null
    const draw = random(round * 7919)
    await readWindowStarts()
    await Promise.all(
      users.map(async (user) => {
        for (let n = 0; ; n++) {
          const request = await nextRequest(user, round, n, draw)
          if (request === null) return // the server is gone: this user has nothing in flight
          sent.push(request)
          try {
            request.answer = await call(server, request.path, user, request.body)
          } catch {
            return // no answer: the server died with this request in flight (or before it arrived)
          }
          if (request.kind === 'claim' && answered(request))
            windowStarts.set(user.id, request.answer.body.userMining.windowStart as string)
          if (answered(request) && ++answers >= killAfter) killed ??= server.kill()
        }
      }),
    )
    await killed
    return sent
  }

  /** The ledger, history, idempotency records, routes and deposits as the server's database holds them now. */
  async function readState() {
    const userIds = users.map((u) => String(u.id))
    const [entries, history, keys, routes, deposits, balances, sums, stakingTotal, miners] = await Promise.all([
      server.query<LedgerRow>(
        'SELECT user_id::text, account_index, chain_id, token_address, delta::text, reason, reference FROM ledger WHERE id > $1::bigint ORDER BY id',
        [ledgerStart],
      ),
      server.query<{ ref: string; n: number }>(
        "SELECT entry->>'txId' AS ref, count(*)::int AS n FROM history WHERE id > $1::bigint GROUP BY 1",
        [historyStart],
      ),
      server.query<{ user_id: string; key: string; response: string }>(
        "SELECT user_id::text, key, response::text FROM idempotency WHERE key LIKE '%:crash-%'",
      ),
      server.query<{
        id: string
        user_id: string
        used_by_key: string | null
        response: string | null
        from_units: string
        to_units: string
        gas_units: string
      }>(
        'SELECT id, user_id::text, used_by_key, response::text, from_units::text, to_units::text, gas_units::text FROM swap_routes WHERE user_id = ANY($1::bigint[])',
        [userIds],
      ),
      server.query<{ id: string; user_id: string; amount: string; idempotency_key: string }>(
        "SELECT id::text, user_id::text, amount::text, idempotency_key FROM staking_deposits WHERE idempotency_key LIKE 'crash-%'",
      ),
      server.query<{ user_id: string; account_index: number; chain_id: string; token_address: string; units: string }>(
        'SELECT user_id::text, account_index, chain_id, token_address, units::text FROM balances',
      ),
      server.query<{ user_id: string; account_index: number; chain_id: string; token_address: string; units: string }>(
        'SELECT user_id::text, account_index, chain_id, token_address, sum(delta)::text AS units FROM ledger GROUP BY 1, 2, 3, 4',
      ),
      server.query<{ units: string }>('SELECT units::text FROM staking_total'),
      server.query<{ user_id: string; window_start: string }>(
        'SELECT user_id::text, (extract(epoch FROM window_start) * 1000)::bigint::text AS window_start FROM mining_users WHERE user_id = ANY($1::bigint[])',
        [userIds],
      ),
    ])
    return {
      entries,
      history,
      keys,
      routes,
      deposits,
      balances,
      sums,
      stakingTotal: BigInt(stakingTotal[0].units),
      miners,
    }
  }
  type State = Awaited<ReturnType<typeof readState>>

  /** The ledger's entries of each operation, by its reference (a transfer's txId, swap-<route>, stake:<id>, window:<start>). */
  function operations(state: State) {
    const byReference = new Map<string, LedgerRow[]>()
    for (const e of state.entries)
      byReference.set(e.reference ?? '', [...(byReference.get(e.reference ?? '') ?? []), e])
    return byReference
  }

  /** No operation is half applied, the balances hold and the totals moved only as the reasons say. */
  function expectWhole(state: State) {
    const byReference = operations(state)
    const historyOf = new Map(state.history.map((h) => [h.ref, h.n]))
    const shape = (rows: LedgerRow[]) => rows.map((e) => e.reason).sort()
    const routes = new Map(state.routes.map((r) => [r.id, r]))
    const deposits = new Map(state.deposits.map((d) => [d.id, d]))
    const transferKeys = new Map<string, { user_id: string; key: string }>()
    for (const k of state.keys) {
      if (!k.key.startsWith('transfer:')) continue
      // A key claimed with no write is the placeholder '{}': a claim committed without its transfer.
      const txId = (JSON.parse(k.response) as { txId?: string }).txId
      expect(txId, `${k.key} holds no answer`).toMatch(/^tx-/)
      transferKeys.set(txId as string, k)
    }
    const reasons = new Set(['withdrawal', 'deposit', 'fee', 'swap-out', 'swap-in', 'claim', 'stake-lock'])
    for (const [reference, rows] of byReference) {
      for (const e of rows) expect(reasons.has(e.reason), `${e.reason} ${reference}`).toBe(true)
      if (reference.startsWith('tx-')) {
        // A transfer: the sender's withdrawal and fee, the recipient's deposit, both history rows, its key's answer.
        expect(shape(rows), reference).toEqual(['deposit', 'fee', 'withdrawal'])
        const [out, fee, credit] = ['withdrawal', 'fee', 'deposit'].map(
          (reason) => rows.find((e) => e.reason === reason) as LedgerRow,
        )
        expect([out.delta, fee.delta, credit.delta, fee.token_address, fee.user_id], reference).toEqual([
          `-${TRANSFER_UNITS}`,
          `-${TRANSFER_FEE_WEI}`,
          `${TRANSFER_UNITS}`,
          ETH,
          out.user_id,
        ])
        expect(assetOf(credit), reference).toBe(assetOf(out))
        expect(historyOf.get(reference), reference).toBe(2)
        expect(transferKeys.get(reference)?.user_id, reference).toBe(out.user_id)
      } else if (reference.startsWith('swap-')) {
        // A swap: its two legs and the gas, as its route priced them, the route used and one history row.
        expect(shape(rows), reference).toEqual(['fee', 'swap-in', 'swap-out'])
        const route = routes.get(reference.slice('swap-'.length))
        expect(route?.used_by_key, reference).toMatch(/^crash-/)
        expect(route?.response, reference).not.toBeNull()
        const legs = Object.fromEntries(rows.map((e) => [e.reason, e.delta]))
        expect(legs, reference).toEqual({
          'swap-out': `-${route?.from_units}`,
          'swap-in': route?.to_units,
          fee: `-${route?.gas_units}`,
        })
        expect(historyOf.get(reference), reference).toBe(1)
      } else if (reference.startsWith('stake:')) {
        // A stake: its deposit row and the lock of its amount.
        expect(shape(rows), reference).toEqual(['stake-lock'])
        const deposit = deposits.get(reference.slice('stake:'.length))
        expect(deposit && [deposit.user_id, nano(deposit.amount)], reference).toEqual([
          rows[0].user_id,
          BigInt(rows[0].delta),
        ])
      } else {
        // A claim: one entry per window (its start is the reference), each a claim key's answer below.
        expect(reference, reference).toMatch(/^window:/)
        expect(shape(rows), reference).toEqual(rows.map(() => 'claim'))
      }
    }
    // The other way round: every used route, every deposit and every transfer key has its entries.
    for (const route of state.routes)
      if (route.used_by_key !== null) expect(byReference.has(`swap-${route.id}`), `route ${route.id}`).toBe(true)
    for (const route of state.routes)
      if (route.used_by_key === null) expect(route.response, `route ${route.id}`).toBeNull()
    for (const deposit of state.deposits)
      expect(byReference.has(`stake:${deposit.id}`), `deposit ${deposit.id}`).toBe(true)
    for (const txId of transferKeys.keys()) expect(byReference.has(txId), txId).toBe(true)
    // Claims: each user's claim entries are the claimed amounts of their claim keys' answers.
    // And each claim moved its miner's window on: the window a user mines in now began at their last claim.
    const claimedByKeys = new Map<string, bigint[]>()
    const lastClaim = new Map<string, number>()
    for (const k of state.keys) {
      if (!k.key.startsWith('claim:')) continue
      const answer = JSON.parse(k.response) as {
        outcome?: string
        claimed?: string
        userMining?: { windowStart: string }
      }
      expect(answer.outcome, `${k.key} holds no answer`).toMatch(/^(claimed|stale|nothing)$/)
      if (answer.outcome !== 'claimed') continue
      claimedByKeys.set(k.user_id, [...(claimedByKeys.get(k.user_id) ?? []), nano(answer.claimed as string)])
      lastClaim.set(
        k.user_id,
        Math.max(lastClaim.get(k.user_id) ?? 0, Date.parse(answer.userMining?.windowStart as string)),
      )
    }
    for (const miner of state.miners)
      if (lastClaim.has(miner.user_id))
        expect(Number(miner.window_start), `miner ${miner.user_id}`).toBe(lastClaim.get(miner.user_id))
    const claimedInLedger = new Map<string, bigint[]>()
    for (const e of state.entries)
      if (e.reason === 'claim')
        claimedInLedger.set(e.user_id, [...(claimedInLedger.get(e.user_id) ?? []), BigInt(e.delta)])
    const sorted = (m: Map<string, bigint[]>) =>
      Object.fromEntries(
        [...m].map(([user, xs]) => [user, [...xs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map(String)]),
      )
    expect(sorted(claimedInLedger)).toEqual(sorted(claimedByKeys))

    // Every running balance is non-negative and is its wallet's ledger sum for the asset.
    const held = new Map(
      state.balances.filter((b) => BigInt(b.units) !== 0n).map((b) => [walletAssetOf(b), BigInt(b.units)]),
    )
    const summed = new Map(
      state.sums.filter((b) => BigInt(b.units) !== 0n).map((b) => [walletAssetOf(b), BigInt(b.units)]),
    )
    expect(state.balances.filter((b) => BigInt(b.units) < 0n)).toEqual([])
    expect(Object.fromEntries([...held].map(([k, v]) => [k, String(v)]))).toEqual(
      Object.fromEntries([...summed].map(([k, v]) => [k, String(v)])),
    )
    const staked = state.balances
      .filter((b) => b.token_address === 'SWITCH-STAKED')
      .reduce((sum, b) => sum + BigInt(b.units), 0n)
    expect(state.stakingTotal).toBe(staked)
    return byReference
  }

  /**
   * Per asset, the total of all balances since the load began moved by the fees (a sink), the claims
   * (a grant of SWITCH), the swaps' legs (the market's side) and the stakes' locks (the lock asset),
   * and by nothing else: transfers between users net to zero.
   */
  async function expectTotalsMovedByFeesAndGrants(state: State) {
    const now = await totals()
    const byReason = new Map<string, bigint>()
    const between = new Map<string, bigint>()
    for (const e of state.entries) {
      const asset = assetOf(e)
      if (e.reason === 'withdrawal' || e.reason === 'deposit')
        between.set(asset, (between.get(asset) ?? 0n) + BigInt(e.delta))
      else byReason.set(asset, (byReason.get(asset) ?? 0n) + BigInt(e.delta))
      if (e.reason === 'fee') expect(BigInt(e.delta) < 0n, 'a fee is paid, never received').toBe(true)
      if (e.reason === 'claim') expect(BigInt(e.delta) > 0n, 'a claim grants').toBe(true)
    }
    for (const [asset, sum] of between) expect(`${asset} ${sum}`).toBe(`${asset} 0`)
    const assets = new Set([...now.keys(), ...totalsAtStart.keys()])
    const moved = (asset: string) => String((now.get(asset) ?? 0n) - (totalsAtStart.get(asset) ?? 0n))
    const accounted = (asset: string) => String(byReason.get(asset) ?? 0n)
    expect(Object.fromEntries([...assets].map((a) => [a, moved(a)]))).toEqual(
      Object.fromEntries([...assets].map((a) => [a, accounted(a)])),
    )
  }

  /** Every answered request of `sent` is in the ledger, once, as its answer says. */
  function expectAnsweredInLedger(sent: Sent[], state: State, byReference: Map<string, LedgerRow[]>) {
    const routes = new Map(state.routes.map((r) => [r.id, r]))
    const keys = new Map(state.keys.map((k) => [k.key, JSON.parse(k.response) as Json]))
    for (const s of sent.filter(answered)) {
      const body = (s.answer as Answer).body
      const what = `${s.kind} ${s.key}`
      if (s.kind === 'transfer') {
        const rows = byReference.get(body.txId as string) ?? []
        expect(
          rows.filter((e) => e.reason === 'withdrawal').map((e) => e.user_id),
          what,
        ).toEqual([String(s.user.id)])
        expect(keys.get(`transfer:${s.key}`), what).toEqual(body)
      } else if (s.kind === 'swap') {
        expect(routes.get(s.body.routeId as string)?.used_by_key, what).toBe(s.key)
        expect(byReference.get(`swap-${s.body.routeId}`)?.length, what).toBe(3)
      } else if (s.kind === 'stake') {
        const rows = byReference.get(`stake:${body.deposit._id}`) ?? []
        expect(
          rows.map((e) => [e.user_id, e.delta]),
          what,
        ).toEqual([[String(s.user.id), String(nano(STAKE_AMOUNT))]])
      } else {
        // A claim that found nothing to take (its window began the same millisecond) has no entry of its own.
        const rows = (byReference.get(`window:${s.body.windowStart}`) ?? []).filter(
          (e) => e.user_id === String(s.user.id),
        )
        if (body.outcome === 'claimed')
          expect(
            rows.map((e) => e.delta),
            what,
          ).toEqual([String(nano(body.claimed as string))])
        expect(keys.get(`claim:${s.key}`), what).toEqual(body)
      }
    }
  }

  /** Whether the database holds what `s` does: its key's record (a transfer's or claim's key, a used route, a deposit). */
  function wasDone(s: Sent, state: State) {
    if (s.kind === 'transfer' || s.kind === 'claim') return state.keys.some((k) => k.key === `${s.kind}:${s.key}`)
    if (s.kind === 'swap') return state.routes.some((r) => r.used_by_key === s.key)
    return state.deposits.some((d) => d.idempotency_key === s.key)
  }

  /** Each request sent so far is one operation (or none, for a claim with nothing to take), whatever was sent again. */
  function expectEachKeyOnce(state: State, byReference: Map<string, LedgerRow[]>) {
    const sentKeys = (kind: Kind) => new Set(sentAll.filter((s) => s.kind === kind).map((s) => s.key))
    const references = [...byReference.keys()]
    const transferKeys = state.keys
      .filter((k) => k.key.startsWith('transfer:'))
      .map((k) => k.key.slice('transfer:'.length))
    expect(new Set(transferKeys)).toEqual(sentKeys('transfer'))
    expect(references.filter((r) => r.startsWith('tx-')).length).toBe(transferKeys.length)
    const usedRoutes = state.routes.filter((r) => r.used_by_key !== null)
    expect(new Set(usedRoutes.map((r) => r.used_by_key))).toEqual(sentKeys('swap'))
    expect(references.filter((r) => r.startsWith('swap-')).length).toBe(usedRoutes.length)
    expect(new Set(state.deposits.map((d) => d.idempotency_key))).toEqual(sentKeys('stake'))
    expect(references.filter((r) => r.startsWith('stake:')).length).toBe(state.deposits.length)
    expect(
      new Set(state.keys.filter((k) => k.key.startsWith('claim:')).map((k) => k.key.slice('claim:'.length))),
    ).toEqual(sentKeys('claim'))
  }

  for (const [index, killAfter] of KILL_AFTER.entries()) {
    const round = index + 1
    it(`round ${round}: SIGKILL after ${killAfter} answers under load; after the restart every answer is in the ledger once, nothing is half applied, every request sent again is done at most once`, async () => {
      const sent = await loadUntilKilled(round, killAfter)
      sentAll.push(...sent)
      const unanswered = sent.filter((s) => s.answer === undefined)
      expect(new Set(sent.map((s) => s.kind))).toEqual(new Set(['transfer', 'swap', 'claim', 'stake']))
      // A request answered at all was answered 200: none of the load is refused or fails while the server lives.
      expect(
        sent
          .filter((s) => s.answer !== undefined && s.answer.status !== 200)
          .map((s) => [s.kind, s.answer?.status, s.answer?.body]),
      ).toEqual([])
      expect(sent.filter(answered).length).toBeGreaterThanOrEqual(killAfter)

      server = await startCrashServer(database, TEST_BOT)
      let state = await readState()
      const committed = unanswered.filter((s) => wasDone(s, state))
      console.log(
        `crash round ${round} (${database.kind}): ${sent.length} requests, ${sent.filter(answered).length} answered, ${unanswered.length} without an answer at the kill, ${committed.length} of them done before it`,
      )
      let byReference = expectWhole(state)
      expectAnsweredInLedger(sent, state, byReference)
      await expectTotalsMovedByFeesAndGrants(state)

      // Every request again, with its key: an answered one gets its answer again, one without an
      // answer is done now if the kill lost it, and either way only once.
      const again = await Promise.all(sent.map((s) => call(server, s.path, s.user, s.body)))
      sent.forEach((s, i) => {
        if (answered(s)) expect(again[i], `${s.kind} ${s.key}`).toEqual(s.answer)
        else expect(again[i].status, `${s.kind} ${s.key} ${JSON.stringify(again[i].body)}`).toBe(200)
      })
      const third = await Promise.all(unanswered.map((s) => call(server, s.path, s.user, s.body)))
      unanswered.forEach((s, i) => expect(third[i], `${s.kind} ${s.key}`).toEqual(again[sent.indexOf(s)]))
      state = await readState()
      byReference = expectWhole(state)
      expectEachKeyOnce(state, byReference)
      await expectTotalsMovedByFeesAndGrants(state)
    })
  }
})
