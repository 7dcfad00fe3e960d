/**
 * Staking in the browser, as a user does in Telegram against the real server: a free
 * period's deposit, a paid one by each way (TON from the custodial wallet, Stars through the Bot API
 * stand-in, another wallet over TonConnect's demo wallet) followed until the server has made it, a
 * cancelled Stars payment making nothing, the SBT claim through the injected wallet, and a claim
 * after the server's clock has passed the unlock; en and ru; axe and overflow at 390 and 320 px in
 * both themes. With RECORD_REPLAYS=1 the free deposit and its claim, the period paid by Stars and
 * the SBT claim are kept as recorded logs in tests/replays/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { decodeLog } from '../../domain/log'
import { switchAmountText } from '../../domain/mining/rules'
import { toUnits } from '../../domain/money'
import { fold } from '../../domain/state'
import { signInitData } from '../../server/kernel/auth'
import { post } from '../../server/kernel/ledger'
import { switchEntry } from '../../server/mining/miner'
import { DEMO_WALLET } from '../../server/standins/demoWallet'
import {
  PAYING_STACK,
  DARK_THEME,
  LIGHT_THEME,
  type Stack,
  TEST_BOT_TOKEN,
  type TestUser,
  callApi,
  expectAccessible,
  expectMainButton,
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
import { keepReplay, reportedLog, typesOf } from './journeyLog'

const units = (text: string) => toUnits(text, 9) as bigint
const DAY = 86_400_000
let stack: Stack

beforeAll(async () => {
  stack = await startStack('development', PAYING_STACK)
}, 120_000)
afterAll(async () => {
  await stack?.close()
})

/** A miner with `switchAmount` SWITCH (credited as the dev seed does). */
async function miner(switchAmount: bigint, over: Partial<TestUser> = {}): Promise<TestUser> {
  const user = newUser(over)
  await callApi(stack, user, '/mining/user', {})
  await stack.server.db.transaction((tx) =>
    post(tx, [switchEntry(user.id, switchAmount * 10n ** 9n, 'dev-seed', 'staking test')]),
  )
  return user
}

const depositsOf = (user: TestUser) =>
  callApi<{ deposits: { amount: string; period: string; dttmClaimed: string | null }[] }>(
    stack,
    user,
    '/mining/staking/deposits',
  ).then((a) => a.deposits)
const userOf = (user: TestUser) =>
  callApi<{ userMining: { gotAmount: string; lockAmount: string } }>(stack, user, '/mining/user').then(
    (a) => a.userMining,
  )

/**
 * A promotional banner may cover the home and mining screens at any moment after they
 * show: closed as a person would, whenever one is in the way of the next action.
 */
async function closingBanners(page: Page): Promise<Page> {
  await page.addLocatorHandler(page.locator('[data-banner]'), async (banner) => {
    await banner.getByRole('button', { name: /^(Close|Закрыть)$/ }).click()
  })
  return page
}

/** The main staking screen, an amount typed, a period chosen. */
async function stake(page: Page, amount: string, periodName: RegExp) {
  const input = page.locator('#staking-amount')
  await input.waitFor()
  await expect.poll(() => input.inputValue()).not.toBe('')
  await input.fill(amount)
  await page.getByRole('button', { name: /Change the period|Изменить срок/ }).click()
  await page.getByTestId('staking-configs').waitFor()
  await page.getByRole('button', { name: periodName }).click()
  await page.getByTestId('staking-screen').waitFor()
}

/** Telegram's part: the invoice the app opened, paid or cancelled, then invoice_closed. */
async function answerInvoice(page: Page, user: TestUser, action: 'pay' | 'cancel', nth = 0): Promise<string> {
  let slug = ''
  await expect
    .poll(
      async () =>
        (slug = String(
          (await telegramCalls(page)).filter((c) => c.type === 'web_app_open_invoice')[nth]?.data?.slug ?? '',
        )),
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

/** The demo wallet's dialog: its question, then the button pressed. */
async function answerWallet(page: Page, question: RegExp, button: 'Approve' | 'Decline'): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Demo wallet' }).filter({ hasText: question })
  await dialog.waitFor({ timeout: 15_000 })
  const text = await dialog.innerText()
  await dialog.getByRole('button', { name: button }).click()
  await expect.poll(() => dialog.count()).toBe(0)
  return text
}

describe('staking', () => {
  it('[staking.4] [mining.8] a free period: staked at once, the success screen, the deposits, the user and the total read again', async () => {
    const user = await miner(1000n)
    const page = await closingBanners(await openApp(stack, { user, path: '/mining' }))
    await page.getByRole('button', { name: 'Staking' }).click()
    await page.getByTestId('staking-screen').waitFor()
    // staking.11: 50 % of the available 1000
    await expect.poll(() => page.locator('#staking-amount').inputValue()).toBe('500')
    await page.locator('#staking-amount').fill('150,5')
    await pressMainButton(page, 'Continue')
    await page.getByTestId('staking-confirm').waitFor()
    expect(await page.getByTestId('confirm-balance-after').innerText()).toBe('849.5 SWITCH')
    expect(await page.getByTestId('confirm-fee').innerText()).toBe('Free')
    await pressMainButton(page, 'Stake', 'main', 2)
    await page.getByTestId('success').waitFor({ timeout: 10_000 })
    expect(await page.getByTestId('success-figure').innerText()).toBe('150.5 SWITCH')
    expect(await depositsOf(user)).toMatchObject([{ amount: '150.5', period: '3m', dttmClaimed: null }])
    expect((await userOf(user)).lockAmount).toBe('150.5')
    await pressMainButton(page, 'My deposits')
    await page.getByTestId('deposits-screen').waitFor()
    expect(await page.getByTestId('deposits-staked').innerText()).toBe('150.5 SWITCH')
    expect(await page.getByTestId('deposit').count()).toBe(1)
    // staking.4, .34: the total staked by everyone, as GET /mining/staking/total has it after the deposit, on the main screen
    await pressMainButton(page, 'Stake more')
    await page.getByTestId('staking-screen').waitFor()
    const { totalAmount } = await callApi<{ totalAmount: string }>(stack, user, '/mining/staking/total')
    expect(units(totalAmount)).toBeGreaterThanOrEqual(units('150.5'))
    await expect
      .poll(() => page.getByTestId('staking-total').innerText())
      .toBe(`${switchAmountText(totalAmount, 'en', 14)} SWITCH`)
    // mining.8: with SWITCH locked the staking button leads to the deposits
    const again = await closingBanners(await openApp(stack, { user, path: '/mining' }))
    await again.getByRole('button', { name: 'Your staking deposits' }).click()
    await again.getByTestId('deposits-screen').waitFor()
    await page.context().close()
    await again.context().close()
  })

  it("[staking.32] a refusal from the server shows in the red bar, in the user's language (ru)", async () => {
    const user = await miner(50n, { language_code: 'ru' })
    const page = await openApp(stack, { user, path: '/mining/staking' })
    await stake(page, '20', /1 год/)
    await pressMainButton(page, 'Продолжить')
    await page.getByTestId('staking-confirm').waitFor()
    // another device stakes meanwhile: now there is not enough
    await callApi(stack, user, '/mining/staking/deposit', {
      amount: '40',
      period: '3m',
      idempotencyKey: 'other-device',
    })
    await pressMainButton(page, 'Застейкать')
    await page.getByTestId('confirm-error').waitFor({ timeout: 10_000 })
    // 50 - 40 = 10 left: the server's refusal by its code, in Russian, with the server's figure
    expect(await page.getByTestId('confirm-error').innerText()).toBe(
      'Недостаточно SWITCH. Можно застейкать не больше 10 SWITCH.',
    )
    // a red bar at the bottom: white on red, its bottom edge in the lower part of the screen, above the Stake button
    const bar = page.getByTestId('confirm-error')
    expect(await bar.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color])).toEqual([
      'rgb(215, 38, 61)',
      'rgb(255, 255, 255)',
    ])
    const box = (await bar.boundingBox())!
    const viewport = page.viewportSize()!
    expect(box.y + box.height).toBeGreaterThan(viewport.height * 0.6)
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height)
    expect(await depositsOf(user)).toHaveLength(1)
    await page.context().close()
  })

  it('[staking.29] internal payment (TON from this wallet) and no payment method (a free period): Stake leads to success with nothing asked in between', async () => {
    const user = await miner(1000n)
    const page = await openApp(stack, { user, path: '/mining/staking' })
    await stake(page, '200', /3 months, higher APR/)
    await pressMainButton(page, 'Continue')
    await page.getByTestId('staking-payment').waitFor()
    await expectMainButton(page, { text: 'Continue', active: false })
    await page.getByRole('button', { name: /TON from this wallet/ }).click()
    await pressMainButton(page, 'Continue')
    expect(await page.getByTestId('confirm-fee').innerText()).toBe('0.5 TON')
    await pressMainButton(page, 'Stake')
    await page.getByTestId('success').waitFor({ timeout: 20_000 })
    expect(await depositsOf(user)).toMatchObject([{ amount: '200', period: '3mhp' }])
    // nothing asked between Stake and success: no invoice, no wallet
    expect((await telegramCalls(page)).filter((c) => c.type === 'web_app_open_invoice')).toEqual([])
    expect(await page.getByRole('dialog', { name: 'Demo wallet' }).count()).toBe(0)
    await page.context().close()

    // a free period (the first one, 3 months): no payment method, the same
    const free = await openApp(stack, { user, path: '/mining/staking' })
    await expect.poll(() => free.locator('#staking-amount').inputValue()).not.toBe('')
    await free.locator('#staking-amount').fill('100')
    await pressMainButton(free, 'Continue')
    await free.getByTestId('staking-confirm').waitFor()
    expect(await free.getByTestId('confirm-fee').innerText()).toBe('Free')
    await pressMainButton(free, 'Stake')
    await free.getByTestId('success').waitFor({ timeout: 10_000 })
    expect((await depositsOf(user)).map((d) => [d.amount, d.period])).toEqual(
      expect.arrayContaining([
        ['100', '3m'],
        ['200', '3mhp'],
      ]),
    )
    expect((await telegramCalls(free)).filter((c) => c.type === 'web_app_open_invoice')).toEqual([])
    expect(await free.getByRole('dialog', { name: 'Demo wallet' }).count()).toBe(0)
    await free.context().close()
  })

  it('[staking.30] by Stars: the invoice paid, the deposit made once; cancelled, nothing is made', async () => {
    const user = await miner(1000n)
    const page = await openApp(stack, { user, path: '/mining/staking' })
    await stake(page, '300', /3 months, higher APR/)
    await pressMainButton(page, 'Continue')
    await page.getByRole('button', { name: /Telegram Stars/ }).click()
    await pressMainButton(page, 'Continue')
    expect(await page.getByTestId('confirm-fee').innerText()).toBe('100 Stars')
    await pressMainButton(page, 'Stake')
    expect(await answerInvoice(page, user, 'cancel')).toBe('cancelled')
    await page.getByText('The payment was cancelled. Nothing was staked.').waitFor()
    await page.waitForTimeout(500)
    expect(await depositsOf(user)).toEqual([])
    await page.getByRole('button', { name: 'Dismiss' }).click()
    await pressMainButton(page, 'Stake')
    expect(await answerInvoice(page, user, 'pay', 1)).toBe('paid')
    await page.getByTestId('success').waitFor({ timeout: 20_000 })
    expect(await depositsOf(user)).toMatchObject([{ amount: '300', period: '3mhp' }])
    // the journey, by the deposits and the mining screen back to the wallet, is a recorded regression case
    await pressBack(page)
    await page.getByTestId('deposit').waitFor()
    await pressBack(page)
    const log = await reportedLog(page, stack)
    expect(
      log.events.filter((e) => e.type === 'staking/invoiceClosed').map((e) => (e.payload as { status: string }).status),
    ).toEqual(['cancelled', 'paid'])
    expect(log.events.filter((e) => e.type === 'staking/deposited')).toHaveLength(1)
    expect(fold(log.events).staking.deposits).toMatchObject([{ amount: '300', period: '3mhp' }])
    keepReplay('staking-paid-period-by-stars', log)
    await page.context().close()
  })

  it('[staking.31] by another wallet: connected, the transaction approved, made once the watcher has seen the payment', async () => {
    const user = await miner(1000n)
    const page = await openApp(stack, { user, path: '/mining/staking' })
    await stake(page, '400', /3 months, higher APR/)
    await pressMainButton(page, 'Continue')
    await page.getByRole('button', { name: /Another TON wallet/ }).click()
    await pressMainButton(page, 'Continue')
    await pressMainButton(page, 'Stake')
    await answerWallet(page, /Connect to SWITCH Wallet\?/, 'Approve')
    const asked = await answerWallet(page, /Send 0\.5 TON\?/, 'Approve')
    expect(asked).toMatch(/Comment: SWITCH order/)
    await page.getByTestId('success').waitFor({ timeout: 20_000 })
    expect(await depositsOf(user)).toMatchObject([{ amount: '400', period: '3mhp' }])
    await page.context().close()
  })

  it('[staking.47] the SBT for a first deposit of 5000: claimed through the injected wallet; once the mint is seen the card says it was minted and the tokens held are listed', async () => {
    const user = await miner(6000n)
    await callApi(stack, user, '/mining/staking/deposit', {
      amount: '5000',
      period: '3m',
      idempotencyKey: 'sbt-deposit',
    })
    const page = await openApp(stack, { user, path: '/mining/staking/deposits' })
    await page.getByTestId('sbt-card').waitFor()
    expect(await page.getByTestId('sbt-card').innerText()).toContain('3 months')
    await page.getByRole('button', { name: 'Claim SBT' }).click()
    await answerWallet(page, /Connect to SWITCH Wallet\?/, 'Approve')
    await answerWallet(page, /Send/, 'Approve')
    const minted = page.getByTestId('sbt-minted')
    await minted.waitFor({ timeout: 20_000 })
    expect(await minted.innerText()).toContain('Soulbound token minted')
    expect(await minted.innerText()).toContain('Your 3 months token is in your TON wallet.')
    expect(await page.getByTestId('sbt-card').count()).toBe(0)
    expect(await page.getByTestId('sbt-held').innerText()).toMatch(/^Your soulbound tokens\s+3\s+3 months deposit$/i)
    expect(await callApi<{ stakingPeriod: string }[]>(stack, user, '/v2/mining/staking/sbt')).toEqual([
      { stakingPeriod: '3m' },
    ])
    await minted.getByRole('button', { name: 'OK' }).click()
    await expect.poll(() => minted.count()).toBe(0)
    // the journey, by the mining screen back to the wallet, is a recorded regression case
    await pressBack(page)
    const log = await reportedLog(page, stack)
    expect(typesOf(log)).toEqual(
      expect.arrayContaining([
        'staking/sbtClaimTapped',
        'staking/sbtOrdered',
        'staking/sbtTransactionSent',
        'staking/sbtOrderChecked',
      ]),
    )
    const folded = fold(log.events).staking
    expect(folded.sbts).toEqual(['3m'])
    expect(folded.sbtClaim).toEqual({ step: 'idle' })
    expect(typesOf(log)).toContain('staking/sbtMintSeen')
    keepReplay('staking-sbt-claim', log)
    await page.context().close()
  })

  it('[staking.48] [staking.49] [staking.50] an SBT claim declined in the wallet: the default text, the button disabled, the wallet disconnected', async () => {
    const user = await miner(6000n)
    await callApi(stack, user, '/mining/staking/deposit', {
      amount: '5000',
      period: '3m',
      idempotencyKey: 'sbt-decline',
    })
    // One wallet, one account (docs/payments.md): the demo wallet is every test user's here, and the claim
    // above linked it to its user; that user lets it go, as linking another wallet would.
    await stack.server.db.query('DELETE FROM task_ton_wallets WHERE raw_address = $1', [DEMO_WALLET.raw])
    const page = await openApp(stack, { user, path: '/mining/staking/deposits' })
    await page.getByRole('button', { name: 'Claim SBT' }).click()
    await answerWallet(page, /Connect to SWITCH Wallet\?/, 'Approve')
    const connection = () => page.evaluate(() => localStorage.getItem('ton-connect-storage_bridge-connection'))
    await expect.poll(connection).not.toBeNull()
    await answerWallet(page, /Send/, 'Decline')
    await page.getByTestId('sbt-error').waitFor({ timeout: 10_000 })
    // staking.50: TonConnect forgets the wallet
    await expect.poll(connection, { timeout: 10_000 }).toBeNull()
    expect(await page.getByTestId('sbt-error').innerText()).toBe(
      'Error while connecting wallet or receiving transaction for SBT',
    )
    expect(await page.getByRole('button', { name: 'Claim SBT' }).isDisabled()).toBe(true)
    await page.context().close()
  })

  it('both languages, both themes, 390 and 320 px: no axe violations, nothing overflows', async () => {
    const user = await miner(20000n)
    await callApi(stack, user, '/mining/staking/deposit', { amount: '6000', period: '3m', idempotencyKey: 'looks-key' })
    // Not the whole 2 × 2 × 2 matrix: contrast (axe) depends on the theme only, overflow on the width
    // and the language (Russian is the longer). Each screen once per language and once per theme
    // at 320 px, where overflow shows first, and once at 390 px: 9 page loads instead of 24.
    const looks = [
      [320, 'light', 'en'],
      [320, 'dark', 'ru'],
      [390, 'light', 'ru'],
    ] as const
    for (const [width, theme, language] of looks) {
      const context = await newPhoneContext(stack, { width, colorScheme: theme })
      for (const path of ['/mining/staking', '/mining/staking/configs', '/mining/staking/deposits']) {
        const page = await openAppIn(context, stack, {
          user: { ...user, language_code: language },
          path,
          theme: theme === 'light' ? LIGHT_THEME : DARK_THEME,
        })
        await page
          .locator('[data-testid="staking-screen"], [data-testid="staking-configs"], [data-testid="deposits-screen"]')
          .first()
          .waitFor()
        await page.waitForTimeout(300)
        await settle(page)
        const where = `${path} ${width} ${theme} ${language}`
        await expectAccessible(page, where)
        await expectNoOverflow(page, where)
        if (path === '/mining/staking' && language === 'ru')
          expect(await page.getByText('Сумма стейкинга').count()).toBe(1)
        await page.close()
      }
      await context.close()
    }
  })

  // Last two: they move the server's clock for the whole file.
  it('[staking.43] deposit, mature and claim in one session, recorded: the log folds to what the user saw', async () => {
    const user = await miner(1000n, { first_name: 'Rec' })
    const page = await closingBanners(await openApp(stack, { user, path: '/mining/staking' }))
    await expect.poll(() => page.locator('#staking-amount').inputValue()).toBe('500')
    await page.locator('#staking-amount').fill('250')
    await pressMainButton(page, 'Continue')
    await pressMainButton(page, 'Stake')
    await page.getByTestId('success').waitFor({ timeout: 10_000 })
    await pressMainButton(page, 'My deposits')
    await page.getByTestId('deposit').waitFor()
    expect(await page.getByRole('button', { name: 'Claim', exact: true }).isDisabled()).toBe(true)
    await fetch(`${stack.server.url}/dev/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: 93 * DAY }),
    })
    // the deposits read again on coming back to them: the server's clock with them
    await pressMainButton(page, 'Stake more')
    await page.getByTestId('staking-screen').waitFor()
    await page.getByRole('button', { name: /My deposits/ }).click()
    await page.getByTestId('lock-open').waitFor({ timeout: 10_000 })
    await page.getByRole('button', { name: 'Claim', exact: true }).click()
    await expect.poll(() => page.getByTestId('deposit-lock').innerText(), { timeout: 10_000 }).toMatch(/^Claimed/)
    expect((await userOf(user)).lockAmount).toBe('0')
    await pressBack(page)
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
      'staking/entered',
      'staking/configsReceived',
      'staking/amountTyped',
      'staking/depositTapped',
      'staking/depositRequested',
      'staking/deposited',
      'staking/depositsReceived',
      'staking/claimTapped',
      'staking/claimed',
    ])
      expect(types).toContain(t)
    expect(types.filter((t) => t === 'staking/depositRequested')).toHaveLength(1)
    const folded = fold(log.events).staking
    expect(folded.deposits).toHaveLength(1)
    expect(folded.deposits?.[0]).toMatchObject({ amount: '250', period: '3m' })
    expect(folded.deposits?.[0].dttmClaimed).not.toBeNull()
    expect(folded.balance?.locked).toBe('0')
    if (process.env.RECORD_REPLAYS === '1') {
      writeFileSync('tests/replays/staking-deposit-and-claim.log.json', JSON.stringify(log, null, 1) + '\n')
      writeFileSync(
        'tests/replays/staking-deposit-and-claim.expected.json',
        JSON.stringify(fold(log.events), null, 1) + '\n',
      )
    }
    await page.context().close()
  })

  it("[staking.43] [wallet.11] a claim after unlock (ru): the wallet home tells of the locked SWITCH, the server's clock moved past dttmEnded, the lock opens, the claim returns the stake and the reward once, the notice goes", async () => {
    const user = await miner(1000n, { language_code: 'ru' })
    /** The wallet home once it has the mining record, whose lockAmount the notice tells of. */
    const home = async () => {
      const context = await stack.browser.newContext({ viewport: { width: 390, height: 844 } })
      const read = context.waitForEvent('response', (r) => r.url().endsWith('/mining/user') && r.ok())
      const page = await openAppIn(context, stack, { user })
      await read
      await page.getByTestId('total-balance').waitFor()
      await settle(page)
      return page
    }
    const empty = await home()
    expect(await empty.getByTestId('switch-lock').count()).toBe(0)
    await empty.context().close()
    await callApi(stack, user, '/mining/staking/deposit', {
      amount: '100',
      period: '3m',
      idempotencyKey: 'claim-later',
    })
    const locked = await home()
    await locked.getByTestId('switch-lock').waitFor({ timeout: 10_000 })
    expect((await locked.getByTestId('switch-lock').innerText()).replace(/[\u00a0\u202f]/g, ' ')).toBe(
      '100 из ваших 1 000 SWITCH заблокированы в стейкинге до окончания депозитов.',
    )
    await locked.context().close()
    const before = await openApp(stack, { user, path: '/mining/staking/deposits' })
    await before.getByTestId('deposit').waitFor()
    expect(await before.getByRole('button', { name: 'Забрать' }).isDisabled()).toBe(true)
    expect(await before.getByTestId('lock-open').count()).toBe(0)
    await before.context().close()
    await fetch(`${stack.server.url}/dev/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: 93 * DAY }),
    })
    const page = await openApp(stack, { user, path: '/mining/staking/deposits' })
    await page.getByTestId('lock-open').waitFor()
    expect(await page.getByTestId('deposit-lock').innerText()).toBe('Разблокирован')
    await page.getByRole('button', { name: 'Забрать' }).click()
    await expect.poll(() => page.getByTestId('deposit-lock').innerText(), { timeout: 10_000 }).toMatch(/^Получен/)
    const [d] = await depositsOf(user)
    expect(d.dttmClaimed).not.toBeNull()
    expect((await userOf(user)).lockAmount).toBe('0')
    await page.context().close()
    const after = await home()
    expect(await after.getByTestId('switch-lock').count()).toBe(0)
    await after.context().close()
  })
})
