/**
 * Whether a Telegram host is around the page (streams/telegram/host.ts): decided by a host that
 * answers, never by launch data. The mobile and desktop clients' webview proxy and the Windows
 * Phone client's notify are hosts at once; a parent frame is one only if it answers the protocol's
 * theme request as Telegram's web clients do; a plain page, or a frame that does not answer, is not.
 */
import { describe, expect, it } from 'vitest'
import {
  HOST_ANSWER_MS,
  type HostWindow,
  TELEGRAM_WEB_ORIGIN,
  telegramHostAnswers,
} from '../../../streams/telegram/host'

type Listener = (e: { source: unknown; data: unknown }) => void

/** A window stand-in: its parent (itself unless framed), its message listeners and timers. */
function fakeWindow(
  o: {
    proxy?: unknown
    external?: unknown
    framed?: (question: { message: string; origin: string }, answer: (data: unknown, from?: unknown) => void) => void
  } = {},
) {
  const listeners = new Set<Listener>()
  const timers: (() => void)[] = []
  const posted: { message: string; origin: string }[] = []
  const w = {
    TelegramWebviewProxy: o.proxy,
    external: o.external,
    self: undefined as unknown,
    parent: undefined as unknown,
    addEventListener: (_: 'message', l: Listener) => void listeners.add(l),
    removeEventListener: (_: 'message', l: Listener) => void listeners.delete(l),
    setTimeout: (fn: () => void) => timers.push(fn),
    clearTimeout: () => {},
  }
  w.self = w
  const answer = (data: unknown, from: unknown = w.parent) => listeners.forEach((l) => l({ source: from, data }))
  w.parent = o.framed
    ? {
        postMessage: (message: string, origin: string) => {
          posted.push({ message, origin })
          o.framed?.({ message, origin }, answer)
        },
      }
    : w
  return { w: w as HostWindow, posted, listeners, timeOut: () => timers.forEach((t) => t()) }
}

describe('whether a Telegram host is around the page', () => {
  it("the mobile and desktop clients' webview proxy, and Windows Phone's notify, are hosts at once", async () => {
    expect(await telegramHostAnswers(fakeWindow({ proxy: { postEvent: () => {} } }).w)).toBe(true)
    expect(await telegramHostAnswers(fakeWindow({ external: { notify: () => {} } }).w)).toBe(true)
    // a browser's own window.external has no notify; a proxy without postEvent speaks nothing
    expect(await telegramHostAnswers(fakeWindow({ external: { AddSearchProvider: () => {} } }).w)).toBe(false)
    expect(await telegramHostAnswers(fakeWindow({ proxy: {} }).w)).toBe(false)
  })

  it('a plain page, with launch data or without, is no host: nothing is asked and nothing waited for', async () => {
    const page = fakeWindow()
    expect(await telegramHostAnswers(page.w)).toBe(false)
    expect(page.posted).toEqual([])
  })

  it("a parent frame that answers the theme request, as Telegram's web clients do, is a host", async () => {
    const framed = fakeWindow({
      framed: (_q, answer) =>
        answer(JSON.stringify({ eventType: 'theme_changed', eventData: { theme_params: { bg_color: '#ffffff' } } })),
    })
    expect(await telegramHostAnswers(framed.w)).toBe(true)
    expect(framed.posted).toEqual([
      { message: JSON.stringify({ eventType: 'web_app_request_theme', eventData: {} }), origin: TELEGRAM_WEB_ORIGIN },
    ])
    expect(framed.listeners.size).toBe(0)
  })

  it('a parent frame that never answers (a page embedding the app) is no host once the wait is over', async () => {
    const silent = fakeWindow({ framed: () => {} })
    const decided = telegramHostAnswers(silent.w)
    silent.timeOut()
    expect(await decided).toBe(false)
    expect(silent.listeners.size).toBe(0)
    expect(HOST_ANSWER_MS).toBeLessThanOrEqual(300)
  })

  it('another answer, or one from another window, does not count', async () => {
    const other = fakeWindow({
      framed: (_q, answer) => {
        answer(JSON.stringify({ eventType: 'viewport_changed', eventData: {} }))
        answer('not json')
        answer({ eventType: 'theme_changed' }, { someone: 'else' })
      },
    })
    const decided = telegramHostAnswers(other.w)
    other.timeOut()
    expect(await decided).toBe(false)
  })
})
