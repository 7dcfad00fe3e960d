// @vitest-environment happy-dom
/**
 * The bridge where a Telegram host answered (here a webview proxy, as the mobile and desktop
 * clients inject): Telegram's popup, never the page's; Telegram's QR scanner, which takes the
 * first text scanned and closes, or answers nothing when closed.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { firstValueFrom } from 'rxjs'
import { createTelegramBridge } from '../../../streams/telegram/bridge'
import { createPagePopups } from '../../../streams/telegram/pagePopups'
import { loadTelegramSdk } from '../../../streams/telegram/sdk'
import type { TelegramBridge } from '../../../streams/deps'

const calls: { type: string; data: unknown }[] = []
const receive = (event: string, data?: unknown) =>
  (
    window as unknown as { Telegram: { WebView: { receiveEvent(e: string, d?: unknown): void } } }
  ).Telegram.WebView.receiveEvent(event, data)
const sent = (type: string) => calls.filter((c) => c.type === type).map((c) => c.data)
const popups = createPagePopups()
let pageShown = 0
popups.current$.subscribe((p) => (pageShown += p === null ? 0 : 1))
let telegram: TelegramBridge

beforeAll(async () => {
  ;(window as unknown as { TelegramWebviewProxy: unknown }).TelegramWebviewProxy = {
    postEvent: (type: string, data?: string) => calls.push({ type, data: data ? JSON.parse(data) : null }),
  }
  window.location.hash =
    '#' +
    new URLSearchParams({
      tgWebAppData: 'user=%7B%22id%22%3A1%2C%22first_name%22%3A%22A%22%7D&auth_date=1&hash=h&signature=s',
      tgWebAppVersion: '8.0',
      tgWebAppPlatform: 'ios',
      tgWebAppThemeParams: '{}',
    }).toString()
  telegram = createTelegramBridge('x', { telegramHost: true, sdk: await loadTelegramSdk(), popups })
})

describe('the bridge with a Telegram host', () => {
  it("asks with Telegram's popup, not the page's", async () => {
    const answer = firstValueFrom(
      telegram.confirm({ message: 'Stop copying?', ok: 'Stop', cancel: 'Cancel', destructive: true }),
    )
    await Promise.resolve()
    expect(sent('web_app_open_popup').at(-1)).toMatchObject({
      message: 'Stop copying?',
      buttons: [
        { id: 'ok', type: 'destructive', text: 'Stop' },
        { id: 'cancel', text: 'Cancel' },
      ],
    })
    receive('popup_closed', { button_id: 'ok' })
    expect(await answer).toBe(true)
    expect(pageShown).toBe(0)
  })

  it("opens Telegram's QR scanner with its caption: the first text scanned comes back and the scanner closes", async () => {
    const scanned = firstValueFrom(telegram.scanQr('Scan an address'))
    await Promise.resolve()
    expect(sent('web_app_open_scan_qr_popup').at(-1)).toEqual({ text: 'Scan an address' })
    receive('qr_text_received', { data: 'ton://transfer/UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG' })
    expect(await scanned).toBe('ton://transfer/UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG')
    expect(sent('web_app_close_scan_qr_popup')).toHaveLength(1)
  })

  it('a scanner closed without a scan answers nothing', async () => {
    const scanned = firstValueFrom(telegram.scanQr('Scan an address'))
    await Promise.resolve()
    receive('scan_qr_popup_closed', {})
    expect(await scanned).toBeNull()
  })
})
