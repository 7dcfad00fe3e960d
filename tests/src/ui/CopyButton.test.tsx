// @vitest-environment happy-dom
import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type Observable, of, throwError } from 'rxjs'
import '../../../src/i18n'
import { CopyButton } from '../../../src/ui/CopyButton'
import { StoreProvider } from '../../../src/ui/store'
import { createStore } from '../../../streams/store'
import { appEpics } from '../../../streams/app/epics'
import { COPY_FEEDBACK_MS } from '../../../domain/app/copy'
import type { AppEvent, EventInput } from '../../../domain/events'
import { fakeDeps, fakeTelegram } from '../../streams/fakes'
import { renderApp } from '../render'
import { launch } from '../../domain/fixtures/events'
import en from '../../../locales/en.json'
import { useMountPoint } from '../render'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const mounted = useMountPoint()
beforeEach(() => {
  vi.useFakeTimers()
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

/**
 * The control in a live store: the app's epics write the clipboard through the (fake) Telegram
 * bridge and end the feedback on the scheduler's time, which the fake timers drive.
 */
async function press(
  element: React.ReactElement,
  writeClipboard: (text: string) => Observable<void> = () => of(undefined),
) {
  const telegram = { ...fakeTelegram(), writeClipboard }
  const store = createStore({ clock: { now: () => Date.now() } })
  const log: AppEvent[] = []
  store.events$.subscribe((e) => log.push(e))
  store.run(appEpics, fakeDeps({ telegram }))
  act(() => {
    mounted.root.render(<StoreProvider store={store}>{element}</StoreProvider>)
  })
  await act(async () => {
    mounted.container.querySelector('button')!.click()
    await Promise.resolve()
  })
  return {
    status: () => mounted.container.querySelector('[role=status]')?.textContent ?? null,
    log: () => log.map((e) => e.type),
  }
}

describe('copy control', () => {
  it('[wallet.22] [wallet.24] a copy says copied for 1000 ms, then goes back', async () => {
    const copied: string[] = []
    const { status, log } = await press(<CopyButton target="t" text="0xabc" />, (t) => (copied.push(t), of(undefined)))
    expect([status(), copied]).toEqual([en.copied, ['0xabc']])
    expect(COPY_FEEDBACK_MS).toBe(1000)
    act(() => {
      vi.advanceTimersByTime(999)
    })
    expect(status()).toBe(en.copied)
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(status()).toBeNull()
    expect(log()).toEqual(['app/copyRequested', 'app/copied', 'app/copyFeedbackExpired'])
  })

  it('[wallet.21] [wallet.25] with no text it says copy-error for 1 s, and writes nothing', async () => {
    const copied: string[] = []
    const { status } = await press(<CopyButton target="t" text="" />, (t) => (copied.push(t), of(undefined)))
    expect(status()).toBe(en['copy-error'])
    act(() => {
      vi.advanceTimersByTime(999)
    })
    expect(status()).toBe(en['copy-error'])
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(status()).toBeNull()
    expect(copied).toEqual([])
  })

  it('[wallet.23] an error while copying shows the generic message for 1 s', async () => {
    const { status, log } = await press(<CopyButton target="t" text="0xabc" />, () =>
      throwError(() => new Error('denied')),
    )
    expect(status()).toBe(en.wallet.copy.failed)
    expect(log()).toEqual(['app/copyRequested', 'app/copyFailed'])
    expect(console.warn).toHaveBeenCalledWith('clipboard write failed', new Error('denied'))
    act(() => {
      vi.advanceTimersByTime(999)
    })
    expect(status()).toBe(en.wallet.copy.failed)
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(status()).toBeNull()
  })

  it('[refill.11] copying an address when there is none says refill address copy fail for 1 s', async () => {
    const { status } = await press(<CopyButton target="t" text={null} failText={en['refill address copy fail']} />)
    expect(status()).toBe(en['refill address copy fail'])
    act(() => {
      vi.advanceTimersByTime(999)
    })
    expect(status()).toBe(en['refill address copy fail'])
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(status()).toBeNull()
  })

  it('[refill.12] a clipboard write failure on an address says refill address copy fail for 1 s', async () => {
    const { status } = await press(
      <CopyButton target="t" text="0xabc" failText={en['refill address copy fail']} />,
      () => throwError(() => new Error('denied')),
    )
    expect(status()).toBe(en['refill address copy fail'])
    act(() => {
      vi.advanceTimersByTime(999)
    })
    expect(status()).toBe(en['refill address copy fail'])
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(status()).toBeNull()
  })

  it('the feedback shows on the control tapped, not on another one', async () => {
    const { status } = await press(
      <>
        <CopyButton target="first" text="0xabc" />
        <CopyButton target="second" text="0xdef" />
      </>,
    )
    expect(status()).toBe(en.copied)
    expect(mounted.container.querySelectorAll('[role=status]')).toHaveLength(1)
    expect(mounted.container.querySelectorAll('button')[0].textContent).toBe(en.copied)
  })
})

describe('copy feedback in a replay', () => {
  const wallets = [
    {
      accountIndex: 0,
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
      tonUnbouncableAddress: 'UQ' + 'A'.repeat(46),
      totalBalanceUsd: 0,
    },
  ]
  const drawer: EventInput[] = [
    { type: 'app/launched', payload: launch() },
    { type: 'wallet/walletsReceived', payload: { wallets } },
    { type: 'wallet/depositOpened', payload: {} },
    { type: 'app/copyRequested', payload: { target: 'deposit-sheet/evm', text: wallets[0].address } },
    { type: 'app/copied', payload: { target: 'deposit-sheet/evm' } },
  ]

  it('a log folded with no effect running shows the feedback the user saw, on the control they tapped, until it expired', () => {
    vi.useRealTimers()
    const app = renderApp(drawer)
    const statuses = () =>
      [...app.container.ownerDocument.querySelectorAll('[role=status]')].map((s) => [
        s.closest('button')?.getAttribute('aria-label'),
        s.textContent,
      ])
    expect(statuses()).toEqual([['Copy EVM address', en.copied]])
    app.dispatch({ type: 'app/copyFeedbackExpired', payload: { target: 'deposit-sheet/evm' } })
    expect(statuses()).toEqual([])
    app.unmount()
  })
})
