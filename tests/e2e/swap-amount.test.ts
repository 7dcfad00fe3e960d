/** The swap's amount says why there is no quote, and what is wrong above the balance. */
import { describe, expect, it } from 'vitest'
import { newUser, openApp, useStack, telegramMainButton, choosePair } from './harness'

const stackOf = useStack('development')

describe('swap amount', () => {
  it('(app.12) a letter or a 19th decimal never enters the amount, and the field says why; "Not enough ETH" above the balance, not the network fee', async () => {
    const page = await openApp(stackOf(), { user: newUser() })
    await page.getByTestId('total-balance').waitFor()
    await page.getByRole('button', { name: 'Swap', exact: true }).click()
    await choosePair(page, ['ARB', 'ETH ARB'], [null, 'USDC ARB'])
    await page.getByText('Enter an amount to see a quote').waitFor()
    const amount = page.getByRole('textbox', { name: 'Amount to swap' })
    const from = page.getByTestId('swap-from')
    const refusal = from.getByRole('status')
    // typed key by key: the letter does not enter, and the field says why (app.12)
    await amount.pressSequentially('1e')
    expect(await amount.inputValue()).toBe('1')
    await expect.poll(() => refusal.textContent()).toBe('Only digits and one decimal separator can be typed here')
    // pasted whole: refused whole, never reshaped into 130
    await amount.fill('1e30')
    expect(await amount.inputValue()).toBe('1')
    // a comma reads as a dot; ETH takes 18 decimals, the 19th is refused
    await amount.fill('')
    await amount.pressSequentially('0,' + '0'.repeat(18) + '1')
    expect(await amount.inputValue()).toBe('0.' + '0'.repeat(18))
    await expect.poll(() => refusal.textContent()).toBe('At most 18 decimals')
    // above the balance (0.5 ETH): the quote comes, and the message is the balance's
    await amount.fill('1')
    await page.getByText('Minimum received').waitFor({ timeout: 10_000 })
    await from.getByText('Not enough ETH', { exact: true }).waitFor()
    expect(await page.getByText(/for the network fee/).count()).toBe(0)
    await telegramMainButton(page, 'Review order').expectEnabled(false)
    await page.context().close()
  })
})
