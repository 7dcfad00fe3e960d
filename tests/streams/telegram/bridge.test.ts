// @vitest-environment happy-dom
/**
 * The bridge where no Telegram host answered (the demo in a plain browser, which carries launch
 * data all the same): Telegram's SDK is never touched, so nothing warns that it is unavailable, and
 * each call has the page's counterpart: the page's own popups, the browser's clipboard, cloud
 * storage kept in local storage, the browser asking before the page closes.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { firstValueFrom, lastValueFrom } from 'rxjs'
import { createTelegramBridge } from '../../../streams/telegram/bridge'
import { type OpenPopup, createPagePopups } from '../../../streams/telegram/pagePopups'

const INIT_DATA = 'user=%7B%22id%22%3A1%2C%22first_name%22%3A%22A%22%7D&auth_date=1&hash=h&signature=s'

afterEach(() => {
  vi.restoreAllMocks()
  localStorage.clear()
})

describe('the bridge without a Telegram host', () => {
  it("never calls Telegram: every call has the page's counterpart or does nothing, and nothing warns", async () => {
    const warned = vi.spyOn(console, 'warn')
    const opened = vi.spyOn(window, 'open').mockImplementation(() => null)
    const telegram = createTelegramBridge(INIT_DATA, { telegramHost: false, popups: createPagePopups() })
    telegram.hapticSuccess()
    telegram.hapticImpact('light')
    telegram.hapticSelection()
    telegram.close()
    telegram.showBackButton(true)
    telegram.onBackButton(() => {})()
    telegram.setVerticalSwipes(false)
    telegram.onThemeChanged(() => {})()
    telegram.applyTheme({ bg_color: '#000000', secondary_bg_color: '#111111' })
    telegram.openLink('https://example.org/')
    telegram.openTelegramLink('https://t.me/switch')
    telegram.shareLink('https://t.me/bot?startapp=ref-1', 'Join')
    expect(opened.mock.calls.map((c) => c[0])).toEqual([
      'https://example.org/',
      'https://t.me/switch',
      'https://t.me/share/url?url=https%3A%2F%2Ft.me%2Fbot%3Fstartapp%3Dref-1&text=Join',
    ])
    expect(document.documentElement.dataset.scheme).toBe('dark')
    expect(warned).not.toHaveBeenCalled()
  })

  it("asks with the page's own popup, never the browser's dialog, and answers what was tapped", async () => {
    const browserDialog = vi.fn(() => true)
    window.confirm = browserDialog
    const popups = createPagePopups()
    const shown: (string | null)[] = []
    popups.current$.subscribe((p) => shown.push(p?.prompt.message ?? null))
    const telegram = createTelegramBridge(INIT_DATA, { telegramHost: false, popups })
    const answer = firstValueFrom(
      telegram.confirm({ message: 'Leave the alliance?', ok: 'Leave', cancel: 'Cancel', destructive: true }),
    )
    expect(shown).toEqual([null, 'Leave the alliance?'])
    let current: OpenPopup | null = null
    popups.current$.subscribe((p) => (current = p)).unsubscribe()
    ;(current as OpenPopup | null)?.answer(true)
    expect(await answer).toBe(true)
    expect(shown.at(-1)).toBeNull()
    expect(browserDialog).not.toHaveBeenCalled()
  })

  it("by default asks with the page's shared popups, the ones the page draws", async () => {
    const { pagePopups } = await import('../../../streams/telegram/pagePopups')
    const telegram = createTelegramBridge(INIT_DATA, { telegramHost: false })
    const answer = firstValueFrom(telegram.confirm({ message: 'Stop copying?', ok: 'Stop', cancel: 'Cancel' }))
    let current: OpenPopup | null = null
    await vi.waitFor(() => {
      pagePopups.current$.subscribe((p) => (current = p)).unsubscribe()
      expect((current as OpenPopup | null)?.prompt.message).toBe('Stop copying?')
    })
    ;(current as OpenPopup | null)?.answer(false)
    expect(await answer).toBe(false)
  })

  it("reads the clipboard with the browser's clipboard API", async () => {
    const read = vi.fn(async () => 'UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG')
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ readText: read } as unknown as Clipboard)
    const telegram = createTelegramBridge(INIT_DATA, { telegramHost: false })
    expect(await firstValueFrom(telegram.readClipboard())).toBe('UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG')
    expect(read).toHaveBeenCalledTimes(1)
  })

  it("keeps what Telegram's cloud storage would in local storage, so it outlives a reload", async () => {
    const telegram = createTelegramBridge(INIT_DATA, { telegramHost: false })
    expect(await firstValueFrom(telegram.cloudGet('banners'))).toBeNull()
    await lastValueFrom(telegram.cloudSet('banners', '{"current":"sniping"}'))
    const again = createTelegramBridge(INIT_DATA, { telegramHost: false })
    expect(await firstValueFrom(again.cloudGet('banners'))).toBe('{"current":"sniping"}')
  })

  it('has no QR scanner', async () => {
    const telegram = createTelegramBridge(INIT_DATA, { telegramHost: false })
    await expect(firstValueFrom(telegram.scanQr('Scan an address'))).rejects.toThrow('no QR scanner')
  })

  it('asks the browser to confirm leaving the page while money is in flight, and stops asking after', () => {
    const telegram = createTelegramBridge(INIT_DATA, { telegramHost: false })
    const leave = () => {
      const e = new Event('beforeunload', { cancelable: true })
      window.dispatchEvent(e)
      return e.defaultPrevented
    }
    telegram.setClosingConfirmation(true)
    expect(leave()).toBe(true)
    telegram.setClosingConfirmation(false)
    expect(leave()).toBe(false)
  })
})
