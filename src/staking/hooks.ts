/** The staking screens' hooks: the entry that loads what they read, the server's clock, and their figures and refusals in the user's language. */
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { RequestError } from '../../domain/api/errors'
import { PLACES } from '../../domain/format'
import { hourRewardFixed } from '../../domain/staking/rules'
import { useAppState, useDispatch } from '../ui/store'
import { useDisplayNow, useSwitchAmount } from '../mining/hooks'
import { errorText } from '../ui/errorText'
import { walletProofText } from '../ui/walletProofText'
import { useFormat } from '../ui/useFormat'
import { selectOffset } from './selectors'

/** A staking screen in view: what it reads loads (again) now. */
export function useStakingEntered(screen: 'main' | 'deposits'): void {
  const dispatch = useDispatch()
  useEffect(() => dispatch({ type: 'staking/entered', payload: { screen } }), [dispatch, screen])
}

/** The server's time for display (staking.38: unlock by the server's clock). */
export function useStakingNow(resolutionMs = 1000): number {
  const offset = useAppState(selectOffset)
  return useDisplayNow(resolutionMs) + offset
}

/** staking.42: the hourly reward to 4 decimals (zeros kept), with the language's decimal mark. */
export function useHourReward(): (value: string) => string {
  const format = useFormat()
  return (value) => (format.language === 'ru' ? hourRewardFixed(value).replace('.', ',') : hourRewardFixed(value))
}

/**
 * staking.32: a failed call in the user's language. A refusal reads by its code, the i18n key the
 * server names (server/staking/refusals.ts): a key with a title and a description reads "title.
 * description", with the refusal's values (amounts as this screen writes SWITCH); a code this
 * client does not know shows the server's message. Other failures read as on every screen.
 */
export function useRefusalText(): (error: RequestError) => string {
  const { t, i18n } = useTranslation()
  const amountText = useSwitchAmount()
  return (error) => {
    if (error.kind !== 'rejected') return errorText(t, error)
    const code = error.code
    // A wallet not linked (the claim links the wallet first, with its ton_proof): the reason, in words.
    const proof = walletProofText(t, code)
    if (proof !== null) return proof
    if (code === undefined || !code.startsWith('staking.')) return error.message
    const params = Object.fromEntries(
      Object.entries(error.params ?? {}).map(([name, value]) => [name, name === 'amount' ? amountText(value) : value]),
    )
    if (i18n.exists(`${code}.title`) && i18n.exists(`${code}.description`))
      return `${t(`${code}.title`)}. ${t(`${code}.description`, params)}`
    const text = i18n.exists(code) ? t(code, { ...params, returnObjects: true }) : null
    return typeof text === 'string' ? text : error.message
  }
}

/** The TON fee as shown: exact, up to 9 decimals. */
export function useTon(): (value: string) => string {
  const format = useFormat()
  return (value) => format.amount(value, PLACES.listBalance + 5)
}

/** The period's name (staking.1). */
export function usePeriodName(): (period: string) => string {
  const { t } = useTranslation()
  return (period) => t(`staking.periods.${period}`)
}
