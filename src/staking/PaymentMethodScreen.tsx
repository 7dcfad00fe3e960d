/**
 * /mining/staking/paymentMethod (staking.22, .24-26): a paid period's fee, in TON and in Stars, and
 * the three ways to pay it: TON from this wallet, Telegram Stars, another TON wallet over
 * TonConnect. Continue goes once a way is chosen. Without a period or an amount: back to staking.
 */
import { type ReactNode, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { StakingWay } from '../../domain/staking/events'
import { useNavigate } from 'react-router-dom'
import { useAppState, useDispatch } from '../ui/store'
import { CheckIcon, WalletIcon } from '../ui/icons'
import { Cell, Section } from '../ui/kit'
import { StarIcon, TonIcon } from '../ui/payIcons'
import { MainButton } from '../ui/MainButton'
import { ScreenTitle } from './ScreenTitle'
import { selectStaking } from './selectors'
import { useTon } from './hooks'
import './texts'
import { feeOf } from '../../domain/staking/configs'

const WAYS: readonly StakingWay[] = ['internal', 'stars', 'external']

/** staking.26: the payment and confirm screens need a period and an amount; without them, back to staking. */
export function useFormOrBack(): boolean {
  const navigate = useNavigate()
  const s = useAppState(selectStaking)
  const missing =
    s.form.configPeriod === null || s.configs?.stakingConfig[s.form.configPeriod] === undefined || s.form.amount === ''
  // The configs are still loading on a reload: wait for them before judging.
  const judged = s.configs !== null || s.configsError !== null
  const leave = missing && judged && s.deposit.step !== 'success'
  useEffect(() => {
    if (leave) navigate('/mining/staking')
  }, [leave, navigate])
  return !missing
}

export function PaymentMethodScreen() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const ton = useTon()
  const s = useAppState(selectStaking)
  const ready = useFormOrBack()
  if (!ready || s.form.configPeriod === null) return null
  const fee = feeOf(s.configs?.stakingConfig[s.form.configPeriod]) ?? { ton: '0', stars: 0 }
  const rows: Record<StakingWay, { icon: ReactNode; title: string; hint: string }> = {
    internal: {
      icon: <TonIcon />,
      title: t('staking.payment.internal'),
      hint: t('staking.payment.internal-hint', { ton: ton(fee.ton) }),
    },
    stars: {
      icon: <StarIcon />,
      title: t('staking.payment.stars'),
      hint: t('staking.payment.stars-hint', { stars: fee.stars }),
    },
    external: {
      icon: <WalletIcon size={26} />,
      title: t('staking.payment.external'),
      hint: t('staking.payment.external-hint', { ton: ton(fee.ton) }),
    },
  }
  return (
    <div className="staking" data-testid="staking-payment">
      <ScreenTitle sub={t('staking.payment.text')}>{t('staking.payment.title')}</ScreenTitle>
      <Section>
        {WAYS.map((way) => {
          const chosen = s.form.paymentMethod === way
          return (
            <Cell
              key={way}
              before={rows[way].icon}
              title={rows[way].title}
              subtitle={rows[way].hint}
              accent={chosen}
              after={
                chosen ? (
                  <span className="staking-check">
                    <CheckIcon size={20} />
                  </span>
                ) : undefined
              }
              label={`${rows[way].title}, ${rows[way].hint}${chosen ? ' ✓' : ''}`}
              onClick={() => dispatch({ type: 'staking/paymentMethodChosen', payload: { way } })}
            />
          )
        })}
      </Section>
      <MainButton
        text={t('staking.continue')}
        disabled={s.form.paymentMethod === null}
        onPress={() => navigate('/mining/staking/confirm')}
      />
    </div>
  )
}
