/**
 * The token picker is the user's: it shows the selected wallet's balances, held tokens
 * first, and a search limited to one network says so and offers the matches on the others.
 */
import { describe, expect, it } from 'vitest'
import { newUser, openApp, useStack, choosePair } from './harness'

const stackOf = useStack('development')

describe('token picker', () => {
  it("with Wallet 2 selected, Send offers Wallet 2's amounts, held tokens first, and Max matches", async () => {
    const page = await openApp(stackOf(), { user: newUser() })
    await page.getByTestId('total-balance').waitFor()
    await page.getByRole('button', { name: /Wallet 1/ }).click()
    await page
      .getByRole('dialog', { name: 'Wallets' })
      .getByRole('button', { name: /Wallet 2/ })
      .click()
    await page.getByRole('button', { name: /Wallet 2/ }).waitFor()
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    // held first: Wallet 2 holds ETH on Arbitrum (0.1) and TON (5), and nothing else
    const rows = page.getByTestId('picker-row')
    await expect.poll(() => rows.first().textContent()).toMatch(/ETH.*ARB.*0\.1\b/)
    expect(await rows.nth(1).textContent()).toMatch(/TON.*5\b/)
    expect(await rows.nth(2).textContent()).not.toMatch(/\$/)
    await page.getByRole('button', { name: 'ARB', exact: true }).click()
    const eth = page.getByRole('button', { name: 'ETH ARB', exact: true })
    await expect.poll(() => eth.textContent()).toMatch(/0\.1\b/)
    expect(await eth.textContent()).not.toMatch(/0\.5/)
    await eth.click()
    await page.getByRole('button', { name: 'Max 0.1 ETH' }).waitFor()
    await page.context().close()
  })

  it("the swap's receive search from Arbitrum says it is limited, and finds DEGEN on Base", async () => {
    const page = await openApp(stackOf(), { user: newUser() })
    await page.getByTestId('total-balance').waitFor()
    await page.getByRole('button', { name: 'Swap', exact: true }).click()
    await choosePair(page, ['ARB', 'USDC ARB'])
    await page.getByText('Searching ARB only.').waitFor()
    await page.getByRole('searchbox', { name: 'Search coin' }).fill('degen')
    await page.getByText('No “degen” on ARB. Found on other networks:').waitFor()
    await page.getByRole('button', { name: 'DEGEN Base', exact: true }).click()
    await page.getByRole('heading', { name: 'Swap' }).waitFor()
    await expect
      .poll(() => page.getByRole('button', { name: 'Choose what to receive' }).textContent())
      .toMatch(/DEGEN\s*Base/)
    await page.context().close()
  })
})
