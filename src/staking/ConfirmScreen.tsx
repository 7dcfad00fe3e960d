/**
 * /mining/staking/confirm (staking.27-32): the amount, the period (and when it unlocks), the
 * balance after and the fee; Stake on the main button sends one deposit per tap, paid the chosen
 * way and followed until the server has made it; then the success screen. A refusal shows in a
 * red bar at the bottom, in the user's language by its code, else the server's text. Without a
 * period or an amount: back to staking.
 */
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { balanceAfter, parseAmount } from '../../domain/staking/rules'
import { unlockAt } from '../../domain/staking/unlock'
import { useNavigate } from 'react-router-dom'
import { useAppState, useDispatch } from '../ui/store'
import { CloseIcon, SpinnerIcon } from '../ui/icons'
import { Cell, Section } from '../ui/kit'
import { MainButton } from '../ui/MainButton'
import { useFormat } from '../ui/useFormat'
import { PeriodIcon } from './PeriodIcon'
import { ScreenTitle } from './ScreenTitle'
import { selectStaking } from './selectors'
import { useRefusalText, useStakingNow, usePeriodName, useTon } from './hooks'
import { useSwitchAmount } from '../mining/hooks'
import './texts'
import { feeOf, isPaidPeriod } from '../../domain/staking/configs'
import { useFormOrBack } from './PaymentMethodScreen'

export function ConfirmScreen() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const format = useFormat()
  const amountText = useSwitchAmount()
  const ton = useTon()
  const periodName = usePeriodName()
  const now = useStakingNow(60_000)
  const s = useAppState(selectStaking)
  const ready = useFormOrBack()
  const refusalText = useRefusalText()
  const step = s.deposit.step
  useEffect(() => {
    if (step === 'success') navigate('/mining/staking/successDeposit')
  }, [step, navigate])
  if (!ready || s.form.configPeriod === null) return null
  const period = s.form.configPeriod
  const config = s.configs?.stakingConfig[period]
  const paid = isPaidPeriod(s.configs, period)
  const fee = feeOf(config)
  const way = paid ? s.form.paymentMethod : null
  const amount = parseAmount(s.form.amount) ?? '0'
  const busy = step === 'sending' || step === 'paying' || step === 'waiting'
  const feeText =
    fee === null || way === null
      ? t('staking.free')
      : way === 'stars'
        ? t('staking.confirm.fee-stars', { stars: fee.stars })
        : t('staking.confirm.fee-ton', { ton: ton(fee.ton) })
  const progress =
    s.deposit.step === 'sending'
      ? t('staking.confirm.sending')
      : s.deposit.step === 'paying'
        ? t(`staking.confirm.paying-${s.deposit.way}`)
        : s.deposit.step === 'waiting'
          ? t('staking.confirm.waiting')
          : null
  const failure = s.deposit.step === 'failed' ? s.deposit : null
  return (
    <div className="staking" data-testid="staking-confirm">
      <ScreenTitle>{t('staking.confirm.title')}</ScreenTitle>
      <div className="staking-figure">
        <PeriodIcon period={period} size={56} />
        <div className="staking-figure__amount" data-testid="confirm-amount">
          {amountText(amount, 18)} <span className="staking-figure__unit">SWITCH</span>
        </div>
      </div>
      <Section>
        <Cell title={t('staking.confirm.period')} after={periodName(period)} compact />
        <Cell title={t('staking.confirm.unlocks')} after={format.date(unlockAt(now, period), false)} compact />
        <Cell
          title={t('staking.confirm.balance-after')}
          after={
            <span data-testid="confirm-balance-after">{`${amountText(s.balance === null ? '0' : balanceAfter(s.balance.got, s.balance.locked, amount))} SWITCH`}</span>
          }
          compact
        />
        <Cell title={t('staking.confirm.fee')} after={<span data-testid="confirm-fee">{feeText}</span>} compact />
      </Section>
      {progress !== null && (
        <div className="staking-progress" role="status" data-testid="confirm-progress">
          <SpinnerIcon size={20} />
          <span>{progress}</span>
        </div>
      )}
      {failure !== null && (
        <div className="staking-bar" role="alert" data-testid="confirm-error">
          <span className="staking-bar__text">
            {failure.reason === 'cancelled'
              ? t('staking.confirm.cancelled')
              : failure.error !== null
                ? refusalText(failure.error)
                : t('staking.confirm.failed')}
          </span>
          <button
            type="button"
            className="staking-bar__close"
            aria-label={t('staking.confirm.dismiss')}
            onClick={() => dispatch({ type: 'staking/errorDismissed', payload: {} })}
          >
            <CloseIcon size={16} />
          </button>
        </div>
      )}
      <MainButton
        text={t('staking.confirm.stake')}
        loading={busy}
        onPress={() => dispatch({ type: 'staking/depositTapped', payload: {} })}
      />
    </div>
  )
}
