/**
 * What a claim gave the user (a daily reward, a boost, a burn, a staking deposit), said once it is in:
 * a success note with a check, announced to screen readers, that pops in (styles.css, only when the
 * user has not asked for reduced motion). Telegram's success haptic comes with it from the epics.
 */
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { CheckIcon, CloseIcon } from './icons'

export function GainNote({
  children,
  onClose,
  testId,
}: {
  children: ReactNode
  onClose?: () => void
  testId?: string
}) {
  const { t } = useTranslation()
  return (
    <div className="gain" role="status" data-testid={testId}>
      <span className="gain__check" aria-hidden="true">
        <CheckIcon size={18} />
      </span>
      <span className="gain__text">{children}</span>
      {onClose !== undefined && (
        <button type="button" className="gain__close" aria-label={t('common.close')} onClick={onClose}>
          <CloseIcon size={16} />
        </button>
      )}
    </div>
  )
}
