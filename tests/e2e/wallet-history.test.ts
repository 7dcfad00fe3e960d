/**
 * History in the browser: a row opens the entry's detail (network, both amounts, fee,
 * time, status, the address in full), back returns to the list where it was, and at 320 px no
 * row's title or amount is cut or overflows.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { fold } from '../../domain/state'
import { type Stack, callApi, newUser, openApp, pressBack, useStack } from './harness'
import { keepReplay, reportedLog } from './journeyLog'

const stackOf = useStack('development')
const USDT_ARB = '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'
const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
const ETH = '0x0000000000000000000000000000000000000000'

const text = (page: Page, testId: string) => page.getByTestId(testId).textContent()

/** A user who sent 12.5 USDT on Arbitrum (with a comment) to another user, then swapped 10 USDC for ETH. */
async function userWhoSentAndSwapped(stack: Stack) {
  const user = newUser()
  const bob = newUser({ first_name: 'Bob' })
  const [bobWallet] = await callApi<{ address: string }[]>(stack, bob, '/tgUserWallets')
  await callApi(stack, user, '/tgUserWallets')
  const sent = await callApi<{ ok: boolean; txId: string }>(stack, user, '/transfer', {
    to: bobWallet.address,
    amount: '12.5',
    tokenAddress: USDT_ARB,
    chainId: 42161,
    accountIndex: 0,
    comment: 'rent for May',
    dry: false,
    idempotencyKey: `rent-${user.id}`,
  })
  expect(sent.ok).toBe(true)
  const quote = await callApi<{ route: { id: string; toAmount: string } }>(stack, user, '/fetchRoute', {
    amount: '10000000',
    from: USDC_ARB,
    to: ETH,
    fromChainId: 42161,
    toChainId: 42161,
    accountIndex: 0,
  })
  const swapped = await callApi<{ ok: boolean }>(stack, user, '/swap', {
    routeId: quote.route.id,
    accountIndex: 0,
    idempotencyKey: `swap-${user.id}`,
  })
  expect(swapped.ok).toBe(true)
  return { user, bobAddress: bobWallet.address, txId: sent.txId }
}

/** Every box of `selector` whose content is wider than the box, or that sticks out of the viewport. */
const overflowing = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const width = document.documentElement.clientWidth
    return [...document.querySelectorAll<HTMLElement>(sel)]
      .filter((el) => {
        const r = el.getBoundingClientRect()
        return el.scrollWidth > el.clientWidth || r.left < 0 || r.right > width + 0.5
      })
      .map(
        (el) =>
          `${sel} "${el.textContent}" scroll ${el.scrollWidth} > client ${el.clientWidth}, ${Math.round(el.getBoundingClientRect().left)}..${Math.round(el.getBoundingClientRect().right)} of ${width}`,
      )
  }, selector)

describe('wallet history', () => {
  it('a row opens its detail: network, amount, fee, time, status, the recipient in full with a copy control; back returns to the list', async () => {
    const { user, bobAddress, txId } = await userWhoSentAndSwapped(stackOf())
    const page = await openApp(stackOf(), { user })
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stackOf().server.url })
    const sent = page.getByRole('button', { name: /^Sent USDT, -12\.5 USDT, / })
    await sent.waitFor({ timeout: 15_000 })
    expect((await sent.boundingBox())!.height).toBeGreaterThanOrEqual(44)
    await sent.click()

    await expect.poll(() => text(page, 'entry-title'), { timeout: 10_000 }).toBe('Sent USDT')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Sent USDT')
    expect(await text(page, 'entry-amount')).toBe('-12.5 USDT')
    expect(await text(page, 'entry-status')).toBe('Status: Completed')
    expect(await text(page, 'entry-type')).toBe('Withdrawal')
    expect(await text(page, 'entry-network')).toBe('Arbitrum')
    expect(await page.getByTestId('entry-network').locator('img').getAttribute('src')).toBe('/logos/networks/42161.svg')
    expect(await text(page, 'entry-value')).toBe('-12.5 USDT')
    expect(await text(page, 'entry-fee')).toBe('0.0001 ETH')
    expect(await text(page, 'entry-date')).toMatch(/^\d\d\/\d\d\/20\d\d, \d\d:\d\d$/)
    expect(await text(page, 'entry-address')).toBe(bobAddress)
    expect(
      await page
        .getByTestId('entry-address')
        .locator('.address--full')
        .evaluate((el) => getComputedStyle(el).fontFamily),
    ).toMatch(/mono/i)
    expect(await text(page, 'entry-comment')).toBe('rent for May')
    expect(await text(page, 'entry-tx-id')).toBe(txId)
    await page.getByRole('button', { name: 'Copy address' }).click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(bobAddress)

    await pressBack(page)
    await page.getByTestId('history-row').first().waitFor()
    expect(await page.getByTestId('entry-title').count()).toBe(0)

    // The swap: both amounts, the gas it paid.
    await page.getByRole('button', { name: /^USDC → ETH, / }).click()
    await expect.poll(() => text(page, 'entry-title'), { timeout: 10_000 }).toBe('USDC → ETH')
    expect(await text(page, 'entry-paid')).toBe('-10 USDC')
    expect(await text(page, 'entry-received')).toMatch(/^\+0\.\d{1,8} ETH$/)
    expect(await text(page, 'entry-amount')).toBe(await text(page, 'entry-received'))
    expect(await text(page, 'entry-detail-amount')).toBe('-10 USDC')
    expect(await text(page, 'entry-fee')).toBe('0.0001 ETH')
    expect(await text(page, 'entry-type')).toBe('Swap')
    expect(await page.getByTestId('entry-address').count()).toBe(0)
    await page.context().close()
  })

  it('back from an entry returns to the list as it was scrolled: the same pages, the row where it was', async () => {
    const page = await openApp(stackOf(), { user: newUser() })
    const rows = page.getByTestId('history-row')
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(10)
    await page.getByTestId('history-loader').scrollIntoViewIfNeeded()
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(20)
    const row = rows.nth(15).getByRole('button')
    await row.scrollIntoViewIfNeeded()
    const name = (await row.getAttribute('aria-label')) as string
    const before = { y: (await row.boundingBox())!.y, scroll: await page.evaluate(() => window.scrollY) }
    expect(before.scroll).toBeGreaterThan(0)
    await row.click()
    await page.getByTestId('entry-title').waitFor()
    // The detail starts at its top.
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    await pressBack(page)
    await rows.nth(15).waitFor()
    expect(await rows.nth(15).getByRole('button').getAttribute('aria-label')).toBe(name)
    expect(Math.abs((await rows.nth(15).getByRole('button').boundingBox())!.y - before.y)).toBeLessThanOrEqual(1)
    // The first page came again from the server and the pages beyond it stayed.
    await page.waitForTimeout(500)
    expect(await rows.count()).toBeGreaterThanOrEqual(20)
    expect(Math.abs((await rows.nth(15).getByRole('button').boundingBox())!.y - before.y)).toBeLessThanOrEqual(1)
    // the journey, reported from the home it ends on, is a recorded regression case
    const log = await reportedLog(page, stackOf())
    const opened = log.events.find((e) => e.type === 'wallet/historyEntryOpened')
    const requested = log.events
      .filter((e) => e.type === 'wallet/historyPageRequested')
      .map((e) => (e.payload as { offset: number }).offset)
    expect(requested.slice(0, 2)).toEqual([0, 10])
    const history = fold(log.events).wallet.history[0]
    expect(history.entries.length).toBeGreaterThanOrEqual(20)
    expect(history.entries[15].id).toBe((opened?.payload as { id: string }).id)
    keepReplay('wallet-history-pages-and-entry', log)
    await page.context().close()
  })

  it('a reload or a link straight to /history/entry, with no entry chosen, opens the home', async () => {
    const page = await openApp(stackOf(), { user: newUser(), path: '/history/entry' })
    await page.getByTestId('history-row').first().waitFor({ timeout: 15_000 })
    expect(await page.getByTestId('entry-title').count()).toBe(0)
    await page.context().close()
  })

  for (const language of ['en', 'ru'] as const)
    it(`at 320 px no row's title or amount is cut or overflows, with long and tiny amounts; nor the detail's (${language})`, async () => {
      const stack = stackOf()
      const { user } = await userWhoSentAndSwapped(stack)
      const deposit = (chainId: number | string, token: string, amount: string) =>
        fetch(`${stack.server.url}/admin/deposit`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            userId: user.id,
            chainId,
            token,
            amount,
            from: '0x52908400098527886E0F7030069857D2E4169EE7',
          }),
        }).then((r) => expect(r.status).toBe(200))
      await deposit(42161, 'ETH', '123456789.123456789123456789')
      await deposit(8453, 'DEGEN', '98765.43219876')
      await deposit(42161, 'ETH', '0.000000001')
      await deposit('TON', 'tsTON', '430.79123456')
      const page = await openApp(stack, { user: { ...user, language_code: language } })
      await page.setViewportSize({ width: 320, height: 844 })
      const rows = page.getByTestId('history-row')
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(10)
      const titles = await page.getByTestId('history-title').allTextContents()
      const amounts = await page.getByTestId('history-amount').allTextContents()
      // Whole: the tiny amount is not "0", the long one reads compact, the titles are all there.
      expect(amounts[0]).toBe(language === 'en' ? '+430.79123456 tsTON' : '+430,79123456 tsTON')
      expect(amounts[1]).toBe(language === 'en' ? '+< 0.00000001 ETH' : '+< 0,00000001 ETH')
      expect(amounts[3].length).toBeLessThanOrEqual('+123,456,789.12 ETH'.length)
      expect(titles[0]).toBe(language === 'en' ? 'Received tsTON' : 'Получено: tsTON')
      for (const selector of [
        '[data-testid="history-title"]',
        '[data-testid="history-amount"]',
        '[data-testid="history-amount"] > span',
        '[data-testid="history-detail-amount"]',
        '.history-row',
      ])
        expect(await overflowing(page, selector), selector).toEqual([])

      // The long deposit's detail: the whole figure, wrapped if need be, inside the screen.
      await rows.nth(3).getByRole('button').click()
      await page.getByTestId('entry-title').waitFor()
      expect(await text(page, 'entry-amount')).toBe(
        language === 'en' ? '+123,456,789.12345678 ETH' : '+123\u00a0456\u00a0789,12345678 ETH',
      )
      for (const selector of [
        '[data-testid="entry-amount"]',
        '[data-testid="entry-value"]',
        '[data-testid="entry-address"]',
        '.entry-fact',
      ])
        expect(await overflowing(page, selector), selector).toEqual([])
      await page.context().close()
    })

  it('a row shows that it has keyboard focus', async () => {
    const page = await openApp(stackOf(), { user: newUser() })
    const row = page.getByTestId('history-row').nth(1).getByRole('button')
    await row.waitFor({ timeout: 15_000 })
    await row.focus()
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Tab')
    expect(await row.evaluate((el) => el === document.activeElement && el.matches(':focus-visible'))).toBe(true)
    expect(await row.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none')
    await page.keyboard.press('Enter')
    await page.getByTestId('entry-title').waitFor({ timeout: 10_000 })
    await page.context().close()
  })
})
