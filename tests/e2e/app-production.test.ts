/** Production mode: no demo, real init data only, and the refusal outside Telegram. */
import { describe, expect, it } from 'vitest'
import { useStack, newUser, openApp } from './harness'

const stackOf = useStack('production')

describe('production build and server', () => {
  it('[app.4] a page opened outside Telegram shows only the refusal and sends no request', async () => {
    const context = await stackOf().browser.newContext({ viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    const requests: string[] = []
    page.on('request', (r) => requests.push(r.url()))
    await page.goto(stackOf().server.url + '/')
    await page.getByText('Only possible to use inside telegram bot').waitFor()
    expect(await page.getByRole('navigation').count()).toBe(0)
    const apiCalls = requests.filter(
      (u) => !/\/(assets\/|favicon|$)/.test(new URL(u).pathname) && new URL(u).pathname !== '/',
    )
    expect(apiCalls).toEqual([])
    await context.close()
  })

  it('a real user opened as Telegram opens it is served, with no starter balance', async () => {
    const page = await openApp(stackOf(), { user: newUser() })
    await expect.poll(() => page.getByTestId('total-balance').textContent(), { timeout: 15_000 }).toBe('$0.00')
    await page.getByText('No tokens yet').waitFor()
    await page.context().close()
  })

  it('init data signed for another bot is refused: the page shows an error, not a blank screen', async () => {
    const page = await openApp(stackOf(), { user: newUser(), botToken: '123:another-bot' })
    await page
      .getByText(/The request was refused/)
      .first()
      .waitFor({ timeout: 15_000 })
    await page.context().close()
  })

  it('the API refuses a request without init data', async () => {
    const res = await fetch(`${stackOf().server.url}/tgUserWallets`)
    expect(res.status).toBe(401)
    expect(await res.json()).toHaveProperty('message')
  })
})
