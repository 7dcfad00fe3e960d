/**
 * /mining/staking/successDeposit (staking.33): the amount and the period staked; on to the
 * deposits, or stake more. Reached with nothing staked (a reload): the deposits.
 */
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { useAppState, useDispatch } from '../ui/store'
import { SuccessScreen } from '../ui/SuccessScreen'
import { selectStaking } from './selectors'
import { usePeriodName } from './hooks'
import { useSwitchAmount } from '../mining/hooks'
import './texts'

export function SuccessDepositScreen() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const amountText = useSwitchAmount()
  const periodName = usePeriodName()
  const s = useAppState(selectStaking)
  const request = s.deposit.step === 'success' ? s.request : null
  useEffect(() => {
    if (request === null) navigate('/mining/staking/deposits')
  }, [request, navigate])
  if (request === null) return null
  const leave = (to: string) => {
    dispatch({ type: 'staking/finished', payload: {} })
    navigate(to)
  }
  return (
    <SuccessScreen
      title={t('staking.success.title')}
      figure={`${amountText(request.amount, 18)} SWITCH`}
      detail={t('staking.success.detail', { period: periodName(request.period) })}
      primary={{ text: t('staking.success.deposits'), onPress: () => leave('/mining/staking/deposits') }}
      links={[{ text: t('staking.success.more'), onPress: () => leave('/mining/staking') }]}
    />
  )
}
