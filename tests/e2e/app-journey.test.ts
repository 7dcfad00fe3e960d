/**
 * A reload in the middle of a journey comes back to the same screen with what was typed, from the
 * recorded log; a send is never sent again by it.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { newUser, openApp, pressBack, useStack, expectMainButton, pressMainButton, choosePair, homeSettled } from './harness'

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
    await page.getByRole('button', { name: 'ARB', exact: true }).click()
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
