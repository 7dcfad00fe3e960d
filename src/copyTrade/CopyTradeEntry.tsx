import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppState, useDispatch } from '../ui/store'
import { errorText } from '../ui/errorText'
import { WarningIcon } from '../ui/icons'
import { Button, Placeholder, Skeleton } from '../ui/kit'
import { LoadingList } from './LoadingList'
import { selectCopyTrade } from './selectors'
import './texts'

/** /copyTrade (copyTrade.2-5): a loading screen while the trades and balances decide where to go. */
export function CopyTradeEntry() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const ct = useAppState(selectCopyTrade)
  useEffect(() => {
    dispatch({ type: 'copyTrade/entered', payload: {} })
  }, [dispatch])
  if (ct.tradesError)
    return (
      <Placeholder
        page
        icon={<WarningIcon size={32} />}
        title={t('copyTrade.load-failed')}
        description={errorText(t, ct.tradesError)}
        action={
          <Button onClick={() => dispatch({ type: 'copyTrade/entered', payload: {} })}>{t('errors.retry')}</Button>
        }
      />
    )
  return (
    <div role="status" aria-busy="true" aria-label={t('copyTrade.loading')}>
      <div className="title">
        <Skeleton width={180} height={26} />
      </div>
      <LoadingList />
    </div>
  )
}
