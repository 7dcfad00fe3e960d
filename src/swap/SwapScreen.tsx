import { useTranslation } from 'react-i18next'
import { AmountInput } from '../ui/AmountInput'
import type { Token } from '../../domain/wallet/codecs'
import { CHAIN_LABELS } from '../../domain/app/chains'
import { TON_GAS_MIN, showsPriceImpactWarning } from '../../domain/swap/rules'
import { useNavigate } from 'react-router-dom'
import { useDispatch } from '../ui/store'
import { TokenIcon } from '../ui/TokenIcon'
import { errorText } from '../ui/errorText'
import { ChevronDownIcon, SwapIcon, WarningIcon } from '../ui/icons'
import { Button, Cell, Placeholder, Section, Skeleton, TextSkeleton } from '../ui/kit'
import { GasCell } from './GasCell'
import { ImpactValue } from './ImpactValue'
import { printed } from './format'
import { useBalances, useSwapView } from './hooks'
import './texts'
import { MainButton } from '../ui/MainButton'
import { useFitFont } from '../ui/useFitFont'
import { FITS, PLACES, useFormat } from '../ui/useFormat'

function TokenButton({ token, onClick, label }: { token: Token | null; onClick: () => void; label: string }) {
  const { t } = useTranslation()
  return (
    <button type="button" className="swap-token" onClick={onClick} aria-label={label}>
      {token ? (
        <TokenIcon src={token.logoURI} symbol={token.symbol} size={28} network={token.chainId} />
      ) : (
        <span className="swap-token__empty" aria-hidden="true" />
      )}
      <span className="swap-token__text">
        <span className="swap-token__symbol">{token ? token.symbol : t('swap.choose')}</span>
        {token && <span className="swap-token__chain">{CHAIN_LABELS[String(token.chainId)]}</span>}
      </span>
      <ChevronDownIcon size={18} />
    </button>
  )
}

/** /swap (swap.7-32) */
export function SwapScreen() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const format = useFormat()
  const { swap, balances, view } = useSwapView()
  useBalances(balances !== null)
  const { from, to, quote } = swap
  const provider =
    quote?.route.steps.map((s) => s.tool.name).join(' → ') ?? quote?.transactions.map((x) => x.viaTool.name).join(' → ')
  const receive = quote && to ? printed(format, quote.route.toAmount, to.decimals, FITS.hero) : ''
  // Both amounts step their font down to fit beside the token button (the typed one stays whole).
  const amountRef = useFitFont<HTMLInputElement>(swap.amount, 28, 16)
  const receiveRef = useFitFont<HTMLOutputElement>(receive, 28, 18)

  return (
    <div className="swap">
      <div className="swap__head">
        <h1 className="title">{t('swap.title')}</h1>
        {from && to && (
          <button
            type="button"
            className="link-button swap__share"
            onClick={() => dispatch({ type: 'swap/shareRequested', payload: {} })}
            disabled={swap.share.loading}
          >
            {t('swap.share')}
          </button>
        )}
      </div>
      {swap.share.error && (
        <p className="error-text" role="alert">
          {t('swap.share-failed')}
        </p>
      )}

      <div className="swap-card" data-testid="swap-from">
        <div className="swap-card__label">
          <span>{t('swap.send')}</span>
          {from && (
            <span className="swap-card__balance">
              {balances === null ? (
                <Skeleton width={80} height={13} />
              ) : (
                t('swap.balance', {
                  amount: format.amount(view.fromBalance, PLACES.listBalance, FITS.inline),
                  symbol: from.symbol,
                })
              )}
              <button
                type="button"
                className="chip chip--small chip--toggle"
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
          <AmountInput
            inputRef={amountRef}
            className="swap-card__amount"
            decimals={from?.decimals ?? 18}
            aria-label={t('swap.amount')}
            aria-invalid={
              view.overBalance || (view.amountProblem !== null && view.amountProblem.key !== 'amount.zero') || undefined
            }
            value={swap.amount}
            disabled={!from}
            onChange={(value) => dispatch({ type: 'swap/amountChanged', payload: { value } })}
          />
          <TokenButton token={from} label={t('swap.pick-from')} onClick={() => navigate('/selectNetwork/from')} />
        </div>
        {from && view.amountProblem !== null ? (
          // why there is no quote: a refused amount is an alert, zero a hint
          <div
            className={view.amountProblem.key === 'amount.zero' ? 'hint' : 'field-error'}
            role={view.amountProblem.key === 'amount.zero' ? undefined : 'alert'}
          >
            {t(view.amountProblem.key, { symbol: from.symbol, decimals: from.decimals })}
          </div>
        ) : (
          view.overBalance &&
          from && (
            <div className="field-error" role="alert">
              {t('swap.not-enough', { symbol: from.symbol })}
            </div>
          )
        )}
      </div>

      <div className="swap__flip">
        <button
          type="button"
          className="swap__flip-button"
          aria-label={t('swap.flip')}
          onClick={() => dispatch({ type: 'swap/flipped', payload: {} })}
          disabled={!from && !to}
        >
          <SwapIcon size={20} />
        </button>
      </div>

      <div className="swap-card" data-testid="swap-to">
        <div className="swap-card__label">
          <span>{t('swap.receive')}</span>
          {quote ? (
            <span className="swap-card__balance">{format.usd(quote.route.toAmountUSD, FITS.inline)}</span>
          ) : (
            view.looking && <TextSkeleton width={56} />
          )}
        </div>
        <div className="swap-card__row">
          <output
            ref={receiveRef}
            className="swap-card__amount swap-card__amount--out"
            aria-label={t('swap.receive')}
            aria-busy={view.looking || undefined}
          >
            {receive !== '' ? (
              receive
            ) : view.looking ? (
              <Skeleton width={120} height={28} />
            ) : (
              <span className="swap-card__zero">0</span>
            )}
          </output>
          <TokenButton token={to} label={t('swap.pick-to')} onClick={() => navigate('/selectNetwork/to')} />
        </div>
      </div>

      {!from || !to ? (
        <p className="hint">{t('swap.choose-hint')}</p>
      ) : swap.amount === '' ? (
        <p className="hint">{t('amount.enter')}</p>
      ) : swap.routeError !== null ? (
        <Placeholder
          icon={<WarningIcon size={32} />}
          title={t('swap.not-found')}
          description={swap.routeError.kind === 'rejected' ? swap.routeError.message : errorText(t, swap.routeError)}
          action={
            <Button
              size="small"
              mode="secondary"
              onClick={() => dispatch({ type: 'swap/retryRequested', payload: {} })}
            >
              {t('swap.retry')}
            </Button>
          }
        />
      ) : view.looking ? (
        // The quote's rows in skeleton, line for line: the quote lands without moving anything.
        <div className="section" aria-live="polite">
          <div className="section__header">{t('swap.looking')}</div>
          <div className="section__body" aria-busy="true" data-testid="quote-loading">
            <Cell compact title={<TextSkeleton width={64} />} after={<TextSkeleton width={72} />} />
            <Cell
              compact
              before={<Skeleton width={24} height={24} circle />}
              title={<TextSkeleton width={104} />}
              subtitle={<TextSkeleton width={120} />}
              after={<TextSkeleton width={80} />}
              afterSubtitle={<TextSkeleton width={40} />}
            />
            <Cell compact title={<TextSkeleton width={96} />} after={<TextSkeleton width={48} />} />
            <Cell compact title={<TextSkeleton width={128} />} after={<TextSkeleton width={96} />} />
          </div>
        </div>
      ) : quote && to ? (
        <Section header={t('swap.details')}>
          <Cell compact title={t('swap.route')} after={provider} />
          <GasCell quote={quote} balances={balances} />
          <Cell compact title={t('swap.price-impact')} after={view.impact && <ImpactValue {...view.impact} />} />
          <Cell
            compact
            title={t('swap.min-received')}
            after={`${printed(format, quote.route.toAmountMin, to.decimals, FITS.cell)} ${to.symbol}`}
          />
        </Section>
      ) : null}

      {view.impact && showsPriceImpactWarning(view.impact.status) && (
        <div className={`notice${view.impact.status === 'danger' ? ' notice--danger' : ''}`} role="alert">
          <WarningIcon size={18} />
          <span>
            {t(view.impact.status === 'danger' ? 'swap.impact-danger' : 'swap.impact-warning', {
              percent: format.fixed(view.impact.percent, 2),
            })}
          </span>
        </div>
      )}
      {view.gas && view.gasWarning && (
        <div className="notice notice--danger" role="alert">
          <WarningIcon size={18} />
          <span>
            {quote?.provider
              ? t('swap.insufficient-gas-ton', {
                  amount: format.amount(TON_GAS_MIN[quote.provider], PLACES.transaction),
                })
              : t('swap.insufficient-gas', {
                  symbol: view.gas.symbol,
                  amount: format.amount(quote?.gases[0]?.printAmount ?? '0', PLACES.transaction),
                })}
          </span>
        </div>
      )}

      <MainButton
        text={t('swap.review')}
        disabled={!view.canReview}
        loading={swap.routeFetching}
        onPress={() => navigate('/confirmSwap')}
      />
    </div>
  )
}
