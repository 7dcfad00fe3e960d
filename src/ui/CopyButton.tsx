/**
 * The generic copy control (wallet.21-25): 'copied' after a copy, 'copy-error' when there is
 * nothing to copy, the generic error when the clipboard refuses (wallet.23), each for 1 s. A tap is
 * an intent (`app/copyRequested`); the clipboard write, its answer and the end of the feedback are
 * effects and events (streams/app/copy.ts), so the feedback is state a replay shows too.
 */
import { useTranslation } from 'react-i18next'
import type { RootState } from '../../domain/state'
import { useAppState, useDispatch } from './store'
import { CopyIcon } from './icons'

const selectCopyFeedback = (s: RootState) => s.app.copyFeedback

export function CopyButton({
  target,
  text,
  label,
  failText,
  variant = 'icon',
}: {
  /** Names this control in the log (e.g. 'refill/address'), so its feedback shows on it alone. */
  target: string
  text: string | null | undefined
  label?: string
  /** What an address copy says when there is no address or the write fails ('refill address copy fail'). */
  failText?: string
  /** An icon (default), or a full-width button labelled with `label`. */
  variant?: 'icon' | 'button'
}) {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const feedback = useAppState(selectCopyFeedback)
  const kind = feedback?.target === target ? feedback.kind : null
  const onClick = () => dispatch({ type: 'app/copyRequested', payload: { target, text: text ?? '' } })
  const note =
    kind === null
      ? null
      : kind === 'copied'
        ? t('copied')
        : (failText ?? t(kind === 'empty' ? 'copy-error' : 'wallet.copy.failed'))
  if (variant === 'button')
    return (
      <button type="button" className="button button--primary" onClick={onClick}>
        {note === null ? label : <span role="status">{note}</span>}
      </button>
    )
  return (
    <button
      type="button"
      className="link-button"
      onClick={onClick}
      aria-label={label ?? t('common.copy')}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
    >
      {note === null ? <CopyIcon size={20} /> : <span role="status">{note}</span>}
    </button>
  )
}
