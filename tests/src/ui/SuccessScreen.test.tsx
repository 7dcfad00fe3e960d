// @vitest-environment happy-dom
/** The one success screen of send, swap, copy trade (and the game half's claims and stakes). */
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { SuccessScreen } from '../../../src/ui/SuccessScreen'
import { TelegramControlsContext } from '../../../src/ui/MainButton'
import type { ButtonParams, ButtonPort } from '../../../streams/telegram/controls'
import { useMountPoint } from '../render'

const mounted = useMountPoint()

function fakePort() {
  const shown: (ButtonParams | null)[] = []
  const listeners = new Set<() => void>()
  const port: ButtonPort = {
    set: (p) => void shown.push(p),
    onPress: (l) => (listeners.add(l), () => void listeners.delete(l)),
  }
  return { port, shown, press: () => act(() => listeners.forEach((l) => l())) }
}

describe('SuccessScreen', () => {
  it('the ring and its check, the title, the figure and the detail, announced as one status; links under them', () => {
    const details = vi.fn()
    act(() =>
      mounted.root.render(
        <SuccessScreen
          title="Sent"
          figure="1,234.5 USDT"
          detail="On its way to 0x5290...9EE7"
          primary={{ text: 'Done', onPress: () => {} }}
          links={[{ text: 'View details', onPress: details }]}
        />,
      ),
    )
    const status = mounted.container.querySelector('[role=status]')!
    expect(status.querySelector('svg.success-graphic .success-graphic__ring')).not.toBeNull()
    expect(status.querySelector('svg.success-graphic .success-graphic__check')).not.toBeNull()
    expect([...status.children].slice(1).map((c) => [c.tagName, c.textContent])).toEqual([
      ['H1', 'Sent'],
      ['DIV', '1,234.5 USDT'],
      ['DIV', 'On its way to 0x5290...9EE7'],
    ])
    const link = [...mounted.container.querySelectorAll('.success__links button')]
    expect(link.map((b) => b.textContent)).toEqual(['View details'])
    act(() => (link[0] as HTMLButtonElement).click())
    expect(details).toHaveBeenCalledTimes(1)
  })

  it("the primary action is Telegram's main button inside Telegram, the page's own outside", () => {
    const main = fakePort()
    const done = vi.fn()
    act(() =>
      mounted.root.render(
        <TelegramControlsContext.Provider value={{ native: true, main: main.port, secondary: fakePort().port }}>
          <SuccessScreen title="Swap sent" figure="0.003 ETH" primary={{ text: 'Done', onPress: done }} />
        </TelegramControlsContext.Provider>,
      ),
    )
    expect(mounted.container.querySelector('.main-action')).toBeNull()
    expect(main.shown).toEqual([{ text: 'Done', enabled: true, loading: false, tone: 'primary' }])
    main.press()
    expect(done).toHaveBeenCalledTimes(1)
    expect(mounted.container.querySelector('[data-testid=success-detail]')).toBeNull()
    act(() => mounted.root.render(<SuccessScreen title="Swap sent" primary={{ text: 'Done', onPress: done }} />))
    const page = mounted.container.querySelector('.main-action button') as HTMLButtonElement
    expect(page.textContent).toBe('Done')
    act(() => page.click())
    expect(done).toHaveBeenCalledTimes(2)
  })
})
