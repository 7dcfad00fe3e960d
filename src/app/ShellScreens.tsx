/** Screens of the shell itself: the refusal outside Telegram and the maintenance notice. */
import { useTranslation } from 'react-i18next'
import { MAINTENANCE_WINDOW } from '../../domain/app/rules'
import { Button, Placeholder } from '../ui/kit'
import { SwitchLogo, ToolsIcon } from '../ui/icons'
import { LINKS } from './links'
import { useDispatch } from './store'

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
        action={<Button onClick={() => dispatch({ type: 'app/linkOpened', payload: { url: LINKS.news } })}>{t('maintenance.news')}</Button>}
      />
    </main>
  )
}
