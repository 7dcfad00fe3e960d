/**
 * The production build as a phone loads it ("Speed a phone feels"): every script and
 * stylesheet arrives brotli-compressed from the copies the build made, hashed assets are cached for
 * a year, the page (compressed on the fly, its stylesheet inline) never, and nothing answers 404
 * (the favicon is there).
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Response } from 'playwright-core'
import { NO_BANNERS, launchHash, newUser, useStack } from './harness'

/** The build under test: DIST_DIR's, as the stack serves it. */
const DIST = process.env.DIST_DIR ?? 'dist'

const stackOf = useStack('production')

describe('the build as the server sends it', () => {
  it('a launch loads compressed, cached assets and the favicon, with no failed request', async () => {
    const responses: Response[] = []
    const failed: string[] = []
    const stack = stackOf()
    // The listeners are there before the first request: a page opened as Telegram opens it.
    const context = await stack.browser.newContext({ viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    await page.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (r) => r.abort())
    page.on('response', (r) => {
      responses.push(r)
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`)
    })
    page.on('requestfailed', (r) => failed.push(`failed ${r.url()} ${r.failure()?.errorText}`))
    // No banner due (a first launch's would bring its stylesheet once the screen is idle, after the first paint).
    await page.addInitScript(NO_BANNERS)
    await page.goto(`${stack.server.url}/#${launchHash({ user: newUser() })}`)
    await expect.poll(() => page.getByTestId('total-balance').textContent(), { timeout: 15_000 }).toBe('$0.00')
    // The browser asks for the icon the page links.
    const icon = await page.evaluate(async () => {
      const r = await fetch('/favicon.svg')
      return { status: r.status, type: r.headers.get('content-type'), text: await r.text() }
    })
    expect(icon.status).toBe(200)
    expect(icon.type).toBe('image/svg+xml')
    expect(icon.text).toBe(readFileSync(`${DIST}/favicon.svg`, 'utf8'))
    expect(failed).toEqual([])

    const assets = responses.filter((r) => /\/assets\/[^/]+\.(js|css)$/.test(new URL(r.url()).pathname))
    expect(assets.length).toBeGreaterThan(2)
    for (const r of assets) {
      const headers = await r.allHeaders()
      const name = new URL(r.url()).pathname
      expect(headers['cache-control'], name).toBe('public, max-age=31536000, immutable')
      const size = readFileSync(`${DIST}${name}`).length
      if (size <= 1024) continue
      expect(headers['content-encoding'], name).toBe('br')
      expect(headers.vary, name).toBe('accept-encoding')
      expect(Number(headers['content-length']), name).toBe(readFileSync(`${DIST}${name}.br`).length)
      // What the browser decoded is the file the build wrote.
      expect((await r.body()).equals(readFileSync(`${DIST}${name}`)), name).toBe(true)
    }
    const page0 = responses.find((r) => new URL(r.url()).pathname === '/' && r.request().resourceType() === 'document')
    expect(await page0?.headerValue('cache-control')).toBe('no-store')
    expect(await page0?.headerValue('content-encoding')).toBe('br')
    // Nothing blocks the first paint: the stylesheet is inline, the page's skeleton paints at once.
    const html = (await page0?.text()) ?? ''
    expect(html).toContain('<style>')
    expect(html).not.toMatch(/<link rel="stylesheet"/)
    expect(responses.filter((r) => r.request().resourceType() === 'stylesheet').map((r) => r.url())).toEqual([])
    await context.close()
  })

  it('a launch on an inner screen fetches its chunk together with the entry', async () => {
    const stack = stackOf()
    const context = await stack.browser.newContext({ viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    await page.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (r) => r.abort())
    const scripts: string[] = []
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname)
    })
    await page.goto(`${stack.server.url}/swap#${launchHash({ user: newUser() })}`)
    await page.getByRole('heading', { name: 'Swap' }).waitFor()
    const preloaded = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel=modulepreload]')].map(
        (l) => new URL((l as HTMLLinkElement).href).pathname,
      ),
    )
    const swapChunk = preloaded.find((p) => /\/assets\/SwapScreen-[^/]+\.js$/.test(p))
    expect(swapChunk).toBeDefined()
    expect(scripts).toContain(swapChunk)
    // On the home nothing of the swap is fetched.
    const home = await context.newPage()
    await home.goto(`${stack.server.url}/#${launchHash({ user: newUser() })}`)
    await home.getByTestId('total-balance').waitFor()
    expect(
      await home.evaluate(() => document.querySelectorAll('link[rel=modulepreload][href*="SwapScreen"]').length),
    ).toBe(0)
    await context.close()
  })
})
