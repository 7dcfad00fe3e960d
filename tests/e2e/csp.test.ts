/**
 * The production page's Content-Security-Policy (server/kernel/csp.ts; docs/operations.md,
 * "Content-Security-Policy") in Chromium: the app runs under it through a main journey, and the
 * browser reports no violation. The server runs with the default per-user limit on writes (60 a
 * minute), which a journey never meets.
 */
import { describe, expect, it } from 'vitest'
import { DEFAULT_RATE_LIMIT } from '../../server/kernel/rateLimit'
import { newPhoneContext, newUser, openAppIn, pressMainButton, settle, useStack } from './harness'

const stack = useStack('production', { rateLimit: DEFAULT_RATE_LIMIT })

describe('Content-Security-Policy in the browser', () => {
  it('the wallet home, mining and the tasks screen run with no violation reported', async () => {
    const page0 = await fetch(`${stack().server.url}/`, { headers: { accept: 'text/html' } })
    const policy = page0.headers.get('content-security-policy') ?? ''
    expect(policy).toContain("script-src 'self' 'sha256-")
    expect(policy).toContain('frame-ancestors https://web.telegram.org https://*.telegram.org')

    const context = await newPhoneContext(stack())
    const violations: string[] = []
    context.on('console', (m) => {
      if (/Refused to|Content[- ]Security[- ]Policy/i.test(m.text())) violations.push(`console: ${m.text()}`)
    })
    context.on('weberror', (e) => violations.push(`page error: ${e.error().message}`))
    await context.exposeBinding('__cspViolation', (_source, text: string) => void violations.push(`event: ${text}`))
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { __cspViolation(t: string): void }).__cspViolation(
          `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
        ),
      )
    })
    const user = newUser()
    const page = await openAppIn(context, stack(), { user })
    await page.getByTestId('total-balance').waitFor({ timeout: 20_000 })
    await page.getByText('No tokens yet').waitFor()
    await settle(page)

    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Mining' }).click()
    await page.getByRole('heading', { name: 'Mine SWITCH' }).waitFor({ timeout: 20_000 })
    await pressMainButton(page, 'Next')
    await page.getByRole('heading', { name: 'Claim every 6 hours' }).waitFor()
    await pressMainButton(page, 'Next')
    await page.getByRole('heading', { name: 'Mine faster' }).waitFor()
    await pressMainButton(page, 'Start mining')
    await page.getByTestId('mined-now').waitFor({ timeout: 20_000 })
    await settle(page)

    await page.getByText('Tasks and boosts').click()
    await page.getByRole('tab', { name: 'Boosts' }).waitFor({ timeout: 20_000 })
    await settle(page)
    await page.screenshot({ path: '/tmp/csp-tasks.png' })
    expect(violations).toEqual([])
    await context.close()
  }, 120_000)
})
