// @vitest-environment happy-dom
/**
 * The send form's recipient field: Paste beside its label, a clear button once it holds text, and
 * Telegram's QR scanner only where a Telegram host has one (iOS, Android); what they bring fills
 * the field, or says under it that it held no address.
 */
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { renderApp } from '../render'
import { launch } from '../../domain/fixtures/events'
import type { EventInput } from '../../../domain/events'
import type { LaunchPayload } from '../../../domain/app/events'

let app: ReturnType<typeof renderApp> | null = null
afterEach(() => {
  app?.unmount()
  app = null
})
beforeAll(async () => {
  await import('../../../src/send/Send')
})

const USDT = {
  address: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9',
  chainId: 42161 as const,
  decimals: 6,
  logoURI: '',
  name: 'Tether',
  symbol: 'USDT',
}
const BOB = '0x52908400098527886E0F7030069857D2E4169EE7'

async function openForm(over: Partial<LaunchPayload> = {}, language = 'en') {
  const events: EventInput[] = [
    {
      type: 'app/launched',
      payload: launch({ user: { id: 1000001, firstName: 'Demo', languageCode: language }, ...over }),
    },
    { type: 'send/started', payload: {} },
    { type: 'picker/tokenPicked', payload: { purpose: 'send', token: USDT } },
    { type: 'app/navigated', payload: { to: '/send/info' } },
  ]
  app = renderApp(events)
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0))
  })
  return app
}
const field = () => document.getElementById('send-to') as HTMLInputElement
const named = (name: string) => app!.container.querySelector(`button[aria-label="${name}"]`) as HTMLButtonElement | null
const fieldError = () => document.getElementById('send-to-error')?.textContent

describe('the recipient field', () => {
  it('Paste beside the label reads the clipboard; the address it brings fills the field, which a clear button empties', async () => {
    await openForm({ telegramHost: false })
    expect(document.querySelector('label[for="send-to"]')?.textContent).toBe('Recipient address')
    expect(document.querySelector('label[for="send-to"]')?.parentElement?.contains(app!.button('Paste'))).toBe(true)
    expect(named('Clear the address')).toBeNull()
    app!.click(app!.button('Paste'))
    expect(app!.dispatched.at(-1)).toMatchObject({ type: 'send/pasteRequested' })
    app!.dispatch({ type: 'send/addressRead', payload: { source: 'clipboard', address: BOB } })
    expect(field().value).toBe(BOB)
    app!.click(named('Clear the address'))
    expect(field().value).toBe('')
    expect(named('Clear the address')).toBeNull()
  })

  it('a clipboard with no address, or one that cannot be read, says so under the field', async () => {
    await openForm({ telegramHost: false })
    app!.dispatch({ type: 'send/addressRead', payload: { source: 'clipboard', address: null } })
    expect(fieldError()).toBe('The clipboard holds no address')
    expect(field().getAttribute('aria-describedby')).toBe('send-to-error')
    app!.dispatch({ type: 'send/addressReadFailed', payload: { source: 'clipboard', reason: 'denied' } })
    expect(fieldError()).toBe('The clipboard could not be read: allow the app to read it, or type the address')
  })

  it("Telegram's QR scanner on its phones only, with its caption; a code with no address says so", async () => {
    await openForm({ telegramHost: true, platform: 'ios' })
    app!.click(named('Scan a QR code'))
    expect(app!.dispatched.at(-1)).toMatchObject({
      type: 'send/scanRequested',
      payload: { caption: "Scan the recipient's QR code" },
    })
    app!.dispatch({ type: 'send/addressRead', payload: { source: 'scanner', address: null } })
    expect(fieldError()).toBe('This QR code holds no address')
    app!.unmount()
    for (const over of [
      { telegramHost: true, platform: 'tdesktop' },
      { telegramHost: false, platform: 'ios' },
      { telegramHost: true, platform: 'weba' },
    ]) {
      await openForm(over)
      expect(named('Scan a QR code'), JSON.stringify(over)).toBeNull()
      expect(app!.button('Paste')).not.toBeNull()
      app!.unmount()
      app = null
    }
  })

  it('in Russian', async () => {
    await openForm({ telegramHost: true, platform: 'android' }, 'ru')
    expect(app!.button('Вставить')).not.toBeNull()
    expect(named('Сканировать QR-код')).not.toBeNull()
    app!.dispatch({ type: 'send/addressRead', payload: { source: 'scanner', address: null } })
    expect(fieldError()).toBe('В этом QR-коде нет адреса')
  })
})
