// @vitest-environment happy-dom
/**
 * openInvoice outside a Telegram client ("In dev mode"): a dev-mode page carries a
 * stand-in for Telegram's payment sheet (server/bot/devHost.ts) and the bridge uses it, reporting
 * its status as invoice_closed would; inside a Telegram client it is never used; without it
 * nothing can take an invoice.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { firstValueFrom } from 'rxjs'
import { createTelegramBridge } from '../../../streams/telegram/bridge'
import { loadTelegramSdk } from '../../../streams/telegram/sdk'

type HostWindow = Window & {
  __devTelegramHost?: { openInvoice(url: string): Promise<string> }
  TelegramWebviewProxy?: unknown
}
const w = window as HostWindow
const LINK = 'https://t.me/$AbCdEf123'

afterEach(() => {
  delete w.__devTelegramHost
  delete w.TelegramWebviewProxy
})

describe('openInvoice in a plain browser', () => {
  it("completes the invoice through the page's stand-in host and reports its status", async () => {
    const opened: string[] = []
    for (const status of ['paid', 'cancelled', 'failed']) {
      w.__devTelegramHost = { openInvoice: async (url) => (opened.push(url), status) }
      expect(await firstValueFrom(createTelegramBridge(null, { telegramHost: false }).openInvoice(LINK))).toBe(status)
    }
    expect(opened).toEqual([LINK, LINK, LINK])
  })

  it('without such a host, fails instead of hanging', async () => {
    await expect(
      firstValueFrom(createTelegramBridge(null, { telegramHost: false }).openInvoice(LINK)),
    ).rejects.toThrow()
  })

  it('inside a Telegram client, leaves the invoice to Telegram', async () => {
    let used = false
    w.__devTelegramHost = { openInvoice: async () => ((used = true), 'paid') }
    w.TelegramWebviewProxy = { postEvent: () => {} }
    const sdk = await loadTelegramSdk()
    await firstValueFrom(createTelegramBridge(null, { telegramHost: true, sdk }).openInvoice(LINK)).catch(
      () => 'not opened by the page',
    )
    expect(used).toBe(false)
  })
})
