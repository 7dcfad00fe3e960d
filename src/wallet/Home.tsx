/** The wallet home (doc 1 §2): total balance, actions, tokens, and the wallet chooser. */
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { CHAIN_LABELS } from '../../domain/app/chains'
import { HOME_TOKENS_SHOWN, shortAddress, sortBalances } from '../../domain/wallet/rules'
import { useNavigate } from 'react-router-dom'
import type { RootState } from '../../domain/state'
import { useAppState, useDispatch } from '../ui/store'
import { TokenIcon } from '../ui/TokenIcon'
import { ArrowDownIcon, ArrowUpIcon, BugIcon, ChartIcon, ChevronDownIcon, SwapIcon, WarningIcon } from '../ui/icons'
import { ActionButton, Button, Cell, Placeholder, Section, Skeleton, SkeletonCell } from '../ui/kit'
import { Chooser } from './Chooser'
import { DepositSheet } from './DepositSheet'
import { History } from './History'
import { LanguageCell, LanguagePicker } from '../app/LanguagePicker'
import { errorText } from '../ui/errorText'
import { withKeys } from '../ui/listKeys'
import { useFitFont } from '../ui/useFitFont'
import { FITS, PLACES, useFormat } from '../ui/useFormat'
import {
  selectBalances,
  selectSelectedIndex,
  selectSelectedWallet,
  selectTokensExpanded,
  selectTotal,
} from './selectors'

function TotalBalance() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const total = useAppState(selectTotal)
  const format = useFormat()
  const figure = total.data !== null ? format.usd(total.data.totalBalanceUsd, FITS.total) : ''
  // A long total steps its font down rather than being cut (and reads compact past FITS.total).
  const fit = useFitFont<HTMLDivElement>(figure, 44, 30)
  return (
    <div className="balance">
      <div className="balance__label">{t('wallet.total')}</div>
      {total.data !== null ? (
        <div ref={fit} className="balance__value" data-testid="total-balance">
          {figure}
        </div>
      ) : total.error !== null ? (
        <div className="balance__error" role="alert">
          <span>{errorText(t, total.error)}</span>
          <button
            type="button"
            className="link-button"
            onClick={() => dispatch({ type: 'wallet/refreshRequested', payload: {} })}
          >
            {t('errors.retry')}
          </button>
        </div>
      ) : (
        <div className="balance__value">
          <Skeleton width={180} height={40} />
        </div>
      )}
    </div>
  )
}

function WalletSwitch() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const index = useAppState(selectSelectedIndex)
  const wallet = useAppState(selectSelectedWallet)
  return (
    <div style={{ display: 'flex', justifyContent: 'center' }}>
      <button
        type="button"
        className="wallet-switch"
        onClick={() => dispatch({ type: 'wallet/chooserOpened', payload: {} })}
      >
        <span>{t('wallet.account', { n: index + 1 })}</span>
        {wallet && <span className="wallet-switch__address">{shortAddress(wallet.address)}</span>}
        <ChevronDownIcon size={16} />
      </button>
    </div>
  )
}

function Actions() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const dispatch = useDispatch()
  const actions = [
    { route: '/send', label: t('wallet.send'), icon: <ArrowUpIcon /> },
    { route: '/swap', label: t('wallet.swap'), icon: <SwapIcon /> },
  ]
  return (
    <div className="actions">
      <ActionButton
        icon={<ArrowDownIcon />}
        label={t('wallet.deposit')}
        onClick={() => dispatch({ type: 'wallet/depositOpened', payload: {} })}
      />
      {actions.map((a) => (
        <ActionButton key={a.route} icon={a.icon} label={a.label} onClick={() => navigate(a.route)} />
      ))}
    </div>
  )
}

function Tokens() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const balances = useAppState(selectBalances)
  const expanded = useAppState(selectTokensExpanded)
  const format = useFormat()
  const retry = () => dispatch({ type: 'wallet/refreshRequested', payload: {} })

  if (balances.data === null) {
    if (balances.error !== null)
      return (
        <Section header={t('wallet.tokens')}>
          <Placeholder
            icon={<WarningIcon size={36} />}
            title={t('wallet.load-failed')}
            description={errorText(t, balances.error)}
            action={
              <Button size="small" mode="secondary" onClick={retry}>
                {t('errors.retry')}
              </Button>
            }
          />
        </Section>
      )
    return (
      <Section header={t('wallet.tokens')}>
        {Array.from({ length: HOME_TOKENS_SHOWN }, (_, i) => (
          <SkeletonCell key={i} />
        ))}
      </Section>
    )
  }
  const sorted = sortBalances(balances.data)
  if (sorted.length === 0)
    return (
      <Section header={t('wallet.tokens')}>
        <Placeholder title={t('wallet.empty.title')} description={t('wallet.empty.description')} />
      </Section>
    )
  const shown = expanded ? sorted : sorted.slice(0, HOME_TOKENS_SHOWN)
  return (
    <Section header={t('wallet.tokens')}>
      <ul aria-label={t('wallet.tokens')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {withKeys(shown, (b) => `${b.chainId}:${b.address}`).map(([key, b]) => (
          <li key={key} data-testid="token-row">
            <Cell
              before={<TokenIcon src={b.logoURI} symbol={b.symbol ?? '?'} network={b.chainId} />}
              title={b.symbol ?? b.name ?? b.address}
              subtitle={CHAIN_LABELS[String(b.chainId)]}
              after={format.amount(b.tokensAmount, PLACES.homeBalance, FITS.cell)}
              afterSubtitle={format.usd(b.usdAmount, FITS.cell)}
            />
          </li>
        ))}
      </ul>
      {sorted.length > HOME_TOKENS_SHOWN && (
        <Cell
          compact
          accent
          title={expanded ? t('wallet.hide') : t('wallet.show-all', { count: sorted.length })}
          onClick={() => dispatch({ type: expanded ? 'wallet/tokensCollapsed' : 'wallet/tokensExpanded', payload: {} })}
        />
      )}
    </Section>
  )
}

const selectSwitchLock = (s: RootState) => s.wallet.switchLock

/** wallet.11: part of the SWITCH balance is locked by staking. */
function SwitchLockNotice() {
  const { t } = useTranslation()
  const lock = useAppState(selectSwitchLock)
  const format = useFormat()
  /** The game's balances show 4 decimals (mining.11). */
  const switchAmount = (value: string) => format.amount(value, PLACES.listBalance)
  if (!lock || !/[1-9]/.test(lock.lockAmount)) return null
  return (
    <div className="notice" role="note" data-testid="switch-lock">
      <WarningIcon size={18} />
      <span>
        {t('wallet.switch-locked', { locked: switchAmount(lock.lockAmount), got: switchAmount(lock.gotAmount) })}
      </span>
    </div>
  )
}

export function Home() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const navigate = useNavigate()
  useEffect(() => {
    dispatch({ type: 'wallet/homeEntered', payload: {} })
    return () => dispatch({ type: 'wallet/homeLeft', payload: {} })
  }, [dispatch])
  return (
    <>
      <WalletSwitch />
      <TotalBalance />
      <Actions />
      <SwitchLockNotice />
      <Tokens />
      {/* Above the history, which grows as it is scrolled: below it these cells would move away under a tap. */}
      <Section>
        <Cell
          compact
          title={t('wallet.copy-trading')}
          after={
            <span className="muted" style={{ display: 'flex' }}>
              <ChartIcon size={20} />
            </span>
          }
          chevron
          onClick={() => navigate('/copyTrade')}
        />
        <LanguageCell />
        <Cell
          compact
          title={t('report.entry')}
          after={
            <span className="muted" style={{ display: 'flex' }}>
              <BugIcon size={20} />
            </span>
          }
          chevron
          onClick={() => navigate('/report')}
        />
      </Section>
      <History />
      <Chooser />
      <DepositSheet />
      <LanguagePicker />
    </>
  )
}
