/**
 * /mining/staking (doc 2 §2 "Staking screens", §5; staking.4-19): the amount (a comma accepted),
 * the presets of the available balance, the chosen period as a card, the total staked by everyone,
 * and Continue on the main button, disabled while the amount is empty, erroneous or no period is
 * chosen; the first amount error under the field, in the order not-enough, min, max.
 */
import { useTranslation } from 'react-i18next'
import { AmountInput } from '../ui/AmountInput'
import { SWITCH_DECIMALS } from '../../domain/mining/accrual'
import {
  PRESETS,
  amountError,
  amountErrorKeys,
  aprPercent,
  availableBalance,
  continueDisabled,
} from '../../domain/staking/rules'
import { useNavigate } from 'react-router-dom'
import { useAppState, useDispatch } from '../ui/store'
import { Cell, Section, Skeleton, SkeletonCell } from '../ui/kit'
import { MainButton } from '../ui/MainButton'
import { LoadFailed } from './LoadFailed'
import { PeriodIcon } from './PeriodIcon'
import { ScreenTitle } from './ScreenTitle'
import { selectStaking } from './selectors'
import { useStakingEntered, usePeriodName, useTon } from './hooks'
import { useSwitchAmount } from '../mining/hooks'
import './texts'
import { feeOf, isPaidPeriod, maxOf } from '../../domain/staking/configs'

export function StakingScreen() {
  useStakingEntered('main')
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const amountText = useSwitchAmount()
  const ton = useTon()
  const periodName = usePeriodName()
  const s = useAppState(selectStaking)
  const { form } = s

  if (s.configs === null && s.configsError !== null) return <LoadFailed error={s.configsError} screen="main" />
  const loading = s.configs === null || s.balance === null
  const config = form.configPeriod !== null ? s.configs?.stakingConfig[form.configPeriod] : undefined
  const limits =
    s.balance !== null && config !== undefined
      ? { got: s.balance.got, locked: s.balance.locked, min: config.minSwitchAmount, max: maxOf(config) }
      : null
  const available = s.balance !== null ? availableBalance(s.balance.got, s.balance.locked) : null
  const error = limits !== null ? amountError(form.amount, limits) : null
  const errorAmount =
    error === 'not-enough'
      ? (available ?? '0')
      : error === 'min-amount'
        ? (config?.minSwitchAmount ?? '0')
        : maxOf(config)
  const fee = feeOf(config)
  const paid = form.configPeriod !== null && isPaidPeriod(s.configs, form.configPeriod)

  return (
    <div className="staking" data-testid="staking-screen">
      <ScreenTitle sub={t('staking.subtitle')}>{t('staking.title')}</ScreenTitle>
      <label className="field staking-amount" htmlFor="staking-amount">
        <span className="staking-amount__label">{t('staking.amount')}</span>
        <span className="staking-amount__box">
          <AmountInput
            id="staking-amount"
            className="search staking-amount__input"
            value={form.amount}
            decimals={SWITCH_DECIMALS}
            aria-invalid={error !== null}
            aria-describedby={error !== null ? 'staking-amount-error' : 'staking-available'}
            onChange={(text) => dispatch({ type: 'staking/amountTyped', payload: { text } })}
          />
          <span className="staking-amount__unit">SWITCH</span>
        </span>
      </label>
      <div className="staking-available" id="staking-available" data-testid="staking-available">
        {available === null ? (
          <Skeleton width={140} height={14} />
        ) : (
          t('staking.available', { amount: amountText(available) })
        )}
      </div>
      {error !== null && (
        <div
          className="staking-error"
          id="staking-amount-error"
          role="alert"
          data-testid="staking-error"
          data-error={error}
        >
          <strong>{t(amountErrorKeys(error).title)}</strong>
          <span>{t(amountErrorKeys(error).description, { amount: amountText(errorAmount) })}</span>
        </div>
      )}
      <div className="staking-presets" role="group" aria-label={t('staking.presets')}>
        {PRESETS.map((percent) => (
          <button
            key={percent}
            type="button"
            className="chip staking-preset"
            aria-pressed={form.amountPreset === percent}
            disabled={available === null}
            onClick={() => dispatch({ type: 'staking/presetChosen', payload: { percent } })}
          >
            {t('staking.preset', { percent })}
          </button>
        ))}
      </div>
      <Section header={t('staking.period')}>
        {loading || config === undefined || form.configPeriod === null ? (
          <SkeletonCell />
        ) : (
          <Cell
            before={<PeriodIcon period={form.configPeriod} />}
            title={periodName(form.configPeriod)}
            subtitle={`${t('staking.apr', { percent: aprPercent(config.apy) })} · ${fee === null ? t('staking.free') : t('staking.fee', { ton: ton(fee.ton), stars: fee.stars })}`}
            chevron
            label={`${t('staking.period-change')}: ${periodName(form.configPeriod)}`}
            onClick={() => navigate('/mining/staking/configs')}
          />
        )}
      </Section>
      <Section>
        <Cell
          title={t('staking.total')}
          after={
            s.total === null ? (
              <Skeleton width={96} height={16} />
            ) : (
              <span data-testid="staking-total">{`${amountText(s.total, 14)} SWITCH`}</span>
            )
          }
          compact
        />
        {s.deposits !== null && s.deposits.length > 0 && (
          <Cell
            title={t('staking.my-deposits')}
            after={String(s.deposits.length)}
            chevron
            onClick={() => navigate('/mining/staking/deposits')}
          />
        )}
      </Section>
      <MainButton
        text={t('staking.continue')}
        disabled={continueDisabled(form.amount, form.configPeriod, limits)}
        onPress={() => navigate(paid ? '/mining/staking/paymentMethod' : '/mining/staking/confirm')}
      />
    </div>
  )
}
