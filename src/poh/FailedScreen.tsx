/**
 * /prove/failed (poh.8, poh.10, poh.32): the verification transaction failed; Try again marks the
 * failure seen (kept locally) and the effects take the user back to the intro.
 */
import { useTranslation } from '../i18n'
import { useDispatch } from '../app/store'
import { WarningIcon } from '../ui/icons'
import { Placeholder } from '../ui/kit'
import { MainButton } from '../ui/MainButton'
import { usePohEntered } from './parts'

export function FailedScreen() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  usePohEntered('failed')
  return (
    <div className="poh" data-testid="poh-failed">
      <Placeholder page icon={<WarningIcon size={56} />} title={t('poh.failed.title')} description={t('poh.failed.message')} />
      <MainButton text={t('poh.failed.retry')} onPress={() => dispatch({ type: 'poh/failureSeen', payload: {} })} />
    </div>
  )
}
