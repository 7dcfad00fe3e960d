/**
 * The one success screen: the ring that draws itself and its check, the title, the main
 * figure, a detail line, further actions as links, and the primary action on Telegram's main
 * button. Send, swap and copy trade show it; the game half's claims and stakes will too.
 */
import type { ReactNode } from 'react'
import { Button } from './kit'
import { MainButton } from './MainButton'

export interface SuccessAction {
  text: string
  onPress: () => void
}

export function SuccessScreen({
  title,
  figure,
  detail,
  primary,
  links = [],
}: {
  title: string
  /** What happened, in one figure: the amount sent, the deposit. */
  figure?: ReactNode
  detail?: ReactNode
  /** The way on (Done): Telegram's main button, or the page's where there is none. */
  primary: SuccessAction
  /** Other ways on (View details), as links under the detail. */
  links?: readonly SuccessAction[]
}) {
  return (
    <>
      <div className="success" data-testid="success">
        <div className="success__message" role="status">
          <SuccessGraphic />
          <h1 className="success__title">{title}</h1>
          {figure !== undefined && (
            <div className="success__figure" data-testid="success-figure">
              {figure}
            </div>
          )}
          {detail !== undefined && (
            <div className="success__detail" data-testid="success-detail">
              {detail}
            </div>
          )}
        </div>
        {links.length > 0 && (
          <div className="success__links">
            {links.map((link) => (
              <Button key={link.text} mode="plain" size="small" onClick={link.onPress}>
                {link.text}
              </Button>
            ))}
          </div>
        )}
      </div>
      <MainButton text={primary.text} onPress={primary.onPress} />
    </>
  )
}

/** The animated success graphic: a ring that draws itself, then the check. */
export function SuccessGraphic() {
  return (
    <svg className="success-graphic" width="96" height="96" viewBox="0 0 96 96" aria-hidden="true">
      <circle className="success-graphic__ring" cx="48" cy="48" r="42" fill="none" strokeWidth="6" />
      <path
        className="success-graphic__check"
        d="M30 49l12 12 24-26"
        fill="none"
        strokeWidth="7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
