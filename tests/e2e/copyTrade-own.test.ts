/** Copying your own address is refused on the address screen, in the user's language. */
import { describe, expect, it } from 'vitest'
import { callApi, newUser, openApp, useStack, expectMainButton, pressMainButton } from './harness'

const stackOf = useStack('development')

describe('copy trading your own wallet', () => {
  it('the address screen refuses one of your own wallets before Continue, in Russian too', async () => {
    for (const [language, message, button] of [
      ['en', "This is one of your own wallets: you cannot copy yourself. Enter another trader's address.", 'Continue'],
      ['ru', 'Это один из ваших кошельков: копировать себя нельзя. Введите адрес другого трейдера.', null],
    ] as const) {
      const user = newUser({ language_code: language })
      const wallets = await callApi<{ address: string }[]>(stackOf(), user, '/tgUserWallets')
      const page = await openApp(stackOf(), { user })
      await page.getByTestId('total-balance').waitFor()
      await page.getByRole('button', { name: language === 'en' ? 'Copy trading' : 'Копитрейдинг' }).click()
      const address = page.locator('textarea')
      await address.waitFor()
      // Wallet 2's address, in lower case: still yours
      await address.fill(wallets[1].address.toLowerCase())
      await page.getByText(message).waitFor()
      await expectMainButton(page, { active: false })
      if (button) {
        await expectMainButton(page, { text: button, active: false })
        // another trader's address goes on to the network
        await address.fill('0x8ba1f109551bD432803012645Ac136ddd64DBA72')
        expect(await page.getByText(message).count()).toBe(0)
        await pressMainButton(page, button)
        await expect
          .poll(() => page.evaluate(() => document.querySelector('h1')?.textContent))
          .not.toBe('Copy a trader')
      }
      await page.context().close()
    }
  })
})
