/** Deposit (refill) and the token picker in the browser, as a user would go through them. */
import { describe, expect, it } from 'vitest'
import { useStack, newUser, openApp, pressBack } from './harness'

const stackOf = useStack('development')

describe('deposit to the QR screen', () => {
  it('[picker.18] [picker.3] [picker.9] [picker.10] [refill.1] [refill.2] [refill.3] [refill.4] [refill.5] [refill.6] [refill.7] [refill.9] [refill.10] from the deposit drawer to the QR of the chosen token, copy the address, and back', async () => {
    const page = await openApp(stackOf(), { user: newUser() })
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stackOf().server.url })
    await page.getByTestId('total-balance').waitFor()
    await page.getByRole('button', { name: 'Deposit' }).click()
    const evm = (await page.getByTestId('evm-address').textContent()) as string
    const ton = (await page.getByTestId('ton-address').textContent()) as string
    await page.getByRole('button', { name: /Deposit a specific token/ }).click()
    await page.getByRole('button', { name: /From an external wallet/ }).click()

    // picker.9 then picker.5: the list loads under a coin-search box
    const search = page.getByRole('searchbox', { name: 'Search coin' })
    await search.waitFor()
    expect(await search.getAttribute('placeholder')).toBe('Search coin')
    await expect.poll(() => page.getByTestId('picker-row').count(), { timeout: 15_000 }).toBeGreaterThan(5)
    // picker.3: a text search
    await search.fill('usdt')
    await expect
      .poll(async () => (await page.getByTestId('picker-row').allTextContents()).every((t) => /USDT|Tether/i.test(t)), {
        timeout: 10_000,
      })
      .toBe(true)
    // picker.10: the network filter
    await page.getByRole('button', { name: 'ARB', exact: true }).click()
    await expect.poll(() => page.getByTestId('picker-row').count(), { timeout: 10_000 }).toBe(1)
    await page.getByRole('button', { name: 'USDT ARB' }).click()

    // refill QR: the EVM address for an EVM chain, size 215, the notice, and copying
    await page.getByText('Deposit USDT · ARB').waitFor()
    expect(await page.getByTestId('refill-address').textContent()).toBe(evm)
    expect(await page.getByTestId('qr').getAttribute('data-value')).toBe(evm)
    const qr = page.getByTestId('qr').locator('svg')
    await qr.waitFor()
    expect(await qr.getAttribute('height')).toBe('215')
    await page.getByText('Send only USDT on the ARB network').waitFor()
    await page.getByRole('button', { name: 'Copy the address' }).waitFor()
    await page.getByRole('button', { name: 'Copy address' }).click()
    await page.getByText('Copied').first().waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(evm)

    // back targets: /refill/qr -> /refill/to -> /refill/from -> /
    await pressBack(page)
    await page.getByRole('searchbox', { name: 'Search coin' }).waitFor()
    await pressBack(page)
    await page.getByRole('button', { name: /From an external wallet/ }).waitFor()
    await pressBack(page)
    await page.getByTestId('total-balance').waitFor()

    // a TON token shows the TON unbounceable address
    await page.getByRole('button', { name: 'Deposit' }).click()
    await page.getByRole('button', { name: /Deposit a specific token/ }).click()
    await page.getByRole('button', { name: /From an external wallet/ }).click()
    await page.getByRole('button', { name: 'TON', exact: true }).click()
    await page.getByRole('button', { name: 'TON TON', exact: true }).click()
    await page.getByText('Deposit TON · TON').waitFor()
    expect(await page.getByTestId('refill-address').textContent()).toBe(ton)
    expect(await page.getByTestId('qr').getAttribute('data-value')).toBe(ton)
    await page.context().close()
  })

  it('[picker.1] [picker.12] [picker.14] address searches (picker.2 at 48 characters), the empty state, and a paste that is not 0x', async () => {
    const page = await openApp(stackOf(), { user: newUser() })
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stackOf().server.url })
    await page.getByTestId('total-balance').waitFor()
    await page.getByRole('button', { name: 'Deposit' }).click()
    await page.getByRole('button', { name: /Deposit a specific token/ }).click()
    await page.getByRole('button', { name: /From an external wallet/ }).click()
    const search = page.getByRole('searchbox', { name: 'Search coin' })
    await search.fill('0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9')
    await expect
      .poll(() => page.getByTestId('picker-row').allTextContents(), { timeout: 10_000 })
      .toEqual([expect.stringMatching(/^USDT/)])
    await search.fill('EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs')
    await expect
      .poll(() => page.getByTestId('picker-row').allTextContents(), { timeout: 10_000 })
      .toEqual([expect.stringMatching(/^USDT.*TON/)])
    await search.fill('no-such-coin-here')
    await page.getByText('No tokens found').waitFor()
    await page.evaluate(() => navigator.clipboard.writeText('hello there'))
    await page.getByRole('button', { name: 'Paste address' }).click()
    await expect.poll(() => search.inputValue()).toBe('')
    await expect.poll(() => page.getByTestId('picker-row').count(), { timeout: 10_000 }).toBeGreaterThan(5)
    await page.context().close()
  })

  it('[picker.6] the next page of 20 loads when the loader comes into view', async () => {
    const page = await openApp(stackOf(), { user: newUser() })
    await page.getByTestId('total-balance').waitFor()
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    const list = page.getByRole('list', { name: 'Tokens' })
    await expect.poll(() => list.getAttribute('data-count'), { timeout: 10_000 }).toBe('20')
    await page.getByTestId('picker-loader').scrollIntoViewIfNeeded()
    await expect.poll(() => list.getAttribute('data-count'), { timeout: 10_000 }).toBe('40')
    await page.getByTestId('picker-loader').scrollIntoViewIfNeeded()
    await expect.poll(() => list.getAttribute('data-count'), { timeout: 10_000 }).toBe('60')
    await page.context().close()
  })
})
