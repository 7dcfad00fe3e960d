/**
 * What the PoH screens share: their texts and styles (loaded with the screens), the slice, the
 * entry that loads the info, the loading and failure states, the proof's mark.
 */
import { type ReactNode, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import en from '../../locales/poh/en.json'
import ru from '../../locales/poh/ru.json'
import type { PohScreen } from '../../domain/poh/events'
import type { RootState } from '../../domain/state'
import { useAppState, useDispatch } from '../ui/store'
import { addTranslations } from '../i18n'
import { errorText } from '../ui/errorText'
import { WarningIcon } from '../ui/icons'
import { Button, Placeholder, Skeleton, SkeletonCell } from '../ui/kit'
import './poh.css'

addTranslations('poh', { en, ru })

export const selectPoh = (s: RootState) => s.poh
const selectHistory = (s: RootState) => s.app.history

/** A /prove screen in view: its info loads now; leaving tells the effects (the loader's polls stop). */
export function usePohEntered(screen: PohScreen): void {
  const dispatch = useDispatch()
  useEffect(() => {
    dispatch({ type: 'poh/entered', payload: { screen } })
    return () => dispatch({ type: 'poh/left', payload: {} })
  }, [dispatch, screen])
}

/** Where the PoH journey was opened from: the last screen before /prove (home when none). */
export function useOrigin(): string {
  const history = useAppState(selectHistory)
  for (let i = history.length - 1; i >= 0; i--) if (!/^\/prove(\/|\?|$)/.test(history[i])) return history[i]
  return '/'
}

export function ScreenTitle({ children, sub, icon }: { children: ReactNode; sub?: ReactNode; icon?: ReactNode }) {
  return (
    <header className="poh-head">
      {icon}
      <h1 className="poh-head__title">{children}</h1>
      {sub !== undefined && <p className="poh-head__sub">{sub}</p>}
    </header>
  )
}

/** While the info loads: the intro's shape. */
export function PohLoading() {
  const { t } = useTranslation()
  return (
    <div aria-busy="true" aria-label={t('poh.loading')}>
      <Skeleton width="70%" height={26} style={{ margin: '4px 0 12px', display: 'block' }} />
      <Skeleton width="90%" height={16} style={{ margin: '0 0 20px', display: 'block' }} />
      <div className="section__body">
        <SkeletonCell />
        <SkeletonCell />
        <SkeletonCell />
      </div>
    </div>
  )
}

/** poh.34: the failure was logged; here it shows with a retry. */
export function PohLoadFailed({ screen }: { screen: PohScreen }) {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const error = useAppState(selectPoh).infoError
  return (
    <Placeholder
      page
      icon={<WarningIcon size={40} />}
      title={t('poh.load-failed')}
      description={error === null ? undefined : errorText(t, error)}
      action={
        <Button mode="secondary" onClick={() => dispatch({ type: 'poh/entered', payload: { screen } })}>
          {t('poh.retry')}
        </Button>
      }
    />
  )
}

/** The proof's mark: a person inside a shield. */
export const HumanIcon = ({ size = 56 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 56 56" aria-hidden="true" className="poh-mark">
    <path d="M28 4 8 11v14c0 13 8.6 22.7 20 27 11.4-4.3 20-14 20-27V11L28 4Z" fill="currentColor" opacity="0.14" />
    <path
      d="M28 4 8 11v14c0 13 8.6 22.7 20 27 11.4-4.3 20-14 20-27V11L28 4Z"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinejoin="round"
    />
    <circle cx="28" cy="22" r="6" fill="currentColor" />
    <path
      d="M17 39c1.8-6 6-9 11-9s9.2 3 11 9"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
      strokeLinecap="round"
    />
  </svg>
)
