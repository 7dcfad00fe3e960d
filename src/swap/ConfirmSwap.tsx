import { useTranslation } from 'react-i18next'
import type { Token } from '../../domain/wallet/codecs'
import { CHAIN_LABELS } from '../../domain/app/chains'
import { useNavigate } from 'react-router-dom'
import { useDispatch } from '../ui/store'
import { TokenIcon } from '../ui/TokenIcon'
import { errorText } from '../ui/errorText'
import { WarningIcon } from '../ui/icons'
import { Button, Cell, Placeholder, Section } from '../ui/kit'
import { GasCell } from './GasCell'
import { ImpactValue } from './ImpactValue'
import { printed } from './format'
import { useSwapView } from './hooks'
import './texts'
import { MainButton } from '../ui/MainButton'
import { SuccessScreen } from '../ui/SuccessScreen'
import { FITS, PLACES, useFormat } from '../ui/useFormat'

/** One side of the review: the token, what goes or comes, and its USD. */
function SummarySide({
  token,
  label,
  units,
  usd,
  testId,
}: {
  token: Token
  label: string
  units: string
  usd: number
  testId: string
}) {
  const format = useFormat()
  return (
    <div className="swap-summary__side">
      <TokenIcon src={token.logoURI} symbol={token.symbol} size={44} network={token.chainId} />
      <div className="swap-summary__label">{label}</div>
      <div className="swap-summary__amount" data-testid={testId}>
        <span className="nowrap">{printed(format, units, token.decimals, FITS.summary)}</span> {token.symbol}
      </div>
      <div className="swap-summary__usd">{format.usd(usd, FITS.summary)}</div>
    </div>
  )
}

/** /confirmSwap (swap.37-45) */
export function ConfirmSwap() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const format = useFormat()
  const { swap, balances, view } = useSwapView()
  const { from, to, quote } = swap

  if (swap.executed && from && to && quote) {
    const sent = `${printed(format, quote.route.fromAmount, from.decimals, FITS.cell)} ${from.symbol}`
    const received = `${printed(format, quote.route.toAmount, to.decimals, FITS.cell)} ${to.symbol}`
    return (
      <SuccessScreen
        title={t('swap.success')}
        figure={`${printed(format, quote.route.toAmount, to.decimals, FITS.total)} ${to.symbol}`}
        detail={t('swap.success-detail', { from: sent, to: received })}
        primary={{ text: t('swap.done'), onPress: () => void navigate('/') }}
      />
    )
  }
  if (!from || !to || !quote)
    return (
      <Placeholder
        page
        title={t('swap.no-quote')}
        action={<Button onClick={() => navigate('/swap')}>{t('swap.back')}</Button>}
      />
    )

  const { route } = quote
  return (
    <div className="swap">
      <h1 className="title">{t('swap.confirm-title')}</h1>
      <div className="swap-summary">
        <SummarySide
          token={from}
          label={t('swap.send')}
          units={route.fromAmount}
          usd={route.fromAmountUSD}
          testId="confirm-send"
        />
        <div className="swap-summary__arrow" aria-hidden="true">
          →
        </div>
        <SummarySide
          token={to}
          label={t('swap.receive')}
          units={route.toAmount}
          usd={route.toAmountUSD}
          testId="confirm-receive"
        />
      </div>

      <Section header={t('swap.steps')}>
        {route.steps.map((step, i) => (
          <Cell
            key={i}
            compact
            before={<TokenIcon src={step.tool.logoURI} symbol={step.tool.name} size={32} />}
            title={`${t(`swap.step.${step.type}`, { defaultValue: step.type })} · ${step.tool.name}`}
            subtitle={step.tool.key}
            after={`${format.amount(step.fromAmount, PLACES.transaction, FITS.step)} ${step.fromSymbol}`}
            afterSubtitle={`→ ${format.amount(step.toAmount, PLACES.transaction, FITS.step)} ${step.toSymbol}`}
          />
        ))}
      </Section>
      <Section>
        <Cell
          compact
          title={t('swap.min-received')}
          after={
            <span data-testid="confirm-min">
              {printed(format, route.toAmountMin, to.decimals, FITS.cell)} {to.symbol}
            </span>
          }
        />
        <Cell compact title={t('swap.price-impact')} after={view.impact && <ImpactValue {...view.impact} />} />
        <GasCell quote={quote} balances={balances} />
        {route.fromChainId !== route.toChainId && (
          <Cell
            compact
            title={t('swap.networks')}
            after={`${CHAIN_LABELS[String(route.fromChainId)]} → ${CHAIN_LABELS[String(route.toChainId)]}`}
          />
        )}
      </Section>

      {swap.priceChanged && (
        <div className="notice" role="alert">
          <WarningIcon size={18} />
          <span>
            {t('swap.price-changed', {
              now: printed(format, route.toAmountMin, to.decimals),
              was: printed(format, swap.priceChanged.previousMin, to.decimals),
              symbol: to.symbol,
            })}
          </span>
        </div>
      )}
      {swap.executeError && (
        <p className="error-text" role="alert">
          {t('swap.failed')}:{' '}
          {swap.executeError.kind === 'rejected' ? swap.executeError.message : errorText(t, swap.executeError)}
        </p>
      )}
      <MainButton
        text={t('swap.confirm')}
        loading={swap.executing || swap.confirmPending}
        disabled={!view.canReview}
        onPress={() => dispatch({ type: 'swap/confirmTapped', payload: {} })}
      />
    </div>
  )
}
