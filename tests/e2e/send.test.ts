/** Send in the browser (send.1-19): validation, a server-side refusal, then one good send, double-tapped. */
import { describe, expect, it } from 'vitest'
import {
  useStack,
  TEST_BOT_TOKEN,
  newUser,
  openApp,
  pressMainButton,
  telegramCalls,
  telegramMainButton,
} from './harness'
import { signInitData } from '../../server/kernel/auth'

const stackOf = useStack('development')

describe('send', () => {
  it('[send.1] [send.2] [send.7] [send.11] [send.16] [send.19] from the home to a good send, once, whatever the taps', async () => {
    const bob = newUser({ first_name: 'Bob' })
    const bobInit = signInitData({ botToken: TEST_BOT_TOKEN, user: bob })
    const bobWallets = (await (
      await fetch(`${stackOf().server.url}/tgUserWallets`, { headers: { telegramRawData: bobInit } })
    ).json()) as { address: string }[]

    const page = await openApp(stackOf(), { user: newUser() })
    await page.getByTestId('total-balance').waitFor()
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await page.getByRole('button', { name: 'ARB', exact: true }).click()
    await page.getByRole('button', { name: 'USDT ARB' }).click()

    const address = page.getByRole('textbox', { name: 'Recipient address' })
    const amount = page.getByRole('textbox', { name: /^Amount/ })
    const comment = page.getByRole('textbox', { name: /^Comment/ })
    const next = telegramMainButton(page, 'Continue')
    // send.1: address, amount and comment, and the token chosen (send.2: the comment may stay empty)
    await comment.waitFor()
    await page.getByText('USDT').first().waitFor()
    // send.4: confirm disabled while address or amount is empty
    await next.expectEnabled(false)
    await address.fill('0x123')
    await amount.focus()
    await page.getByText('Invalid address').waitFor()
    await address.fill('EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs')
    await amount.fill('600')
    await address.focus()
    await page.getByText('Invalid address').waitFor() // a TON address for an Arbitrum token
    await page.getByText('Not enough USDT').waitFor()
    // send safety: Bob's address with one letter's case changed fails its EIP-55 checksum, and is refused in the form
    await address.fill(bobWallets[0].address)
    await amount.focus()
    await expect.poll(() => page.getByText('Invalid address').count()).toBe(0)
    await address.fill(wrongChecksum(bobWallets[0].address))
    await amount.focus()
    await page.getByText('Invalid address').waitFor()
    await address.fill(bobWallets[0].address)
    // more decimals than USDT has: the 7th is refused as typed, and the field says why
    await amount.fill('')
    await amount.pressSequentially('1.0000001')
    expect(await amount.inputValue()).toBe('1.000000')
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'At most 6 decimals' }).count()).toBe(1)
    // send.3: a comma becomes a dot
    await amount.fill('12,5')
    expect(await amount.inputValue()).toBe('12.5')
    await comment.fill('for lunch')
    await next.click()

    // send.16: the confirm screen: recipient, comment, fee, total and balance after
    await page.getByText('Send 12.5 USDT').waitFor()
    // the whole address as it will be paid to, the network, the fee and the total with their USD
    expect(await page.getByTestId('send-recipient').textContent()).toBe(bobWallets[0].address)
    await page.getByText('ARB', { exact: true }).waitFor()
    expect(await page.getByTestId('send-comment').textContent()).toBe('for lunch')
    expect([
      await page.getByTestId('send-fee').textContent(),
      await page.getByTestId('send-fee-usd').textContent(),
    ]).toEqual(['≈ 0.0001 ETH', '$0.35'])
    expect([
      await page.getByTestId('send-total').textContent(),
      await page.getByTestId('send-total-usd').textContent(),
    ]).toEqual(['12.5 USDT', '$12.85'])
    await page.getByText('487.5 USDT').waitFor()
    // one tap is one payment: a double tap and a third tap send once
    await telegramMainButton(page, 'Send').dblclick()
    await page.getByText('Sent', { exact: true }).waitFor()
    expect([
      await page.getByTestId('success-figure').textContent(),
      await page.getByTestId('success-detail').textContent(),
    ]).toEqual(['12.5 USDT', `On its way to ${bobWallets[0].address.slice(0, 6)}...${bobWallets[0].address.slice(-4)}`])
    await page.getByRole('button', { name: 'View in the bot' }).click()
    await expect
      .poll(async () => (await telegramCalls(page)).find((c) => c.type === 'web_app_open_tg_link')?.data)
      .toMatchObject({ path_full: '/switch_wallet_bot' })
    await pressMainButton(page, 'Done')
    // the home shows the history it had, then the reloaded one with the send on top
    await expect
      .poll(() => page.getByTestId('history-row').first().textContent(), { timeout: 10_000 })
      .toMatch(/Sent USDT.*-12\.5 USDT/)

    // Bob received exactly one transfer of 12.5 USDT
    const bobUsdt = (
      (await (
        await fetch(`${stackOf().server.url}/balances`, {
          method: 'POST',
          headers: { telegramRawData: bobInit, 'content-type': 'application/json' },
          body: '{"accountIndex":0}',
        })
      ).json()) as { chainId: unknown; symbol: string; tokensAmount: string }[]
    ).find((b) => b.chainId === 42161 && b.symbol === 'USDT')
    expect(bobUsdt?.tokensAmount).toBe('512.5')
    await page.context().close()
  })

  it('[send.14] the form refuses what it can ("1e30", a comment over 120 characters) before Continue; the server\'s refusal shows at the amount', async () => {
    const bob = newUser({ first_name: 'Bob' })
    const bobWallets = (await (
      await fetch(`${stackOf().server.url}/tgUserWallets`, {
        headers: { telegramRawData: signInitData({ botToken: TEST_BOT_TOKEN, user: bob }) },
      })
    ).json()) as { address: string }[]
    const page = await openApp(stackOf(), { user: newUser() })
    await page.getByTestId('total-balance').waitFor()
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await page.getByRole('button', { name: 'ARB', exact: true }).click()
    await page.getByRole('button', { name: 'ETH ARB', exact: true }).click()
    const amount = page.getByRole('textbox', { name: /^Amount/ })
    const comment = page.getByRole('textbox', { name: /^Comment/ })
    const next = telegramMainButton(page, 'Continue')
    await page.getByRole('textbox', { name: 'Recipient address' }).fill(bobWallets[0].address)
    // typed key by key, as a person types it: the letter does not enter, and the field says why
    await amount.pressSequentially('1e')
    expect(await amount.inputValue()).toBe('1')
    await expect
      .poll(() =>
        page.getByRole('status').filter({ hasText: 'Only digits and one decimal separator can be typed here' }).count(),
      )
      .toBe(1)
    // pasted (the whole text at once): refused whole, never reshaped into 130
    await amount.fill('')
    await amount.fill('1e30')
    expect(await amount.inputValue()).toBe('')
    await next.expectEnabled(false)
    // the whole ETH balance is a fine amount to the form; the server refuses it: nothing left for the fee
    await amount.fill('0.5')
    await comment.fill('x'.repeat(121))
    await page.getByText('The comment is 120 characters at most').waitFor()
    await next.expectEnabled(false)
    await comment.fill('x'.repeat(120))
    await next.click()
    await page.getByText('not enough balance', { exact: true }).waitFor()
    expect(await amount.getAttribute('aria-invalid')).toBe('true')
    await page.context().close()
  })
})

/** A mixed-case EVM address with one letter's case changed, still in mixed case: its EIP-55 checksum no longer holds. */
function wrongChecksum(address: string): string {
  const letters = [...address.slice(2)].filter((c) => /[a-fA-F]/.test(c))
  const lower = letters.filter((c) => c === c.toLowerCase()).length
  // change a letter of the case that has two or more, so both cases stay
  const from = lower >= 2 ? /[a-f]/ : /[A-F]/
  const i = [...address].findIndex((c, k) => k > 1 && from.test(c))
  const c = address[i]
  return address.slice(0, i) + (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) + address.slice(i + 1)
}
