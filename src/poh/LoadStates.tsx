/** The PoH info loading, and its failure with a retry. */
import { useTranslation } from 'react-i18next'
import type { PohScreen } from '../../domain/poh/events'
import { useAppState, useDispatch } from '../ui/store'
import { errorText } from '../ui/errorText'
import { WarningIcon } from '../ui/icons'
import { Button, Placeholder, Skeleton, SkeletonCell } from '../ui/kit'
import { selectPoh } from './selectors'

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
