/** A staking screen's load failure with its retry. */
import { useTranslation } from 'react-i18next'
import type { RequestError } from '../../domain/api/errors'
import { useDispatch } from '../ui/store'
import { errorText } from '../ui/errorText'
import { WarningIcon } from '../ui/icons'
import { Button, Placeholder } from '../ui/kit'

/** The screen's load failure with its retry (staking.35: logged, and shown). */
export function LoadFailed({ error, screen }: { error: RequestError; screen: 'main' | 'deposits' }) {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  return (
    <Placeholder
      page
      icon={<WarningIcon size={40} />}
      title={t('staking.load-failed')}
      description={errorText(t, error)}
      action={
        <Button mode="secondary" onClick={() => dispatch({ type: 'staking/entered', payload: { screen } })}>
          {t('errors.retry')}
        </Button>
      }
    />
  )
}
