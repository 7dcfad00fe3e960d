// @vitest-environment happy-dom
/**
 * Telegram's popup as the page draws it where no Telegram host answered: the question's title,
 * message and buttons (the confirming one first, destructive when asked), one at a time; the
 * confirming button answers yes, Cancel, a tap outside and Escape answer no.
 */
import { describe, expect, it } from 'vitest'
import { act } from 'react'
import { firstValueFrom } from 'rxjs'
import { PagePopupHost } from '../../../src/ui/PagePopup'
import { createPagePopups } from '../../../streams/telegram/pagePopups'
import { useMountPoint } from '../render'

const mount = useMountPoint()
const dialog = () => mount.container.querySelector('[role="alertdialog"]')
const buttons = () => [...(dialog()?.querySelectorAll('button') ?? [])]

function render() {
  const popups = createPagePopups()
  act(() => mount.root.render(<PagePopupHost popups={popups} />))
  const ask = (destructive = false) => {
    let answer!: Promise<boolean>
    act(() => {
      answer = firstValueFrom(
        popups.confirm({
          title: 'Leave the alliance',
          message: 'Your guild will leave "Wolves".',
          ok: 'Leave',
          cancel: 'Cancel',
          destructive,
        }),
      )
    })
    return answer
  }
  return { popups, ask }
}

describe('the page-drawn popup', () => {
  it('shows the question with its buttons, the confirming one first; it answers yes and goes', async () => {
    const { ask } = render()
    expect(dialog()).toBeNull()
    const answer = ask(true)
    expect(dialog()?.getAttribute('aria-modal')).toBe('true')
    expect(dialog()?.textContent).toContain('Leave the alliance')
    expect(dialog()?.textContent).toContain('Your guild will leave "Wolves".')
    expect(buttons().map((b) => b.textContent)).toEqual(['Leave', 'Cancel'])
    expect(buttons()[0].className).toContain('popup__button--destructive')
    expect(document.activeElement).toBe(dialog())
    act(() => buttons()[0].click())
    expect(await answer).toBe(true)
    expect(dialog()).toBeNull()
  })

  it('Cancel, a tap outside and Escape each answer no', async () => {
    const { ask } = render()
    const byCancel = ask()
    expect(buttons()[0].className).not.toContain('destructive')
    act(() => buttons()[1].click())
    expect(await byCancel).toBe(false)
    const byOutside = ask()
    act(() => (mount.container.querySelector('[data-testid="popup-backdrop"]') as HTMLElement).click())
    expect(await byOutside).toBe(false)
    const byEscape = ask()
    act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })))
    expect(await byEscape).toBe(false)
    expect(dialog()).toBeNull()
  })

  it('one at a time: a new question takes the place of one still open, which counts as no', async () => {
    const { popups } = render()
    let first!: Promise<boolean>
    let second!: Promise<boolean>
    act(() => {
      first = firstValueFrom(popups.confirm({ message: 'First?', ok: 'Yes', cancel: 'No' }))
    })
    act(() => {
      second = firstValueFrom(popups.confirm({ message: 'Second?', ok: 'Yes', cancel: 'No' }))
    })
    expect(await first).toBe(false)
    expect(dialog()?.textContent).toContain('Second?')
    act(() => buttons()[0].click())
    expect(await second).toBe(true)
  })

  it('a question nobody waits for any more (its screen left) goes away', () => {
    const { popups } = render()
    let sub!: { unsubscribe(): void }
    act(() => {
      sub = popups.confirm({ message: 'Still there?', ok: 'Yes', cancel: 'No' }).subscribe()
    })
    expect(dialog()).not.toBeNull()
    act(() => sub.unsubscribe())
    expect(dialog()).toBeNull()
  })
})
