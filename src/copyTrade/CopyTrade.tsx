/**
 * Copy-trading, doc 1 §2: the entry that routes on, the trader address, the network, the asset,
 * the deposit form, success, the archive, a trade's detail, and the not-enough-balance screen.
 */
import en from '../../locales/copyTrade/en.json'
import ru from '../../locales/copyTrade/ru.json'
import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { CopyTrade } from '../../domain/api/codecs/copyTrade'
import type { Balance } from '../../domain/api/codecs/wallet'
import { CHAIN_LABELS } from '../../domain/app/rules'
import { parseLocation, queryParam } from '../../domain/app/routes'
import {
  ANTE_LABELS,
  ANTE_STEP,
  COPY_NETWORKS,
  MIN_DEPOSIT_USD,
  TOKEN_DECIMALS,
  anteUsd,
  isActive,
  isTraderAddress,
  shortTrader,
  splitArchive,
  startButton,
  statusKey,
  tokenEquivalent,
  tradeDate,
} from '../../domain/copyTrade/rules'
import { availableUsd } from '../../domain/copyTrade/state'
import { formatDecimal, formatUsd } from '../../domain/money'
import type { RootState } from '../../domain/state'
import { shortAddress } from '../../domain/wallet/rules'
import { useNavigate } from '../app/navigation'
import { addTranslations } from '../i18n'
import { useAppState, useDispatch } from '../app/store'
import { useTelegram } from '../app/telegram'
import { CopyButton } from '../ui/CopyButton'
import { TokenIcon } from '../ui/TokenIcon'
import { CheckIcon, CloseIcon, WarningIcon } from '../ui/icons'
import { Button, Cell, Placeholder, Section, Skeleton, SkeletonCell } from '../ui/kit'
import { HistoryRow } from '../wallet/History'
import { errorText } from '../wallet/errorText'
import { PartnerLogos } from './PartnerLogos'

addTranslations('copyTrade', { en, ru })

const selectCopyTrade = (s: RootState) => s.copyTrade
const selectLocation = (s: RootState) => s.app.history[s.app.history.length - 1] ?? '/'
const selectWalletAddress = (s: RootState) => s.wallet.wallets.data?.find((w) => w.accountIndex === s.copyTrade.accountIndex)?.address ?? null

const usd = (n: number) => formatUsd(n)
const eth = (n: number) => `${formatDecimal(n.toFixed(6), TOKEN_DECIMALS)} ETH`

/** A network's badge: its label in a coloured circle (drawn here, never fetched). */
const NETWORK_COLOURS: Record<string, string> = { 1: '#627EEA', 10: '#FF0420', 42161: '#28A0F0', 8453: '#0052FF', 324: '#4E529A' }
function NetworkIcon({ chainId, size = 40 }: { chainId: number | string; size?: number }) {
  const label = CHAIN_LABELS[String(chainId)] ?? String(chainId)
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true">
      <circle cx="20" cy="20" r="20" fill={NETWORK_COLOURS[String(chainId)] ?? '#8e8e93'} />
      <text x="20" y="24.5" textAnchor="middle" fontSize={label.length > 3 ? 10 : 13} fontWeight="700" fill="#fff" fontFamily="system-ui, sans-serif">
        {label.slice(0, 6)}
      </text>
    </svg>
  )
}

/** A token logo with its chain as a small badge (copyTrade.47). */
function TokenWithChain({ logoURI, symbol, chainId }: { logoURI?: string; symbol: string; chainId: number | string }) {
  return (
    <span className="token-chain">
      <TokenIcon src={logoURI} symbol={symbol} />
      <span className="token-chain__badge">
        <NetworkIcon chainId={chainId} size={18} />
      </span>
    </span>
  )
}

function LoadingList({ rows = 3 }: { rows?: number }) {
  return (
    <div className="section__body" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <SkeletonCell key={i} />
      ))}
    </div>
  )
}

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
        action={<Button onClick={() => dispatch({ type: 'copyTrade/entered', payload: {} })}>{t('errors.retry')}</Button>}
      />
    )
  return (
    <div aria-busy="true" aria-label={t('copyTrade.loading')}>
      <div className="title">
        <Skeleton width={180} height={26} />
      </div>
      <LoadingList />
    </div>
  )
}

/** /copyTrade/traderAddress (copyTrade.6-11) */
export function TraderAddress() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const ct = useAppState(selectCopyTrade)
  const filled = ct.traderAddress !== ''
  const valid = isTraderAddress(ct.traderAddress)
  return (
    <form
      className="copy"
      onSubmit={(e) => {
        e.preventDefault()
        dispatch({ type: 'copyTrade/addressSubmitted', payload: {} })
      }}
    >
      <h1 className="title">{t('copyTrade.address.title')}</h1>
      <div className="textarea-wrap">
        <textarea
          className="search textarea"
          rows={3}
          value={ct.traderAddress}
          placeholder="0x…"
          aria-label={t('copyTrade.address.label')}
          aria-invalid={ct.addressInvalid || undefined}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => dispatch({ type: 'copyTrade/addressChanged', payload: { value: e.target.value } })}
        />
        {filled ? (
          <button type="button" className="textarea-wrap__action icon-button" aria-label={t('copyTrade.address.clear')} onClick={() => dispatch({ type: 'copyTrade/addressChanged', payload: { value: '' } })}>
            <CloseIcon size={18} />
          </button>
        ) : (
          <button type="button" className="textarea-wrap__action link-button" onClick={() => dispatch({ type: 'copyTrade/pasteRequested', payload: {} })}>
            {t('copyTrade.address.paste')}
          </button>
        )}
      </div>
      {ct.addressInvalid && (
        <div className="field-error" role="alert">
          {t('copyTrade.address.invalid')}
        </div>
      )}
      <p className="hint">{t('copyTrade.address.trust')}</p>
      <PartnerLogos />
      <div className="swap__cta">
        <button type="submit" className="button button--primary">
          {valid ? t('copyTrade.address.continue') : t('copyTrade.address.enter')}
        </button>
      </div>
    </form>
  )
}

/** /copyTrade/chooseNetwork (copyTrade.12) */
export function ChooseNetwork() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const ct = useAppState(selectCopyTrade)
  return (
    <>
      <h1 className="title">{t('copyTrade.network.title')}</h1>
      <p className="hint">{t('copyTrade.network.hint', { address: shortTrader(ct.traderAddress) })}</p>
      <Section>
        {COPY_NETWORKS.map((chainId) => (
          <Cell
            key={chainId}
            before={<NetworkIcon chainId={chainId} />}
            title={CHAIN_LABELS[String(chainId)]}
            subtitle={t('copyTrade.network.chain', { chainId })}
            after={ct.chainId === chainId ? <span className="selected-mark" aria-label={t('copyTrade.network.selected')}><CheckIcon size={20} /></span> : undefined}
            label={CHAIN_LABELS[String(chainId)]}
            onClick={() => {
              dispatch({ type: 'copyTrade/networkChosen', payload: { chainId } })
              navigate('/copyTrade/chooseTokens')
            }}
          />
        ))}
      </Section>
    </>
  )
}

/** /copyTrade/chooseTokens (copyTrade.13-14): the stable coins and ETH held on the network. */
export function ChooseTokens() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const ct = useAppState(selectCopyTrade)
  const assets = ct.assets
  const network = ct.chainId === null ? '' : CHAIN_LABELS[String(ct.chainId)]
  let body
  if (assets === null || ct.chainId === null)
    body = <Placeholder title={t('copyTrade.tokens.no-network')} action={<Button size="small" mode="secondary" onClick={() => navigate('/copyTrade/chooseNetwork')}>{t('copyTrade.network.title')}</Button>} />
  else if (assets.loading) body = <LoadingList rows={4} />
  else if (assets.error)
    body = (
      <Placeholder
        title={t('copyTrade.tokens.failed')}
        description={errorText(t, assets.error)}
        action={<Button size="small" mode="secondary" onClick={() => dispatch({ type: 'copyTrade/networkChosen', payload: { chainId: assets.chainId } })}>{t('errors.retry')}</Button>}
      />
    )
  else if (!assets.data || assets.data.length === 0) body = <Placeholder title={t('copyTrade.tokens.empty', { network })} description={t('copyTrade.tokens.empty-hint')} />
  else
    body = (
      <div className="section__body">
        {assets.data.map((a) => (
          <Cell
            key={a.address}
            before={<TokenWithChain logoURI={a.logoURI} symbol={a.symbol ?? '?'} chainId={a.chainId} />}
            title={a.symbol}
            subtitle={network}
            after={formatDecimal(a.tokensAmount, TOKEN_DECIMALS)}
            afterSubtitle={usd(a.usdAmount)}
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

/** /copyTrade/traderDeposit (copyTrade.15-33): deposit, share per trade, and the start button. */
export function TraderDeposit() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const ct = useAppState(selectCopyTrade)
  const asset: Balance | null = ct.asset
  if (!asset) return <Placeholder page title={t('copyTrade.deposit.no-asset')} action={<Button onClick={() => navigate('/copyTrade/chooseTokens')}>{t('copyTrade.tokens.title')}</Button>} />
  const button = startButton(ct.deposit, ct.antePercent, availableUsd(ct))
  const empty = ct.deposit === ''
  return (
    <form
      className="copy"
      onSubmit={(e) => {
        e.preventDefault()
        dispatch({ type: 'copyTrade/startRequested', payload: {} })
      }}
    >
      <h1 className="title">{t('copyTrade.deposit.title')}</h1>
      <div className="swap-card">
        <div className="swap-card__label">
          <span>{t('copyTrade.deposit.amount')}</span>
          <button type="button" className="chip chip--small" onClick={() => dispatch({ type: 'copyTrade/maxPressed', payload: {} })}>
            {t('copyTrade.deposit.max', { amount: formatDecimal(asset.tokensAmount, TOKEN_DECIMALS), symbol: asset.symbol })}
          </button>
        </div>
        <div className="swap-card__row">
          <span className="dollar">$</span>
          <input
            className="swap-card__amount"
            inputMode="decimal"
            placeholder="0"
            aria-label={t('copyTrade.deposit.amount')}
            value={ct.deposit}
            onChange={(e) => dispatch({ type: 'copyTrade/depositChanged', payload: { value: e.target.value } })}
          />
          <TokenWithChain logoURI={asset.logoURI} symbol={asset.symbol ?? '?'} chainId={asset.chainId} />
        </div>
        <div className="swap-card__label" data-testid="token-equivalent">
          ≈ {tokenEquivalent(ct.deposit || '0', asset.tokensCost)} {asset.symbol}
        </div>
      </div>

      <fieldset className={`slider${empty ? ' slider--disabled' : ''}`} disabled={empty}>
        <legend className="section__header">{t('copyTrade.deposit.per-trade')}</legend>
        <input
          type="range"
          min={0}
          max={100}
          step={ANTE_STEP}
          value={ct.antePercent}
          aria-label={t('copyTrade.deposit.per-trade')}
          aria-valuetext={`${ct.antePercent} %`}
          onChange={(e) => dispatch({ type: 'copyTrade/anteChanged', payload: { percent: Number(e.target.value) } })}
        />
        <div className="slider__labels" aria-hidden="true">
          {ANTE_LABELS.map((l) => (
            <span key={l}>{l} %</span>
          ))}
        </div>
        <div className="slider__value" data-testid="ante-usd">
          {t('copyTrade.deposit.per-trade-value', { percent: ct.antePercent, amount: anteUsd(ct.deposit || '0', ct.antePercent) })}
        </div>
      </fieldset>
      <p className="hint">{t('copyTrade.deposit.minimum-note', { amount: MIN_DEPOSIT_USD, token: tokenEquivalent(String(MIN_DEPOSIT_USD), asset.tokensCost), symbol: asset.symbol })}</p>
      {ct.submitError && (
        <p className="error-text" role="alert">
          {ct.submitError.kind === 'rejected' ? ct.submitError.message : errorText(t, ct.submitError)}
        </p>
      )}
      <div className="swap__cta">
        <button type="submit" className={`button ${button.tone === 'primary' ? 'button--primary' : 'button--danger'}`} aria-busy={ct.submitting || undefined} data-tone={button.tone}>
          {t(button.key)}
        </button>
      </div>
    </form>
  )
}

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

function TradeRow({ trade }: { trade: CopyTrade }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const active = isActive(trade)
  return (
    <div className={active ? undefined : 'dimmed'} data-testid={active ? 'trade-active' : 'trade-finished'}>
      <Cell
        before={<TokenWithChain logoURI={trade.token.logoURI} symbol={trade.token.name} chainId={trade.chainId} />}
        title={shortTrader(trade.followedAddress)}
        subtitle={active ? t('copyTrade.archive.copied', { date: tradeDate(trade.dttmAdded) }) : t('copyTrade.archive.finished', { date: tradeDate(trade.dttmDeactivated as string) })}
        after={usd(trade.deposit.usd)}
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
        <Cell accent title={t('copyTrade.archive.create')} chevron onClick={() => navigate('/copyTrade/traderAddress')} />
      </Section>
      {ct.tradesError && ct.trades === null ? (
        <Placeholder title={t('copyTrade.load-failed')} description={errorText(t, ct.tradesError)} action={<Button size="small" mode="secondary" onClick={() => dispatch({ type: 'copyTrade/archiveEntered', payload: {} })}>{t('errors.retry')}</Button>} />
      ) : (
        <>
          <div className="section">
            <div className="section__header">{t('copyTrade.archive.current')}</div>
            {loading ? <LoadingList rows={2} /> : active.length === 0 ? <div className="section__body"><Cell compact title={<span className="muted">{t('copyTrade.archive.no-current')}</span>} /></div> : <div className="section__body">{active.map((trade) => <TradeRow key={trade._id} trade={trade} />)}</div>}
          </div>
          <div className="section">
            <div className="section__header">{t('copyTrade.archive.history')}</div>
            {loading ? <LoadingList rows={1} /> : finished.length === 0 ? <div className="section__body"><Cell compact title={<span className="muted">{t('copyTrade.archive.no-history')}</span>} /></div> : <div className="section__body">{finished.map((trade) => <TradeRow key={trade._id} trade={trade} />)}</div>}
          </div>
        </>
      )}
    </>
  )
}

/** /trade?tradeID= (copyTrade.52-60) */
export function TradeDetail() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const ct = useAppState(selectCopyTrade)
  const id = queryParam(parseLocation(useAppState(selectLocation)).search, 'tradeID')
  useEffect(() => {
    if (id === null) return
    dispatch({ type: 'copyTrade/archiveEntered', payload: {} })
    dispatch({ type: 'copyTrade/tradeOpened', payload: { id } })
  }, [dispatch, id])
  const trade = ct.trades?.find((x) => x._id === id)
  if (id === null) return <Placeholder page title={t('copyTrade.trade.missing')} />
  if (!trade) {
    if (ct.trades !== null || ct.tradesError) return <Placeholder page title={t('copyTrade.trade.missing')} description={ct.tradesError ? errorText(t, ct.tradesError) : undefined} />
    return <LoadingList rows={4} />
  }
  const active = isActive(trade)
  const swaps = ct.swaps[trade._id]
  return (
    <>
      <div className="trade-head">
        <TokenWithChain logoURI={trade.token.logoURI} symbol={trade.token.name} chainId={trade.chainId} />
        <div className="big-figure">{usd(trade.deposit.usd)}</div>
        <div className="muted">{eth(trade.deposit.eth)}</div>
        <div className={`status status--${active ? 'active' : 'stopped'}`} data-testid="trade-status">
          {t(statusKey(trade))}
        </div>
      </div>
      <Section>
        <Cell compact title={t('copyTrade.trade.trader')} after={<span className="address">{shortAddress(trade.followedAddress, 6, 4)}</span>} />
        <Cell compact title={t('copyTrade.trade.network')} after={CHAIN_LABELS[String(trade.chainId)]} />
        <Cell compact title={t('copyTrade.trade.start-deposit')} after={eth(trade.deposit.eth)} />
        <Cell compact title={t('copyTrade.trade.per-trade')} after={`${Math.round(trade.ante * 100)} %`} />
        <Cell compact title={t('copyTrade.trade.period')} after={`${tradeDate(trade.dttmAdded)} – ${trade.dttmDeactivated ? tradeDate(trade.dttmDeactivated) : t('copyTrade.trade.present')}`} />
      </Section>
      <div className="section">
        <div className="section__header">{t('copyTrade.trade.swaps')}</div>
        {!swaps || (swaps.loading && swaps.data === null) ? (
          <LoadingList rows={2} />
        ) : swaps.error && swaps.data === null ? (
          <Placeholder title={t('copyTrade.trade.swaps-failed')} description={errorText(t, swaps.error)} action={<Button size="small" mode="secondary" onClick={() => dispatch({ type: 'copyTrade/tradeOpened', payload: { id: trade._id } })}>{t('errors.retry')}</Button>} />
        ) : swaps.data && swaps.data.length === 0 ? (
          <Placeholder title={t('copyTrade.trade.no-swaps')} description={t('copyTrade.trade.no-swaps-hint')} />
        ) : (
          <ul className="section__body" style={{ margin: 0, padding: 0 }}>{swaps.data?.map((entry) => <HistoryRow key={entry.id} entry={entry} inTrade />)}</ul>
        )}
      </div>
      {ct.stopError && (
        <p className="error-text" role="alert">
          {ct.stopError.kind === 'rejected' ? ct.stopError.message : errorText(t, ct.stopError)}
        </p>
      )}
      {active && (
        <div className="swap__cta">
          <Button mode="secondary" loading={ct.stopping === trade._id} onClick={() => dispatch({ type: 'copyTrade/stopRequested', payload: { id: trade._id } })}>
            {t('copyTrade.trade.stop')}
          </Button>
        </div>
      )}
    </>
  )
}

/** /copyTrade/notBalance (copyTrade.61-62) */
export function NotBalance() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const telegram = useTelegram()
  const address = useAppState(selectWalletAddress)
  // Opened straight from a link, the wallets are not loaded yet.
  const missing = address === null
  useEffect(() => {
    if (missing) dispatch({ type: 'wallet/refreshRequested', payload: {} })
  }, [dispatch, missing])
  return (
    <Placeholder
      page
      icon={<WarningIcon size={40} />}
      title={t('copyTrade.not-balance.title')}
      description={
        <>
          {t('copyTrade.not-balance.text')}
          <span className="address not-balance__address">{address ? shortAddress(address) : <Skeleton width={120} height={14} />}</span>
        </>
      }
      action={<CopyButton variant="button" text={address} copy={(text) => telegram?.writeClipboard(text)} label={t('copyTrade.not-balance.copy')} failText={t('refill address copy fail')} />}
    />
  )
}

