/**
 * Swap, doc 1 §2: /swap (the two sides, amount, route, gas, price impact), /confirmSwap (the review),
 * /selectNetwork/from and /to (the picker for each side), /presetSwapTokens/to (the preset tokens)
 * and /bigpump (the launchpad link).
 */
import en from '../../locales/swap/en.json'
import ru from '../../locales/swap/ru.json'
import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { Balance, Token } from '../../domain/api/codecs/wallet'
import { CHAIN_LABELS, type ChainId } from '../../domain/app/rules'
import { formatDecimal, formatUsd, fromUnits } from '../../domain/money'
import type { SwapQuote } from '../../domain/swap/events'
import { EVM_NATIVE, TON_NATIVE, isTonChain, showsPriceImpactWarning, tonGasRange } from '../../domain/swap/rules'
import { LIST_BALANCE_DECIMALS } from '../../domain/wallet/rules'
import { LINKS } from '../app/links'
import { useNavigate } from '../app/navigation'
import { addTranslations } from '../i18n'
import { useAppState, useDispatch } from '../app/store'
import { TokenPicker } from '../picker/TokenPicker'
import { TokenIcon } from '../ui/TokenIcon'
import { CheckIcon, ChevronDownIcon, SwapIcon, WarningIcon } from '../ui/icons'
import { Button, Cell, Placeholder, Section, Skeleton, SkeletonCell } from '../ui/kit'
import { errorText } from '../wallet/errorText'
import { heldOf, selectSwap, selectSwapBalances, swapView } from './selectors'

addTranslations('swap', { en, ru })

const AMOUNT_DECIMALS = 6
const EVM_NETWORKS: readonly ChainId[] = [1, 10, 42161, 8453, 324]

const printed = (units: string, decimals: number, places = AMOUNT_DECIMALS) => formatDecimal(fromUnits(units, decimals), places)

function useSwapView() {
  const swap = useAppState(selectSwap)
  const balances = useAppState(selectSwapBalances)
  const view = useMemo(() => swapView(swap, balances), [swap, balances])
  return { swap, balances, view }
}

/** Balances feed Max and the checks: load them if the swap was opened before the home screen. */
function useBalances(loaded: boolean) {
  const dispatch = useDispatch()
  useEffect(() => {
    if (!loaded) dispatch({ type: 'wallet/refreshRequested', payload: {} })
  }, [dispatch, loaded])
}

function TokenButton({ token, onClick, label }: { token: Token | null; onClick: () => void; label: string }) {
  const { t } = useTranslation()
  return (
    <button type="button" className="swap-token" onClick={onClick} aria-label={label}>
      {token ? <TokenIcon src={token.logoURI} symbol={token.symbol} size={28} /> : <span className="swap-token__empty" aria-hidden="true" />}
      <span className="swap-token__text">
        <span className="swap-token__symbol">{token ? token.symbol : t('swap.choose')}</span>
        {token && <span className="swap-token__chain">{CHAIN_LABELS[String(token.chainId)]}</span>}
      </span>
      <ChevronDownIcon size={18} />
    </button>
  )
}

/**
 * The gas line (swap.18, swap.25): the TON range by provider, or the printed fee with its USD; the
 * native coin the wallet holds (tokensAmount) beside it.
 */
function GasCell({ quote, balances }: { quote: SwapQuote; balances: readonly Balance[] | null }) {
  const { t } = useTranslation()
  const native = (chainId: ChainId) => formatDecimal(heldOf(balances, { chainId, address: chainId === 'TON' ? TON_NATIVE : EVM_NATIVE }), LIST_BALANCE_DECIMALS)
  if (quote.provider !== null)
    return <Cell compact title={t('swap.gas')} subtitle={t('swap.gas-held', { amount: native('TON'), symbol: 'TON' })} after={`${tonGasRange(quote.provider)} TON`} />
  const gas = quote.gases[0]
  if (!gas) return null
  return (
    <Cell
      compact
      before={gas.logoURI ? <TokenIcon src={gas.logoURI} symbol={gas.symbol} size={24} /> : undefined}
      title={t('swap.gas')}
      subtitle={`${CHAIN_LABELS[String(gas.chainId)]} · ${t('swap.gas-held', { amount: native(gas.chainId), symbol: gas.symbol })}`}
      after={`${gas.printAmount} ${gas.symbol}`}
      afterSubtitle={gas.amountUSD !== undefined ? formatUsd(gas.amountUSD) : undefined}
    />
  )
}

function ImpactValue({ percent, status }: { percent: number; status: string }) {
  return <span className={`impact impact--${status}`} data-status={status}>{percent.toFixed(2)} %</span>
}

/** /swap (swap.7-32) */
export function SwapScreen() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const { swap, balances, view } = useSwapView()
  useBalances(balances !== null)
  const { from, to, quote } = swap
  const provider = quote?.route.steps.map((s) => s.tool.name).join(' → ') ?? quote?.transactions.map((x) => x.viaTool.name).join(' → ')

  return (
    <div className="swap">
      <div className="swap__head">
        <h1 className="title">{t('swap.title')}</h1>
        {from && to && (
          <button type="button" className="link-button swap__share" onClick={() => dispatch({ type: 'swap/shareRequested', payload: {} })} disabled={swap.share.loading}>
            {t('swap.share')}
          </button>
        )}
      </div>
      {swap.share.error && <p className="error-text" role="alert">{t('swap.share-failed')}</p>}

      <div className="swap-card" data-testid="swap-from">
        <div className="swap-card__label">
          <span>{t('swap.send')}</span>
          {from && (
            <span className="swap-card__balance">
              {balances === null ? <Skeleton width={80} height={13} /> : t('swap.balance', { amount: formatDecimal(view.fromBalance, LIST_BALANCE_DECIMALS), symbol: from.symbol })}
              <button
                type="button"
                className="chip chip--small"
                aria-pressed={swap.max}
                disabled={balances === null}
                onClick={() => dispatch({ type: 'swap/maxToggled', payload: { balance: view.fromBalance } })}
              >
                {t('swap.max')}
              </button>
            </span>
          )}
        </div>
        <div className="swap-card__row">
          <input
            className="swap-card__amount"
            inputMode="decimal"
            placeholder="0"
            aria-label={t('swap.amount')}
            aria-invalid={view.overBalance || undefined}
            value={swap.amount}
            disabled={!from}
            onChange={(e) => dispatch({ type: 'swap/amountChanged', payload: { value: e.target.value } })}
          />
          <TokenButton token={from} label={t('swap.pick-from')} onClick={() => navigate('/selectNetwork/from')} />
        </div>
        {view.overBalance && from && <div className="field-error" role="alert">{t('swap.not-enough', { symbol: from.symbol })}</div>}
      </div>

      <div className="swap__flip">
        <button type="button" className="swap__flip-button" aria-label={t('swap.flip')} onClick={() => dispatch({ type: 'swap/flipped', payload: {} })} disabled={!from && !to}>
          <SwapIcon size={20} />
        </button>
      </div>

      <div className="swap-card" data-testid="swap-to">
        <div className="swap-card__label">
          <span>{t('swap.receive')}</span>
          {quote && <span className="swap-card__balance">{formatUsd(quote.route.toAmountUSD)}</span>}
        </div>
        <div className="swap-card__row">
          <output className="swap-card__amount swap-card__amount--out" aria-label={t('swap.receive')} aria-busy={view.looking || undefined}>
            {quote && to ? printed(quote.route.toAmount, to.decimals) : view.looking ? <Skeleton width={120} height={28} /> : <span className="swap-card__zero">0</span>}
          </output>
          <TokenButton token={to} label={t('swap.pick-to')} onClick={() => navigate('/selectNetwork/to')} />
        </div>
      </div>

      {!from || !to ? (
        <p className="hint">{t('swap.choose-hint')}</p>
      ) : swap.routeError !== null ? (
        <Placeholder
          icon={<WarningIcon size={32} />}
          title={t('swap.not-found')}
          description={swap.routeError.kind === 'rejected' ? swap.routeError.message : errorText(t, swap.routeError)}
          action={<Button size="small" mode="secondary" onClick={() => dispatch({ type: 'swap/retryRequested', payload: {} })}>{t('swap.retry')}</Button>}
        />
      ) : view.looking ? (
        <div className="section" aria-live="polite">
          <div className="section__header">{t('swap.looking')}</div>
          <div className="section__body" aria-busy="true">
            <SkeletonCell />
            <SkeletonCell />
          </div>
        </div>
      ) : quote && to ? (
        <Section header={t('swap.details')}>
          <Cell compact title={t('swap.route')} after={provider} />
          <GasCell quote={quote} balances={balances} />
          <Cell compact title={t('swap.price-impact')} after={view.impact && <ImpactValue {...view.impact} />} />
          <Cell compact title={t('swap.min-received')} after={`${printed(quote.route.toAmountMin, to.decimals)} ${to.symbol}`} />
        </Section>
      ) : null}

      {view.impact && showsPriceImpactWarning(view.impact.status) && (
        <div className={`notice${view.impact.status === 'danger' ? ' notice--danger' : ''}`} role="alert">
          <WarningIcon size={18} />
          <span>{t(view.impact.status === 'danger' ? 'swap.impact-danger' : 'swap.impact-warning', { percent: view.impact.percent.toFixed(2) })}</span>
        </div>
      )}
      {view.gas && !view.gas.enough && (
        <div className="notice notice--danger" role="alert">
          <WarningIcon size={18} />
          <span>
            {quote?.provider
              ? t('swap.insufficient-gas-ton', { amount: tonGasRange(quote.provider).split('-')[1] })
              : t('swap.insufficient-gas', { symbol: view.gas.symbol, amount: quote?.gases[0]?.printAmount ?? '' })}
          </span>
        </div>
      )}

      <div className="swap__cta">
        <Button disabled={!view.canReview} loading={swap.routeFetching} onClick={() => navigate('/confirmSwap')}>
          {t('swap.review')}
        </Button>
      </div>
    </div>
  )
}

/** One side of the review: the token, what goes or comes, and its USD. */
function SummarySide({ token, label, units, usd, testId }: { token: Token; label: string; units: string; usd: number; testId: string }) {
  return (
    <div className="swap-summary__side">
      <TokenIcon src={token.logoURI} symbol={token.symbol} size={44} />
      <div className="swap-summary__label">{label}</div>
      <div className="swap-summary__amount" data-testid={testId}>
        {printed(units, token.decimals)} {token.symbol}
      </div>
      <div className="swap-summary__usd">{formatUsd(usd)}</div>
    </div>
  )
}

/** /confirmSwap (swap.37-45) */
export function ConfirmSwap() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const { swap, balances, view } = useSwapView()
  const { from, to, quote } = swap

  if (swap.executed && from && to && quote)
    return (
      <Placeholder
        page
        icon={<span className="success-mark"><CheckIcon size={44} /></span>}
        title={t('swap.success')}
        description={t('swap.success-detail', { from: `${printed(quote.route.fromAmount, from.decimals)} ${from.symbol}`, to: `${printed(quote.route.toAmount, to.decimals)} ${to.symbol}` })}
        action={<Button onClick={() => navigate('/')}>{t('swap.done')}</Button>}
      />
    )
  if (!from || !to || !quote)
    return <Placeholder page title={t('swap.no-quote')} action={<Button onClick={() => navigate('/swap')}>{t('swap.back')}</Button>} />

  const { route } = quote
  return (
    <div className="swap">
      <h1 className="title">{t('swap.confirm-title')}</h1>
      <div className="swap-summary">
        <SummarySide token={from} label={t('swap.send')} units={route.fromAmount} usd={route.fromAmountUSD} testId="confirm-send" />
        <div className="swap-summary__arrow" aria-hidden="true">→</div>
        <SummarySide token={to} label={t('swap.receive')} units={route.toAmount} usd={route.toAmountUSD} testId="confirm-receive" />
      </div>

      <Section header={t('swap.steps')}>
        {route.steps.map((step, i) => (
          <Cell
            key={i}
            before={<TokenIcon src={step.tool.logoURI} symbol={step.tool.name} size={32} />}
            title={`${t(`swap.step.${step.type}`, { defaultValue: step.type })} · ${step.tool.name}`}
            subtitle={step.tool.key}
            after={`${formatDecimal(step.fromAmount, AMOUNT_DECIMALS)} ${step.fromSymbol}`}
            afterSubtitle={`→ ${formatDecimal(step.toAmount, AMOUNT_DECIMALS)} ${step.toSymbol}`}
          />
        ))}
      </Section>
      <Section>
        <Cell compact title={t('swap.min-received')} after={<span data-testid="confirm-min">{printed(route.toAmountMin, to.decimals)} {to.symbol}</span>} />
        <Cell compact title={t('swap.price-impact')} after={view.impact && <ImpactValue {...view.impact} />} />
        <GasCell quote={quote} balances={balances} />
        {route.fromChainId !== route.toChainId && <Cell compact title={t('swap.networks')} after={`${CHAIN_LABELS[String(route.fromChainId)]} → ${CHAIN_LABELS[String(route.toChainId)]}`} />}
      </Section>

      {swap.priceChanged && (
        <div className="notice" role="alert">
          <WarningIcon size={18} />
          <span>{t('swap.price-changed', { now: printed(route.toAmountMin, to.decimals), was: printed(swap.priceChanged.previousMin, to.decimals), symbol: to.symbol })}</span>
        </div>
      )}
      {swap.executeError && (
        <p className="error-text" role="alert">
          {t('swap.failed')}: {swap.executeError.kind === 'rejected' ? swap.executeError.message : errorText(t, swap.executeError)}
        </p>
      )}
      <div className="swap__cta">
        <Button loading={swap.executing} disabled={!view.canReview} onClick={() => dispatch({ type: 'swap/confirmTapped', payload: {} })}>
          {t('swap.confirm')}
        </Button>
      </div>
    </div>
  )
}

/** /selectNetwork/from */
export function SelectFrom() {
  const { t } = useTranslation()
  return (
    <>
      <h1 className="title">{t('swap.pick-from')}</h1>
      <TokenPicker purpose="swapFrom" />
    </>
  )
}

/** /selectNetwork/to: only tokens that pair with the from side (swap.35-36). */
export function SelectTo() {
  const { t } = useTranslation()
  const from = useAppState(selectSwap).from
  const networks = from === null ? undefined : isTonChain(from) ? (['TON'] as const) : EVM_NETWORKS
  return (
    <>
      <h1 className="title">{t('swap.pick-to')}</h1>
      {from && <p className="hint">{t(isTonChain(from) ? 'swap.pairs-ton' : 'swap.pairs-evm', { symbol: from.symbol })}</p>}
      <TokenPicker purpose="swapTo" networks={networks} initialChain={from === null ? null : from.chainId} />
    </>
  )
}

/** /presetSwapTokens/to (swap.49-50): the preset tokens, one tap sets the token to receive. */
export function PresetSwapTokens() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const { swap, balances } = useSwapView()
  useEffect(() => {
    dispatch({ type: 'swap/presetRequested', payload: { startParam: null } })
  }, [dispatch])
  const { preset } = swap
  return (
    <>
      <h1 className="title">{t('swap.presets')}</h1>
      <Section header={t('swap.presets-hint')}>
        {preset.loading && preset.tokens.length === 0 ? (
          Array.from({ length: 5 }, (_, i) => <SkeletonCell key={i} />)
        ) : preset.error !== null && preset.tokens.length === 0 ? (
          <Placeholder
            title={t('swap.presets-failed')}
            description={errorText(t, preset.error)}
            action={<Button size="small" mode="secondary" onClick={() => dispatch({ type: 'swap/presetRequested', payload: { startParam: null } })}>{t('swap.retry')}</Button>}
          />
        ) : (
          preset.tokens.map((token) => (
            <Cell
              key={`${token.chainId}:${token.address}`}
              before={<TokenIcon src={token.logoURI} symbol={token.symbol} />}
              title={token.symbol}
              subtitle={`${token.name} · ${CHAIN_LABELS[String(token.chainId)]}`}
              after={balances ? formatDecimal(heldOf(balances, token), LIST_BALANCE_DECIMALS) : undefined}
              label={`${token.symbol} ${CHAIN_LABELS[String(token.chainId)]}`}
              chevron
              onClick={() => {
                dispatch({ type: 'swap/presetPicked', payload: { token } })
                navigate('/swap')
              }}
            />
          ))
        )}
      </Section>
    </>
  )
}

/** /bigpump (swap.52): opens the launchpad mini-app and returns home. */
export function Bigpump() {
  const dispatch = useDispatch()
  const navigate = useNavigate()
  useEffect(() => {
    dispatch({ type: 'app/menuLinkOpened', payload: { item: 'bigpump', url: LINKS.bigpump } })
    navigate('/')
  }, [dispatch, navigate])
  return null
}
