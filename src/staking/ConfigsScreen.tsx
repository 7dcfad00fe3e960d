/**
 * /mining/staking/configs (staking.20-21): the periods to choose from, each with its APR, minimum
 * and fee; choosing one resets the payment method and goes back to the main staking screen.
 */
import { useTranslation } from 'react-i18next'
import { aprPercent, isStakingPeriod } from '../../domain/staking/rules'
import { useNavigate } from 'react-router-dom'
import { useAppState, useDispatch } from '../ui/store'
import { CheckIcon } from '../ui/icons'
import { Cell, Section, SkeletonCell } from '../ui/kit'
import { LoadFailed } from './LoadFailed'
import { PeriodIcon } from './PeriodIcon'
import { ScreenTitle } from './ScreenTitle'
import { selectStaking } from './selectors'
import { useStakingEntered, usePeriodName, useTon } from './hooks'
import { useSwitchAmount } from '../mining/hooks'
import './texts'
import { feeOf } from '../../domain/staking/configs'

export function ConfigsScreen() {
  useStakingEntered('main')
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const amountText = useSwitchAmount()
  const ton = useTon()
  const periodName = usePeriodName()
  const s = useAppState(selectStaking)
  if (s.configs === null && s.configsError !== null) return <LoadFailed error={s.configsError} screen="main" />
  const periods = s.configs === null ? [] : Object.keys(s.configs.stakingConfig).filter(isStakingPeriod)
  return (
    <div className="staking" data-testid="staking-configs">
      <ScreenTitle>{t('staking.configs.title')}</ScreenTitle>
      <Section>
        {s.configs === null
          ? [0, 1, 2, 3].map((i) => <SkeletonCell key={i} />)
          : periods.map((period) => {
              const config = s.configs!.stakingConfig[period]
              const fee = feeOf(config)
              const chosen = s.form.configPeriod === period
              return (
                <Cell
                  key={period}
                  before={<PeriodIcon period={period} />}
                  title={`${periodName(period)} · ${t('staking.apr', { percent: aprPercent(config.apy) })}`}
                  subtitle={`${t('staking.configs.min', { amount: amountText(config.minSwitchAmount) })} · ${fee === null ? t('staking.free') : t('staking.fee', { ton: ton(fee.ton), stars: fee.stars })}`}
                  after={
                    chosen ? (
                      <span className="staking-check" aria-label="✓">
                        <CheckIcon size={20} />
                      </span>
                    ) : undefined
                  }
                  accent={chosen}
                  onClick={() => {
                    dispatch({ type: 'staking/periodChosen', payload: { period } })
                    navigate('/mining/staking')
                  }}
                />
              )
            })}
      </Section>
    </div>
  )
}
