/**
 * The shell in a real browser against the reference server, opened the way Telegram opens a
 * mini-app (dev mode: new users get the starter balances).
 */
import { describe, expect, it } from 'vitest'
import { useStack, newUser, openApp, pressBack, telegramCalls, expectMainButton, homeSettled } from './harness'

const stackOf = useStack('development')

describe('shell in the browser', () => {
  it('[wallet.3] [wallet.5] the home shows the total balance, the three buttons and the wallet switch', async () => {
    const page = await openApp(stackOf())
    await expect
      .poll(() => page.getByTestId('total-balance').textContent(), { timeout: 15_000 })
      .toMatch(/^\$\d{1,3}(,\d{3})*\.\d\d$/)
    for (const name of ['Deposit', 'Send', 'Swap']) expect(await page.getByRole('button', { name }).count()).toBe(1)
    expect(await page.getByRole('button', { name: /Wallet 1/ }).count()).toBe(1)
    expect(await page.getByTestId('token-row').count()).toBe(3)
    await page.context().close()
  })

  it('[app.20] a Russian Telegram user sees Russian', async () => {
    const page = await openApp(stackOf(), { user: newUser({ first_name: 'Иван', language_code: 'ru' }) })
    await page.getByText('Общий баланс').waitFor()
    await page.getByRole('button', { name: 'Пополнить' }).waitFor()
    await page.context().close()
  })

  it('the query lang beats the Telegram language (app.19-20)', async () => {
    const page = await openApp(stackOf(), { path: '/?lang=ru', user: newUser({ language_code: 'en' }) })
    await page.getByText('Общий баланс').waitFor()
    await page.context().close()
  })

  it('inner screens show the back button, and a press goes back (app.14)', async () => {
    const page = await openApp(stackOf())
    await homeSettled(page)
    await page.getByRole('button', { name: 'Report a problem' }).click()
    await expectMainButton(page, { text: 'Send report' })
    await pressBack(page)
    await page.getByTestId('total-balance').waitFor()
    const backButton = (await telegramCalls(page))
      .filter((c) => c.type === 'web_app_setup_back_button')
      .map((c) => c.data?.is_visible)
    expect(backButton).toEqual([true, false])
    const haptics = (await telegramCalls(page)).filter((c) => c.type === 'web_app_trigger_haptic_feedback')
    expect(haptics.length).toBe(2) // [app.13] one per navigation, the back press included
    await page.context().close()
  })

  it('[wallet.20] choosing another wallet in the chooser shows its balance', async () => {
    const page = await openApp(stackOf())
    const total = page.getByTestId('total-balance')
    await total.waitFor()
    const first = await total.textContent()
    await page.getByRole('button', { name: /Wallet 1/ }).click()
    const chooser = page.getByRole('dialog', { name: 'Wallets' })
    await chooser.getByRole('button', { name: /Wallet 2/ }).click()
    await expect.poll(() => chooser.count()).toBe(0)
    await page.getByRole('button', { name: /Wallet 2/ }).waitFor()
    await expect.poll(() => total.textContent(), { timeout: 15_000 }).not.toBe(first)
    await page.context().close()
  })

  it('[app.15] selectedWalletIndex in the launch query picks the wallet', async () => {
    const page = await openApp(stackOf(), { path: '/?selectedWalletIndex=2' })
    await page.getByRole('button', { name: /Wallet 3/ }).waitFor()
    await page.context().close()
  })
})
