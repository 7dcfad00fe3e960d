/**
 * The mining finish screen (doc 2 §2, no route; mining.12-16), shown in place of /mining once the
 * season has ended on the server's clock: loading, then the results of a confirmed human, the burned
 * results with the PoH appeal until its deadline, or the 'missed' message.
 */
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { finishView } from '../../domain/mining/rules'
import type { RootState } from '../../domain/state'
import { LINKS } from '../app/links'
import { useNavigate } from 'react-router-dom'
import { useAppState, useDispatch } from '../ui/store'
import { errorText } from '../ui/errorText'
import { SwitchLogo, WarningIcon } from '../ui/icons'
import { Button, Cell, Placeholder, Section, Skeleton, SkeletonCell } from '../ui/kit'
import { FITS } from '../ui/useFormat'
import { selectMining } from './selectors'
import { useServerNow, useSwitchAmount, useSwitchSpeed } from './hooks'
import './texts'

function NewsLink() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  return (
    <Section>
      <Cell
        compact
        title={t('mining.finish.news')}
        chevron
        onClick={() => dispatch({ type: 'app/linkOpened', payload: { url: LINKS.news } })}
      />
    </Section>
  )
}

const selectResultsError = (s: RootState) => s.mining.resultsError

export function Finish() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const m = useAppState(selectMining)
  const error = useAppState(selectResultsError)
  const now = useServerNow(1000)
  const amount = useSwitchAmount()
  const speedText = useSwitchSpeed()
  useEffect(() => {
    dispatch({ type: 'mining/finishEntered', payload: {} })
  }, [dispatch])
  const view = finishView(m.results, m.season, now)
  if (view === 'loading')
    return error !== null ? (
      <Placeholder
        page
        icon={<WarningIcon size={32} />}
        title={t('mining.finish.failed')}
        description={errorText(t, error)}
        action={
          <Button onClick={() => dispatch({ type: 'mining/finishEntered', payload: {} })}>{t('errors.retry')}</Button>
        }
      />
    ) : (
      <div className="finish" aria-busy="true" aria-label={t('mining.finish.loading')} data-testid="finish-loading">
        <Skeleton width={72} height={72} circle />
        <Skeleton width={220} height={26} style={{ marginTop: 16 }} />
        <Skeleton width={160} height={34} style={{ marginTop: 12 }} />
        <div className="section__body" style={{ width: '100%', marginTop: 24 }}>
          <SkeletonCell />
        </div>
      </div>
    )
  const results = m.results!
  if (view === 'results')
    return (
      <div className="finish" data-testid="finish-results">
        <SwitchLogo size={72} />
        <h1 className="finish__title">{t('mining.finish.title')}</h1>
        <div className="finish__label">{t('mining.finish.total')}</div>
        <div className="finish__figure" data-testid="finish-total">
          {amount(results.totalMined, FITS.total)} SWITCH
        </div>
        <Section>
          <Cell title={t('mining.finish.speed')} after={t('mining.speed', { speed: speedText(results.speed) })} />
          <Cell title={t('mining.finish.staking')} after={`${amount(results.stakingAmount)} SWITCH`} />
        </Section>
        <NewsLink />
      </div>
    )
  if (view === 'burned')
    return (
      <div className="finish" data-testid="finish-burned">
        <SwitchLogo size={72} />
        <h1 className="finish__title">{t('mining.finish.burned-title')}</h1>
        <div className="finish__figure" data-testid="finish-total">
          0 SWITCH
        </div>
        <div className="notice notice--danger" role="note">
          <WarningIcon size={18} />
          <span>{t('mining.finish.burned-text', { amount: amount(results.burnedAmount ?? '0') })}</span>
        </div>
        {/* mining.15: the appeal, while its deadline has not passed (the date is not shown) */}
        <p className="finish__text" data-testid="finish-appeal">
          {t('mining.finish.appeal')}
        </p>
        <Button onClick={() => navigate('/prove')}>{t('mining.finish.appeal-action')}</Button>
        <NewsLink />
      </div>
    )
  return (
    <div className="finish" data-testid="finish-missed">
      <SwitchLogo size={72} />
      <h1 className="finish__title">{t('mining.finish.missed-title')}</h1>
      <p className="finish__text">{t('mining.finish.missed-text')}</p>
      <NewsLink />
    </div>
  )
}
