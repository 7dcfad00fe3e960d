import { useTranslation } from 'react-i18next'
import { CHAIN_LABELS } from '../../domain/app/chains'
import { useNavigate } from 'react-router-dom'
import { useAppState, useDispatch } from '../ui/store'
import { errorText } from '../ui/errorText'
import { Button, Cell, Placeholder } from '../ui/kit'
import { FITS, PLACES, useFormat } from '../ui/useFormat'
import { LoadingList } from './LoadingList'
import { TokenWithChain } from './icons'
import { selectCopyTrade } from './selectors'
import './texts'
import { withKeys } from '../ui/listKeys'

/** /copyTrade/chooseTokens (copyTrade.13-14): the stable coins and ETH held on the network. */
export function ChooseTokens() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const ct = useAppState(selectCopyTrade)
  const format = useFormat()
  const assets = ct.assets
  const network = ct.chainId === null ? '' : CHAIN_LABELS[String(ct.chainId)]
  let body
  if (assets === null || ct.chainId === null)
    body = (
      <Placeholder
        title={t('copyTrade.tokens.no-network')}
        action={
          <Button size="small" mode="secondary" onClick={() => navigate('/copyTrade/chooseNetwork')}>
            {t('copyTrade.network.title')}
          </Button>
        }
      />
    )
  else if (assets.loading) body = <LoadingList rows={4} />
  else if (assets.error)
    body = (
      <Placeholder
        title={t('copyTrade.tokens.failed')}
        description={errorText(t, assets.error)}
        action={
          <Button
            size="small"
            mode="secondary"
            onClick={() => dispatch({ type: 'copyTrade/networkChosen', payload: { chainId: assets.chainId } })}
          >
            {t('errors.retry')}
          </Button>
        }
      />
    )
  else if (!assets.data || assets.data.length === 0)
    body = (
      <Placeholder title={t('copyTrade.tokens.empty', { network })} description={t('copyTrade.tokens.empty-hint')} />
    )
  else
    body = (
      <div className="section__body">
        {withKeys(assets.data, (a) => `${a.chainId}:${a.address}`).map(([key, a]) => (
          <Cell
            key={key}
            before={<TokenWithChain logoURI={a.logoURI} symbol={a.symbol ?? '?'} chainId={a.chainId} />}
            title={a.symbol}
            subtitle={network}
            after={format.amount(a.tokensAmount, PLACES.listBalance, FITS.cell)}
            afterSubtitle={format.usd(a.usdAmount, FITS.cell)}
            label={`${a.symbol} ${network}`}
            onClick={() => {
              dispatch({ type: 'copyTrade/assetChosen', payload: { asset: a } })
              navigate('/copyTrade/traderDeposit')
            }}
          />
        ))}
      </div>
    )
  return (
    <>
      <h1 className="title">{t('copyTrade.tokens.title')}</h1>
      <p className="hint">{t('copyTrade.tokens.hint', { network })}</p>
      <div className="section">{body}</div>
    </>
  )
}
