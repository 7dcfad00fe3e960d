/**
 * The generic copy control (wallet.21-22): 'copied' after a copy, 'copy-error' when there is
 * nothing to copy, each for 1 s (wallet.24); a failed copy shows the generic error (wallet.23).
 */
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type Observable, firstValueFrom } from 'rxjs'
import { CopyIcon } from './icons'

export const COPY_FEEDBACK_MS = 1000

export function CopyButton({
  text,
  copy,
  label,
  failText,
  variant = 'icon',
}: {
  text: string | null | undefined
  copy: (text: string) => Observable<void> | undefined
  label?: string
  /** What a failed copy says (an address copy says 'refill address copy fail'); the generic error otherwise. */
  failText?: string
  /** An icon (default), or a full-width button labelled with `label`. */
  variant?: 'icon' | 'button'
}) {
  const { t } = useTranslation()
  const [feedback, setFeedback] = useState<'copied' | 'error' | 'failed' | null>(null)
  useEffect(() => {
    if (feedback === null) return
    const id = setTimeout(() => setFeedback(null), COPY_FEEDBACK_MS)
    return () => clearTimeout(id)
  }, [feedback])
  const onClick = () => {
    if (!text) return setFeedback(failText ? 'failed' : 'error')
    const copying = copy(text)
    if (!copying) return setFeedback('failed')
    firstValueFrom(copying, { defaultValue: undefined }).then(
      () => setFeedback('copied'),
      () => setFeedback('failed'),
    )
  }
  const note = feedback === null ? null : feedback === 'copied' ? t('copied') : feedback === 'error' ? t('copy-error') : (failText ?? t('wallet.copy.failed'))
  if (variant === 'button')
    return (
      <button type="button" className="button button--primary" onClick={onClick}>
        {note === null ? label : <span role="status">{note}</span>}
      </button>
    )
  return (
    <button type="button" className="link-button" onClick={onClick} aria-label={label ?? t('common.copy')} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
      {feedback === null ? (
        <CopyIcon size={20} />
      ) : (
        <span role="status">{feedback === 'copied' ? t('copied') : feedback === 'error' ? t('copy-error') : (failText ?? t('wallet.copy.failed'))}</span>
      )}
    </button>
  )
}
