/**
 * Paste and Telegram's QR scanner beside the send form's address field: what they bring enters the
 * log as the address it holds (or that it held none), never as the text itself; a clipboard that
 * cannot be read or a scanner that cannot open says so; a scanner closed without a scan says
 * nothing; one read and one scanner at a time.
 */
import { describe, expect, it } from 'vitest'
import { marbles } from '../marbles'
import { BehaviorSubject, type Observable } from 'rxjs'
import { addressReadEpic } from '../../../streams/send/epics'
import type { StateObservable } from '../../../streams/store'
import { initialState } from '../../../domain/state'
import type { AppEvent } from '../../../domain/events'
import { fakeDeps, fakeTelegram } from '../fakes'

const e = (type: AppEvent['type'], payload: object = {}): AppEvent => ({ seq: 0, at: 0, type, payload }) as AppEvent
const state$ = new BehaviorSubject(initialState) as unknown as StateObservable
const TON = 'UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG'
const EVM = '0x52908400098527886E0F7030069857D2E4169EE7'

describe('Paste beside the address field', () => {
  it(
    'reads the clipboard once per tap burst and brings its address, or none, never the text',
    marbles((m) => {
      const texts = ['  ' + TON + '\n', 'my seed phrase words', `ethereum:${EVM}@42161`]
      let reads = 0
      const telegram = { ...fakeTelegram(), readClipboard: () => m.cold('--(a|)', { a: texts[reads++] }) }
      const events = m.hot('a b ---- c ---- d', {
        a: e('send/pasteRequested'),
        b: e('send/pasteRequested'),
        c: e('send/pasteRequested'),
        d: e('send/pasteRequested'),
      })
      m.expect(addressReadEpic(events as Observable<AppEvent>, state$, fakeDeps({ telegram }))).toBeObservable(
        '--a 5ms b 4ms c',
        {
          a: { type: 'send/addressRead', payload: { source: 'clipboard', address: TON } },
          b: { type: 'send/addressRead', payload: { source: 'clipboard', address: null } },
          c: { type: 'send/addressRead', payload: { source: 'clipboard', address: EVM } },
        },
      )
    }),
  )

  it(
    'a clipboard that cannot be read says so, and Paste works again after',
    marbles((m) => {
      let reads = 0
      const telegram = {
        ...fakeTelegram(),
        readClipboard: () =>
          reads++ === 0 ? m.cold('-#', {}, new Error('no clipboard answer')) : m.cold('-(a|)', { a: TON }),
      }
      const events = m.hot('a --- b', { a: e('send/pasteRequested'), b: e('send/pasteRequested') })
      m.expect(addressReadEpic(events as Observable<AppEvent>, state$, fakeDeps({ telegram }))).toBeObservable(
        '-a --- b',
        {
          a: { type: 'send/addressReadFailed', payload: { source: 'clipboard', reason: 'no clipboard answer' } },
          b: { type: 'send/addressRead', payload: { source: 'clipboard', address: TON } },
        },
      )
    }),
  )
})

describe("Telegram's QR scanner beside the address field", () => {
  it("opens with the screen's caption; the scanned link's address comes back; closed without a scan, nothing", () => {
    const captions: string[] = []
    marbles((m) => {
      const answers = [`ton://transfer/${TON}?amount=1000000000`, null]
      const telegram = {
        ...fakeTelegram(),
        scanQr: (caption: string) => (captions.push(caption), m.cold('---(a|)', { a: answers[captions.length - 1] })),
      }
      const events = m.hot('a b ------ c', {
        a: e('send/scanRequested', { caption: 'Scan an address' }),
        b: e('send/scanRequested', { caption: 'again' }),
        c: e('send/scanRequested', { caption: 'Scan an address' }),
      })
      m.expect(addressReadEpic(events as Observable<AppEvent>, state$, fakeDeps({ telegram }))).toBeObservable('---a', {
        a: { type: 'send/addressRead', payload: { source: 'scanner', address: TON } },
      })
    })()
    // the second tap came while the scanner was open: it opened nothing
    expect(captions).toEqual(['Scan an address', 'Scan an address'])
  })

  it(
    'Paste while the scanner is open reads nothing',
    marbles((m) => {
      let reads = 0
      const telegram = {
        ...fakeTelegram(),
        scanQr: () => m.cold('----(a|)', { a: EVM }),
        readClipboard: () => (reads++, m.cold('(a|)', { a: TON })),
      }
      const events = m.hot('a-b', {
        a: e('send/scanRequested', { caption: 'Scan an address' }),
        b: e('send/pasteRequested'),
      })
      m.expect(addressReadEpic(events as Observable<AppEvent>, state$, fakeDeps({ telegram }))).toBeObservable(
        '----a',
        {
          a: { type: 'send/addressRead', payload: { source: 'scanner', address: EVM } },
        },
      )
      m.flush()
      expect(reads).toBe(0)
    }),
  )

  it(
    'a scanner that cannot open says so',
    marbles((m) => {
      const telegram = { ...fakeTelegram(), scanQr: () => m.cold('#', {}, new Error('no QR scanner here')) }
      const events = m.hot('a', { a: e('send/scanRequested', { caption: 'Scan an address' }) })
      m.expect(addressReadEpic(events as Observable<AppEvent>, state$, fakeDeps({ telegram }))).toBeObservable('a', {
        a: { type: 'send/addressReadFailed', payload: { source: 'scanner', reason: 'no QR scanner here' } },
      })
    }),
  )
})
