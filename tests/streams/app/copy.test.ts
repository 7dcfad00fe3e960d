/** Copy controls on virtual time: the clipboard write and its answer, and the 1000 ms feedback. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { marbles } from '../marbles'
import { NEVER, type Observable, of } from 'rxjs'
import { CLIPBOARD_WRITE_TIMEOUT_MS, copyEpic, copyFeedbackEpic } from '../../../streams/app/copy'
import { appEpics } from '../../../streams/app/epics'
import { createStore } from '../../../streams/store'
import { COPY_FEEDBACK_MS } from '../../../domain/app/copy'
import type { AppEvent, EventInput } from '../../../domain/events'
import { fakeDeps, fakeTelegram, storeHarness } from '../fakes'
const copy = (target: string, text: string): EventInput => ({ type: 'app/copyRequested', payload: { target, text } })
const copied = (target: string): EventInput => ({ type: 'app/copied', payload: { target } })
const expired = (target: string): EventInput => ({ type: 'app/copyFeedbackExpired', payload: { target } })
const telegramWith = (writeClipboard: (text: string) => Observable<void>) => ({ ...fakeTelegram(), writeClipboard })

beforeEach(() => void vi.spyOn(console, 'warn').mockImplementation(() => {}))
afterEach(() => vi.restoreAllMocks())

describe('copy epic', () => {
  it(
    'a text goes to the clipboard through the Telegram bridge, then copied',
    marbles((m) => {
      const written: string[] = []
      const telegram = telegramWith((text) => (written.push(text), m.cold('20ms (a|)', { a: undefined })))
      const h = storeHarness([])
      const out = copyEpic()(
        h.feed(m.hot('a', { a: copy('deposit-sheet/evm', '0xabc') })),
        h.state$,
        fakeDeps({ telegram }),
      )
      m.expect(out).toBeObservable('20ms c', { c: copied('deposit-sheet/evm') })
      m.flush()
      expect(written).toEqual(['0xabc'])
    }),
  )

  it(
    'a refused write is copyFailed with the reason, and the epic goes on',
    marbles((m) => {
      let n = 0
      const telegram = telegramWith(() =>
        n++ === 0 ? m.cold('5ms #', undefined, new Error('denied')) : m.cold('5ms (a|)', { a: undefined }),
      )
      const h = storeHarness([])
      const out = copyEpic()(
        h.feed(m.hot('a 99ms b', { a: copy('x', '1'), b: copy('x', '2') })),
        h.state$,
        fakeDeps({ telegram }),
      )
      m.expect(out).toBeObservable('5ms f 99ms c', {
        f: { type: 'app/copyFailed', payload: { target: 'x', reason: 'denied' } },
        c: copied('x'),
      })
    }),
  )

  it(
    `a clipboard that does not answer in ${CLIPBOARD_WRITE_TIMEOUT_MS} ms has failed`,
    marbles((m) => {
      const h = storeHarness([])
      const telegram = telegramWith(() => NEVER)
      const out = copyEpic()(h.feed(m.hot('a', { a: copy('x', '1') })), h.state$, fakeDeps({ telegram }))
      m.expect(out).toBeObservable(`${CLIPBOARD_WRITE_TIMEOUT_MS}ms f`, {
        f: { type: 'app/copyFailed', payload: { target: 'x', reason: 'Timeout has occurred' } },
      })
    }),
  )

  it(
    'nothing to copy writes nothing',
    marbles((m) => {
      const written: string[] = []
      const telegram = telegramWith((text) => (written.push(text), of(undefined)))
      const h = storeHarness([])
      m.expect(copyEpic()(h.feed(m.hot('a', { a: copy('x', '') })), h.state$, fakeDeps({ telegram }))).toBeObservable(
        '',
      )
      expect(written).toEqual([])
    }),
  )

  it(
    'taps are answered in the order made',
    marbles((m) => {
      const telegram = telegramWith((text) => m.cold(text === 'slow' ? '50ms (a|)' : '1ms (a|)', { a: undefined }))
      const h = storeHarness([])
      const out = copyEpic()(
        h.feed(m.hot('a 9ms b', { a: copy('first', 'slow'), b: copy('second', 'fast') })),
        h.state$,
        fakeDeps({ telegram }),
      )
      m.expect(out).toBeObservable('50ms a b', { a: copied('first'), b: copied('second') })
    }),
  )
})

describe('copy feedback epic', () => {
  it(
    `[wallet.24] feedback ends ${COPY_FEEDBACK_MS} ms after it shows`,
    marbles((m) => {
      const h = storeHarness([])
      h.feed(m.hot('a', { a: copied('x') })).subscribe()
      m.expect(copyFeedbackEpic()(h.feed(m.hot('')), h.state$, fakeDeps()), '^ 5000ms !').toBeObservable('1000ms e', {
        e: expired('x'),
      })
      expect(COPY_FEEDBACK_MS).toBe(1000)
    }),
  )

  it(
    'the nothing-to-copy feedback ends after 1000 ms as well',
    marbles((m) => {
      const h = storeHarness([])
      h.feed(m.hot('-a', { a: copy('x', '') })).subscribe()
      m.expect(copyFeedbackEpic()(h.feed(m.hot('')), h.state$, fakeDeps()), '^ 5000ms !').toBeObservable('1001ms e', {
        e: expired('x'),
      })
    }),
  )

  it(
    'a newer feedback restarts the time: one expiry, 1000 ms after the last',
    marbles((m) => {
      const h = storeHarness([])
      h.feed(m.hot('a 599ms b', { a: copied('ton'), b: copied('evm') })).subscribe()
      m.expect(copyFeedbackEpic()(h.feed(m.hot('')), h.state$, fakeDeps()), '^ 5000ms !').toBeObservable('1600ms e', {
        e: expired('evm'),
      })
    }),
  )

  it(
    'feedback already showing when effects start (resumed after time travel) still ends',
    marbles((m) => {
      const h = storeHarness([copied('x')])
      m.expect(copyFeedbackEpic()(h.feed(m.hot('')), h.state$, fakeDeps()), '^ 5000ms !').toBeObservable('1000ms e', {
        e: expired('x'),
      })
    }),
  )
})

describe('copy, end to end in a store', () => {
  it(
    '[wallet.24] a tap, the clipboard answer and the expiry 1000 ms later are all in the log',
    marbles((m) => {
      const store = createStore({ clock: { now: () => m.scheduler.now() } })
      const log: AppEvent[] = []
      store.events$.subscribe((e) => log.push(e))
      store.run(appEpics, fakeDeps({ scheduler: m.scheduler }))
      m.scheduler.schedule(() => store.dispatch(copy('report/ticket', 'SW-7KQ2M9XP')), 10)
      m.scheduler.flush()
      expect(log.map((e) => [e.at, e.type])).toEqual([
        [10, 'app/copyRequested'],
        [10, 'app/copied'],
        [1010, 'app/copyFeedbackExpired'],
      ])
      expect(store.getState().app.copyFeedback).toBeNull()
    }),
  )
})
