import { useTranslation } from 'react-i18next'
import { AmountInput } from '../ui/AmountInput'
import type { Balance } from '../../domain/wallet/codecs'
import {
  ANTE_LABELS,
  ANTE_STEP,
  MIN_DEPOSIT_USD,
  USD_DECIMALS,
  anteUsd,
  startButton,
  tokenEquivalent,
} from '../../domain/copyTrade/rules'
import { availableUsd } from '../../domain/copyTrade/state'
import { useNavigate } from 'react-router-dom'
import { useAppState, useDispatch } from '../ui/store'
import { errorText } from '../ui/errorText'
import { Button, Placeholder } from '../ui/kit'
import { TokenWithChain } from './icons'
import { selectCopyTrade } from './selectors'
import './texts'
import { MainButton } from '../ui/MainButton'
import { FITS, PLACES, useFormat } from '../ui/useFormat'

/** /copyTrade/traderDeposit (copyTrade.15-33): deposit, share per trade, and the start button. */
export function TraderDeposit() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const ct = useAppState(selectCopyTrade)
  const format = useFormat()
  const asset: Balance | null = ct.asset
  if (!asset)
    return (
      <Placeholder
        page
        title={t('copyTrade.deposit.no-asset')}
        action={<Button onClick={() => navigate('/copyTrade/chooseTokens')}>{t('copyTrade.tokens.title')}</Button>}
      />
    )
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
          <button
            type="button"
            className="chip chip--small"
            onClick={() => dispatch({ type: 'copyTrade/maxPressed', payload: {} })}
          >
            {t('copyTrade.deposit.max', {
              amount: format.amount(asset.tokensAmount, PLACES.listBalance, FITS.inline),
              symbol: asset.symbol,
            })}
          </button>
        </div>
        <div className="swap-card__row">
          <span className="dollar">$</span>
          <AmountInput
            className="swap-card__amount"
            decimals={USD_DECIMALS}
            aria-label={t('copyTrade.deposit.amount')}
            value={ct.deposit}
            onChange={(value) => dispatch({ type: 'copyTrade/depositChanged', payload: { value } })}
          />
          <TokenWithChain logoURI={asset.logoURI} symbol={asset.symbol ?? '?'} chainId={asset.chainId} />
        </div>
        <div className="swap-card__label" data-testid="token-equivalent">
          ≈ {format.amount(tokenEquivalent(ct.deposit || '0', asset.tokensCost), PLACES.listBalance)} {asset.symbol}
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
          {t('copyTrade.deposit.per-trade-value', {
            percent: ct.antePercent,
            amount: format.amount(anteUsd(ct.deposit || '0', ct.antePercent), PLACES.listBalance),
          })}
        </div>
      </fieldset>
      <p className="hint">
        {t('copyTrade.deposit.minimum-note', {
          amount: format.amount(String(MIN_DEPOSIT_USD), PLACES.usd),
          token: format.amount(tokenEquivalent(String(MIN_DEPOSIT_USD), asset.tokensCost), PLACES.listBalance),
          symbol: asset.symbol,
        })}
      </p>
      {ct.submitError && (
        <p className="error-text" role="alert">
          {ct.submitError.kind === 'rejected' ? ct.submitError.message : errorText(t, ct.submitError)}
        </p>
      )}
      <MainButton
        text={t(button.key)}
        tone={button.tone === 'primary' ? 'primary' : 'danger'}
        loading={ct.submitting}
        onPress={() => dispatch({ type: 'copyTrade/startRequested', payload: {} })}
      />
    </form>
  )
}
