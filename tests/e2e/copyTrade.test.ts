/**
 * Copy-trading in the browser (copyTrade.*): a user starts a copy trade seeing each button state on
 * the way, sees it under Current position, sees a copied swap after the trader's feed pushes one,
 * opens the detail, stops it, and finds it under history, dimmed, 'Finished'.
 */
import { describe, expect, it } from 'vitest'
import {
  type TestUser,
  answerPopup,
  callApi,
  newUser,
  openApp,
  pressBack,
  telegramCalls,
  useStack,
  pressMainButton,
  expectMainButton,
  telegramMainButton,
  LIGHT_THEME,
  homeSettled,
} from './harness'

const stackOf = useStack('development')
const TRADER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'

const api = <T>(user: TestUser, path: string, body?: unknown) => callApi<T>(stackOf(), user, path, body)

describe('copy trading', () => {
  it('[copyTrade.5] [copyTrade.6] [copyTrade.10] [copyTrade.24] [copyTrade.25] [copyTrade.26] [copyTrade.27] [copyTrade.28] [copyTrade.35] [copyTrade.42] [copyTrade.58] start, copy, stop', async () => {
    const user = newUser({ first_name: 'Cora' })
    const page = await openApp(stackOf(), { user })
    await homeSettled(page)
    await page.getByRole('button', { name: 'Copy trading' }).click()

    // copyTrade.5: balances and no subscriptions: the address screen
    const address = page.getByRole('textbox', { name: 'Trader wallet address' })
    await address.waitFor()
    // copyTrade.6: one text area; Paste, while it is empty, reads the clipboard into it
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stackOf().server.url })
    await page.evaluate((text) => navigator.clipboard.writeText(text), TRADER)
    await page.getByRole('button', { name: 'Paste' }).click()
    await expect.poll(() => address.inputValue()).toBe(TRADER)
    expect(await page.getByRole('button', { name: 'Paste' }).count()).toBe(0)
    expect(await page.locator('textarea').count()).toBe(1)
    await address.fill('0x1234')
    await pressMainButton(page, 'Enter the trader address')
    await page.getByText('0x followed by 40 hexadecimal characters').waitFor()
    await address.fill(TRADER)
    await pressMainButton(page, 'Continue')
    await page.getByRole('button', { name: 'Arbitrum', exact: true }).click()
    await page.getByRole('button', { name: 'USDT ARB' }).click()

    const deposit = page.getByRole('textbox', { name: 'Deposit, USD' })
    const slider = page.getByRole('slider', { name: 'Amount per trade' })
    // The start button is Telegram's main button: red while it says why it cannot start, blue once it can.
    const reads = async (text: string, color: string) =>
      expect((await expectMainButton(page, { text }))?.color).toBe(color)
    const RED = LIGHT_THEME.destructive_text_color
    expect(await deposit.inputValue()).toBe('100')
    await deposit.fill('')
    await reads('Enter deposit amount', RED)
    expect(await slider.isDisabled()).toBe(true)
    await deposit.fill('100')
    await slider.fill('0')
    await reads('Enter ante amount', RED)
    await slider.fill('20')
    await deposit.fill('50')
    await reads('Minimum deposit amount is 100 USD', RED)
    await pressMainButton(page, 'Minimum deposit amount is 100 USD') // copyTrade.30: ignored
    await deposit.fill('600')
    await reads('Insufficient funds', RED)
    await deposit.fill('150')
    await reads('Start copy trade', LIGHT_THEME.button_color)
    expect(await page.getByTestId('ante-usd').textContent()).toBe('20 % of the deposit: $30 per trade')
    await telegramMainButton(page, 'Start copy trade').dblclick()

    await page.getByText('Copy trading started successfully').waitFor({ timeout: 10_000 })
    expect(await page.getByTestId('success-figure').textContent()).toBe('$150.00')
    await pressMainButton(page, 'Done')

    // one trade, whatever the taps; the deposit is reserved
    const trades = await api<{ copyTrades: { _id: string }[] }>(user, '/getCopyTrades?accountIndex=0')
    expect(trades.copyTrades).toHaveLength(1)
    const usdt = (
      await api<{ chainId: unknown; symbol: string; tokensAmount: string }[]>(user, '/balances', { accountIndex: 0 })
    ).find((b) => b.chainId === 42161 && b.symbol === 'USDT')
    expect(usdt?.tokensAmount).toBe('350')

    const active = page.getByTestId('trade-active')
    await active.waitFor()
    expect(await active.textContent()).toContain('0x8b...BA72')
    expect(await active.textContent()).toMatch(/Copied: \d{1,2}\/\d{1,2}\/\d{4}/)

    // the trader swaps: the feed copies it
    const pushed = await fetch(`${stackOf().server.url}/admin/copyFeed/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ followedAddress: TRADER, chainId: 42161 }),
    })
    expect(pushed.status).toBe(200)
    await active.click()
    await page.getByTestId('trade-status').waitFor()
    expect(await page.getByTestId('trade-status').textContent()).toBe('In trading')
    await page.getByTestId('history-row').first().waitFor({ timeout: 10_000 })
    expect(await page.getByTestId('history-row').first().textContent()).toMatch(/USDT → /)
    await page.getByText('– present').waitFor()

    // Stopping ends the trade: Telegram's popup asks first. Kept running, then stopped; a double tap asks once.
    await page.getByRole('button', { name: 'Stop copy trading' }).click()
    const popup = await answerPopup(page, 1, 'cancel')
    expect(popup).toMatchObject({
      message: expect.stringMatching(/^Stop copying this trader\?/),
      buttons: [
        { id: 'ok', type: 'destructive', text: 'Stop copy trading' },
        { id: 'cancel', type: 'default', text: 'Keep trading' },
      ],
    })
    await page.waitForTimeout(300)
    expect(await page.getByTestId('trade-status').textContent()).toBe('In trading')
    await page.getByRole('button', { name: 'Stop copy trading' }).dblclick()
    await answerPopup(page, 2, 'ok')
    await page.getByText('Stopped', { exact: true }).waitFor({ timeout: 10_000 })
    expect((await telegramCalls(page)).filter((c) => c.type === 'web_app_open_popup')).toHaveLength(2)
    expect(await page.getByRole('button', { name: 'Stop copy trading' }).count()).toBe(0)
    await pressBack(page)
    const finished = page.getByTestId('trade-finished')
    await finished.waitFor()
    expect(await finished.textContent()).toMatch(/Finished: \d{1,2}\/\d{1,2}\/\d{4}/)
    expect(await finished.getAttribute('class')).toContain('dimmed')
    expect(await page.getByTestId('trade-active').count()).toBe(0)

    // the copied swap is one of the wallet's swaps too, and says it was a copy trade
    await pressBack(page)
    const copied = page.getByTestId('history-row').filter({ hasText: 'Copy trade · ' })
    await copied.first().waitFor({ timeout: 10_000 })
    expect(await copied.first().textContent()).toMatch(/USDT → /)
    await page.context().close()
  })

  it('[copyTrade.3] a user with subscriptions lands on the archive', async () => {
    const user = newUser()
    await api(user, '/tgUserWallets')
    await api(user, '/startMonitoringCopyTrade', {
      accountIndex: 0,
      chainId: 10,
      followedAddress: TRADER,
      ante: 0.1,
      protocols: ['uniswapUniversalRouter'],
      depositInNano: '100000000',
      fromToken: '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58',
    })
    const page = await openApp(stackOf(), { user, path: '/copyTrade' })
    await page.getByTestId('trade-active').waitFor({ timeout: 20_000 })
    await page.getByRole('heading', { name: 'Copy trading' }).waitFor()
    await page.context().close()
  })
})
