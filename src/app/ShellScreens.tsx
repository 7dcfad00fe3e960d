/** Screens of the shell itself: the refusal outside Telegram, the maintenance notice, and the PoH prompt's host. */
import { Suspense, lazy } from 'react'
import { useTranslation } from 'react-i18next'
import { MAINTENANCE_WINDOW } from '../../domain/app/maintenance'
import { Button, Placeholder } from '../ui/kit'
import { SwitchLogo, ToolsIcon } from '../ui/icons'
import { LINKS } from './links'
import { useAppState, useDispatch } from '../ui/store'
import { pohPromptShowing } from '../../domain/poh/state'

/** app.4: outside Telegram the app shows this and nothing else, and sends no request. */
export function Refusal() {
  const { t } = useTranslation()
  return (
    <main className="refusal" role="alert">
      <div>
        <SwitchLogo size={72} />
        <div className="refusal__title">{t('errors.no-init-data')}</div>
        <div className="muted">{t('errors.no-init-data-hint')}</div>
      </div>
    </main>
  )
}

/** app.24-26 */
export function Maintenance() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  return (
    <main className="screen">
      <Placeholder
        page
        icon={<ToolsIcon size={56} />}
        title={t('maintenance.title')}
        description={t('maintenance.info', { window: MAINTENANCE_WINDOW })}
        action={
          <Button onClick={() => dispatch({ type: 'app/linkOpened', payload: { url: LINKS.news } })}>
            {t('maintenance.news')}
          </Button>
        }
      />
    </main>
  )
}

const PohPromptSheet = lazy(() => import('../poh/Prompt').then((m) => ({ default: m.PohPrompt })))

/** poh.35-40: the PoH prompt over the screen, once the poh feature (loaded after launch) has found it due. */
export function PohPromptHost() {
  const showing = useAppState(pohPromptShowing)
  return showing ? (
    <Suspense fallback={null}>
      <PohPromptSheet />
    </Suspense>
  ) : null
}
