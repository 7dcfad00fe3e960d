/** Copy trading for a user who holds nothing (production mode: no starter balances). */
import { describe, expect, it } from 'vitest'
import { newUser, openApp, pressBack, useStack } from './harness'

const stackOf = useStack('production')

describe('copy trading without a balance', () => {
  it('[copyTrade.4] [copyTrade.61] [copyTrade.62] a user with no balance lands on notBalance, with the address to copy; back goes home', async () => {
    const page = await openApp(stackOf(), { user: newUser({ first_name: 'Nil' }), path: '/copyTrade' })
    await page.getByText('Not enough balance').waitFor({ timeout: 10_000 })
    expect(await page.locator('.not-balance__address').textContent()).toMatch(/^0x[0-9a-fA-F]{4}\.\.\.[0-9a-fA-F]{4}$/)
    await page.getByRole('button', { name: 'Copy address' }).waitFor()
    await pressBack(page)
    await page.getByTestId('total-balance').waitFor()
    await page.context().close()
  })
})
