
import { useTranslation } from 'react-i18next'
import { useNavigate } from '../app/navigation'
import { useAppState } from '../app/store'
import { Button, Placeholder } from '../ui/kit'
import { selectCopyTrade, usd } from './parts'

/** /copyTrade/traderSuccessfully (copyTrade.37-39) */
export function TraderSuccessfully() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const ct = useAppState(selectCopyTrade)
  const trade = ct.started
  const asset = ct.asset
  return (
    <Placeholder
      page
      icon={<SuccessGraphic />}
      title={t('copyTrade.success.title')}
      description={
        trade ? (
          <>
            <span className="big-figure">{usd(trade.deposit.usd)}</span>
            {asset && <span className="muted">{t('copyTrade.success.cost', { cost: usd(asset.tokensCost), symbol: asset.symbol })}</span>}
          </>
        ) : undefined
      }
      action={
        <div style={{ display: 'grid', gap: 8, width: 260 }}>
          {trade && (
            <Button mode="plain" onClick={() => navigate(`/trade?tradeID=${trade._id}`)}>
              {t('copyTrade.success.details')}
            </Button>
          )}
          <Button onClick={() => navigate('/copyTrade/traderArchive')}>{t('copyTrade.success.done')}</Button>
        </div>
      }
    />
  )
}

/** The animated success graphic: a ring that draws itself, then the check. */
function SuccessGraphic() {
  return (
    <svg className="success-graphic" width="96" height="96" viewBox="0 0 96 96" aria-hidden="true">
      <circle className="success-graphic__ring" cx="48" cy="48" r="42" fill="none" strokeWidth="6" />
      <path className="success-graphic__check" d="M30 49l12 12 24-26" fill="none" strokeWidth="7" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}
