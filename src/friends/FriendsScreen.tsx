/**
 * /mining/frens (doc 2 §2; friends.5-13): what friends earned the user (for friends, for friends of
 * friends, the total) and how many, Premium and ordinary; the invite contest's card; the friends
 * 10 a page with "Show more"; the invite by Telegram's share link on the main button, and the link
 * to copy. Stats, list and invite load, fail and retry apart.
 */
import { useEffect } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import en from '../../locales/friends/en.json'
import ru from '../../locales/friends/ru.json'
import type { Friend } from '../../domain/friends/codecs'
import type { RequestError } from '../../domain/api/errors'
import {
  INVITE_CONTEST_ENDS_AT,
  INVITE_CONTEST_PRIZES,
  contestTimeLeft,
  guildName,
  referralBonuses,
  shareUrl,
} from '../../domain/friends/rules'
import { hasMoreFriends } from '../../domain/friends/state'
import type { RootState } from '../../domain/state'
import { timeLeftText } from '../../domain/mining/rules'
import { useAppState, useDispatch } from '../ui/store'
import { addTranslations } from '../i18n'
import { useDisplayNow, useSwitchAmount } from '../mining/hooks'
import '../mining/texts'
import { CopyButton } from '../ui/CopyButton'
import { errorText } from '../ui/errorText'
import { FriendsIcon, WarningIcon } from '../ui/icons'
import { Button, Cell, Placeholder, Section, Skeleton, SkeletonCell } from '../ui/kit'
import { MainButton } from '../ui/MainButton'
import { useFormat } from '../ui/useFormat'
import './friends.css'

addTranslations('mining', { en: { frens: en }, ru: { frens: ru } })

const selectFriends = (s: RootState) => s.friends
const selectOffset = (s: RootState) => s.friends.serverOffset

/** A part that could not load: what failed, why, and its own retry. */
function Failed({
  title,
  error,
  onRetry,
  testId,
}: {
  title: string
  error: RequestError
  onRetry: () => void
  testId: string
}) {
  const { t } = useTranslation()
  return (
    <div className="notice notice--danger frens-failed" role="alert" data-testid={testId}>
      <WarningIcon size={18} />
      <span className="frens-failed__text">
        <strong>{title}</strong> {errorText(t, error)}
      </span>
      <Button mode="secondary" size="small" onClick={onRetry}>
        {t('errors.retry')}
      </Button>
    </div>
  )
}

/** friends.4-6: the bonus for friends, for friends of friends and the total, exact; the friends counted apart. */
function Stats() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const f = useAppState(selectFriends)
  const amount = useSwitchAmount()
  if (f.stats === null) {
    if (f.statsError !== null && !f.statsLoading)
      return (
        <Failed
          title={t('mining.frens.stats.failed')}
          error={f.statsError}
          onRetry={() => dispatch({ type: 'friends/statsRetried', payload: {} })}
          testId="frens-stats-failed"
        />
      )
    return (
      <div aria-busy="true" aria-label={t('mining.frens.loading')} data-testid="frens-stats-loading">
        <div className="frens-hero">
          <Skeleton width={160} height={14} />
          <Skeleton width={180} height={34} style={{ marginTop: 10 }} />
        </div>
        <div className="section__body">
          <SkeletonCell />
          <SkeletonCell />
        </div>
      </div>
    )
  }
  const bonus = referralBonuses(f.stats)
  return (
    <>
      <div className="frens-hero">
        <div className="frens-hero__label">{t('mining.frens.stats.total')}</div>
        <div className="frens-hero__figure">
          <span data-testid="frens-total">{amount(bonus.total, 16)}</span>{' '}
          <span className="frens-hero__unit">SWITCH</span>
        </div>
      </div>
      {f.statsError !== null && (
        <Failed
          title={t('mining.frens.stats.failed')}
          error={f.statsError}
          onRetry={() => dispatch({ type: 'friends/statsRetried', payload: {} })}
          testId="frens-stats-failed"
        />
      )}
      <Section>
        <Cell
          compact
          title={t('mining.frens.stats.friends')}
          after={<span data-testid="frens-bonus-1">{amount(bonus.friends, 14)} SWITCH</span>}
        />
        <Cell
          compact
          title={t('mining.frens.stats.friends-2')}
          after={<span data-testid="frens-bonus-2">{amount(bonus.friendsOfFriends, 14)} SWITCH</span>}
        />
        <Cell
          compact
          title={t('mining.frens.stats.premium')}
          after={<span data-testid="frens-premium">{f.stats.premium_friends}</span>}
        />
        <Cell
          compact
          title={t('mining.frens.stats.ordinary')}
          after={<span data-testid="frens-ordinary">{f.stats.ordinary_friends}</span>}
        />
      </Section>
    </>
  )
}

/**
 * friends.7-8: the invite contest counting down to its end on the server's clock (the device's
 * until it is read), or ended; its prize as the contest states it (friends.8). The staking
 * banner's own reading (banners.12) is the banner's to show: the card carries product text only.
 */
function Contest() {
  const { t } = useTranslation()
  const format = useFormat()
  const offset = useAppState(selectOffset)
  const now = useDisplayNow(1000) + (offset ?? 0)
  const left = contestTimeLeft(now)
  const whole = (v: string) => format.amount(v, 0)
  const { contest } = INVITE_CONTEST_PRIZES
  return (
    <section className="frens-contest" aria-labelledby="frens-contest-title" data-testid="frens-contest">
      <div className="frens-contest__head">
        <h2 className="frens-contest__title" id="frens-contest-title">
          {t('mining.frens.contest.title')}
        </h2>
        {left.ended ? (
          <span className="frens-contest__badge" data-testid="frens-contest-ended">
            {t('mining.frens.contest.ended')}
          </span>
        ) : (
          <span
            className="frens-contest__countdown"
            role="timer"
            aria-label={t('mining.frens.contest.left')}
            data-testid="frens-contest-left"
          >
            {t('mining.frens.contest.countdown', {
              days: left.days,
              time: timeLeftText((left.hours * 3600 + left.minutes * 60 + left.seconds) * 1000),
            })}
          </span>
        )}
      </div>
      <p className="frens-contest__when">
        {left.ended
          ? t('mining.frens.contest.ended-on', { date: format.date(INVITE_CONTEST_ENDS_AT) })
          : t('mining.frens.contest.ends', { date: format.date(INVITE_CONTEST_ENDS_AT) })}
      </p>
      <p className="frens-contest__prize" data-testid="frens-contest-prize">
        {t('mining.frens.contest.prize', { usdt: whole(contest.usdt), switch: whole(contest.switch) })}
      </p>
    </section>
  )
}

/** friends.13: the invite link with its copy button (the share is the main button). */
function InviteLink() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const f = useAppState(selectFriends)
  // A refusal (the server has no bot to make links with) is said in the user's words, never the server's.
  if (f.invite === null && f.inviteError !== null && !f.inviteLoading)
    return f.inviteError.kind === 'rejected' ? (
      <div className="notice frens-failed" role="status" data-testid="frens-invite-failed">
        <WarningIcon size={18} />
        <span className="frens-failed__text">
          <Trans t={t} i18nKey="mining.frens.invite.refused" components={{ strong: <strong /> }} />
        </span>
        <Button mode="secondary" size="small" onClick={() => dispatch({ type: 'friends/inviteRetried', payload: {} })}>
          {t('errors.retry')}
        </Button>
      </div>
    ) : (
      <Failed
        title={t('mining.frens.invite.failed')}
        error={f.inviteError}
        onRetry={() => dispatch({ type: 'friends/inviteRetried', payload: {} })}
        testId="frens-invite-failed"
      />
    )
  return (
    <Section header={t('mining.frens.invite.header')}>
      <div className="cell cell--plain frens-link">
        <span className="cell__main">
          <span className="cell__title" style={{ display: 'block' }}>
            {t('mining.frens.invite.link')}
          </span>
          <span className="cell__subtitle frens-link__url" style={{ display: 'block' }} data-testid="frens-invite-link">
            {f.invite === null ? <Skeleton width="70%" height={13} /> : f.invite.link}
          </span>
        </span>
        {f.invite !== null && (
          <CopyButton target="friends/invite" text={f.invite.link} label={t('mining.frens.invite.copy')} />
        )}
      </div>
    </Section>
  )
}

const initial = (name: string) =>
  name.trim().codePointAt(0) === undefined
    ? '?'
    : String.fromCodePoint(name.trim().codePointAt(0) as number).toUpperCase()

/** friends.11: a friend's name, guild rank (guilds.1), SWITCH and what they earned the user. */
function FriendRow({ friend }: { friend: Friend }) {
  const { t } = useTranslation()
  const amount = useSwitchAmount()
  return (
    <div className="cell frens-friend" data-testid="frens-friend">
      <span className="cell__before">
        <span className="frens-avatar" aria-hidden="true">
          {initial(friend.firstName)}
        </span>
      </span>
      <span className="cell__main">
        <span className="cell__title" style={{ display: 'block' }} title={friend.firstName}>
          {friend.firstName}
        </span>
        <span className="cell__subtitle" style={{ display: 'block' }}>
          {t('mining.frens.list.friend', {
            guild: t(`mining.frens.guild.${guildName(friend.guild)}`),
            amount: amount(friend.gotAmount, 12),
          })}
        </span>
      </span>
      <span className="cell__after">
        {/[1-9]/.test(friend.bonus) ? (
          <span className="cell__after-title frens-friend__bonus" style={{ display: 'block' }}>
            {t('mining.frens.list.bonus', { amount: amount(friend.bonus, 10) })}
          </span>
        ) : (
          <span className="cell__after-title" style={{ display: 'block' }}>
            0
          </span>
        )}
        <span className="cell__after-subtitle" style={{ display: 'block' }}>
          {t('mining.frens.list.bonus-note')}
        </span>
      </span>
    </div>
  )
}

/** friends.10: the friends page by page; the empty list asks for an invite. */
function FriendsList() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const list = useAppState(selectFriends).list
  const more = () => dispatch({ type: 'friends/moreRequested', payload: {} })
  const loading = list.loading !== undefined
  if (list.pages === 0 && list.error !== null && !loading)
    return <Failed title={t('mining.frens.list.failed')} error={list.error} onRetry={more} testId="frens-list-failed" />
  if (list.pages === 0)
    return (
      <Section header={t('mining.frens.list.header')}>
        <div aria-busy="true" aria-label={t('mining.frens.loading')} data-testid="frens-list-loading">
          <SkeletonCell />
          <SkeletonCell />
          <SkeletonCell />
        </div>
      </Section>
    )
  if (list.friends.length === 0)
    return (
      <div className="frens-empty" data-testid="frens-empty">
        <Placeholder
          icon={<FriendsIcon size={32} />}
          title={t('mining.frens.list.empty-title')}
          description={t('mining.frens.list.empty-text')}
        />
      </div>
    )
  return (
    <Section header={t('mining.frens.list.header')}>
      {list.friends.map((friend, i) => (
        <FriendRow key={i} friend={friend} />
      ))}
      {list.error !== null && !loading && (
        <Failed title={t('mining.frens.list.failed')} error={list.error} onRetry={more} testId="frens-list-failed" />
      )}
      {hasMoreFriends(list) && list.error === null && (
        <div className="frens-more">
          <Button mode="plain" onClick={more} loading={loading}>
            {t('mining.frens.list.more')}
          </Button>
        </div>
      )}
    </Section>
  )
}

export function FriendsScreen() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const invite = useAppState(selectFriends).invite
  const inviteLoading = useAppState(selectFriends).inviteLoading
  useEffect(() => {
    dispatch({ type: 'friends/entered', payload: {} })
    return () => dispatch({ type: 'friends/left', payload: {} })
  }, [dispatch])
  // friends.12: Telegram's share link for the invite link, opened as every t.me link is (app/linkOpened).
  const share = () =>
    invite !== null &&
    dispatch({ type: 'app/linkOpened', payload: { url: shareUrl(invite.link, t('mining.frens.invite.share-text')) } })
  return (
    <div className="frens">
      <h1 className="title">{t('mining.frens.title')}</h1>
      <p className="frens-intro">{t('mining.frens.intro')}</p>
      <Stats />
      <Contest />
      <InviteLink />
      <FriendsList />
      <MainButton
        text={t('mining.frens.invite.share')}
        onPress={share}
        disabled={invite === null}
        loading={invite === null && inviteLoading}
      />
    </div>
  )
}
