/** The app behaves as a Telegram client: closing asks while money moves, list screens keep swipes, choices tick. */
import { describe, expect, it } from 'vitest'
import { feelEpics } from '../../../streams/app/feel'
import { createStore } from '../../../streams/store'
import type { EventInput } from '../../../domain/events'
import { launch } from '../../domain/fixtures/events'
import { fakeDeps, fakeTelegram } from '../fakes'

function start() {
  const store = createStore({ clock: { now: () => 0 } })
  const telegram = fakeTelegram()
  store.dispatch({ type: 'app/launched', payload: launch() })
  store.run(feelEpics, fakeDeps({ telegram }))
  const calls = (prefix: string) => telegram.calls.filter((c) => c.startsWith(prefix))
  return { store, telegram, calls, dispatch: (...events: EventInput[]) => events.forEach((e) => store.dispatch(e)) }
}

describe('closing confirmation', () => {
  it('is on while a swap is tapped or executing, off when it ends; once per change', () => {
    const { dispatch, calls } = start()
    expect(calls('closingConfirmation')).toEqual(['closingConfirmation:false'])
    dispatch({ type: 'swap/executionStarted', payload: { idempotencyKey: 'k' } })
    expect(calls('closingConfirmation')).toEqual(['closingConfirmation:false', 'closingConfirmation:true'])
    dispatch({ type: 'app/navigated', payload: { to: '/confirmSwap' } })
    dispatch({ type: 'swap/executionFailed', payload: { error: { kind: 'network', message: 'offline' } } })
    expect(calls('closingConfirmation')).toEqual([
      'closingConfirmation:false',
      'closingConfirmation:true',
      'closingConfirmation:false',
    ])
  })

  it('is on while a copy trade stop runs', () => {
    const { dispatch, calls } = start()
    dispatch({ type: 'copyTrade/stopConfirmed', payload: { id: 't1' } })
    expect(calls('closingConfirmation').at(-1)).toBe('closingConfirmation:true')
    dispatch({ type: 'copyTrade/stopped', payload: { id: 't1' } })
    expect(calls('closingConfirmation').at(-1)).toBe('closingConfirmation:false')
  })
})

describe('vertical swipes', () => {
  it('are off on screens that scroll a list and on again elsewhere', () => {
    const { dispatch, calls } = start()
    expect(calls('verticalSwipes')).toEqual(['verticalSwipes:false']) // the home scrolls its history
    dispatch({ type: 'app/navigated', payload: { to: '/swap' } })
    dispatch({ type: 'app/navigated', payload: { to: '/selectNetwork/to' } })
    dispatch({ type: 'app/navigated', payload: { to: '/send/info' } })
    expect(calls('verticalSwipes')).toEqual([
      'verticalSwipes:false',
      'verticalSwipes:true',
      'verticalSwipes:false',
      'verticalSwipes:true',
    ])
  })
})

describe('selection haptics', () => {
  it('a choice in a picker or a toggle ticks; other events do not', () => {
    const { dispatch, calls } = start()
    dispatch(
      { type: 'swap/flipped', payload: {} },
      { type: 'wallet/walletSelected', payload: { accountIndex: 1 } },
      { type: 'app/navigated', payload: { to: '/swap' } },
    )
    expect(calls('hapticSelection')).toHaveLength(2)
  })
})

describe('the theme', () => {
  const dark = { bg_color: '#17212b', secondary_bg_color: '#0e1621', text_color: '#f5f5f5' }
  it("Telegram's theme_changed enters the log with its scheme, and restyles the page and Telegram's chrome at once", () => {
    const store = createStore({ clock: { now: () => 0 } })
    const telegram = fakeTelegram()
    let changeTheme: (theme: Record<string, string>) => void = () => {}
    telegram.onThemeChanged = (listener) => ((changeTheme = listener), () => {})
    store.run(feelEpics, fakeDeps({ telegram }))
    store.dispatch({
      type: 'app/launched',
      payload: { ...launch(), theme: { bg_color: '#ffffff', secondary_bg_color: '#efeff4' } },
    })
    expect(telegram.calls.filter((c) => c.startsWith('applyTheme'))).toEqual(['applyTheme:#efeff4'])
    expect(store.getState().app.colorScheme).toBe('light')
    changeTheme(dark)
    expect(store.getState().app.colorScheme).toBe('dark')
    expect(telegram.calls.filter((c) => c.startsWith('applyTheme'))).toEqual([
      'applyTheme:#efeff4',
      'applyTheme:#0e1621',
    ])
  })
})
