/**
 * What the staking screens share: their texts and styles (loaded with the screens), the slice, the
 * entry that loads what they read, the server's clock, the periods' names and icons, and SWITCH as
 * the mining area shows it (4 decimals, cut).
 */
import { type ReactNode, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import en from '../../locales/staking/en.json'
import ru from '../../locales/staking/ru.json'
import type { RequestError } from '../../domain/api/errors'
import { PLACES } from '../../domain/format'
import { switchAmountText } from '../../domain/mining/rules'
import { hourRewardFixed } from '../../domain/staking/rules'
import type { RootState } from '../../domain/state'
import { useAppState, useDispatch } from '../ui/store'
import { addTranslations } from '../i18n'
import { useDisplayNow } from '../mining/parts'
import { errorText } from '../ui/errorText'
import { walletProofText } from '../ui/walletProofText'
import { WarningIcon } from '../ui/icons'
import { Button, Placeholder } from '../ui/kit'
import { useFormat } from '../ui/useFormat'
import './staking.css'

addTranslations('staking', { en, ru })

export const selectStaking = (s: RootState) => s.staking
const selectOffset = (s: RootState) => s.staking.serverOffset ?? s.mining.serverOffset

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

/** SWITCH in the mining area: 4 decimals, cut, in the user's language (mining.11). */
export function useSwitch(): (value: string, maxChars?: number) => string {
  const format = useFormat()
  return (value, maxChars) => switchAmountText(value, format.language, maxChars)
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
  const amountText = useSwitch()
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

const PERIOD_COLORS: Record<string, string> = {
  '3mhp': '#f5a623',
  '3m': '#34c759',
  '6m': '#30b0c7',
  '1y': '#007aff',
  '5y': '#af52de',
  '100y': '#ff2d55',
  allIn: '#ff9500',
}

/** staking.1: each period's own icon: a ring with its length inside. */
export function PeriodIcon({ period, size = 40 }: { period: string; size?: number }) {
  const label = { '3mhp': '3+', '3m': '3', '6m': '6', '1y': '1Y', '5y': '5Y', '100y': '∞', allIn: 'ALL' }[period] ?? '?'
  const color = PERIOD_COLORS[period] ?? '#8e8e93'
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" className="period-icon">
      <circle cx="20" cy="20" r="18" fill={color} opacity="0.16" />
      <circle
        cx="20"
        cy="20"
        r="15"
        fill="none"
        stroke={color}
        strokeWidth="3"
        strokeDasharray={period === '3mhp' ? '6 3' : undefined}
      />
      <text
        x="20"
        y="24.5"
        textAnchor="middle"
        fontSize={label.length > 2 ? 10 : 13}
        fontWeight="700"
        fill="currentColor"
      >
        {label}
      </text>
    </svg>
  )
}

export const LockOpenIcon = ({ size = 18 }: { size?: number }) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    data-testid="lock-open"
  >
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 7.5-2" />
  </svg>
)

export const LockIcon = ({ size = 18 }: { size?: number }) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </svg>
)

/** The period's name (staking.1). */
export function usePeriodName(): (period: string) => string {
  const { t } = useTranslation()
  return (period) => t(`staking.periods.${period}`)
}

/** The screen's load failure with its retry (staking.35: logged, and shown). */
export function LoadFailed({ error, screen }: { error: RequestError; screen: 'main' | 'deposits' }) {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  return (
    <Placeholder
      page
      icon={<WarningIcon size={40} />}
      title={t('staking.load-failed')}
      description={errorText(t, error)}
      action={
        <Button mode="secondary" onClick={() => dispatch({ type: 'staking/entered', payload: { screen } })}>
          {t('errors.retry')}
        </Button>
      }
    />
  )
}

export function ScreenTitle({ children, sub }: { children: ReactNode; sub?: ReactNode }) {
  return (
    <header className="staking-head">
      <h1 className="staking-head__title">{children}</h1>
      {sub !== undefined && <p className="staking-head__sub">{sub}</p>}
    </header>
  )
}
