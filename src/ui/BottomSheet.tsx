import { type ReactNode, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { CloseIcon } from './icons'

/**
 * A modal sheet from the bottom. `title` may be interactive (the wallet chooser counts taps on it),
 * so it is rendered as given; `label` names the dialog for assistive tech and tests.
 */
export function BottomSheet({
  open,
  onClose,
  label,
  title,
  children,
}: {
  open: boolean
  onClose: () => void
  label: string
  title: ReactNode
  children: ReactNode
}) {
  const { t } = useTranslation()
  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose()
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open, onClose])
  if (!open) return null
  return (
    <>
      <div className="sheet-backdrop" onClick={onClose} data-testid="sheet-backdrop" />
      <div className="sheet" role="dialog" aria-modal="true" aria-label={label}>
        <div className="sheet__handle" />
        <div className="sheet__header">
          {title}
          <button type="button" className="sheet__close" onClick={onClose} aria-label={t('common.close')}>
            <CloseIcon size={16} />
          </button>
        </div>
        {children}
      </div>
    </>
  )
}
