import { useEffect } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { CHAIN_LABELS } from '../../domain/app/chains'
import { isActive, statusKey } from '../../domain/copyTrade/rules'
import { shortAddress } from '../../domain/wallet/rules'
import { useAppState, useDispatch } from '../ui/store'
import { HistoryRow } from '../ui/HistoryRow'
import { errorText } from '../ui/errorText'
import { Button, Cell, Placeholder, Section } from '../ui/kit'
import { FITS, useFormat } from '../ui/useFormat'
import { LoadingList } from './LoadingList'
import { TokenWithChain } from './icons'
import { ethAmount } from './format'
import { selectCopyTrade } from './selectors'
import './texts'
import { withKeys } from '../ui/listKeys'

/** /trade?tradeID= (copyTrade.52-60) */
export function TradeDetail() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const ct = useAppState(selectCopyTrade)
  const format = useFormat()
  const [search] = useSearchParams()
  const id = search.get('tradeID')
  useEffect(() => {
    if (id === null) return
    dispatch({ type: 'copyTrade/archiveEntered', payload: {} })
    dispatch({ type: 'copyTrade/tradeOpened', payload: { id } })
  }, [dispatch, id])
  const trade = ct.trades?.find((x) => x._id === id)
  if (id === null) return <Placeholder page title={t('copyTrade.trade.missing')} />
  if (!trade) {
    if (ct.trades !== null || ct.tradesError)
      return (
        <Placeholder
          page
          title={t('copyTrade.trade.missing')}
          description={ct.tradesError ? errorText(t, ct.tradesError) : undefined}
        />
      )
    return <LoadingList rows={4} />
  }
  const active = isActive(trade)
  const swaps = ct.swaps[trade._id]
  return (
    <>
      <div className="trade-head">
        <TokenWithChain logoURI={trade.token.logoURI} symbol={trade.token.name} chainId={trade.chainId} />
        <div className="big-figure">{format.usd(trade.deposit.usd, FITS.total)}</div>
        <div className="muted">{ethAmount(format, trade.deposit.eth)}</div>
        <div className={`status status--${active ? 'active' : 'stopped'}`} data-testid="trade-status">
          {t(statusKey(trade))}
        </div>
      </div>
      <Section>
        <Cell
          compact
          title={t('copyTrade.trade.trader')}
          after={<span className="address">{shortAddress(trade.followedAddress, 6, 4)}</span>}
        />
        <Cell compact title={t('copyTrade.trade.network')} after={CHAIN_LABELS[String(trade.chainId)]} />
        <Cell
          compact
          title={t('copyTrade.trade.start-deposit')}
          after={ethAmount(format, trade.deposit.eth, FITS.cell)}
        />
        {active && trade.valueUsd !== undefined && trade.pnlUsd !== undefined && (
          <>
            <Cell
              compact
              title={t('copyTrade.trade.value')}
              after={<span data-testid="trade-value">{format.usd(trade.valueUsd, FITS.cell)}</span>}
            />
            <Cell
              compact
              title={t('copyTrade.trade.pnl')}
              after={
                <span
                  data-testid="trade-pnl"
                  className={trade.pnlUsd > 0 ? 'pnl pnl--up' : trade.pnlUsd < 0 ? 'pnl pnl--down' : 'pnl'}
                >
                  {trade.pnlUsd > 0 ? '+' : trade.pnlUsd < 0 ? '\u2212' : ''}
                  {format.usd(Math.abs(trade.pnlUsd), FITS.cell)}
                </span>
              }
            />
          </>
        )}
        <Cell compact title={t('copyTrade.trade.per-trade')} after={`${Math.round(trade.ante * 100)} %`} />
        <Cell
          compact
          title={t('copyTrade.trade.period')}
          after={`${format.date(trade.dttmAdded, false)} – ${trade.dttmDeactivated ? format.date(trade.dttmDeactivated, false) : t('copyTrade.trade.present')}`}
        />
      </Section>
      <div className="section">
        <div className="section__header">{t('copyTrade.trade.swaps')}</div>
        {!swaps || (swaps.loading && swaps.data === null) ? (
          <LoadingList rows={2} />
        ) : swaps.error && swaps.data === null ? (
          <Placeholder
            title={t('copyTrade.trade.swaps-failed')}
            description={errorText(t, swaps.error)}
            action={
              <Button
                size="small"
                mode="secondary"
                onClick={() => dispatch({ type: 'copyTrade/tradeOpened', payload: { id: trade._id } })}
              >
                {t('errors.retry')}
              </Button>
            }
          />
        ) : swaps.data && swaps.data.length === 0 ? (
          <Placeholder title={t('copyTrade.trade.no-swaps')} description={t('copyTrade.trade.no-swaps-hint')} />
        ) : (
          <ul className="section__body" style={{ margin: 0, padding: 0 }}>
            {withKeys(swaps.data ?? [], (entry) => entry.id).map(([key, entry]) => (
              <HistoryRow key={key} entry={entry} inTrade />
            ))}
          </ul>
        )}
      </div>
      {ct.stopError && (
        <p className="error-text" role="alert">
          {ct.stopError.kind === 'rejected' ? ct.stopError.message : errorText(t, ct.stopError)}
        </p>
      )}
      {active && (
        <div className="swap__cta">
          <Button
            mode="destructive"
            loading={ct.stopping === trade._id}
            onClick={() =>
              dispatch({
                type: 'copyTrade/stopRequested',
                payload: {
                  id: trade._id,
                  prompt: {
                    message: t('copyTrade.trade.stop-confirm'),
                    ok: t('copyTrade.trade.stop'),
                    cancel: t('copyTrade.trade.stop-keep'),
                  },
                },
              })
            }
          >
            {t('copyTrade.trade.stop')}
          </Button>
        </div>
      )}
    </>
  )
}
