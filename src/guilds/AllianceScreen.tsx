/**
 * /mining/guilds/alliance/{name} (doc 2 §2; guilds.16-21): the avatar (one of 7 by the name),
 * title, place, total mined, participants, open in Telegram and the top members. A member copies the
 * invite link (a 'copied' note for 3 s) and may leave, after Telegram's popup; a non-member joins.
 * The name is the route's `:name` (useParams).
 */
import { useEffect } from 'react'
import { useParams } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { ALLIANCE_NAME, allianceTelegramLink, isGuildRank } from '../../domain/guilds/rules'
import { inviteLinkOf, isMemberOf, pageOf } from '../../domain/guilds/selectors'
import { INVITE_COPY_TARGET } from '../../domain/guilds/state'
import { useAppState, useDispatch } from '../ui/store'
import { WarningIcon } from '../ui/icons'
import { Button, Cell, Placeholder, Section, Skeleton, SkeletonCell } from '../ui/kit'
import { AllianceAvatar } from './AllianceAvatar'
import { Place } from './Place'
import { selectGuilds } from './selectors'
import { useSwitchBalance } from '../mining/hooks'
import './texts'

function Loading() {
  const { t } = useTranslation()
  return (
    <div className="alliance" aria-busy="true" aria-label={t('mining.guilds.alliance.loading')}>
      <div className="alliance-hero">
        <Skeleton width={88} height={88} circle />
        <Skeleton width={180} height={26} style={{ marginTop: 14 }} />
        <Skeleton width={100} height={16} style={{ marginTop: 8 }} />
      </div>
      <div className="section__body">
        <SkeletonCell />
        <SkeletonCell />
      </div>
    </div>
  )
}

function JoinButton({ name }: { name: string }) {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const g = useAppState(selectGuilds)
  return (
    <Button
      onClick={() => dispatch({ type: 'guilds/joinRequested', payload: { name, via: 'page', launch: null } })}
      loading={g.joining !== null}
    >
      {t('mining.guilds.alliance.join')}
    </Button>
  )
}

function JoinError({ name }: { name: string }) {
  const { t } = useTranslation()
  const g = useAppState(selectGuilds)
  if (g.joinError === null || g.joinError.name.toLowerCase() !== name.toLowerCase()) return null
  return (
    <div className="notice notice--danger" role="alert">
      <WarningIcon size={18} />
      <span>{t('mining.guilds.alliances.fail-to-join')}</span>
    </div>
  )
}

/** guilds.18, guilds.20: the invite link's copy, its 'copied' note for 3 s, and Leave. */
function MemberActions({ name, title }: { name: string; title: string }) {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const g = useAppState(selectGuilds)
  const link = inviteLinkOf(g, name)
  const leave = () =>
    dispatch({
      type: 'guilds/leaveRequested',
      payload: {
        name,
        prompt: {
          message: t('mining.guilds.alliance.leave-confirm', { title }),
          ok: t('mining.guilds.alliance.leave-ok'),
          cancel: t('mining.guilds.alliance.cancel'),
        },
      },
    })
  return (
    <>
      <Button
        onClick={() =>
          dispatch({ type: 'app/copyRequested', payload: { target: INVITE_COPY_TARGET, text: link ?? '' } })
        }
        disabled={link === null}
      >
        {g.inviteCopied ? (
          <span role="status">{t('mining.guilds.alliance.copied')}</span>
        ) : (
          t('mining.guilds.alliance.invite')
        )}
      </Button>
      <Button mode="destructive" onClick={leave} loading={g.leaving !== null}>
        {t('mining.guilds.alliance.leave')}
      </Button>
      {g.leaveError !== null && (
        <div className="notice notice--danger" role="alert">
          <WarningIcon size={18} />
          <span>{t('mining.guilds.alliance.leave-failed')}</span>
        </div>
      )}
    </>
  )
}

function Alliance({ name }: { name: string }) {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const amount = useSwitchBalance()
  const g = useAppState(selectGuilds)
  const page = pageOf(g, name)
  const a = page?.data ?? null
  if (a === null) {
    if (page === undefined || !page.failed) return <Loading />
    return <Missing name={name} notFound={page.notFound} />
  }
  const member = isMemberOf(g, a.name)
  const rank = a.guild !== undefined && isGuildRank(a.guild) ? a.guild : null
  return (
    <div className="alliance">
      <div className="alliance-hero">
        <AllianceAvatar name={a.name} size={88} />
        <h1 className="alliance-hero__title">{a.title}</h1>
        <div className="alliance-hero__handle">@{a.name}</div>
        {member && <div className="alliance-hero__member">{t('mining.guilds.alliance.member')}</div>}
      </div>
      <Section>
        <Cell
          title={t('mining.guilds.alliance.place')}
          after={
            <span data-testid="alliance-place">
              {a.allianceRank ?? '—'}
              {rank !== null ? ` · ${t(`mining.guilds.ranks.${rank}`)}` : ''}
            </span>
          }
        />
        <Cell
          title={t('mining.guilds.alliance.total')}
          after={
            <span className="guild-amount" data-testid="alliance-total">
              {amount(a.totalMined, 16)} SWITCH
            </span>
          }
        />
        <Cell
          title={t('mining.guilds.alliance.participants')}
          after={<span data-testid="alliance-users">{a.users}</span>}
        />
      </Section>
      <div className="alliance-actions">
        <Button
          mode="secondary"
          onClick={() => dispatch({ type: 'app/linkOpened', payload: { url: allianceTelegramLink(a.name) } })}
        >
          {t('mining.guilds.alliance.open')}
        </Button>
        {member ? <MemberActions name={a.name} title={a.title} /> : <JoinButton name={a.name} />}
        <JoinError name={a.name} />
      </div>
      <Section header={t('mining.guilds.alliance.members')}>
        {(a.top ?? []).length === 0 ? (
          <Cell title={t('mining.guilds.alliance.no-members')} />
        ) : (
          <ol className="guild-list" data-testid="alliance-members">
            {(a.top ?? []).map((m, i) => (
              <li key={i}>
                <Cell
                  before={<Place place={i + 1} />}
                  title={m.firstName}
                  after={<span className="guild-amount">{amount(m.gotAmount, 14)}</span>}
                  afterSubtitle="SWITCH"
                />
              </li>
            ))}
          </ol>
        )}
      </Section>
    </div>
  )
}

/** No details: an alliance nobody has made yet (404) can be made by joining; anything else is said quietly (guilds.24). */
function Missing({ name, notFound }: { name: string; notFound: boolean }) {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  if (notFound)
    return (
      <div className="alliance">
        <div className="alliance-hero">
          <AllianceAvatar name={name} size={88} />
          <h1 className="alliance-hero__title">{t('mining.guilds.alliance.not-found', { name })}</h1>
          <div className="alliance-hero__handle">{t('mining.guilds.alliance.not-found-hint')}</div>
        </div>
        <div className="alliance-actions">
          <JoinButton name={name} />
          <JoinError name={name} />
        </div>
      </div>
    )
  // guilds.24: said quietly (no alert role), with the way to try again
  return (
    <Placeholder
      title={t('mining.guilds.alliance.load-failed')}
      action={
        <Button
          mode="secondary"
          size="small"
          onClick={() => dispatch({ type: 'guilds/allianceOpened', payload: { name } })}
        >
          {t('mining.guilds.refresh')}
        </Button>
      }
    />
  )
}

export function AllianceScreen() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const { name: param } = useParams()
  const name = param !== undefined && ALLIANCE_NAME.test(param) ? param : null
  useEffect(() => {
    if (name !== null) dispatch({ type: 'guilds/allianceOpened', payload: { name } })
  }, [dispatch, name])
  if (name === null)
    return <Placeholder icon={<WarningIcon size={32} />} title={t('mining.guilds.alliance.load-failed')} />
  return <Alliance name={name} />
}
