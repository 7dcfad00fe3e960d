/**
 * /mining/staking/deposits (staking.36-50): what the user has staked, each deposit with its
 * progress bar of monthly segments, its unlock date (a lock-open icon once unlocked, on the
 * server's clock), APR and hourly reward, and its claim, disabled until unlocked; the detail
 * drawer; the soulbound token's claim card when one is on offer (staking.45-46), with its failure
 * text and the button disabled after a failure.
 */
import { useTranslation } from 'react-i18next'
import { addDecimal } from '../../domain/money'
import { ALL_IN, type StakingDeposit } from '../../domain/staking/codecs'
import { aprPercent, elapsedMonths, isUnlocked, monthsOf, progressSegments, sbtOffer } from '../../domain/staking/rules'
import { useNavigate } from 'react-router-dom'
import { useAppState, useDispatch } from '../ui/store'
import { BottomSheet } from '../ui/BottomSheet'
import { CheckIcon, SpinnerIcon } from '../ui/icons'
import { Button, Cell, Placeholder, Section, Skeleton, SkeletonCell } from '../ui/kit'
import { GainNote } from '../ui/GainNote'
import { MainButton } from '../ui/MainButton'
import { useFormat } from '../ui/useFormat'
import { LoadFailed } from './LoadFailed'
import { LockIcon, LockOpenIcon } from './icons'
import { PeriodIcon } from './PeriodIcon'
import { ScreenTitle } from './ScreenTitle'
import { selectStaking } from './selectors'
import { useHourReward, useRefusalText, useStakingEntered, useStakingNow, usePeriodName } from './hooks'
import { useSwitchAmount } from '../mining/hooks'
import './texts'
import { withKeys } from '../ui/listKeys'

/** staking.39: the monthly segments, each filled to its share of the elapsed months. */
function ProgressBar({ deposit, now }: { deposit: StakingDeposit; now: number }) {
  const { t } = useTranslation()
  const segments = progressSegments(deposit, now)
  const months = monthsOf(deposit.period)
  const done = Math.floor(elapsedMonths(deposit, now))
  return (
    <div
      className="deposit-bar"
      role="img"
      aria-label={t('staking.deposits.progress', { done, count: months })}
      data-testid="deposit-bar"
    >
      {segments.map((fill, i) => (
        <span key={i} className="deposit-bar__segment">
          <span className="deposit-bar__fill" style={{ width: `${fill * 100}%` }} />
        </span>
      ))}
    </div>
  )
}

function DepositCard({ deposit, now }: { deposit: StakingDeposit; now: number }) {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const format = useFormat()
  const amountText = useSwitchAmount()
  const periodName = usePeriodName()
  const s = useAppState(selectStaking)
  const hourReward = useHourReward()
  const unlocked = isUnlocked(deposit, now)
  const claimed = deposit.dttmClaimed !== null
  const failed = s.claimError?.id === deposit._id ? s.claimError.error : null
  const refusalText = useRefusalText()
  return (
    <article className="deposit" data-testid="deposit" data-id={deposit._id}>
      <button
        type="button"
        className="deposit__head"
        onClick={() => dispatch({ type: 'staking/depositOpened', payload: { id: deposit._id } })}
        aria-label={`${t('staking.deposits.details')}: ${amountText(deposit.amount)} SWITCH, ${periodName(deposit.period)}`}
      >
        <PeriodIcon period={deposit.period} />
        <span className="deposit__main">
          <span className="deposit__amount">{amountText(deposit.amount, 16)} SWITCH</span>
          <span className="deposit__period">{periodName(deposit.period)}</span>
        </span>
        <span className="deposit__apr" data-testid="deposit-apr">
          {t('staking.apr', { percent: aprPercent(deposit.apy) })}
        </span>
      </button>
      <ProgressBar deposit={deposit} now={now} />
      <div className="deposit__row">
        <span className={`deposit__lock${unlocked ? ' deposit__lock--open' : ''}`} data-testid="deposit-lock">
          {unlocked ? <LockOpenIcon /> : <LockIcon />}
          {claimed
            ? t('staking.deposits.claimed', { date: format.date(deposit.dttmClaimed!, false) })
            : unlocked
              ? t('staking.deposits.unlocked')
              : t('staking.deposits.unlocks', { date: format.date(deposit.dttmEnded, false) })}
        </span>
        <span className="deposit__reward" data-testid="deposit-hour-reward">
          {t('staking.deposits.hour-reward', { amount: hourReward(deposit.hourReward) })}
        </span>
      </div>
      {!claimed && (
        <Button
          mode={unlocked ? 'primary' : 'secondary'}
          size="small"
          disabled={!unlocked || s.claiming !== null}
          loading={s.claiming === deposit._id}
          onClick={() => dispatch({ type: 'staking/claimTapped', payload: { id: deposit._id } })}
        >
          {t('staking.deposits.claim')}
        </Button>
      )}
      {s.claimedNow?.id === deposit._id && (
        <GainNote testId="deposit-claimed">
          {t('staking.deposits.got', {
            total: amountText(addDecimal(s.claimedNow.stake, s.claimedNow.reward)),
            stake: amountText(s.claimedNow.stake),
            reward: amountText(s.claimedNow.reward),
          })}
        </GainNote>
      )}
      {failed !== null && (
        <p className="error-text deposit__error" role="alert">
          {t('staking.deposits.claim-failed')}: {refusalText(failed)}
        </p>
      )}
    </article>
  )
}

/** staking.45-50: the token on offer, its claim, and a failure that stays with the button disabled. */
function SbtCard({ deposits }: { deposits: readonly StakingDeposit[] }) {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const periodName = usePeriodName()
  const refusalText = useRefusalText()
  const s = useAppState(selectStaking)
  if (s.sbts === null || s.balance === null) return null
  // The deposits come newest first; the offer is for the first one made.
  const offer = sbtOffer({
    deposits: [...deposits].reverse().filter((d) => d.dttmClaimed === null),
    held: s.sbts,
    got: s.balance.got,
    locked: s.balance.locked,
    allInPeriod: ALL_IN,
  })
  const claim = s.sbtClaim
  if (claim.step === 'minted') return <SbtMinted period={claim.stakingPeriod} />
  const period = claim.step === 'idle' ? offer : (claim.stakingPeriod ?? offer)
  if (period === null) return null
  const busy = claim.step === 'claiming' || claim.step === 'waiting'
  return (
    <section className="sbt-card" data-testid="sbt-card" aria-label={t('staking.sbt.title')}>
      <PeriodIcon period={period} size={48} />
      <div className="sbt-card__main">
        <h2 className="sbt-card__title">{t('staking.sbt.title')}</h2>
        <p className="sbt-card__text">
          {period === ALL_IN
            ? t('staking.sbt.text-all-in')
            : t('staking.sbt.text-period', { period: periodName(period) })}
        </p>
        {claim.step === 'failed' && (
          <p className="error-text sbt-card__error" role="alert" data-testid="sbt-error">
            {claim.error?.kind === 'rejected' ? refusalText(claim.error) : (claim.message ?? t('staking.sbt.error'))}
          </p>
        )}
        {busy && (
          <p className="sbt-card__status" role="status">
            <SpinnerIcon size={16} /> {claim.step === 'claiming' ? t('staking.sbt.claiming') : t('staking.sbt.waiting')}
          </p>
        )}
        <Button
          size="small"
          disabled={claim.step === 'failed' || busy}
          onClick={() => dispatch({ type: 'staking/sbtClaimTapped', payload: { stakingPeriod: period as never } })}
        >
          {t('staking.sbt.claim')}
        </Button>
      </div>
    </section>
  )
}

/** The mint went through (its order granted): said in the card's place, until OK; the held list below names it too. */
function SbtMinted({ period }: { period: string }) {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const periodName = usePeriodName()
  return (
    <section
      className="sbt-card sbt-card--minted"
      data-testid="sbt-minted"
      aria-label={t('staking.sbt.minted-title')}
      role="status"
    >
      <PeriodIcon period={period} size={48} />
      <div className="sbt-card__main">
        <h2 className="sbt-card__title">
          <CheckIcon size={18} /> {t('staking.sbt.minted-title')}
        </h2>
        <p className="sbt-card__text">{t('staking.sbt.minted-text', { period: periodName(period) })}</p>
        <Button size="small" mode="secondary" onClick={() => dispatch({ type: 'staking/sbtMintSeen', payload: {} })}>
          {t('staking.sbt.minted-ok')}
        </Button>
      </div>
    </section>
  )
}

/** The soulbound tokens the user holds (GET (v2) staking user soulbound token list, staking.44), one a row. */
function HeldSbts() {
  const { t } = useTranslation()
  const periodName = usePeriodName()
  const held = useAppState(selectStaking).sbts
  if (held === null || held.length === 0) return null
  return (
    <div data-testid="sbt-held">
      <Section header={t('staking.sbt.held-title')}>
        {held.map((period) => (
          <Cell
            key={period}
            before={<PeriodIcon period={period} size={32} />}
            title={
              period === ALL_IN
                ? t('staking.sbt.held-all-in')
                : t('staking.sbt.held-period', { period: periodName(period) })
            }
          />
        ))}
      </Section>
    </div>
  )
}

/** staking.37: the deposit detail drawer. */
function DepositDrawer({ deposits, now }: { deposits: readonly StakingDeposit[]; now: number }) {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const format = useFormat()
  const amountText = useSwitchAmount()
  const periodName = usePeriodName()
  const hourReward = useHourReward()
  const id = useAppState(selectStaking).openDeposit
  const deposit = deposits.find((d) => d._id === id)
  const close = () => dispatch({ type: 'staking/depositClosed', payload: {} })
  return (
    <BottomSheet
      open={deposit !== undefined}
      onClose={close}
      label={t('staking.deposits.details')}
      title={<h2 className="sheet__title">{t('staking.deposits.details')}</h2>}
    >
      {deposit !== undefined && (
        <Section>
          <Cell title={t('staking.confirm.amount')} after={`${amountText(deposit.amount)} SWITCH`} compact />
          <Cell title={t('staking.confirm.period')} after={periodName(deposit.period)} compact />
          <Cell
            title={t('staking.apr', { percent: aprPercent(deposit.apy) })}
            after={t('staking.deposits.hour-reward', { amount: hourReward(deposit.hourReward) })}
            compact
          />
          <Cell title={t('staking.deposits.started')} after={format.date(deposit.dttmStarted)} compact />
          <Cell title={t('staking.deposits.ends')} after={format.date(deposit.dttmEnded)} compact />
          <Cell title={t('staking.deposits.reward')} after={`${amountText(deposit.reward)} SWITCH`} compact />
          <Cell
            title={isUnlocked(deposit, now) ? t('staking.deposits.unlocked-label') : t('staking.deposits.locked-label')}
            after={isUnlocked(deposit, now) ? <LockOpenIcon /> : <LockIcon />}
            compact
          />
        </Section>
      )}
    </BottomSheet>
  )
}

export function DepositsScreen() {
  useStakingEntered('deposits')
  const { t } = useTranslation()
  const navigate = useNavigate()
  const amountText = useSwitchAmount()
  const now = useStakingNow(1000)
  const s = useAppState(selectStaking)
  if (s.deposits === null && s.depositsError !== null) return <LoadFailed error={s.depositsError} screen="deposits" />
  const stake = <MainButton text={t('staking.deposits.stake-more')} onPress={() => navigate('/mining/staking')} />
  if (s.deposits === null)
    return (
      <div className="staking" aria-busy="true" aria-label={t('staking.loading')} data-testid="deposits-loading">
        <ScreenTitle>{t('staking.deposits.title')}</ScreenTitle>
        <div className="staking-hero">
          <Skeleton width={120} height={14} />
          <Skeleton width={180} height={34} style={{ marginTop: 8 }} />
        </div>
        <SkeletonCell />
        <SkeletonCell />
      </div>
    )
  if (s.deposits.length === 0)
    return (
      <div className="staking" data-testid="deposits-empty">
        <ScreenTitle>{t('staking.deposits.title')}</ScreenTitle>
        <Placeholder
          icon={<LockIcon size={40} />}
          title={t('staking.deposits.empty-title')}
          description={t('staking.deposits.empty-text')}
        />
        <MainButton text={t('staking.deposits.stake')} onPress={() => navigate('/mining/staking')} />
      </div>
    )
  const staked = s.balance?.locked ?? null
  return (
    <div className="staking" data-testid="deposits-screen">
      <ScreenTitle>{t('staking.deposits.title')}</ScreenTitle>
      <div className="staking-hero">
        <div className="staking-hero__label">{t('staking.deposits.staked')}</div>
        <div className="staking-hero__figure" data-testid="deposits-staked">
          {staked === null ? (
            <Skeleton width={160} height={34} />
          ) : (
            <>
              {amountText(staked, 16)} <span className="staking-hero__unit">SWITCH</span>
            </>
          )}
        </div>
        {s.total !== null && (
          <div className="staking-hero__sub">{`${t('staking.total')}: ${amountText(s.total, 14)} SWITCH`}</div>
        )}
      </div>
      <SbtCard deposits={s.deposits} />
      <HeldSbts />
      <div className="deposits">
        {withKeys(s.deposits, (d) => d._id).map(([key, d]) => (
          <DepositCard key={key} deposit={d} now={now} />
        ))}
      </div>
      <DepositDrawer deposits={s.deposits} now={now} />
      {stake}
    </div>
  )
}
