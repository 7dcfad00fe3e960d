/**
 * Failover in the browser ("Faults"; rules app.7, app.8): a loopback proxy stands first in
 * both services' server lists (the dev server writes the lists into its page: clientServers), the
 * test server second. The proxy dies in the middle of a send, a swap, a mining claim, a staking
 * deposit and a PoH payment (once the server has answered the payment, so only the answer is lost;
 * and once before forwarding it), then stops answering instead in each of them (the 25 s switch, on
 * the page's virtual clock). Each journey ends on the next server with its success screen, the same request
 * with the same idempotency key sent to both, and the ledger holding its effect exactly once.
 */
import { beforeAll, afterAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { SWITCH_MS } from '../../streams/http/client'
import { post } from '../../server/kernel/ledger'
import { switchEntry } from '../../server/mining/miner'
import type { ClientServers } from '../../server/kernel/config'
import {
  type TestUser,
  callApi,
  choosePair,
  fillSend,
  newPhoneContext,
  newUser,
  openAppIn,
  pressMainButton,
  telegramMainButton,
  useStack,
} from './harness'
import { type Fault, type FrontProxy, type SeenRequest, startFrontProxy } from './proxy'

let lists: ClientServers = {}
const stack = useStack('development', { clientServers: () => lists })
let proxy: FrontProxy

beforeAll(async () => {
  proxy = await startFrontProxy(stack().server.url)
  lists = { wallet: [proxy.url, stack().server.url], mining: [proxy.url, stack().server.url] }
})
afterAll(async () => {
  await proxy?.close()
})

/** A user with the dev starter balances (and a mining profile: the game's journeys need one). */
async function player(over: Partial<TestUser> = {}): Promise<TestUser> {
  const user = newUser(over)
  await callApi(stack(), user, '/mining/user', {})
  return user
}

/** The ledger's last entry: what a journey adds comes after it. */
const lastEntry = async () =>
  Number((await stack().server.db.query<{ id: string | null }>('SELECT max(id)::text AS id FROM ledger'))[0].id ?? 0)
/** The ledger entries after `since` of these users, in order: "<user> <reason> <delta in units>". */
async function entriesSince(since: number, users: Record<string, TestUser>): Promise<string[]> {
  const names = new Map(Object.entries(users).map(([name, u]) => [String(u.id), name]))
  const rows = await stack().server.db.query<{ user_id: string; reason: string; delta: string }>(
    'SELECT user_id::text, reason, delta::text FROM ledger WHERE id > $1 AND user_id = ANY($2::bigint[]) ORDER BY id',
    [since, [...names.keys()]],
  )
  return rows.map((r) => `${names.get(r.user_id)} ${r.reason} ${r.delta}`)
}

interface Journey {
  name: string
  /** The request that moves the money. */
  money: { path: string; body?: RegExp }
  /** Where the app opens. */
  path: string
  /** The users it needs: `payer` opens the app and pays. */
  users(): Promise<Record<string, TestUser>>
  /** From the opened app to the screen whose confirm sends the money. */
  prepare(page: Page, users: Record<string, TestUser>): Promise<void>
  /** The tap on that confirm. */
  confirm(page: Page): Promise<void>
  /** The screen that says it is done. */
  done(page: Page): Promise<void>
  /** The ledger entries the journey makes, once. */
  effect: (string | RegExp)[]
}

const isMoney = (j: Journey, r: Pick<SeenRequest, 'method' | 'path' | 'body'>) =>
  r.method === 'POST' && r.path === j.money.path && (j.money.body?.test(r.body) ?? true)

const send: Journey = {
  name: 'a send',
  money: { path: '/transfer', body: /"dry":false/ },
  path: '/',
  users: async () => ({ payer: await player({ first_name: 'Ana' }), bob: await player({ first_name: 'Bob' }) }),
  async prepare(page, { bob }) {
    const [bobWallet] = await callApi<{ address: string }[]>(stack(), bob, '/tgUserWallets')
    await page.getByTestId('total-balance').waitFor()
    await fillSend(page, bobWallet.address, '12.5')
    await page.getByText('Send 12.5 USDT').waitFor()
  },
  confirm: (page) => pressMainButton(page, 'Send'),
  done: (page) => page.getByText('Sent', { exact: true }).waitFor({ timeout: 15_000 }),
  effect: ['payer withdrawal -12500000', /^payer fee -\d+$/, 'bob deposit 12500000'],
}

const swap: Journey = {
  name: 'a swap',
  money: { path: '/swap' },
  path: '/',
  users: async () => ({ payer: await player({ first_name: 'Sam' }) }),
  async prepare(page) {
    await page.getByTestId('total-balance').waitFor()
    await page.getByRole('button', { name: 'Swap', exact: true }).click()
    await choosePair(page, ['ARB', 'USDC ARB'], [null, 'ETH ARB'])
    await page.getByRole('textbox', { name: 'Amount to swap' }).fill('10')
    await page.getByText('Minimum received').waitFor({ timeout: 10_000 })
    await telegramMainButton(page, 'Review order').click()
    await page.getByRole('heading', { name: 'Confirm swap' }).waitFor()
  },
  confirm: (page) => pressMainButton(page, 'Confirm swap'),
  done: (page) => page.getByText('Swap sent').waitFor({ timeout: 15_000 }),
  effect: ['payer swap-out -10000000', /^payer swap-in \d+$/, /^payer fee -\d+$/],
}

const claim: Journey = {
  name: 'a mining claim',
  money: { path: '/mining/claim' },
  path: '/mining',
  async users() {
    const payer = await player({ first_name: 'Cleo' })
    // two hours mined since the profile was made (the server's clock moved)
    const res = await fetch(`${stack().server.url}/dev/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: 2 * 3_600_000 }),
    })
    expect(res.status).toBe(200)
    return { payer }
  },
  prepare: (page) => page.getByTestId('mined-now').waitFor({ timeout: 15_000 }),
  confirm: (page) => pressMainButton(page, 'Claim'),
  done: (page) => page.getByTestId('claim-result').waitFor({ timeout: 15_000 }),
  effect: [/^payer claim 3\d{9}$/],
}

const stake: Journey = {
  name: 'a staking deposit',
  money: { path: '/mining/staking/deposit' },
  path: '/mining/staking',
  async users() {
    const payer = await player({ first_name: 'Stan' })
    await stack().server.db.transaction((tx) =>
      post(tx, [switchEntry(payer.id, 1000n * 10n ** 9n, 'dev-seed', 'failover test')]),
    )
    return { payer }
  },
  async prepare(page) {
    const amount = page.locator('#staking-amount')
    await amount.waitFor({ timeout: 15_000 })
    await expect.poll(() => amount.inputValue()).not.toBe('')
    await amount.fill('150.5')
    await pressMainButton(page, 'Continue')
    await page.getByTestId('staking-confirm').waitFor()
  },
  confirm: (page) => pressMainButton(page, 'Stake'),
  done: (page) => page.getByTestId('success').waitFor({ timeout: 15_000 }),
  effect: ['payer stake-lock 150500000000'],
}

const poh: Journey = {
  name: 'a PoH payment',
  money: { path: '/v2/poh/transaction' },
  path: '/prove',
  users: async () => ({ payer: await player({ first_name: 'Pia' }) }),
  async prepare(page) {
    await page.getByRole('button', { name: /Via the app/ }).click({ timeout: 15_000 })
  },
  confirm: (page) => page.getByTestId('poh-sheet').getByRole('button', { name: 'Verify' }).click(),
  // paid: the loader while the request waits in the queue, then the code screen
  async done(page) {
    await page.getByTestId('poh-loader').waitFor({ timeout: 15_000 })
    await page.getByTestId('poh-code').waitFor({ timeout: 20_000 })
  },
  // paid once; the code comes once, as the comment of a 0.001 TON transaction to the wallet
  effect: ['payer poh-payment -1000000000', 'payer poh-code 1000000'],
}

/** Something else the user does while the money request is struck: a second call on the same server. */
interface Meanwhile {
  act(page: Page): Promise<void>
  done(page: Page): Promise<void>
}

/**
 * While the claim hangs, the user opens the autoclaim offer: its read hangs on the first server too.
 * At 25 s both calls move to the next server, the service moves once (not back to the first for the
 * second call), and the offer is read from the next server.
 */
function openAutoclaim(): Meanwhile {
  let answered: Promise<unknown> = Promise.resolve()
  return {
    async act(page) {
      answered = page.waitForResponse(
        (r) => r.url() === `${stack().server.url}/mining/autoclaim` && r.status() === 200,
        { timeout: 15_000 },
      )
      await page.getByRole('button', { name: 'Autoclaim: Buy' }).click()
      await expect
        .poll(() => proxy.seen.filter((r) => r.path === '/mining/autoclaim' && r.outcome === 'hung').length)
        .toBe(1)
    },
    async done(page) {
      await answered
      await page
        .getByRole('dialog', { name: 'Autoclaim' })
        .getByRole('button', { name: /Pay 195 Stars/ })
        .waitFor()
    },
  }
}

/**
 * Runs a journey with the proxy first in the lists and `fault` armed for its money request: the
 * journey must end on its success screen, the request sent to the proxy and then to the server
 * with the same body (its idempotency key), and the ledger hold its effect once.
 */
async function survives(journey: Journey, fault: Omit<Fault, 'at'>, meanwhile?: Meanwhile) {
  await proxy.revive()
  const users = await journey.users()
  const context = await newPhoneContext(stack())
  // the hang's 25 s pass on the page's clock, moved by the test
  if (fault.kind === 'hang') await context.clock.install()
  const page = await openAppIn(context, stack(), { user: users.payer, path: journey.path })
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await page.addLocatorHandler(page.locator('[data-banner]'), (banner) =>
    banner.getByRole('button', { name: 'Close' }).click(),
  )
  // every call the page makes, to either server, in order; the money request's among them
  const calls: { server: string; money: boolean; body: string }[] = []
  page.on('request', (r) => {
    const url = new URL(r.url())
    if (url.origin !== proxy.url && (url.origin !== stack().server.url || r.resourceType() !== 'fetch')) return
    const body = r.postData() ?? ''
    calls.push({ server: url.origin, money: isMoney(journey, { method: r.method(), path: url.pathname, body }), body })
  })
  await journey.prepare(page, users)
  const before = await lastEntry()
  const struck = proxy.arm({ ...fault, at: (r) => isMoney(journey, r) })
  await journey.confirm(page)
  const request = await struck
  // the server did it before the answer was lost; nothing reached it before the proxy died
  const atStrike = await entriesSince(before, users)
  if (fault.moment === 'afterAnswer') expect(atStrike.length).toBeGreaterThan(0)
  else expect(atStrike).toEqual([])
  await meanwhile?.act(page)
  if (fault.kind === 'hang') await page.clock.fastForward(SWITCH_MS + 1_000)
  await journey.done(page)
  await meanwhile?.done(page)

  // the money request: to the first server, then retried once on the next with the same key
  const sent = calls.filter((c) => c.money)
  expect(sent.map((s) => s.server)).toEqual([proxy.url, stack().server.url])
  expect(sent[1].body).toBe(sent[0].body)
  expect(sent[0].body).toBe(request.body)
  expect(request.body).toMatch(/"idempotencyKey":"[^"]+"/)
  // the client stays on the next server: no call goes to the first one after the retry
  expect(calls.slice(calls.indexOf(sent[1])).filter((c) => c.server === proxy.url)).toEqual([])
  expect(errors).toEqual([])
  // done once, whichever server did it: nothing lost, nothing twice
  const effect = await entriesSince(before, users)
  expect(effect).toEqual(journey.effect.map((e) => (typeof e === 'string' ? e : expect.stringMatching(e))))
  expect(effect.slice(0, atStrike.length)).toEqual(atStrike)
  await context.close()
}

describe('failover: the first server dies mid-journey', () => {
  for (const journey of [send, swap, claim, stake, poh])
    it(`[app.7] ${journey.name}: the server did it, the answer is lost with the server; the retry on the next one gets it, and it is done once`, async () => {
      await survives(journey, { kind: 'kill', moment: 'afterAnswer' })
    })

  it(`[app.7] ${send.name}: the server dies before the request reaches it; the next one does it, once`, async () => {
    await survives(send, { kind: 'kill', moment: 'beforeForwarding' })
  })
})

describe('failover: the first server stops answering mid-journey', () => {
  for (const journey of [send, swap, stake, poh])
    it(`${journey.name}: the server did it and its answer never comes; after 25 s on the page's clock the next server is asked, and it is done once`, async () => {
      await survives(journey, { kind: 'hang', moment: 'afterAnswer' })
    })

  it(`${claim.name}, and the autoclaim offer opened while it hangs: after 25 s on the page's clock both go to the next server, which the client keeps; the claim done once, the offer shown`, async () => {
    await survives(claim, { kind: 'hang', moment: 'afterAnswer' }, openAutoclaim())
  })
})
