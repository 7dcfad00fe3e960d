/**
 * Touch targets: every small control takes a tap anywhere in a 44 x 44 px square around
 * its centre, at 390 and 320 px, measured with the page's own hit testing (elementFromPoint), not
 * with pixels of a screenshot.
 */
import { describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { callApi, newUser, openApp, useStack } from './harness'

const stackOf = useStack()

/** The points of the 44 px square around the control's centre that a tap may land on, and what each hits. */
async function missedPoints(control: Locator): Promise<string[]> {
  return control.evaluate((el) => {
    const box = el.getBoundingClientRect()
    const cx = box.left + box.width / 2
    const cy = box.top + box.height / 2
    const misses: string[] = []
    for (const dx of [-21, 0, 21])
      for (const dy of [-21, 0, 21]) {
        const hit = document.elementFromPoint(cx + dx, cy + dy)
        if (!hit || !(hit === el || el.contains(hit)))
          misses.push(`${dx},${dy}: ${hit?.tagName ?? 'nothing'}.${hit?.className ?? ''}`)
      }
    return misses
  })
}

async function expectTouchTarget(page: Page, name: string, control: Locator) {
  await control.scrollIntoViewIfNeeded()
  expect(await missedPoints(control), `${name} at ${page.viewportSize()?.width} px`).toEqual([])
}

describe('touch targets', () => {
  for (const width of [390, 320])
    it(`the wallet pill, the copy icons, Share, the flip control and the trader address's Paste take a 44 px tap, at ${width} px`, async () => {
      const user = newUser()
      const page = await openApp(stackOf(), { user })
      await page.setViewportSize({ width, height: 844 })
      await page.getByTestId('total-balance').waitFor()
      await expectTouchTarget(page, 'wallet pill', page.locator('.wallet-switch'))
      await page.getByRole('button', { name: 'Deposit' }).click()
      const sheet = page.getByRole('dialog', { name: 'Deposit' })
      await expectTouchTarget(page, 'copy TON address', sheet.getByRole('button', { name: 'Copy TON address' }))
      await expectTouchTarget(page, 'copy EVM address', sheet.getByRole('button', { name: 'Copy EVM address' }))
      // A swap with both tokens chosen (a preset pair), where Share shows.
      const { startParam } = await callApi<{ startParam: string }>(stackOf(), user, '/createPresetSwap', {
        from: { address: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', chainId: 42161 },
        to: { address: '0x6985884C4392D348587B19cb9eAAf157F13271cd', chainId: 42161 },
      })
      const swap = await openApp(stackOf(), { user, startParam })
      await swap.setViewportSize({ width, height: 844 })
      await swap.locator('.swap__share').waitFor()
      await expectTouchTarget(swap, 'flip', swap.locator('.swap__flip-button'))
      await expectTouchTarget(swap, 'share', swap.locator('.swap__share'))
      // Copy trading for a user with balances and no trades opens on the trader's address, Paste in its corner.
      await page.keyboard.press('Escape')
      await page.getByRole('button', { name: /^Copy trading/ }).click()
      await expectTouchTarget(page, 'paste', page.getByRole('button', { name: 'Paste', exact: true }))
      await page.context().close()
      await swap.context().close()
    })
})
