/**
 * /mining (doc 2 §2 "Mining start"; mining.7-11): the intro, the SWITCH-per-hour figure, what the
 * window holds rising between polls, the time left to claim, the claim on Telegram's main button,
 * the last burn, the autoclaim card and the ways on. The first visit shows the onboarding
 * (mining.10); once the season has ended on the server's clock, the finish screen (mining.12).
 */
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { SWITCH_DECIMALS } from '../../domain/mining/accrual'
import {
  burnToShow,
  miningViewAt,
  seasonEnded,
  stakingTarget,
  switchFigureText,
  switchUnits,
  timeLeftText,
} from '../../domain/mining/rules'
import { fromUnits } from '../../domain/money'
import { autoclaimBusy } from '../../domain/mining/state'
import type { RootState } from '../../domain/state'
import { LINKS } from '../app/links'
import { useNavigate } from 'react-router-dom'
import { useAppState, useDispatch } from '../ui/store'
import { errorText } from '../ui/errorText'
import { CheckIcon, SwitchLogo, WarningIcon } from '../ui/icons'
import { Button, Cell, Placeholder, Section, Skeleton, SkeletonCell } from '../ui/kit'
import { MainButton } from '../ui/MainButton'
import { useFormat } from '../ui/useFormat'
import { AutoclaimSheet, AutoclaimSuccess } from './Autoclaim'
import { Finish } from './Finish'
import { Onboarding } from './Onboarding'
import { selectMining, selectRecord } from './selectors'
import { useServerNow, useSwitchAmount, useSwitchBalance, useSwitchSpeed } from './hooks'
import './texts'

/** The figure steps every 100 ms: at 1.5 SWITCH an hour the fourth decimal moves every 240 ms. */
const AMOUNT_RESOLUTION_MS = 100

/** What the window holds now, rising between polls (display only: the model from the last read). */
function MinedNow() {
  const m = useAppState(selectMining)
  const now = useServerNow(AMOUNT_RESOLUTION_MS)
  const format = useFormat()
  if (m.record === null || m.readAt === null) return null
  const view = miningViewAt(m.record, m.readAt, now)
  return (
    <div className="mining-hero__figure">
      <span data-testid="mined-now">{switchFigureText(view?.accrued ?? m.record.miningAmount, format.language)}</span>{' '}
      <span className="mining-hero__unit">SWITCH</span>
    </div>
  )
}

/** The time left to the window's deadline (mining.5), and the deadline in the user's zone. */
function TimeLeft() {
  const { t } = useTranslation()
  const m = useAppState(selectMining)
  const now = useServerNow(1000)
  const format = useFormat()
  if (m.record === null || m.readAt === null) return null
  const view = miningViewAt(m.record, m.readAt, now)
  if (view === null) return null
  return (
    <Cell
      title={t('mining.time-left')}
      subtitle={t('mining.deadline', { date: format.date(view.deadline) })}
      after={
        <span className="mining-countdown" data-testid="time-left">
          {timeLeftText(view.msLeft)}
        </span>
      }
    />
  )
}

/** The last burn, until a claim comes after it: how much, when, and how many windows. */
function BurnNotice() {
  const { t } = useTranslation()
  const record = useAppState(selectRecord)
  const format = useFormat()
  const amount = useSwitchAmount()
  const burn = record === null ? null : burnToShow(record)
  if (burn === null) return null
  return (
    <div className="notice notice--danger" role="note" data-testid="last-burn">
      <WarningIcon size={18} />
      <span>
        <strong>{t('mining.burn.title', { amount: amount(burn.amount) })}</strong>
        <br />
        {t('mining.burn.detail', { date: format.date(burn.to), windows: burn.windows })}
      </span>
    </div>
  )
}

/** What the last claim did, or why it failed. */
function ClaimNotice() {
  const { t } = useTranslation()
  const m = useAppState(selectMining)
  const amount = useSwitchAmount()
  if (m.claimError !== null)
    return (
      <div className="notice notice--danger" role="alert">
        <WarningIcon size={18} />
        <span>
          {t('mining.claim-failed')} {errorText(t, m.claimError)}
        </span>
      </div>
    )
  const last = m.lastClaim
  if (last === null) return null
  const text =
    last.outcome === 'stale'
      ? t('mining.claimed-stale')
      : last.outcome === 'nothing'
        ? t('mining.claimed-nothing')
        : /[1-9]/.test(last.bonus)
          ? t('mining.claimed-bonus', {
              amount: amount(withBonus(last.claimed, last.bonus)),
              bonus: amount(last.bonus),
            })
          : t('mining.claimed', { amount: amount(last.claimed) })
  return (
    <div
      className={`notice${last.outcome === 'claimed' ? ' notice--success' : ''}`}
      role="status"
      data-testid="claim-result"
    >
      {last.outcome === 'claimed' ? <CheckIcon size={18} /> : <WarningIcon size={18} />}
      <span>{text}</span>
    </div>
  )
}

/** The claim and its PoH bonus together, exactly. */
const withBonus = (claimed: string, bonus: string) =>
  fromUnits(switchUnits(claimed) + switchUnits(bonus), SWITCH_DECIMALS)

/** The autoclaim card: running until a date, a payment under way, or Buy (tasks.43). */
function AutoclaimCard() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const m = useAppState(selectMining)
  const format = useFormat()
  const offer = m.autoclaim.offer
  const active = offer?.active === true || m.record?.autoclaimActive === true
  const open = () => dispatch({ type: 'mining/autoclaimOpened', payload: {} })
  if (active)
    return (
      <Cell
        title={t('mining.autoclaim-card.title')}
        subtitle={
          offer?.active && offer.until !== null
            ? t('mining.autoclaim-card.active', { date: format.date(offer.until) })
            : t('mining.autoclaim-card.active-soon')
        }
        after={
          <span className="mining-active">
            <CheckIcon size={20} />
          </span>
        }
      />
    )
  const busy = autoclaimBusy(m)
  return (
    <Cell
      title={t('mining.autoclaim-card.title')}
      subtitle={busy ? t('mining.autoclaim-card.pending') : t('mining.autoclaim-card.subtitle')}
      after={<span className="mining-buy">{t('mining.autoclaim-card.buy')}</span>}
      onClick={open}
      label={`${t('mining.autoclaim-card.title')}: ${t('mining.autoclaim-card.buy')}`}
    />
  )
}

/** mining.8-9: the ways on from here; stats is a link out (app.29). */
function Entries() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const record = useAppState(selectRecord)
  const staking = record === null ? null : stakingTarget(record)
  // guilds.1: the user's guild rank (0: none) under the way to the guilds
  const guild = record?.guild ?? 0
  const guildRank =
    guild >= 1 && guild <= 5
      ? t('mining.entries.guild-rank', { rank: t(`mining.entries.guild-ranks.${guild}`) })
      : t('mining.entries.no-guild-rank')
  const entries: { key: string; title: string; subtitle?: string; onClick: () => void }[] = [
    { key: 'tasks', title: t('mining.entries.tasks'), onClick: () => void navigate('/mining/tasks') },
    { key: 'airdrops', title: t('mining.entries.airdrops'), onClick: () => void navigate('/mining/tasks/airdrops') },
    {
      key: 'guilds',
      title: t('mining.entries.guilds'),
      subtitle: guildRank,
      onClick: () => void navigate('/mining/guilds'),
    },
    ...(staking !== null
      ? [
          {
            key: 'staking',
            title: t(staking === '/mining/staking' ? 'mining.entries.staking' : 'mining.entries.staking-deposits'),
            onClick: () => navigate(staking),
          },
        ]
      : []),
    {
      key: 'stats',
      title: t('mining.entries.stats'),
      onClick: () => dispatch({ type: 'app/linkOpened', payload: { url: LINKS.stats } }),
    },
  ]
  return (
    <Section header={t('mining.entries.title')}>
      {entries.map((e) => (
        <Cell key={e.key} compact title={e.title} subtitle={e.subtitle} chevron onClick={e.onClick} />
      ))}
    </Section>
  )
}

function Loading() {
  const { t } = useTranslation()
  return (
    <div aria-busy="true" aria-label={t('mining.loading')}>
      <div className="mining-hero">
        <Skeleton width={56} height={56} circle />
        <Skeleton width={160} height={34} style={{ marginTop: 16 }} />
        <Skeleton width={120} height={16} style={{ marginTop: 8 }} />
      </div>
      <div className="section__body">
        <SkeletonCell />
        <SkeletonCell />
      </div>
    </div>
  )
}

function Mining() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const m = useAppState(selectMining)
  const speedText = useSwitchSpeed()
  const balance = useSwitchBalance()
  const record = m.record
  if (record === null) return null
  return (
    <div className="mining">
      <h1 className="title">{t('mining.title')}</h1>
      <p className="mining-intro">{t('mining.intro')}</p>
      <div className="mining-hero">
        <SwitchLogo size={56} />
        <div className="mining-hero__label">{t('mining.mined-now')}</div>
        <MinedNow />
        <div className="mining-hero__speed" data-testid="speed">
          {t('mining.speed', { speed: speedText(record.speed) })}
        </div>
      </div>
      <ClaimNotice />
      <BurnNotice />
      <Section>
        <TimeLeft />
        <Cell
          compact
          title={t('mining.balance')}
          after={<span data-testid="got-amount">{balance(record.gotAmount)} SWITCH</span>}
        />
        <AutoclaimCard />
      </Section>
      <Entries />
      <AutoclaimSheet />
      {!m.autoclaim.open && (
        <MainButton
          text={t('mining.claim')}
          onPress={() => dispatch({ type: 'mining/claimTapped', payload: {} })}
          loading={m.claiming !== null}
          disabled={record.windowStart === undefined}
        />
      )}
    </div>
  )
}

/** The season's end, checked on the server's clock once a second. */
const selectSeason = (s: RootState) => s.mining.season

function useSeasonEnded(): boolean {
  const season = useAppState(selectSeason)
  const now = useServerNow(1000)
  return seasonEnded(season, now)
}

export function MiningScreen() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const m = useAppState(selectMining)
  const ended = useSeasonEnded()
  useEffect(() => {
    dispatch({ type: 'mining/entered', payload: {} })
    return () => dispatch({ type: 'mining/left', payload: {} })
  }, [dispatch])
  if (ended) return <Finish />
  // A new miner is greeted as soon as the profile is made, while its first record is still on the way;
  // a record that then fails to come is said first, with its retry.
  if (m.onboarding !== null && m.error === null) return <Onboarding step={m.onboarding} />
  if (m.record === null)
    return m.error !== null ? (
      <Placeholder
        page
        icon={<WarningIcon size={32} />}
        title={t('mining.load-failed')}
        description={errorText(t, m.error)}
        action={
          <Button onClick={() => dispatch({ type: 'mining/refreshRequested', payload: {} })}>
            {t('errors.retry')}
          </Button>
        }
      />
    ) : (
      <Loading />
    )
  if (m.autoclaim.open && m.autoclaim.payment.step === 'success') return <AutoclaimSuccess />
  return <Mining />
}
