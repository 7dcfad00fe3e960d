/**
 * Proof of humanity in the browser, as a user does in Telegram against the real
 * server: the prompt on the shell, once a minute outside production (the page's clock moved, not
 * waited); the intro's three ways with their cost; paid from this wallet, by Stars through the Bot
 * API stand-in, and by the demo wallet over TonConnect, each through the loader to the code screen;
 * an invalid code, then the right one read from the wallet's history; a provider failure, then try
 * again; en and ru; each way's session recorded in tests/replays/ (poh-internal-code, poh-stars-code-ru,
 * poh-external-wallet).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { decodeLog } from '../../domain/log'
import { fold } from '../../domain/state'
import { signInitData } from '../../server/kernel/auth'
import {
  DARK_THEME,
  LIGHT_THEME,
  PAYING_STACK,
  type OpenOptions,
  type Stack,
  TEST_BOT_TOKEN,
  type TestUser,
  callApi,
  expectAccessible,
  expectNoOverflow,
  newPhoneContext,
  newUser,
  openApp,
  openAppIn,
  pressBack,
  pressMainButton,
  settle,
  startStack,
  telegramCalls,
  homeSettled,
} from './harness'
import { keepReplay, reportedLog, storedEvents, typesOf } from './journeyLog'

let stack: Stack

beforeAll(async () => {
  stack = await startStack('development', PAYING_STACK)
}, 120_000)
afterAll(async () => {
  await stack?.close()
})

/** A miner in a human group (the prompt applies to them, poh.35), with the dev starter balances. */
async function human(over: Partial<TestUser> = {}): Promise<TestUser> {
  const user = newUser(over)
  await callApi(stack, user, '/mining/user', {})
  await stack.server.db.query('UPDATE mining_users SET human_group = TRUE WHERE user_id = $1', [user.id])
  return user
}

/** Banners close as they come: this file is about the PoH screens. */
async function closingBanners(page: Page): Promise<Page> {
  await page.addLocatorHandler(page.locator('[data-banner]'), async (banner) => {
    await banner.getByRole('button', { name: /^(Close|Закрыть)$/ }).click()
  })
  return page
}

/**
 * The app on a page clock the test can move (it also runs on its own), opened as openAppIn does in
 * a phone-sized context of its own, banners closed.
 */
async function openOnClock(o: OpenOptions & { colorScheme?: 'light' | 'dark' } = {}): Promise<Page> {
  const context = await newPhoneContext(stack, { colorScheme: o.colorScheme })
  await context.clock.install()
  return closingBanners(await openAppIn(context, stack, o))
}

/**
 * Waits for a screen the loader leads to (the code, the failure) as the loader reaches it: by its
 * polls of the info, every 5 s on the page's clock, which is moved 5 s on at each look instead of
 * waited out.
 */
async function throughPolls(page: Page, testId: string, timeout = 30_000): Promise<void> {
  const screen = page.getByTestId(testId)
  await expect
    .poll(
      async () => {
        if ((await screen.count()) > 0) return true
        await page.clock.fastForward(5_000)
        return false
      },
      { timeout, interval: 500 },
    )
    .toBe(true)
}

const status = (user: TestUser) =>
  callApi<{ inProgressStatus?: string }>(stack, user, '/v2/poh/info').then((a) => a.inProgressStatus)
const confirmed = async (user: TestUser) =>
  (await callApi<{ userMining: { confirmProve: boolean } }>(stack, user, '/mining/user')).userMining.confirmProve

/** The code as the user reads it: the comment of the small transaction in the wallet's history. */
async function codeFromHistoryApi(user: TestUser): Promise<string> {
  let code = ''
  await expect
    .poll(
      async () => {
        const entries = await callApi<{ comment?: string | null }[]>(
          stack,
          user,
          '/history?limit=10&offset=0&accountIndex=0',
        )
        code = entries.map((x) => /(\d{6})\s*$/.exec(x.comment ?? '')?.[1]).find((c) => c !== undefined) ?? ''
        return code
      },
      { timeout: 20_000 },
    )
    .not.toBe('')
  return code
}

async function typeCode(page: Page, code: string) {
  await page.getByRole('textbox').first().click()
  await page.keyboard.type(code)
}

/** Telegram's part: the invoice the app opened, paid, then invoice_closed. */
async function payInvoice(page: Page, user: TestUser): Promise<void> {
  let slug = ''
  await expect
    .poll(
      async () =>
        (slug = String(
          (await telegramCalls(page)).filter((c) => c.type === 'web_app_open_invoice')[0]?.data?.slug ?? '',
        )),
      { timeout: 10_000 },
    )
    .not.toBe('')
  const res = await fetch(`${stack.server.url}/dev/stars/invoices/${slug}/pay`, {
    method: 'POST',
    headers: { telegramRawData: signInitData({ botToken: TEST_BOT_TOKEN, user }), 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'pay' }),
  })
  const { status: st } = (await res.json()) as { status: string }
  await page.evaluate(
    ([s, x]) =>
      (
        window as unknown as { Telegram: { WebView: { receiveEvent(e: string, d: unknown): void } } }
      ).Telegram.WebView.receiveEvent('invoice_closed', { slug: s, status: x }),
    [slug, st] as const,
  )
}

/** The demo wallet's dialog: its question, then Approve. */
async function approveInWallet(page: Page, question: RegExp): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Demo wallet' }).filter({ hasText: question })
  await dialog.waitFor({ timeout: 15_000 })
  const text = await dialog.innerText()
  await dialog.getByRole('button', { name: 'Approve' }).click()
  await expect.poll(() => dialog.count()).toBe(0)
  return text
}

describe('proof of humanity', () => {
  it('[poh.11] [poh.18] [poh.25] [poh.26] [poh.33] [poh.40] paid from this wallet: the prompt once an open, the loader, the code read and copied from the wallet history, an invalid code with the tries left, then the right one, success; recorded', async () => {
    const user = await human({ first_name: 'Rec' })
    const context = await newPhoneContext(stack)
    await context.clock.install()
    const page = await closingBanners(await openAppIn(context, stack, { user }))
    // poh.35-36: a user of a human group, once the info is in
    const prompt = page.getByTestId('poh-prompt')
    await prompt.waitFor({ timeout: 15_000 })
    expect((await prompt.innerText()).replace(/\u00a0/g, ' ')).toContain('+5 % to the SWITCH you mine')
    const shownAt = Number(await page.evaluate(() => localStorage.getItem('switch-wallet/poh-prompted-at')))
    expect(shownAt).toBeGreaterThan(0)
    await prompt.getByRole('button', { name: 'Later' }).click()
    await expect.poll(() => prompt.count()).toBe(0)
    // poh.39: not again within the minute, nor after a reload (poh.40: the time is kept)...
    await page.clock.fastForward(50_000)
    await page.reload()
    await page.getByTestId('total-balance').waitFor({ timeout: 15_000 })
    await page.waitForTimeout(1_000)
    expect(await prompt.count()).toBe(0)
    // ...and again once it has passed
    await page.clock.fastForward(11_000)
    await prompt.waitFor({ timeout: 5_000 })
    await prompt.getByRole('button', { name: 'Verify' }).click()
    // poh.5, poh.11: no status: the intro with the three ways and their cost
    await page.getByTestId('poh-intro').waitFor()
    for (const way of [
      /With your TON wallet, 1 TON from your own TON wallet/,
      /Via the app, 1 TON from this wallet/,
      /Via Stars, 150 Telegram Stars/,
    ])
      await page.getByRole('button', { name: way }).waitFor()
    // poh.12: the cost in TON with the dollar estimate
    await page.getByRole('button', { name: /Via the app/ }).click()
    const sheet = page.getByTestId('poh-sheet')
    expect(await sheet.getByTestId('poh-cost').innerText()).toBe('1 TON')
    expect(await sheet.getByTestId('poh-cost-usd').innerText()).toMatch(/^≈ \$\d+\.\d\d$/)
    // poh.14, poh.18: internal: straight to the loader
    await sheet.getByRole('button', { name: 'Verify' }).click()
    await page.getByTestId('poh-loader').waitFor({ timeout: 10_000 })
    // poh.6-7: through the queue to the code screen (the info polled every 5 s on the page's clock)
    await page.clock.fastForward(5_000)
    await page.getByTestId('poh-code').waitFor({ timeout: 20_000 })
    expect(await status(user)).toBe('responsing')
    // the code screen says where the code is, and leads there: the comment of the small transaction in this wallet's history
    expect(await page.getByTestId('poh-code-where').innerText()).toContain(
      'Wallet → History → the incoming transaction from SWITCH',
    )
    await page.getByRole('button', { name: 'Open the wallet history' }).click()
    await page
      .getByRole('button', { name: /Received TON/ })
      .filter({ hasText: '0.001' })
      .first()
      .click({ timeout: 15_000 })
    const comment = await page.getByTestId('entry-comment').innerText()
    const code = /(\d{6})\s*$/.exec(comment)?.[1] ?? ''
    expect(code).toMatch(/^\d{6}$/)
    // the entry shows the code on its own, with a copy control (and one for the whole comment)
    expect(await page.getByTestId('entry-poh-code').innerText()).toBe(code)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.server.url })
    await page.getByRole('button', { name: 'Copy code' }).click()
    await page.getByRole('status').filter({ hasText: 'Copied' }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code)
    await page.getByRole('button', { name: 'Copy comment' }).waitFor()
    await pressBack(page)
    // a new open of the app, straight to /prove: the status routes it to the code screen (poh.7); no
    // prompt while the verification waits for its code (one rule for interruptions)
    const onProve = new URL(page.url())
    onProve.pathname = '/prove'
    await page.clock.fastForward(61_000)
    await page.goto(onProve.toString())
    await page.getByTestId('poh-code').waitFor({ timeout: 15_000 })
    await page.waitForTimeout(1_000)
    expect(await prompt.count()).toBe(0)
    // poh.26: a wrong code: red borders and the bottom bar
    const wrong = code === '000000' ? '111111' : '000000'
    await typeCode(page, wrong)
    const bar = page.getByTestId('poh-code-invalid')
    await bar.waitFor({ timeout: 10_000 })
    expect(await bar.innerText()).toContain('Invalid code')
    expect(await bar.innerText()).toContain('Check the comment of the transaction')
    // the tries the server answered are left
    expect(await bar.getByTestId('poh-code-tries').innerText()).toBe('Tries left: 4 of 5')
    expect(await page.locator('.poh-box--invalid').count()).toBe(6)
    // a rejected code starts over with the next keystroke; the right one is success (poh.24-25)
    await page.keyboard.type(code)
    await page.getByTestId('success').waitFor({ timeout: 10_000 })
    expect(await confirmed(user)).toBe(true)
    // poh.33: Done goes back where the journey began
    await pressMainButton(page, 'Done')
    await page.getByTestId('total-balance').waitFor()
    // the report: the session's log folds to what the user saw
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Wallet' }).click()
    await homeSettled(page)
    await page.getByRole('button', { name: 'Report a problem' }).click()
    await pressMainButton(page, 'Send report')
    const ticket = page.getByTestId('ticket')
    await ticket.waitFor({ timeout: 15_000 })
    const res = await fetch(`${stack.server.url}/bugReport/${await ticket.textContent()}`)
    const decoded = decodeLog(((await res.json()) as { log: unknown }).log)
    if (!decoded.ok) throw new Error(decoded.error)
    const log = decoded.log
    const types = log.events.map((e) => e.type)
    for (const t of [
      'poh/userReceived',
      'poh/storageRead',
      'poh/infoReceived',
      'poh/promptShown',
      'poh/promptClosed',
      'poh/promptAccepted',
      'poh/wayChosen',
      'poh/transactionRequested',
      'poh/paid',
      'poh/codeSubmitted',
      'poh/codeRejected',
      'poh/confirmed',
    ])
      expect(types).toContain(t)
    expect(types.filter((t) => t === 'poh/promptShown')).toHaveLength(2)
    expect(types.filter((t) => t === 'poh/transactionRequested')).toHaveLength(1)
    const folded = fold(log.events).poh
    expect(folded.confirmed).toBe(true)
    expect(folded.human).toEqual({ humanGroup: true, confirmProve: true })
    if (process.env.RECORD_REPLAYS === '1') {
      writeFileSync('tests/replays/poh-internal-code.log.json', JSON.stringify(log, null, 1) + '\n')
      writeFileSync('tests/replays/poh-internal-code.expected.json', JSON.stringify(fold(log.events), null, 1) + '\n')
    }
    await context.close()
  })

  it('[poh.13] [poh.17] [poh.31] by Stars (ru): choosing the way checks the price, the invoice opens, paid is the loader (in the queue), then the code and success', async () => {
    const user = await human({ language_code: 'ru' })
    const page = await openOnClock({ user, path: '/prove' })
    await page.getByTestId('poh-intro').waitFor({ timeout: 15_000 })
    const priceChecks: string[] = []
    page.on(
      'request',
      (r) => r.url().endsWith('/v2/poh/priceCheck') && priceChecks.push(`${r.method()} ${r.postData()}`),
    )
    await page.getByRole('button', { name: /Через Stars, 150 Telegram Stars/ }).click()
    const sheet = page.getByTestId('poh-sheet')
    expect(await sheet.getByTestId('poh-cost').innerText()).toBe('150 Stars')
    await expect.poll(() => priceChecks).toEqual(['POST {}'])
    await sheet.getByRole('button', { name: 'Подтвердить' }).click()
    // poh.17: the invoice open and not paid yet: no loader
    await expect
      .poll(async () => (await telegramCalls(page)).filter((c) => c.type === 'web_app_open_invoice').length, {
        timeout: 10_000,
      })
      .toBe(1)
    await page.waitForTimeout(500)
    expect(await page.getByTestId('poh-loader').count()).toBe(0)
    await payInvoice(page, user)
    await page.getByTestId('poh-loader').waitFor({ timeout: 10_000 })
    // poh.31: the request in the queue says so
    await expect
      .poll(() => page.getByTestId('poh-loader-status').innerText(), { timeout: 10_000 })
      .toBe('Ваша заявка в очереди')
    await throughPolls(page, 'poh-code')
    expect(await page.getByRole('heading').innerText()).toBe('Введите код')
    await typeCode(page, await codeFromHistoryApi(user))
    await page.getByTestId('success').waitFor({ timeout: 10_000 })
    expect(await page.getByRole('heading').innerText()).toBe('Вы подтверждены')
    expect(await confirmed(user)).toBe(true)
    // the journey, Done to the wallet, is a recorded regression case
    await pressMainButton(page, 'Готово')
    const log = await reportedLog(page, stack)
    expect(log.events.filter((e) => e.type === 'poh/wayChosen').map((e) => e.payload)).toEqual([{ way: 'star' }])
    expect(typesOf(log)).toEqual(
      expect.arrayContaining([
        'poh/priceChecked',
        'poh/transactionRequested',
        'poh/invoiceClosed',
        'poh/codeSubmitted',
        'poh/confirmed',
        'poh/done',
      ]),
    )
    expect(fold(log.events).poh.confirmed).toBe(true)
    keepReplay('poh-stars-code-ru', log)
    await page.context().close()
  })

  it('[poh.15] by another wallet over TonConnect: the demo wallet sends the transaction, the loader waits for the watcher, then the code and success', async () => {
    const user = await human()
    const page = await openOnClock({ user, path: '/prove' })
    await page.getByRole('button', { name: /With your TON wallet/ }).click()
    await page.getByTestId('poh-sheet').getByRole('button', { name: 'Verify' }).click()
    await approveInWallet(page, /Connect to SWITCH Wallet\?/)
    const asked = await approveInWallet(page, /Send 1 TON\?/)
    expect(asked).toMatch(/Comment: SWITCH order/)
    await page.getByTestId('poh-loader').waitFor({ timeout: 10_000 })
    await throughPolls(page, 'poh-code')
    await typeCode(page, await codeFromHistoryApi(user))
    await page.getByTestId('success').waitFor({ timeout: 10_000 })
    expect(await confirmed(user)).toBe(true)
    // the journey, Done to the wallet, is a recorded regression case
    await pressMainButton(page, 'Done')
    const log = await reportedLog(page, stack)
    expect(log.events.filter((e) => e.type === 'poh/wayChosen').map((e) => e.payload)).toEqual([{ way: 'external' }])
    expect(typesOf(log)).toEqual(
      expect.arrayContaining([
        'poh/transactionRequested',
        'poh/transactionSent',
        'poh/codeSubmitted',
        'poh/confirmed',
        'poh/done',
      ]),
    )
    expect(fold(log.events).poh.confirmed).toBe(true)
    keepReplay('poh-external-wallet', log)
    await page.context().close()
  })

  it("a failure on the provider's side: the failed screen says so and not to check a balance; try again is free, and the same request goes on to its code", async () => {
    const user = await human()
    await fetch(`${stack.server.url}/dev/poh/providerFails`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 3 }),
    })
    const page = await openOnClock({ user, path: '/prove' })
    await page.getByRole('button', { name: /Via the app/ }).click()
    await page.getByTestId('poh-sheet').getByRole('button', { name: 'Verify' }).click()
    await page.getByTestId('poh-loader').waitFor({ timeout: 10_000 })
    const failed = page.getByTestId('poh-failed')
    await throughPolls(page, 'poh-failed')
    expect(await failed.innerText()).toContain('Verification failed')
    expect(await page.getByTestId('poh-failed-reason').innerText()).toBe(
      'Our verification service could not send your code. The fault is ours: your payment went through and is kept.',
    )
    expect(await failed.innerText()).not.toMatch(/balance/i)
    expect(await page.getByTestId('poh-failed-next').innerText()).toContain('you do not pay again')
    expect(await status(user)).toBe('internalError')
    const ordersBefore = await stack.server.db.query('SELECT id FROM orders WHERE user_id = $1', [user.id])
    await pressMainButton(page, 'Try again at no cost')
    await page.getByTestId('poh-loader').waitFor({ timeout: 10_000 })
    await throughPolls(page, 'poh-code')
    expect(await stack.server.db.query('SELECT id FROM orders WHERE user_id = $1', [user.id])).toEqual(ordersBefore)
    await typeCode(page, await codeFromHistoryApi(user))
    await page.getByTestId('success').waitFor({ timeout: 10_000 })
    await page.context().close()
  })

  it('[poh.8] [poh.10] the tries ran out: the failed screen says trying again is paid again; try again marks it seen (kept over a reload); paid again, the loader follows its status to the new code, not the old failure', async () => {
    const user = await human()
    // a verification paid from this wallet whose five tries were used up
    await callApi(stack, user, '/v2/poh/transaction', { payType: 'internal', idempotencyKey: `used-up-${user.id}` })
    await expect.poll(() => status(user), { timeout: 20_000 }).toBe('responsing')
    const code = await codeFromHistoryApi(user)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) await callApi(stack, user, '/v2/poh/checkCode', { code: wrong })
    expect(await status(user)).toBe('internalError')
    const context = await newPhoneContext(stack)
    await context.clock.install()
    const page = await closingBanners(await openAppIn(context, stack, { user, path: '/prove' }))
    const failed = page.getByTestId('poh-failed')
    await failed.waitFor({ timeout: 15_000 })
    expect(await page.getByTestId('poh-failed-reason').innerText()).toBe(
      'A wrong code was entered 5 times, so that code no longer works. Its payment paid for the code we sent.',
    )
    expect(await page.getByTestId('poh-failed-next').innerText()).toBe(
      'Trying again starts a new verification: you pay again (1 TON or 150 Stars) and get a new code.',
    )
    await pressMainButton(page, 'Try again')
    await page.getByTestId('poh-intro').waitFor()
    expect(await page.evaluate(() => localStorage.getItem('switch-wallet/poh-failure-seen'))).toBe('1')
    // seen: a reload opens the intro, not the failure again
    await page.reload()
    await page.getByTestId('poh-intro').waitFor({ timeout: 15_000 })
    await page.waitForTimeout(500)
    expect(await failed.count()).toBe(0)
    // paid again by Stars: Telegram says the invoice is paid before the server has the payment, so the
    // info still says internalError (the request before) while the loader polls; the loader waits,
    // then follows the new request to its code screen
    const screens: string[] = []
    await page.exposeFunction('pohScreenSeen', (id: string) => void screens.push(id))
    await page.evaluate(() => {
      new MutationObserver(() => {
        for (const id of ['poh-failed', 'poh-loader', 'poh-code'])
          if (document.querySelector(`[data-testid="${id}"]`))
            (window as unknown as { pohScreenSeen(id: string): void }).pohScreenSeen(id)
      }).observe(document.body, { childList: true, subtree: true })
    })
    await page.getByRole('button', { name: /Via Stars/ }).click()
    await page.getByTestId('poh-sheet').getByRole('button', { name: 'Verify' }).click()
    let slug = ''
    await expect
      .poll(
        async () =>
          (slug = String(
            (await telegramCalls(page)).filter((c) => c.type === 'web_app_open_invoice')[0]?.data?.slug ?? '',
          )),
        { timeout: 10_000 },
      )
      .not.toBe('')
    await page.evaluate(
      (x) =>
        (
          window as unknown as { Telegram: { WebView: { receiveEvent(e: string, d: unknown): void } } }
        ).Telegram.WebView.receiveEvent('invoice_closed', { slug: x, status: 'paid' }),
      slug,
    )
    await page.getByTestId('poh-loader').waitFor({ timeout: 10_000 })
    // two polls of the info (every 5 s, on the page's clock) still say internalError: the loader stays
    for (let poll = 0; poll < 2; poll++) {
      const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/v2/poh/info', { timeout: 15_000 })
      await page.clock.fastForward(5_000)
      expect(((await (await answer).json()) as { inProgressStatus?: string }).inProgressStatus).toBe('internalError')
    }
    expect(await status(user)).toBe('internalError')
    expect(await page.getByTestId('poh-loader').count()).toBe(1)
    const paid = await fetch(`${stack.server.url}/dev/stars/invoices/${slug}/pay`, {
      method: 'POST',
      headers: {
        telegramRawData: signInitData({ botToken: TEST_BOT_TOKEN, user }),
        'content-type': 'application/json',
      },
      body: JSON.stringify({ action: 'pay' }),
    })
    expect(((await paid.json()) as { status: string }).status).toBe('paid')
    await throughPolls(page, 'poh-code')
    expect(screens).not.toContain('poh-failed')
    await typeCode(page, await codeFromHistoryApi(user))
    await page.getByTestId('success').waitFor({ timeout: 10_000 })
    await page.context().close()
  })

  it('a first open shows the PoH prompt, and no full-screen banner after it in that open; a user who gets no prompt sees the banner', async () => {
    // without a prompt the first open's banner comes (the control)
    const other = newUser()
    const plain = await openApp(stack, { user: other, banners: true })
    await plain.locator('[data-banner]').waitFor({ timeout: 20_000 })
    await plain.context().close()
    // a user the prompt applies to: the prompt, Later, and no banner right after
    const user = await human()
    const page = await openApp(stack, { user, banners: true })
    const prompt = page.getByTestId('poh-prompt')
    await prompt.waitFor({ timeout: 15_000 })
    expect(await page.locator('[data-banner]').count()).toBe(0)
    await prompt.getByRole('button', { name: 'Later' }).click()
    await expect.poll(() => prompt.count()).toBe(0)
    // the scheduler has a banner due (its decision recorded) and, the prompt closed (recorded too, with
    // anything its closing set off), still none shows
    await expect
      .poll(async () => (await storedEvents(page, 'banners/decided')).map((e) => e.payload), { timeout: 15_000 })
      .toContainEqual({ next: expect.stringMatching(/^(?!finish$)\w+$/) })
    await expect.poll(async () => (await storedEvents(page, 'poh/promptClosed')).length, { timeout: 15_000 }).toBe(1)
    expect(await page.locator('[data-banner]').count()).toBe(0)
    expect(await storedEvents(page, 'banners/shown')).toEqual([])
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('banners') ?? '{}').lastShownAt ?? null),
    ).toBeNull()
    await page.context().close()
  })

  it('[poh.19] a transaction the server refuses shows its message in the sheet', async () => {
    const user = await human()
    const page = await closingBanners(await openApp(stack, { user, path: '/prove' }))
    await page.getByTestId('poh-intro').waitFor({ timeout: 15_000 })
    // meanwhile, on another device, a verification was paid: this one is refused before anything is paid
    await callApi(stack, user, '/v2/poh/transaction', { payType: 'internal' })
    await page.getByRole('button', { name: /Via the app/ }).click()
    await page.getByTestId('poh-sheet').getByRole('button', { name: 'Verify' }).click()
    const error = page.getByTestId('poh-sheet-error')
    await error.waitFor({ timeout: 10_000 })
    expect(await error.innerText()).toBe('Your verification is already under way.')
    await page.context().close()
  })

  it('the failed screen, free and paid retries, at 320 and 390 px, light and dark, en and ru: no serious axe violation, nothing overflows', async () => {
    for (const [theme, language, failure] of [
      ['light', 'en', 'provider'],
      ['dark', 'ru', 'provider'],
      ['light', 'ru', 'wrong-codes'],
      ['dark', 'en', 'wallet-used'],
    ] as const) {
      const user = await human({ language_code: language })
      await callApi(stack, user, '/v2/poh/transaction', {
        payType: 'internal',
        idempotencyKey: `failed-look-${user.id}`,
      })
      await stack.server.db.query(`UPDATE poh_requests SET status = 'internalError', failure = $2 WHERE user_id = $1`, [
        user.id,
        failure,
      ])
      const context = await newPhoneContext(stack, { width: 390, colorScheme: theme })
      const page = await closingBanners(
        await openAppIn(context, stack, { user, path: '/prove', theme: theme === 'light' ? LIGHT_THEME : DARK_THEME }),
      )
      await page.getByTestId('poh-failed').waitFor({ timeout: 15_000 })
      for (const width of [320, 390]) {
        await page.setViewportSize({ width, height: 844 })
        await settle(page)
        await expectAccessible(page, `failed ${failure} ${width} ${theme} ${language}`)
        await expectNoOverflow(page, `failed ${failure} ${width} ${theme} ${language}`)
      }
      await context.close()
    }
  })

  it('the prompt and the screens at 320 and 390 px, light and dark, en and ru: no serious axe violation, nothing overflows', async () => {
    // Contrast depends on the theme, overflow on the width and the language (Russian is the longer):
    // one payment a theme and language, each screen of it looked at in both widths.
    const looks = [
      ['light', 'en'],
      ['dark', 'ru'],
    ] as const
    for (const [theme, language] of looks) {
      const user = await human({ language_code: language })
      const page = await openOnClock({ user, colorScheme: theme, theme: theme === 'light' ? LIGHT_THEME : DARK_THEME })
      const check = async (where: string) => {
        for (const width of [320, 390]) {
          await page.setViewportSize({ width, height: 844 })
          await settle(page)
          await expectAccessible(page, `${where} ${width} ${theme} ${language}`)
          await expectNoOverflow(page, `${where} ${width} ${theme} ${language}`)
        }
      }
      await page.getByTestId('poh-prompt').waitFor({ timeout: 15_000 })
      await check('prompt')
      await page.getByTestId('poh-prompt').getByRole('button').first().click()
      await page.getByTestId('poh-intro').waitFor()
      await check('intro')
      await page.getByTestId('poh-intro').getByRole('button').nth(1).click()
      await page.getByTestId('poh-sheet').waitFor()
      await check('sheet')
      await page.getByTestId('poh-sheet').getByRole('button').last().click()
      await page.getByTestId('poh-loader').waitFor({ timeout: 10_000 })
      await check('loader')
      await throughPolls(page, 'poh-code')
      const code = await codeFromHistoryApi(user)
      await typeCode(page, code === '000000' ? '111111' : '000000')
      await page.getByTestId('poh-code-invalid').waitFor({ timeout: 10_000 })
      await check('code, invalid')
      await page.keyboard.type(code)
      await page.getByTestId('success').waitFor({ timeout: 10_000 })
      await check('success')
      await page.context().close()
    }
  })
})
