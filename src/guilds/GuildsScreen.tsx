/**
 * /mining/guilds (doc 2 §2; guilds.3-15, guilds.24): the individual/alliance toggle, the ranks'
 * carousel, the shown rank's leaderboard with the user's place and row, and a refresh. In alliance
 * mode: the input that joins or creates an alliance, the user's alliance bar (opening its page)
 * and the rank's alliances. A failed load says nothing loud (guilds.24): the last board stays, or
 * a quiet placeholder with the refresh button stands in; never a blank screen.
 */
import { type ReactElement, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { AllianceBoard, GuildBoard, GuildsMode } from '../../domain/guilds/events'
import { inputName } from '../../domain/guilds/selectors'
import { allianceInputProblem } from '../../domain/guilds/rules'
import { type Loaded, alliancePath } from '../../domain/guilds/state'
import { useNavigate } from 'react-router-dom'
import { useAppState, useDispatch } from '../ui/store'
import { Button, Cell, Placeholder, Section, Skeleton } from '../ui/kit'
import { RankCarousel } from './Carousel'
import { AllianceAvatar } from './AllianceAvatar'
import { Place } from './Place'
import { selectGuilds, selectUserGuild } from './selectors'
import { useSwitchBalance } from '../mining/hooks'
import './texts'
import { withKeys } from '../ui/listKeys'

function ModeToggle({ mode }: { mode: GuildsMode }) {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const modes: GuildsMode[] = ['individual', 'alliance']
  return (
    <div className="guild-modes" role="group" aria-label={t('mining.guilds.mode.label')}>
      {modes.map((m) => (
        <button
          key={m}
          type="button"
          className="guild-modes__item"
          aria-pressed={m === mode}
          onClick={() => dispatch({ type: 'guilds/modeChanged', payload: { mode: m } })}
        >
          {t(`mining.guilds.mode.${m}`)}
        </button>
      ))}
    </div>
  )
}

/** Skeleton rows while a board's first answer is on its way. */
function BoardSkeleton({ label }: { label: string }) {
  return (
    <div className="section__body" aria-busy="true" aria-label={label}>
      {[0, 1, 2, 3, 4].map((i) => (
        <div className="cell" key={i} aria-hidden="true">
          <span className="cell__before">
            <Skeleton width={32} height={32} circle />
          </span>
          <span className="cell__main">
            <Skeleton width="45%" height={16} />
          </span>
          <span className="cell__after">
            <Skeleton width={80} height={16} />
          </span>
        </div>
      ))}
    </div>
  )
}

function RefreshButton() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  return (
    <Button mode="secondary" size="small" onClick={() => dispatch({ type: 'guilds/refreshRequested', payload: {} })}>
      {t('mining.guilds.refresh')}
    </Button>
  )
}

/** guilds.24: nothing to show and the load failed: said quietly, with the way to try again. */
function LoadFailed() {
  const { t } = useTranslation()
  return <Placeholder title={t('mining.guilds.load-failed')} action={<RefreshButton />} />
}

/** What a board shows before its data: skeletons while loading, the quiet failure after. */
function Pending<T>({ entry, children }: { entry: Loaded<T> | undefined; children: (data: T) => ReactElement }) {
  const { t } = useTranslation()
  if (entry?.data != null) return children(entry.data)
  if (entry?.failed) return <LoadFailed />
  return <BoardSkeleton label={t('mining.guilds.loading')} />
}

function IndividualBoard({ board }: { board: GuildBoard }) {
  const { t } = useTranslation()
  const amount = useSwitchBalance()
  return (
    <>
      <Section header={t('mining.guilds.you')}>
        {board.user === null || board.userRank === null ? (
          <Cell title={board.user?.firstName ?? t('mining.guilds.you')} subtitle={t('mining.guilds.no-place')} />
        ) : (
          <Cell
            before={<Place place={board.userRank} />}
            title={board.user.firstName}
            subtitle={t('mining.guilds.your-place', { place: board.userRank })}
            after={
              <span className="guild-amount" data-testid="user-amount">
                {amount(board.user.gotAmount, 14)}
              </span>
            }
            afterSubtitle="SWITCH"
          />
        )}
      </Section>
      <Section header={t('mining.guilds.top')}>
        {board.top.length === 0 ? (
          <div className="guild-empty">{t('mining.guilds.empty')}</div>
        ) : (
          <ol className="guild-list" data-testid="leaderboard">
            {board.top.map((leader, i) => (
              <li key={i}>
                <Cell
                  before={<Place place={i + 1} />}
                  title={leader.firstName}
                  after={
                    <span className="guild-amount" data-testid="leader-amount">
                      {amount(leader.gotAmount, 14)}
                    </span>
                  }
                  afterSubtitle="SWITCH"
                />
              </li>
            ))}
          </ol>
        )}
      </Section>
    </>
  )
}

/** guilds.11-13, guilds.15: join or create by name; Join waits for a usable name. */
function AllianceInput() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const g = useAppState(selectGuilds)
  const name = inputName(g)
  // guilds.12: why Join is disabled, said under the input; a failed join says that instead (guilds.15)
  const problem = allianceInputProblem(g.input)
  const join = () => {
    if (name !== null) dispatch({ type: 'guilds/joinRequested', payload: { name, via: 'input', launch: null } })
  }
  return (
    <form
      className="guild-join"
      onSubmit={(e) => {
        e.preventDefault()
        join()
      }}
    >
      <label className="field__label" htmlFor="alliance-name">
        {t('mining.guilds.alliances.input-hint')}
      </label>
      <div className="guild-join__row">
        <input
          id="alliance-name"
          className="search"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={t('mining.guilds.alliances.placeholder')}
          aria-label={t('mining.guilds.alliances.input')}
          aria-invalid={g.joinError !== null || problem === 'not-a-name' || undefined}
          aria-describedby="alliance-name-hint"
          value={g.input}
          onChange={(e) => dispatch({ type: 'guilds/inputChanged', payload: { text: e.target.value } })}
        />
        <Button size="small" onClick={join} disabled={name === null} loading={g.joining !== null}>
          {t('mining.guilds.alliances.join')}
        </Button>
      </div>
      {g.joinError !== null ? (
        <div className="field-error" role="alert" id="alliance-name-hint">
          {t('mining.guilds.alliances.fail-to-join')}
        </div>
      ) : problem === 'not-a-name' ? (
        <div className="field-error" role="alert" id="alliance-name-hint" data-testid="alliance-input-hint">
          {t('mining.guilds.alliances.not-a-name')}
        </div>
      ) : (
        <div className="hint guild-join__hint" id="alliance-name-hint" data-testid="alliance-input-hint">
          {problem === 'empty'
            ? t('mining.guilds.alliances.type-a-name')
            : t('mining.guilds.alliances.will-join', { name })}
        </div>
      )}
    </form>
  )
}

function AllianceBoardView({ board }: { board: AllianceBoard }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const amount = useSwitchBalance()
  const mine = board.alliance
  return (
    <>
      <Section header={t('mining.guilds.alliances.my')}>
        {mine === null ? (
          <Cell title={t('mining.guilds.alliances.none')} />
        ) : (
          <div data-testid="my-alliance">
            <Cell
              before={<AllianceAvatar name={mine.name} />}
              title={mine.title}
              subtitle={
                board.allianceRank === null
                  ? t('mining.guilds.alliances.participants', { count: mine.users })
                  : `${t('mining.guilds.alliances.place', { place: board.allianceRank })} · ${t('mining.guilds.alliances.participants', { count: mine.users })}`
              }
              chevron
              onClick={() => navigate(alliancePath(mine.name))}
              label={`${t('mining.guilds.alliances.my')}: ${mine.title}`}
            />
          </div>
        )}
      </Section>
      <Section header={t('mining.guilds.alliances.top')}>
        {board.top.length === 0 ? (
          <div className="guild-empty">{t('mining.guilds.alliances.empty')}</div>
        ) : (
          <ol className="guild-list" data-testid="alliance-list">
            {withKeys(board.top, (a) => a.name).map(([key, a]) => (
              <li key={key}>
                <Cell
                  before={<AllianceAvatar name={a.name} />}
                  title={a.title}
                  subtitle={t('mining.guilds.alliances.participants', { count: a.users })}
                  after={
                    <span className="guild-amount" data-testid="alliance-total-mined">
                      {amount(a.totalMined, 12)}
                    </span>
                  }
                  afterSubtitle="SWITCH"
                  onClick={() => navigate(alliancePath(a.name))}
                />
              </li>
            ))}
          </ol>
        )}
      </Section>
    </>
  )
}

export function GuildsScreen() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const g = useAppState(selectGuilds)
  const userGuild = useAppState(selectUserGuild)
  // Once per visit: the carousel starts at the user's rank when the screen opens, not each time the record moves.
  useEffect(() => {
    dispatch({ type: 'guilds/entered', payload: { userGuild } })
    return () => dispatch({ type: 'guilds/exited', payload: {} })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the rank when the screen opens, not each time it moves
  }, [dispatch])
  const entry = g.mode === 'individual' ? g.individual[g.rank] : g.alliances[g.rank]
  return (
    <div className="guilds">
      <h1 className="title">{t('mining.guilds.title')}</h1>
      <ModeToggle mode={g.mode} />
      {g.mode === 'alliance' && <AllianceInput />}
      <RankCarousel rank={g.rank} mode={g.mode} />
      <div className="guild-refresh" aria-busy={entry?.loading === true || undefined}>
        <RefreshButton />
      </div>
      {g.mode === 'individual' ? (
        <Pending entry={g.individual[g.rank]}>{(board) => <IndividualBoard board={board} />}</Pending>
      ) : (
        <Pending entry={g.alliances[g.rank]}>{(board) => <AllianceBoardView board={board} />}</Pending>
      )}
    </div>
  )
}
