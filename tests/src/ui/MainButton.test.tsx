// @vitest-environment happy-dom
/** The primary action: Telegram's main button when Telegram offers one, the page's own otherwise. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { MainButton, SecondaryButton, TelegramControlsContext } from '../../../src/ui/MainButton'
import type { ButtonParams, ButtonPort, TelegramControls } from '../../../streams/telegram/controls'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

function fakePort() {
  const shown: (ButtonParams | null)[] = []
  const listeners = new Set<() => void>()
  const port: ButtonPort = {
    set: (p) => void shown.push(p),
    onPress: (l) => (listeners.add(l), () => void listeners.delete(l)),
  }
  return { port, shown, press: () => act(() => listeners.forEach((l) => l())), listeners }
}

let container: HTMLDivElement
afterEach(() => container?.remove())
function render(ui: React.ReactNode, controls?: TelegramControls) {
  container = document.createElement('div')
  document.body.appendChild(container)
  const root = createRoot(container)
  act(() =>
    root.render(
      controls ? <TelegramControlsContext.Provider value={controls}>{ui}</TelegramControlsContext.Provider> : ui,
    ),
  )
  return root
}

describe('MainButton', () => {
  it('inside Telegram: drives the main button (text, enabled, spinner), presses call the latest action, unmount hides it', () => {
    const main = fakePort()
    const secondary = fakePort()
    const onPress = vi.fn()
    let setBusy: (b: boolean) => void = () => {}
    function Screen() {
      const [busy, set] = useState(false)
      setBusy = set
      return <MainButton text="Send" onPress={onPress} loading={busy} />
    }
    const root = render(<Screen />, { native: true, main: main.port, secondary: secondary.port })
    expect(container.querySelector('button')).toBeNull()
    expect(main.shown).toEqual([{ text: 'Send', enabled: true, loading: false, tone: 'primary' }])
    main.press()
    expect(onPress).toHaveBeenCalledTimes(1)
    act(() => setBusy(true))
    expect(main.shown.at(-1)).toEqual({ text: 'Send', enabled: true, loading: true, tone: 'primary' })
    main.press() // a press while the request runs does nothing
    expect(onPress).toHaveBeenCalledTimes(1)
    act(() => root.unmount())
    expect(main.shown.at(-1)).toBeNull()
    expect(main.listeners.size).toBe(0)
    expect(secondary.shown).toEqual([])
  })

  it('a disabled action is shown disabled and its presses do nothing', () => {
    const main = fakePort()
    const onPress = vi.fn()
    render(<MainButton text="Continue" onPress={onPress} disabled />, {
      native: true,
      main: main.port,
      secondary: fakePort().port,
    })
    expect(main.shown).toEqual([{ text: 'Continue', enabled: false, loading: false, tone: 'primary' }])
    main.press()
    expect(onPress).not.toHaveBeenCalled()
  })

  it('outside Telegram: the page draws the same control, pinned to the bottom', () => {
    const onPress = vi.fn()
    render(
      <>
        <MainButton text="Start copy trade" onPress={onPress} />
        <SecondaryButton text="Cancel" onPress={() => {}} />
      </>,
    )
    const buttons = [...container.querySelectorAll('.main-action button')]
    expect(buttons.map((b) => b.textContent)).toEqual(['Start copy trade', 'Cancel'])
    act(() => (buttons[0] as HTMLButtonElement).click())
    expect(onPress).toHaveBeenCalledTimes(1)
  })

  it('with the same texts, states and progress: a disabled action is disabled, a running one shows the spinner and takes no tap', () => {
    const onPress = vi.fn()
    const root = render(<MainButton text="Claim" onPress={onPress} disabled />)
    const button = () => container.querySelector('.main-action button') as HTMLButtonElement
    expect(button().disabled).toBe(true)
    act(() => root.render(<MainButton text="Claim" onPress={onPress} loading />))
    expect(button().disabled).toBe(true)
    expect(button().getAttribute('aria-busy')).toBe('true')
    expect(button().querySelector('svg')).not.toBeNull()
    act(() => button().click())
    expect(onPress).not.toHaveBeenCalled()
  })

  it("a Telegram client without the secondary button: Telegram's main button, the page's secondary one", () => {
    const main = fakePort()
    const secondary = fakePort()
    const onSecondary = vi.fn()
    render(
      <>
        <MainButton text="Stake" onPress={() => {}} />
        <SecondaryButton text="My deposits" onPress={onSecondary} />
      </>,
      { native: true, secondaryNative: false, main: main.port, secondary: secondary.port },
    )
    expect(main.shown.at(-1)).toMatchObject({ text: 'Stake' })
    expect(secondary.shown).toEqual([])
    const drawn = [...container.querySelectorAll('.main-action button')]
    expect(drawn.map((b) => b.textContent)).toEqual(['My deposits'])
    act(() => (drawn[0] as HTMLButtonElement).click())
    expect(onSecondary).toHaveBeenCalledTimes(1)
  })
})
