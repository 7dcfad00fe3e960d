/**
 * Telegram's popup, drawn by the page where no Telegram host answered (streams/telegram/pagePopups.ts):
 * the same title, message and buttons (the confirming one first, in the destructive colour when the
 * action ends or removes something, then Cancel), answered by a tap. A tap outside or Escape
 * answers as Telegram's closed popup does: not confirmed.
 */
import { useEffect, useId, useRef } from 'react'
import { useObservableState } from 'observable-hooks'
import { type OpenPopup, type PagePopups, pagePopups } from '../../streams/telegram/pagePopups'

/** `popups`: the page's shared popups unless told (a test's own). */
export function PagePopupHost({ popups = pagePopups }: { popups?: PagePopups }) {
  const popup = useObservableState(popups.current$, null)
  return popup === null ? null : <PagePopup key={popup.prompt.message} popup={popup} />
}

function PagePopup({ popup: { prompt, answer } }: { popup: OpenPopup }) {
  const id = useId()
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    box.current?.focus()
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && answer(false)
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [answer])
  return (
    <>
      <div className="popup-backdrop" onClick={() => answer(false)} data-testid="popup-backdrop" />
      <div
        className="popup"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={prompt.title ? `${id}-title` : `${id}-message`}
        aria-describedby={prompt.title ? `${id}-message` : undefined}
        tabIndex={-1}
        ref={box}
      >
        {prompt.title && (
          <h2 className="popup__title" id={`${id}-title`}>
            {prompt.title}
          </h2>
        )}
        <p className="popup__message" id={`${id}-message`}>
          {prompt.message}
        </p>
        <div className="popup__buttons">
          <button
            type="button"
            className={`popup__button${prompt.destructive ? ' popup__button--destructive' : ''}`}
            onClick={() => answer(true)}
          >
            {prompt.ok}
          </button>
          <button type="button" className="popup__button" onClick={() => answer(false)}>
            {prompt.cancel}
          </button>
        </div>
      </div>
    </>
  )
}
