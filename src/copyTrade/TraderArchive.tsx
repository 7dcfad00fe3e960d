import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { CopyTrade } from '../../domain/copyTrade/codecs'
import { isActive, shortTrader, splitArchive } from '../../domain/copyTrade/rules'
import { useNavigate } from 'react-router-dom'
import { useAppState, useDispatch } from '../ui/store'
import { errorText } from '../ui/errorText'
import { Button, Cell, Placeholder, Section } from '../ui/kit'
import { FITS, useFormat } from '../ui/useFormat'
import { LoadingList } from './LoadingList'
import { TokenWithChain } from './icons'
import { selectCopyTrade } from './selectors'
import './texts'
import { withKeys } from '../ui/listKeys'

function TradeRow({ trade }: { trade: CopyTrade }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const format = useFormat()
  const active = isActive(trade)
  return (
    <div className={active ? 'trade-row' : 'trade-row dimmed'} data-testid={active ? 'trade-active' : 'trade-finished'}>
      <Cell
        before={<TokenWithChain logoURI={trade.token.logoURI} symbol={trade.token.name} chainId={trade.chainId} />}
        title={shortTrader(trade.followedAddress)}
        // copyTrade.51: day/month/year, the month one-based
        subtitle={
          active
            ? t('copyTrade.archive.copied', { date: format.date(trade.dttmAdded, false) })
            : t('copyTrade.archive.finished', { date: format.date(trade.dttmDeactivated as string, false) })
        }
        after={format.usd(trade.deposit.usd, FITS.cell)}
        afterSubtitle={trade.token.name}
        chevron
        onClick={() => navigate(`/trade?tradeID=${trade._id}`)}
      />
    </div>
  )
}

/** /copyTrade/traderArchive (copyTrade.40-51) */
export function TraderArchive() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const ct = useAppState(selectCopyTrade)
  useEffect(() => {
    dispatch({ type: 'copyTrade/archiveEntered', payload: {} })
  }, [dispatch])
  const { active, finished } = useMemo(() => splitArchive(ct.trades ?? []), [ct.trades])
  const loading = ct.trades === null && ct.tradesError === null
  return (
    <>
      <h1 className="title">{t('copyTrade.archive.title')}</h1>
      <Section>
        <Cell
          accent
          title={t('copyTrade.archive.create')}
          chevron
          onClick={() => navigate('/copyTrade/traderAddress')}
        />
      </Section>
      {ct.tradesError && ct.trades === null ? (
        <Placeholder
          title={t('copyTrade.load-failed')}
          description={errorText(t, ct.tradesError)}
          action={
            <Button
              size="small"
              mode="secondary"
              onClick={() => dispatch({ type: 'copyTrade/archiveEntered', payload: {} })}
            >
              {t('errors.retry')}
            </Button>
          }
        />
      ) : (
        <>
          <div className="section">
            <div className="section__header">{t('copyTrade.archive.current')}</div>
            {loading ? (
              <LoadingList rows={2} />
            ) : active.length === 0 ? (
              <div className="section__body">
                <Cell compact title={<span className="muted">{t('copyTrade.archive.no-current')}</span>} />
              </div>
            ) : (
              <div className="section__body">
                {withKeys(active, (trade) => trade._id).map(([key, trade]) => (
                  <TradeRow key={key} trade={trade} />
                ))}
              </div>
            )}
          </div>
          <div className="section">
            <div className="section__header">{t('copyTrade.archive.history')}</div>
            {loading ? (
              <LoadingList rows={1} />
            ) : finished.length === 0 ? (
              <div className="section__body">
                <Cell compact title={<span className="muted">{t('copyTrade.archive.no-history')}</span>} />
              </div>
            ) : (
              <div className="section__body">
                {withKeys(finished, (trade) => trade._id).map(([key, trade]) => (
                  <TradeRow key={key} trade={trade} />
                ))}
              </div>
            )}
          </div>
        </>
      )}
    </>
  )
}
