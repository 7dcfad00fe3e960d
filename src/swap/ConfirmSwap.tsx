import { useTranslation } from 'react-i18next'
import type { Token } from '../../domain/api/codecs/wallet'
import { CHAIN_LABELS } from '../../domain/app/rules'
import { formatDecimal, formatUsd } from '../../domain/money'
import { useNavigate } from '../app/navigation'
import { useDispatch } from '../app/store'
import { TokenIcon } from '../ui/TokenIcon'
import { errorText } from '../ui/errorText'
import { CheckIcon, WarningIcon } from '../ui/icons'
import { Button, Cell, Placeholder, Section } from '../ui/kit'
import { AMOUNT_DECIMALS, GasCell, ImpactValue, printed, useSwapView } from './parts'
import { MainButton } from '../ui/MainButton'

/** One side of the review: the token, what goes or comes, and its USD. */
function SummarySide({ token, label, units, usd, testId }: { token: Token; label: string; units: string; usd: number; testId: string }) {
  return (
    <div className="swap-summary__side">
      <TokenIcon src={token.logoURI} symbol={token.symbol} size={44} network={token.chainId} />
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
      <MainButton text={t('swap.confirm')} loading={swap.executing || swap.confirmPending} disabled={!view.canReview} onPress={() => dispatch({ type: 'swap/confirmTapped', payload: {} })} />
    </div>
  )
}
