/** The swap's amount says why there is no quote, and what is wrong above the balance (issue 13). */
import { describe, expect, it } from 'vitest'
import { newUser, openApp, useStack, telegramMainButton, choosePair } from './harness'

const stackOf = useStack('development')

describe('swap amount', () => {
  it('says why there is no quote ("1e30" refused as typed, 30 decimals) and "Not enough ETH" above the balance, not the network fee', async () => {
    const page = await openApp(stackOf(), { user: newUser() })
    await page.getByTestId('total-balance').waitFor()
    await page.getByRole('button', { name: 'Swap', exact: true }).click()
    await choosePair(page, ['ARB', 'ETH ARB'], [null, 'USDC ARB'])
    await page.getByText('Enter an amount to see a quote').waitFor()
    const amount = page.getByRole('textbox', { name: 'Amount to swap' })
    const from = page.getByTestId('swap-from')
    await amount.pressSequentially('1e30')
    await from.getByText('Only digits and one decimal point: this is not an amount.').waitFor()
    expect(await amount.inputValue()).toBe('1e30')
    await amount.fill('0.' + '0'.repeat(29) + '1')
    await from.getByText('ETH has 18 decimals at most').waitFor()
    // above the balance (0.5 ETH): the quote comes, and the message is the balance's
    await amount.fill('1')
    await page.getByText('Minimum received').waitFor({ timeout: 10_000 })
    await from.getByText('Not enough ETH', { exact: true }).waitFor()
    expect(await page.getByText(/for the network fee/).count()).toBe(0)
    await telegramMainButton(page, 'Review order').expectEnabled(false)
    await page.context().close()
  })
})
