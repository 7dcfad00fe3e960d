/**
 * Swap in the browser (swap.1-52), against the reference server: an EVM swap on Arbitrum tapped ten
 * times, a cross-chain swap, a TON swap, a route that is not found then found, insufficient gas, a
 * price-impact warning, flip and max, and a preset pair from a start parameter.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import {
  type TestUser,
  callApi,
  newUser,
  openApp,
  pressBack,
  telegramCalls,
  useStack,
  telegramMainButton,
  pressMainButton,
  expectMainButton,
  mainButton,
  choosePair,
  pickToken,
} from './harness'

const stackOf = useStack('development')
const SHOTS = process.env.SWAP_SHOTS

const api = <T>(user: TestUser, path: string, body?: unknown) => callApi<T>(stackOf(), user, path, body)
const held = async (user: TestUser, chainId: number | string, symbol: string, accountIndex = 0) =>
  (await api<{ chainId: unknown; symbol: string; tokensAmount: string }[]>(user, '/balances', { accountIndex })).find(
    (b) => b.chainId === chainId && b.symbol === symbol,
  )?.tokensAmount ?? '0'

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

/** Picks a token on the current picker: a network chip (if given), then the row. */
async function openSwap(user: TestUser, path = '/') {
  const page = await openApp(stackOf(), { user, path })
  await page.getByTestId('total-balance').waitFor()
  await page.getByRole('button', { name: 'Swap', exact: true }).click()
  await page.getByRole('heading', { name: 'Swap' }).waitFor()
  return page
}

const amountBox = (page: Page) => page.getByRole('textbox', { name: 'Amount to swap' })
const review = (page: Page) => telegramMainButton(page, 'Review order')

describe('swap', () => {
  it('[swap.37] [swap.41] [swap.42] [swap.44] an Arbitrum swap, ten fast taps on confirm, executes once', async () => {
    const user = newUser({ first_name: 'Ada' })
    const page = await openSwap(user)
    await shot(page, 'swap-empty')
    await choosePair(page, ['ARB', 'USDC ARB'], [null, 'ETH ARB'])
    await amountBox(page).fill('10')
    // swap.10: the looking state, then the route; the quote's rows stand while it loads, so its
    // arrival moves nothing
    const boxes = () =>
      Promise.all([page.locator('.swap .section').first().boundingBox(), page.getByTestId('swap-to').boundingBox()])
    await page.getByTestId('quote-loading').waitFor()
    const loading = await boxes()
    await page.getByText('Minimum received').waitFor({ timeout: 10_000 })
    await page.getByText('Uniswap').waitFor()
    expect(await boxes()).toEqual(loading)
    await shot(page, 'swap-quoted')
    await review(page).click()
    await page.getByRole('heading', { name: 'Confirm swap' }).waitFor()
    expect(await page.getByTestId('confirm-send').textContent()).toBe('10 USDC')
    await page.getByText('Swap · Uniswap').waitFor()
    await shot(page, 'swap-confirm')
    // Ten taps on the one button: the first shows progress at once (the button is busy through the
    // 500 ms debounce), so the other nine land on a busy button; one swap executes.
    // Ten taps on Telegram's main button: the first shows its progress spinner at once (busy through
    // the 500 ms debounce); the nine after it land on the busy button, and one swap executes.
    await pressMainButton(page, 'Confirm swap')
    await expectMainButton(page, { text: 'Confirm swap', active: false })
    expect((await mainButton(page))?.progress).toBe(true)
    await page.evaluate(() => {
      for (let i = 1; i < 10; i++)
        (
          window as unknown as { Telegram: { WebView: { receiveEvent(e: string): void } } }
        ).Telegram.WebView.receiveEvent('main_button_pressed')
    })
    await page.getByText('Swap sent').waitFor({ timeout: 10_000 })
    await shot(page, 'swap-sent')
    const calls = (await telegramCalls(page)).map((c) => c.type)
    expect(calls.filter((c) => c === 'web_app_close')).toHaveLength(1)
    expect(calls.lastIndexOf('web_app_trigger_haptic_feedback')).toBeLessThan(calls.indexOf('web_app_close'))
    // Telegram asked before closing while the swap was in flight, and stopped asking once it was done.
    const closing = (await telegramCalls(page))
      .filter((c) => c.type === 'web_app_setup_closing_behavior')
      .map((c) => c.data?.need_confirmation)
    expect(closing.slice(-2)).toEqual([true, false])
    // balances and history agree: 10 USDC out once, ETH in, the fee paid in ETH
    expect(await held(user, 42161, 'USDC')).toBe('490')
    expect(Number(await held(user, 42161, 'ETH'))).toBeGreaterThan(0.5 - 0.0001)
    const history = await api<{ type: string; fromAmount: string }[]>(user, '/history?limit=10&offset=0&accountIndex=0')
    expect(history.filter((h) => h.type === 'swap')).toHaveLength(1)
    await pressMainButton(page, 'Done')
    // the home shows the history it had, then the reloaded one with the swap on top
    await expect
      .poll(() => page.getByTestId('history-row').first().textContent(), { timeout: 10_000 })
      .toContain('USDC → ETH')
    await page.context().close()
  })

  it('[swap.6] a cross-chain swap shows its bridge step and moves both chains', async () => {
    const user = newUser({ first_name: 'Cy' })
    const page = await openSwap(user)
    await choosePair(page, ['ARB', 'USDC ARB'], ['Base', 'ETH Base'])
    await amountBox(page).fill('25')
    await page.getByText('Minimum received').waitFor({ timeout: 10_000 })
    await review(page).click()
    await page.getByText('Bridge · Stargate').waitFor()
    await page.getByText('ARB → Base').waitFor()
    await pressMainButton(page, 'Confirm swap')
    await page.getByText('Swap sent').waitFor({ timeout: 10_000 })
    expect(await held(user, 42161, 'USDC')).toBe('475')
    expect(Number(await held(user, 8453, 'ETH'))).toBeGreaterThan(0.5)
    await page.context().close()
  })

  it('[swap.33] [swap.34] a TON swap: quoted by /v2/tc/simulate-swap, the provider gas range, executed once by /v2/tc/swap', async () => {
    const user = newUser({ first_name: 'Tao' })
    const page = await openSwap(user)
    const calls: { path: string; body: Record<string, unknown>; walletindex: string | undefined }[] = []
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname
      if (path.startsWith('/v2/tc/'))
        calls.push({
          path,
          body: JSON.parse(r.postData() ?? '{}') as Record<string, unknown>,
          walletindex: r.headers()['walletindex'],
        })
    })
    await choosePair(page, ['TON', 'TON TON'], [null, 'USDT TON'])
    await amountBox(page).fill('2')
    await page.getByText(/0\.08-0\.(22|3) TON/).waitFor({ timeout: 10_000 })
    await shot(page, 'swap-ton')
    await review(page).click()
    await pressMainButton(page, 'Confirm swap')
    await page.getByText('Swap sent').waitFor({ timeout: 10_000 })
    expect(Number(await held(user, 'TON', 'USDT'))).toBeGreaterThan(100)
    // 2 TON out and 0.08 TON of gas
    expect(await held(user, 'TON', 'TON')).toBe('47.92')
    const simulated = calls.filter((c) => c.path === '/v2/tc/simulate-swap')
    expect(simulated.length).toBeGreaterThan(0)
    expect(simulated.at(-1)!.body).toMatchObject({
      offer_jetton: 'native',
      offer_amount: '2000000000',
      ask_jetton: expect.stringMatching(/^EQ/),
    })
    const swaps = calls.filter((c) => c.path === '/v2/tc/swap')
    expect(swaps).toHaveLength(1)
    expect(swaps[0].body).toMatchObject({
      offer_jetton: 'native',
      offer_amount: '2000000000',
      ask_jetton: simulated.at(-1)!.body.ask_jetton,
      min_ask_amount: expect.stringMatching(/^\d+$/),
      provider: expect.stringMatching(/^(stonfi|dedust)$/),
    })
    expect(swaps[0].walletindex).toBe('0')
    await page.context().close()
  })

  it('[swap.35] [swap.36] the receive picker offers only networks that pair with the token sent', async () => {
    const page = await openSwap(newUser())
    await page.getByRole('button', { name: 'Choose what to send' }).click()
    await pickToken(page, 'TON', 'TON TON')
    await page.getByRole('button', { name: 'Choose what to receive' }).click()
    await page.getByText('TON is on TON: it swaps only with TON tokens.').waitFor()
    expect(await page.getByRole('button', { name: 'ARB', exact: true }).count()).toBe(0)
    await page.getByRole('button', { name: 'USDT TON', exact: true }).waitFor()
    // and the other way round: an Arbitrum token pairs only with non-TON networks
    await pressBack(page)
    await page.getByRole('button', { name: 'Choose what to send' }).click()
    await pickToken(page, 'ARB', 'USDC ARB')
    await page.getByRole('button', { name: 'Choose what to receive' }).click()
    await page.getByRole('button', { name: 'ETH ARB', exact: true }).waitFor()
    expect(await page.getByRole('button', { name: 'TON', exact: true }).count()).toBe(0)
    await page.context().close()
  })

  it('[swap.17] route not found (swap.16: an error answer), then the retry finds it', async () => {
    const page = await openSwap(newUser())
    let refused = 0
    await page.route('**/fetchRoute', async (route) => {
      if (refused++ === 0)
        await route.fulfill({
          status: 404,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'no route for this pair' }),
        })
      else await route.continue()
    })
    await choosePair(page, ['ARB', 'USDC ARB'], [null, 'ETH ARB'])
    await amountBox(page).fill('5')
    await page.getByText('Could not find route').waitFor({ timeout: 10_000 })
    await shot(page, 'swap-not-found')
    await review(page).expectEnabled(false)
    await page.getByRole('button', { name: 'Try again' }).click()
    await page.getByText('Minimum received').waitFor({ timeout: 10_000 })
    await review(page).expectEnabled(true)
    await page.context().close()
  })

  it('(swap.21, swap.24) no ETH for the fee: the swap is disabled with a message', async () => {
    const user = newUser({ first_name: 'Gus' })
    await api(user, '/tgUserWallets')
    await fetch(`${stackOf().server.url}/admin/deposit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: user.id, accountIndex: 2, chainId: 10, token: 'USDC', amount: '50' }),
    })
    const page = await openSwap(user, '/?selectedWalletIndex=2')
    await choosePair(page, ['OP', 'USDC OP'], [null, 'ETH OP'])
    await amountBox(page).fill('10')
    await page.getByText('Not enough ETH for the network fee of 0.0001 ETH.').waitFor({ timeout: 10_000 })
    await shot(page, 'swap-no-gas')
    await review(page).expectEnabled(false)
    await page.context().close()
  })

  it('a large ZRO swap shows the price-impact warning', async () => {
    const page = await openSwap(newUser())
    await choosePair(page, ['ARB', 'ZRO ARB'], [null, 'USDC ARB'])
    await amountBox(page).fill('50')
    await page.getByText(/Price impact is \d+\.\d\d %/).waitFor({ timeout: 10_000 })
    await shot(page, 'swap-impact')
    await page.context().close()
  })

  it('[swap.27] [swap.28] [swap.29] [swap.31] max fills the balance less the reserve, again clears; flip swaps the sides', async () => {
    const page = await openSwap(newUser())
    await choosePair(page, ['ARB', 'ETH ARB'], [null, 'USDC ARB'])
    const max = page.getByRole('button', { name: 'Max', exact: true })
    const colours = () => max.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color])
    const off = await colours()
    await max.click()
    expect(await amountBox(page).inputValue()).toBe('0.499669')
    // on: the theme's button colours (the button colour as the page's --button shades it for its
    // text to read), plainly unlike the off chip
    const button = await page.evaluate(() => {
      const probe = document.body.appendChild(document.createElement('span'))
      probe.style.background = 'var(--button)'
      const colour = getComputedStyle(probe).backgroundColor
      probe.remove()
      return colour
    })
    expect([await max.getAttribute('aria-pressed'), ...(await colours())]).toEqual([
      'true',
      button,
      'rgb(255, 255, 255)',
    ])
    expect(off[0]).not.toBe(button)
    await max.click()
    expect(await amountBox(page).inputValue()).toBe('')
    expect(await colours()).toEqual(off)
    await amountBox(page).fill('0,1')
    expect(await amountBox(page).inputValue()).toBe('0.1')
    await page.getByRole('button', { name: 'Swap the two sides' }).click()
    expect(await amountBox(page).inputValue()).toBe('')
    await page.getByTestId('swap-from').locator('.swap-token__symbol', { hasText: 'USDC' }).waitFor()
    await page.getByTestId('swap-to').locator('.swap-token__symbol', { hasText: 'ETH' }).waitFor()
    await page.context().close()
  })

  it('[swap.46] [swap.47] [swap.48] a preset pair from a start parameter opens the swap with those tokens', async () => {
    const user = newUser()
    const { startParam } = await api<{ startParam: string }>(user, '/createPresetSwap', {
      from: { address: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', chainId: 42161 },
      to: { address: '0x6985884C4392D348587B19cb9eAAf157F13271cd', chainId: 42161 },
    })
    const page = await openApp(stackOf(), { user, startParam })
    await page.getByRole('heading', { name: 'Swap' }).waitFor()
    await page.getByTestId('swap-from').locator('.swap-token__symbol', { hasText: 'USDT' }).waitFor()
    await page.getByTestId('swap-to').locator('.swap-token__symbol', { hasText: 'ZRO' }).waitFor()
    await page.context().close()
  })

  it('[swap.49] [swap.50] the preset list offers TON, tsTON, USDT on Arbitrum, ZRO and PUNK', async () => {
    const page = await openApp(stackOf(), { user: newUser(), path: '/presetSwapTokens/to' })
    await page.getByRole('button', { name: 'PUNK TON' }).waitFor()
    const rows = await page.locator('.cell__title').allTextContents()
    expect(rows).toEqual(['TON', 'tsTON', 'USDT', 'ZRO', 'PUNK'])
    await page.getByRole('button', { name: 'ZRO ARB' }).click()
    await page.getByTestId('swap-to').locator('.swap-token__symbol', { hasText: 'ZRO' }).waitFor()
    await page.context().close()
  })

  it('[swap.52] /bigpump opens the launchpad mini-app link and returns home', async () => {
    const page = await openApp(stackOf(), { user: newUser(), path: '/bigpump' })
    await page.getByTestId('total-balance').waitFor()
    const calls = await telegramCalls(page)
    expect(calls.find((c) => c.type === 'web_app_open_tg_link')?.data).toMatchObject({ path_full: '/bigpump_bot/app' })
    await page.context().close()
  })

  it('a route the server refuses as expired is quoted again and executed once, with no second tap', async () => {
    const user = newUser({ first_name: 'Exp' })
    const page = await openSwap(user)
    let refused = 0
    const routeIds: string[] = []
    await page.route('**/swap', async (route) => {
      routeIds.push((JSON.parse(route.request().postData() ?? '{}') as { routeId: string }).routeId)
      if (refused++ === 0)
        await route.fulfill({
          status: 410,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'This quote has expired. Ask for a new quote.', code: 'route-expired' }),
        })
      else await route.continue()
    })
    await choosePair(page, ['ARB', 'USDC ARB'], [null, 'ETH ARB'])
    await amountBox(page).fill('20')
    await page.getByText('Minimum received').waitFor({ timeout: 10_000 })
    await review(page).click()
    await pressMainButton(page, 'Confirm swap')
    await page.getByText('Swap sent').waitFor({ timeout: 10_000 })
    expect(routeIds).toHaveLength(2)
    expect(routeIds[0]).not.toBe(routeIds[1])
    expect(await held(user, 42161, 'USDC')).toBe('480')
    await page.context().close()
  })

  it('a quote older than 30 s is asked again before it executes', async () => {
    const user = newUser({ first_name: 'Old' })
    const page = await openApp(stackOf(), { user })
    await page.clock.install()
    await page.getByTestId('total-balance').waitFor()
    await page.getByRole('button', { name: 'Swap', exact: true }).click()
    await choosePair(page, ['ARB', 'USDC ARB'], [null, 'ETH ARB'])
    let quotes = 0
    page.on('request', (r) => r.url().endsWith('/fetchRoute') && quotes++)
    await amountBox(page).fill('7')
    await page.getByText('Minimum received').waitFor({ timeout: 10_000 })
    expect(quotes).toBe(1)
    await review(page).click()
    await page.clock.fastForward(31_000)
    await pressMainButton(page, 'Confirm swap')
    await page.getByText('Swap sent').waitFor({ timeout: 10_000 })
    expect(quotes).toBe(2)
    expect(await held(user, 42161, 'USDC')).toBe('493')
    await page.context().close()
  })
})
