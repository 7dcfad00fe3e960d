/**
 * Autoclaim paid the two ways that need more than the ledger (tasks.48-49), as a user does
 * in Telegram: Stars (the server's invoice through the real grammY bot and the Bot API stand-in;
 * the test plays Telegram, paying or cancelling the invoice and answering invoice_closed), and a
 * wallet of the user's own over TonConnect (the real @tonconnect/ui-react, loaded lazily, against
 * the demo wallet the dev-mode page carries; the TON watcher grants). A paid invoice or an approved
 * transaction is not yet a grant: the screen waits for the server. Cancelled or declined, nothing
 * is granted. With RECORD_REPLAYS=1 the Stars payment is kept as a recorded log in tests/replays/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { signInitData } from '../../server/kernel/auth'
import { fold } from '../../domain/state'
import {
  PAYING_STACK,
  type Stack,
  TEST_BOT_TOKEN,
  type TestUser,
  callApi,
  newUser,
  openApp,
  pressMainButton,
  startStack,
  telegramCalls,
} from './harness'
import { keepReplay, reportedLog, typesOf } from './journeyLog'

const WATCH_MS = PAYING_STACK.tonWatchIntervalMs as number
let stack: Stack

beforeAll(async () => {
  stack = await startStack('development', PAYING_STACK)
}, 120_000)
afterAll(async () => {
  await stack?.close()
})

/** A way tapped, then its confirmation's Confirm: what the user does to pay. */
async function payBy(page: Page, way: RegExp): Promise<void> {
  await page.getByRole('dialog', { name: 'Autoclaim' }).getByRole('button', { name: way }).click()
  await page.getByTestId('autoclaim-confirm').getByRole('button', { name: 'Confirm and pay' }).click()
}

/** The mining screen of a miner, its modal open on the three ways. */
async function openModal(user: TestUser): Promise<Page> {
  await callApi(stack, user, '/mining/user', {})
  const page = await openApp(stack, { user, path: '/mining' })
  await page.getByTestId('mined-now').waitFor()
  await page.getByRole('button', { name: 'Autoclaim: Buy' }).click()
  await page
    .getByRole('dialog', { name: 'Autoclaim' })
    .getByRole('button', { name: /Pay 195 Stars/ })
    .waitFor()
  return page
}

const ordersOf = (user: TestUser) =>
  stack.server.db.query<{ way: string; status: string }>(
    'SELECT way, status FROM orders WHERE user_id = $1 ORDER BY created_at',
    [user.id],
  )
const offerOf = (user: TestUser) => callApi<{ active: boolean }>(stack, user, '/mining/autoclaim')

/** Telegram's part: the invoice the app opened, paid or cancelled by the user, then invoice_closed. */
async function answerInvoice(page: Page, user: TestUser, action: 'pay' | 'cancel'): Promise<string> {
  let slug = ''
  await expect
    .poll(
      async () =>
        (slug = String((await telegramCalls(page)).find((c) => c.type === 'web_app_open_invoice')?.data?.slug ?? '')),
      { timeout: 10_000 },
    )
    .not.toBe('')
  const res = await fetch(`${stack.server.url}/dev/stars/invoices/${slug}/pay`, {
    method: 'POST',
    headers: { telegramRawData: signInitData({ botToken: TEST_BOT_TOKEN, user }), 'content-type': 'application/json' },
    body: JSON.stringify({ action }),
  })
  const { status } = (await res.json()) as { status: string }
  await page.evaluate(
    ([s, st]) =>
      (
        window as unknown as { Telegram: { WebView: { receiveEvent(e: string, d: unknown): void } } }
      ).Telegram.WebView.receiveEvent('invoice_closed', { slug: s, status: st }),
    [slug, status] as const,
  )
  return status
}

/** The demo wallet's own dialog (server/standins/demoWallet.ts): its question, then the button pressed. */
async function answerWallet(page: Page, question: RegExp, button: 'Approve' | 'Decline'): Promise<string> {
  // The dialog asking this question: the wallet may still be drawing it, or a previous one may be going away.
  const dialog = page.getByRole('dialog', { name: 'Demo wallet' }).filter({ hasText: question })
  await dialog.waitFor({ timeout: 15_000 })
  const text = await dialog.innerText()
  await dialog.getByRole('button', { name: button }).click()
  await expect.poll(() => dialog.count()).toBe(0)
  return text
}

/** What the wallet asks first: to connect (a new page), or straight away to send (still connected). */
async function walletAsks(page: Page): Promise<'connect' | 'send'> {
  const dialog = page.getByRole('dialog', { name: 'Demo wallet' })
  let text = ''
  await expect
    .poll(async () => (text = await dialog.innerText({ timeout: 500 }).catch(() => '')), { timeout: 15_000 })
    .toMatch(/Connect to SWITCH Wallet\?|Send 0\.5 TON\?/)
  return /Connect to/.test(text) ? 'connect' : 'send'
}

describe('autoclaim', () => {
  it('[tasks.48] [tasks.50] [tasks.51] by Stars: 195 Stars, the invoice paid in Telegram, the server grants it once: then success', async () => {
    const user = newUser({ first_name: 'Ina' })
    const page = await openModal(user)
    await page.getByRole('button', { name: /Pay 195 Stars/ }).click()
    // the confirmation first: 195 Stars from the user's Telegram Stars, nothing ordered yet
    expect(await page.getByTestId('autoclaim-confirm-amount').innerText()).toBe('195 Stars')
    expect(await page.getByTestId('autoclaim-confirm-source').innerText()).toBe('Your Telegram Stars')
    expect(await ordersOf(user)).toEqual([])
    await page.getByTestId('autoclaim-confirm').getByRole('button', { name: 'Confirm and pay' }).click()
    expect(await answerInvoice(page, user, 'pay')).toBe('paid')
    await page.getByRole('heading', { name: 'Autoclaim is paid' }).waitFor({ timeout: 15_000 })
    await page.getByText('Activation takes up to 1 hour.').waitFor()
    expect(await ordersOf(user)).toEqual([{ way: 'stars', status: 'granted' }])
    const [{ n }] = await stack.server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM payments WHERE kind = 'stars' AND order_id IN (SELECT id FROM orders WHERE user_id = $1) AND outcome = 'granted'",
      [user.id],
    )
    expect(n).toBe(1)
    expect((await offerOf(user)).active).toBe(true)
    // the journey, reported from the wallet, is a recorded regression case
    await pressMainButton(page, 'Done')
    await page.getByText(/^Active until /).waitFor()
    const log = await reportedLog(page, stack)
    expect(typesOf(log)).toEqual(
      expect.arrayContaining([
        'mining/autoclaimOpened',
        'mining/autoclaimPayRequested',
        'mining/autoclaimOrdered',
        'mining/autoclaimInvoiceClosed',
        'mining/autoclaimOrderChecked',
        'mining/autoclaimClosed',
      ]),
    )
    expect(
      log.events.filter((e) => e.type === 'mining/autoclaimOrdered').map((e) => (e.payload as { way: string }).way),
    ).toEqual(['stars'])
    expect(fold(log.events).mining.autoclaim.offer?.active).toBe(true)
    keepReplay('mining-autoclaim-stars', log)
    await page.context().close()
  })

  it('by Stars, cancelled: the screen says nothing was paid, and nothing is granted', async () => {
    const user = newUser({ first_name: 'Jon' })
    const page = await openModal(user)
    await payBy(page, /Pay 195 Stars/)
    expect(await answerInvoice(page, user, 'cancel')).toBe('cancelled')
    await page.getByText('You closed the invoice. Nothing was paid.').waitFor()
    await page.waitForTimeout(500)
    expect(await ordersOf(user)).toEqual([{ way: 'stars', status: 'open' }])
    expect((await offerOf(user)).active).toBe(false)
    // and the three ways are offered again
    await page.getByRole('button', { name: 'Try again' }).click()
    await page.getByRole('button', { name: /Pay 195 Stars/ }).waitFor()
    await page.context().close()
  })

  it("[tasks.49] from a wallet of one's own: connected, the transaction approved in the wallet, granted once the watcher has seen the payment", async () => {
    const user = newUser({ first_name: 'Kai' })
    const page = await openModal(user)
    await payBy(page, /Pay 0.5 TON from another wallet/)
    await answerWallet(page, /Connect to SWITCH Wallet\?/, 'Approve')
    const asked = await answerWallet(page, /Send 0\.5 TON\?/, 'Approve')
    expect(asked).toMatch(/Comment: SWITCH order SW[A-Z2-7]{16}/)
    await page.getByRole('heading', { name: 'Autoclaim is paid' }).waitFor({ timeout: 20_000 })
    expect(await ordersOf(user)).toEqual([{ way: 'external', status: 'granted' }])
    expect((await offerOf(user)).active).toBe(true)
    await page.context().close()
  })

  it("from a wallet of one's own, declined in the wallet: nothing paid, nothing granted", async () => {
    const user = newUser({ first_name: 'Lia' })
    const page = await openModal(user)
    await payBy(page, /Pay 0.5 TON from another wallet/)
    // the wallet may still be connected from the page's earlier session; ask it only for what it asks
    if ((await walletAsks(page)) === 'connect') await answerWallet(page, /Connect to SWITCH Wallet\?/, 'Approve')
    await answerWallet(page, /Send 0\.5 TON\?/, 'Decline')
    await page.getByText('You declined in your wallet. Nothing was paid.').waitFor({ timeout: 10_000 })
    await page.waitForTimeout(WATCH_MS * 3)
    expect((await ordersOf(user)).map((o) => o.status)).toEqual(['open'])
    expect((await offerOf(user)).active).toBe(false)
    await page.context().close()
  })
})
