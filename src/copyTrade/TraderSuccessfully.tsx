import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { useAppState } from '../ui/store'
import { SuccessScreen } from '../ui/SuccessScreen'
import { FITS, useFormat } from '../ui/useFormat'
import { selectCopyTrade } from './selectors'
import './texts'

/** /copyTrade/traderSuccessfully (copyTrade.37-39): the deposit, the token's price, details and Done. */
export function TraderSuccessfully() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const format = useFormat()
  const ct = useAppState(selectCopyTrade)
  const trade = ct.started
  const asset = ct.asset
  return (
    <SuccessScreen
      title={t('copyTrade.success.title')}
      figure={trade ? format.usd(trade.deposit.usd, FITS.total) : undefined}
      detail={
        trade && asset
          ? t('copyTrade.success.cost', { cost: format.usd(asset.tokensCost), symbol: asset.symbol })
          : undefined
      }
      primary={{ text: t('copyTrade.success.done'), onPress: () => void navigate('/copyTrade/traderArchive') }}
      links={
        trade
          ? [{ text: t('copyTrade.success.details'), onPress: () => void navigate(`/trade?tradeID=${trade._id}`) }]
          : []
      }
    />
  )
}
