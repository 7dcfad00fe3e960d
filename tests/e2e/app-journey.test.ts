/**
 * A reload in the middle of a journey comes back to the same screen with what was typed, from the
 * recorded log; a send is never sent again by it. The reload is the page's own (`page.reload()`),
 * inside Telegram's stand-in and in a plain browser holding the same launch parameters: the send
 * form of an app opened from a link, the miner, and the staking confirm with its period and
 * payment method.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { post } from '../../server/kernel/ledger'
import { switchEntry } from '../../server/mining/miner'
import {
  NO_BANNERS,
  type Stack,
  type TestUser,
  callApi,
  choosePair,
  expectMainButton,
  homeSettled,
  launchHash,
  newPhoneContext,
  newUser,
  openApp,
  pressBack,
  pressMainButton,
  useStack,
} from './harness'

const stackOf = useStack('development')
/** The recorder writes the log to IndexedDB in 1 s batches. */
const logSaved = (page: Page) => page.waitForTimeout(1_500)

describe('a journey survives a reload', () => {
  it('the send form: same screen, same token, address, amount and comment after a reload', async () => {
    const page = await openApp(stackOf(), { user: newUser() })
    await page.getByTestId('total-balance').waitFor()
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await page.getByRole('button', { name: 'ARB', exact: true }).click()
    await page.getByRole('button', { name: 'USDT ARB' }).click()
    const address = page.getByRole('textbox', { name: 'Recipient address' })
    const amount = page.getByRole('textbox', { name: /^Amount/ })
    const comment = page.getByRole('textbox', { name: /^Comment/ })
    const recipient = '0x' + '2'.repeat(40)
    await address.fill(recipient)
    await amount.fill('12.5')
    await comment.fill('for lunch')
    await logSaved(page)

    await page.reload()
    await comment.waitFor()
    expect(await address.inputValue()).toBe(recipient)
    expect(await amount.inputValue()).toBe('12.5')
    expect(await comment.inputValue()).toBe('for lunch')
    await page.getByText('USDT').first().waitFor()
    // the balances are read again, so the form checks the amount against them
    await page.getByText(/500/).first().waitFor({ timeout: 10_000 })
    await expectMainButton(page, { text: 'Continue', active: true })
    await page.context().close()
  })

  it('what was typed just before the reload comes back too: the last batch of the log is written as the page goes', async () => {
    const page = await openApp(stackOf(), { user: newUser() })
    await page.getByTestId('total-balance').waitFor()
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await page.getByRole('button', { name: 'ARB', exact: true }).click()
    await page.getByRole('button', { name: 'USDT ARB' }).click()
    const amount = page.getByRole('textbox', { name: /^Amount/ })
    await logSaved(page)
    await amount.fill('3.25')
    await page.reload() // within the recorder's 1 s batch
    await page.getByRole('textbox', { name: 'Recipient address' }).waitFor()
    expect(await amount.inputValue()).toBe('3.25')
    await page.context().close()
  })

  it('the swap draft: both tokens and the amount, and a quote asked anew', async () => {
    const page = await openApp(stackOf(), { user: newUser() })
    await page.getByTestId('total-balance').waitFor()
    await page.getByRole('button', { name: 'Swap', exact: true }).click()
    await choosePair(page, ['ARB', 'USDC ARB'], [null, 'ETH ARB'])
    await page.getByRole('textbox', { name: 'Amount to swap' }).fill('10')
    await page.getByText('Minimum received').waitFor({ timeout: 10_000 })
    await logSaved(page)

    await page.reload()
    await page.getByRole('heading', { name: 'Swap' }).waitFor()
    expect(await page.getByRole('textbox', { name: 'Amount to swap' }).inputValue()).toBe('10')
    expect(await page.getByRole('button', { name: 'Choose what to send' }).textContent()).toContain('USDC')
    expect(await page.getByRole('button', { name: 'Choose what to receive' }).textContent()).toContain('ETH')
    await page.getByText('Minimum received').waitFor({ timeout: 10_000 })
    await page.context().close()
  })

  it('the copy-trade form: trader, asset, deposit and share per trade; back leads to the assets, read again', async () => {
    const page = await openApp(stackOf(), { user: newUser() })
    await homeSettled(page)
    await page.getByRole('button', { name: 'Copy trading' }).click()
    const address = page.getByRole('textbox', { name: 'Trader wallet address' })
    await address.fill('0x8ba1f109551bD432803012645Ac136ddd64DBA72')
    await pressMainButton(page, 'Continue')
    await page.getByRole('button', { name: 'Arbitrum', exact: true }).click()
    await page.getByRole('button', { name: 'USDT ARB' }).click()
    const deposit = page.getByRole('textbox', { name: 'Deposit, USD' })
    const slider = page.getByRole('slider', { name: 'Amount per trade' })
    await deposit.fill('150')
    await slider.fill('30')
    await logSaved(page)

    await page.reload()
    await deposit.waitFor()
    expect(await deposit.inputValue()).toBe('150')
    expect(await slider.inputValue()).toBe('30')
    await expectMainButton(page, { text: 'Start copy trade' })
    await pressBack(page)
    await page.getByRole('button', { name: 'USDT ARB' }).waitFor({ timeout: 10_000 })
    await page.context().close()
  })
})

type Host = 'Telegram' | 'a plain browser'

/**
 * The app as `host` opens it: Telegram's stand-in (the harness's openApp), or a plain browser tab
 * at the same URL, launch parameters and all, with no Telegram around it (the demo page).
 */
async function openIn(host: Host, stack: Stack, user: TestUser, startParam?: string): Promise<Page> {
  if (host === 'Telegram') return openApp(stack, { user, startParam })
  const page = await (await newPhoneContext(stack)).newPage()
  await page.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (r) => r.abort())
  await page.addInitScript(NO_BANNERS)
  page.on('pageerror', (e) => console.error(`[page error] ${e.message}`))
  await page.goto(`${stack.server.url}/#${launchHash({ user, startParam })}`)
  return page
}

/**
 * A screen's primary action: Telegram's main button inside Telegram; in a plain browser the
 * control the page draws, or, where a build takes the launch parameters for Telegram and draws
 * none, the press Telegram's button would send.
 */
async function primary(page: Page, host: Host, text: string): Promise<void> {
  if (host === 'Telegram') return pressMainButton(page, text)
  const drawn = page.locator('.main-action button').filter({ hasText: text })
  if (
    await drawn
      .first()
      .waitFor({ timeout: 2_000 })
      .then(
        () => true,
        () => false,
      )
  )
    return drawn.first().click()
  await page.evaluate(() =>
    (window as unknown as { Telegram: { WebView: { receiveEvent(e: string): void } } }).Telegram.WebView.receiveEvent(
      'main_button_pressed',
    ),
  )
}

/** Back: Telegram's back button, or the browser's own. */
const back = (page: Page, host: Host) => (host === 'Telegram' ? pressBack(page) : page.goBack().then(() => undefined))

/** Reloads the page, noting whether the wallet home showed at any moment before `landed` did. */
async function reloadWatchingHome(page: Page, landed: () => Promise<unknown>): Promise<{ homeShown: boolean }> {
  await page.addInitScript(() => {
    const w = window as unknown as { __homeShown?: boolean }
    w.__homeShown = false
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="total-balance"]')) w.__homeShown = true
    }).observe(document, { subtree: true, childList: true })
  })
  await page.reload()
  await landed()
  return { homeShown: await page.evaluate(() => (window as unknown as { __homeShown?: boolean }).__homeShown === true) }
}

/** A miner with `switchAmount` SWITCH (credited as the dev seed does): no onboarding, something to stake. */
async function miner(stack: Stack, switchAmount: bigint): Promise<TestUser> {
  const user = newUser()
  await callApi(stack, user, '/mining/user', {})
  await stack.server.db.transaction((tx) =>
    post(tx, [switchEntry(user.id, switchAmount * 10n ** 9n, 'dev-seed', 'journey test')]),
  )
  return user
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu' })

for (const host of ['Telegram', 'a plain browser'] as const) {
  describe(`a reload in ${host} comes back to the screen deep in a flow, with its draft`, () => {
    it('the send form of an app opened from a link (a start parameter): its token, address and amount', async () => {
      const user = newUser()
      const page = await openIn(host, stackOf(), user, `ref-${user.id}`)
      await homeSettled(page)
      await page.getByRole('button', { name: 'Send', exact: true }).click()
      await page.getByRole('button', { name: 'ARB', exact: true }).click()
      await page.getByRole('button', { name: 'USDT ARB' }).click()
      const address = page.getByRole('textbox', { name: 'Recipient address' })
      const amount = page.getByRole('textbox', { name: /^Amount/ })
      const recipient = '0x' + '3'.repeat(40)
      await address.fill(recipient)
      await amount.fill('4.75')
      await logSaved(page)

      await page.reload()
      await address.waitFor()
      expect(await address.inputValue()).toBe(recipient)
      expect(await amount.inputValue()).toBe('4.75')
      await page.getByText('USDT').first().waitFor()
      await page.context().close()
    })

    it('the miner: the mining screen again, never the wallet home on the way', async () => {
      const page = await openIn(host, stackOf(), await miner(stackOf(), 10n))
      await homeSettled(page)
      await menu(page).getByRole('link', { name: 'Mining' }).click()
      await page.getByTestId('mined-now').waitFor({ timeout: 15_000 })
      await logSaved(page)

      const { homeShown } = await reloadWatchingHome(page, () =>
        page.getByTestId('mined-now').waitFor({ timeout: 15_000 }),
      )
      expect(await menu(page).getByRole('link', { name: 'Mining' }).getAttribute('aria-current')).toBe('page')
      expect(homeShown).toBe(false)
      await page.context().close()
    })

    it('the staking confirm: the amount, the paid period and the way to pay it; back leads to the payment method', async () => {
      const page = await openIn(host, stackOf(), await miner(stackOf(), 1000n))
      await homeSettled(page)
      await menu(page).getByRole('link', { name: 'Mining' }).click()
      await page.getByRole('button', { name: 'Staking' }).click()
      const input = page.locator('#staking-amount')
      await expect.poll(() => input.inputValue(), { timeout: 15_000 }).not.toBe('')
      await input.fill('150')
      await page.getByRole('button', { name: /Change the period/ }).click()
      await page.getByTestId('staking-configs').waitFor()
      await page.getByRole('button', { name: /3 months, higher APR/ }).click()
      await page.getByTestId('staking-screen').waitFor()
      await primary(page, host, 'Continue')
      await page.getByTestId('staking-payment').waitFor()
      await page.getByRole('button', { name: /Telegram Stars/ }).click()
      await primary(page, host, 'Continue')
      await page.getByTestId('staking-confirm').waitFor()
      const fee = await page.getByTestId('confirm-fee').innerText()
      expect(fee).toMatch(/Stars$/)
      await logSaved(page)

      const { homeShown } = await reloadWatchingHome(page, () =>
        page.getByTestId('confirm-fee').waitFor({ timeout: 15_000 }),
      )
      expect(homeShown).toBe(false)
      expect(await page.getByTestId('confirm-amount').innerText()).toMatch(/^150\s*SWITCH$/)
      expect(await page.getByTestId('staking-confirm').innerText()).toContain('3 months, higher APR')
      expect(await page.getByTestId('confirm-fee').innerText()).toBe(fee)
      await back(page, host)
      await page.getByTestId('staking-payment').waitFor()
      expect(await page.getByRole('button', { name: /Telegram Stars.*✓/ }).count()).toBe(1)
      await page.context().close()
    })
  })
}
