/**
 * A list tab of /mining/tasks (doc 2 §2, §4; tasks.6-31): the groups in order with each group's
 * countdown badge; in the daily group the daily reward's grid, the PoH card and the daily boost;
 * each task card done, expired, counting down its verification, or ready to start.
 */
import { type ReactNode, useEffect } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { Task } from '../../domain/tasks/codecs'
import type { ListTab } from '../../domain/tasks/events'
import {
  dailyRows,
  groupBadge,
  isDone,
  isExpired,
  orderGroups,
  LAYER_ZERO_GAS_ETH,
  cardTap,
  dailyRewardTask,
} from '../../domain/tasks/selectors'
import { msLeft } from '../../domain/tasks/timers'
import type { VerifyTimer } from '../../domain/tasks/timers'
import type { RootState } from '../../domain/state'
import type { TasksState } from '../../domain/tasks/state'
import { loadFeature } from '../../streams/features'
import { useNavigate } from 'react-router-dom'
import { useAppState, useDispatch } from '../ui/store'
import { errorText } from '../ui/errorText'
import { GainNote } from '../ui/GainNote'
import { walletProofReason } from '../ui/walletProofText'
import { withKeys } from '../ui/listKeys'
import { CheckIcon, WarningIcon } from '../ui/icons'
import { Button, Cell, Placeholder, Section, SkeletonCell, Skeleton } from '../ui/kit'
import { useFormat } from '../ui/useFormat'
import { Countdown } from './Countdown'
import { TaskLogo } from './TaskLogo'
import { brandName } from '../../domain/tasks/brands'
import { selectTasks } from './selectors'
import { useTaskTitle, useTasksNow } from './hooks'
import './texts'

const selectStartBoost = (s: RootState) => s.app.startParams.boostToOpen

/** A task's reward and progress, as the server gives them. */
function useTaskFacts(): (task: Task) => string | undefined {
  const { t } = useTranslation()
  const format = useFormat()
  return (task) => {
    const parts: string[] = []
    if (task.currentAddSpeed !== undefined && task.currentAddSpeed > 0)
      parts.push(t('mining.tasks.card.speed', { speed: format.amount(String(task.currentAddSpeed), 4) }))
    // tasks.41: a burn's reward is a speed for each PUNK burned, not SWITCH paid once
    else if (task.type === 'burn' && task.reward !== undefined && task.reward > 0)
      parts.push(t('mining.tasks.card.per-punk', { speed: format.amount(String(task.reward), 4) }))
    else if (task.reward !== undefined && task.reward > 0)
      parts.push(t('mining.tasks.card.reward', { reward: format.amount(String(task.reward), 4) }))
    if (task.maxAmount !== undefined && task.maxAmount > 1)
      parts.push(
        t('mining.tasks.card.progress', { done: Math.min(task.doneAmount ?? 0, task.maxAmount), max: task.maxAmount }),
      )
    // tasks.73: the bridge's network fee, as the burn sheet gives its own (tasks.42)
    if (task.code === 'layerZero')
      parts.push(t('mining.tasks.card.gas', { amount: format.amount(LAYER_ZERO_GAS_ETH, 4), symbol: 'ETH' }))
    return parts.length === 0 ? undefined : parts.join(' · ')
  }
}

/**
 * What the emoji check (tasks.32), the wallet (tasks.58) or a subscription's check on the server
 * (tasks.24: the project's channel did not show the user) last said, under their card.
 */
function cardNote(t: TFunction, task: Task, tasks: TasksState): ReactNode | undefined {
  const code = task.code
  const warn = (text: string) => (
    <span className="task-note" role="alert">
      {text}
    </span>
  )
  if (task.lastCheck !== undefined) return warn(t(`mining.tasks.check.${task.lastCheck}`))
  if (code === 'emoji' && tasks.emoji.missing) return warn(t('mining.tasks.emoji.missing'))
  if (code === 'emoji' && tasks.emoji.error !== null)
    return warn(`${t('mining.tasks.emoji.failed')} ${errorText(t, tasks.emoji.error)}`)
  if (code === 'addWallet' && tasks.wallet.busy) return t('mining.tasks.wallet.busy')
  if (code === 'addWallet' && tasks.wallet.error !== null)
    return warn(
      t('mining.tasks.wallet.failed', {
        message: walletProofReason(t, tasks.wallet.code) ?? t('mining.tasks.wallet.unknown'),
      }),
    )
  return undefined
}

/** One task (tasks.10, tasks.13, tasks.24-25): its state from the server's answer, the timer while it verifies. */
function TaskCard({
  task,
  now,
  highlight,
  tasks,
  timer,
}: {
  task: Task
  now: number
  highlight: boolean
  tasks: TasksState
  timer: VerifyTimer | undefined
}) {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const title = useTaskTitle()
  const facts = useTaskFacts()
  // The server's state is what counts; the timer is what the user sees while it verifies.
  const done = isDone(task) || task.state === 'done'
  const expired = isExpired(task, now) || task.state === 'expired'
  const counting = !done && !expired && timer !== undefined && msLeft(timer, now) > 0
  const verifying = counting || (!done && !expired && task.state === 'verifying')
  const busy = (task.code === 'emoji' && tasks.emoji.checking) || (task.code === 'addWallet' && tasks.wallet.busy)
  const tap = done || expired || busy ? null : cardTap(tasks, task.code)
  const onClick =
    tap === null
      ? undefined
      : () => {
          // The autoclaim modal is the mining feature's: its chunk comes first.
          if (tap.type === 'mining/autoclaimOpened') void loadFeature('mining').then(() => dispatch(tap))
          else dispatch(tap)
        }
  const note = done || verifying ? undefined : cardNote(t, task, tasks)
  const after = expired ? (
    <span className="task-expired">{t('mining.tasks.card.expired')}</span>
  ) : done ? (
    <span className="task-done">
      <CheckIcon size={18} />
      {t('mining.tasks.card.done')}
    </span>
  ) : counting ? (
    <Countdown msLeft={msLeft(timer, now)} testId={`verify-${task.code}`} />
  ) : onClick !== undefined ? (
    <span className="task-go">{t('mining.tasks.card.start')}</span>
  ) : undefined
  return (
    <div className={highlight ? 'task-card--highlight' : undefined} data-task={task.code} data-testid="task-card">
      <Cell
        before={<TaskLogo src={task.logoURI} name={brandName(task.code)} />}
        title={title(task)}
        subtitle={
          verifying ? (
            <span className="task-verifying">{t('mining.tasks.card.confirming')}</span>
          ) : (
            (note ?? facts(task))
          )
        }
        after={after}
        onClick={onClick}
        label={
          onClick === undefined
            ? undefined
            : `${title(task)}: ${verifying ? t('mining.tasks.card.confirming') : t('mining.tasks.card.start')}`
        }
      />
    </div>
  )
}

/** tasks.21: one cell a day, 4 a row; the days before today claimed, today's claimed once by a tap. */
function DailyGrid({ task }: { task: Task }) {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const format = useFormat()
  const daily = useAppState(selectTasks).daily
  const rewards = task.rewardList ?? []
  // currentDay counts from 1: the day whose reward is claimed today.
  const today = (task.currentDay ?? 1) - 1
  const claimedToday = isDone(task) || daily.claimed
  const cells = rewards.map((reward, i) => ({ reward, i }))
  return (
    <div className="daily-grid" data-testid="daily-grid">
      {dailyRows(cells).map((row, r) => (
        <div className="daily-grid__row" key={r}>
          {row.map(({ reward, i }) => {
            const state = i < today || (i === today && claimedToday) ? 'claimed' : i === today ? 'today' : 'future'
            const content = (
              <>
                <span className="daily-cell__day">{t('mining.tasks.daily.day', { day: i + 1 })}</span>
                <span className="daily-cell__reward">+{format.amount(String(reward), 4)}</span>
              </>
            )
            return state === 'today' ? (
              <button
                key={i}
                type="button"
                className="daily-cell daily-cell--today"
                disabled={daily.claiming}
                aria-busy={daily.claiming || undefined}
                aria-label={t('mining.tasks.daily.claim', { day: i + 1, reward: format.amount(String(reward), 4) })}
                onClick={() => dispatch({ type: 'tasks/dailyRewardRequested', payload: {} })}
                data-testid="daily-today"
              >
                {content}
              </button>
            ) : (
              <div key={i} className={`daily-cell daily-cell--${state}`} data-testid={`daily-${state}`}>
                {content}
              </div>
            )
          })}
        </div>
      ))}
      {daily.error !== null && (
        <div className="notice notice--danger" role="alert">
          <WarningIcon size={18} />
          <span>
            {t('mining.tasks.daily.failed')} {errorText(t, daily.error)}
          </span>
        </div>
      )}
    </div>
  )
}

/** What the daily reward or the daily boost just gave (tasks.21-22), until closed or the screen is left. */
function Gains() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const format = useFormat()
  const { daily, dailyBoost } = useAppState(selectTasks)
  const close = () => dispatch({ type: 'tasks/gainDismissed', payload: {} })
  const boost = dailyBoost.gained
  return (
    <>
      {daily.gained !== undefined && (
        <GainNote onClose={close} testId="daily-gained">
          {t('mining.tasks.daily.gained', { reward: format.amount(daily.gained.reward, 4), day: daily.gained.day })}
        </GainNote>
      )}
      {boost !== undefined && (
        <GainNote onClose={close} testId="boost-gained">
          {boost.speed !== null && boost.hours !== null
            ? t('mining.tasks.daily-boost.gained', { speed: format.amount(boost.speed, 4), hours: boost.hours })
            : t('mining.tasks.daily-boost.gained-plain')}
        </GainNote>
      )}
    </>
  )
}

/** tasks.22-23: the daily boost, while the server flags it. */
function DailyBoost() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const boost = useAppState(selectTasks).dailyBoost
  if (!boost.flagged) return null
  return (
    <>
      <Cell
        before={<TaskLogo src={undefined} name="SWITCH" />}
        title={t('mining.tasks.daily-boost.title')}
        subtitle={
          boost.error === null
            ? t('mining.tasks.daily-boost.subtitle')
            : `${t('mining.tasks.daily-boost.failed')} ${errorText(t, boost.error)}`
        }
        after={<span className="task-go">{t('mining.tasks.daily-boost.claim')}</span>}
        onClick={boost.claiming ? undefined : () => dispatch({ type: 'tasks/dailyBoostRequested', payload: {} })}
        disabled={boost.claiming}
        label={t('mining.tasks.daily-boost.claim-label')}
      />
    </>
  )
}

/** The user has proved they are human: the tasks' read of the mining record says so, or another read of it, or this session's code was accepted. */
const selectVerified = (s: RootState) =>
  s.tasks.humanProved || s.mining.record?.confirmProve === true || s.poh.human?.confirmProve === true || s.poh.confirmed

/**
 * tasks.20: proof of humanity adds 5 % to what the user mines; the card leads to its screen.
 * Once verified the card says so, done, and offers nothing more.
 */
function PohCard() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const verified = useAppState(selectVerified)
  if (verified)
    return (
      <Cell
        title={t('mining.tasks.poh.title')}
        subtitle={t('mining.tasks.poh.verified')}
        after={
          <span className="task-done" data-testid="poh-task-done">
            <CheckIcon size={18} />
            {t('mining.tasks.card.done')}
          </span>
        }
      />
    )
  return (
    <Cell
      before={<TaskLogo src={undefined} name="SWITCH" />}
      title={t('mining.tasks.poh.title')}
      subtitle={t('mining.tasks.poh.subtitle')}
      after={<span className="task-go">+5{'\u00a0'}%</span>}
      onClick={() => navigate('/prove')}
    />
  )
}

function Loading() {
  const { t } = useTranslation()
  return (
    <div aria-busy="true" aria-label={t('mining.tasks.loading')}>
      <Skeleton width={120} height={14} style={{ margin: '8px 16px' }} />
      <div className="section__body">
        <SkeletonCell />
        <SkeletonCell />
        <SkeletonCell />
      </div>
    </div>
  )
}

/** tasks.6, tasks.11-16: the tab's groups in order, each with its badge (tasks.15). */
export function TaskList({ tab }: { tab: ListTab }) {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const s = useAppState(selectTasks)
  const now = useTasksNow(1000)
  const startBoost = useAppState(selectStartBoost)
  const list = s.lists[tab]
  const highlight = s.boostOpened !== null && s.boostOpened === startBoost ? s.boostOpened : null
  // tasks.18: the card boostToOpen opened is scrolled to.
  useEffect(() => {
    if (highlight === null) return
    document.querySelector(`[data-task="${CSS.escape(highlight)}"]`)?.scrollIntoView?.({ block: 'center' })
  }, [highlight, list.groups])
  if (list.groups === null)
    return list.error !== null ? (
      <Placeholder
        page
        icon={<WarningIcon size={32} />}
        title={t('mining.tasks.load-failed')}
        description={errorText(t, list.error)}
        action={
          <Button onClick={() => dispatch({ type: 'tasks/retried', payload: { tab } })}>{t('errors.retry')}</Button>
        }
      />
    ) : (
      <Loading />
    )
  const groups = orderGroups(list.groups, s.speed ?? '0')
  const dailyTask = dailyRewardTask(list.groups)
  return (
    <>
      {list.error !== null && (
        <div className="notice notice--danger" role="alert">
          <WarningIcon size={18} />
          <span>
            {t('mining.tasks.refresh-failed')} {errorText(t, list.error)}
          </span>
        </div>
      )}
      {groups.length === 0 && (
        <Placeholder title={t('mining.tasks.empty')} description={t('mining.tasks.empty-hint')} />
      )}
      {groups.length === 0 && s.dailyBoost.flagged && (
        <Section>
          <DailyBoost />
        </Section>
      )}
      {groups.map(({ group, tasks }) => {
        const deadline = groupBadge(tasks, now)
        return (
          <div key={group} data-group={group}>
            <Section
              header={
                <>
                  <span>{t(`mining.tasks.group.${group}`)}</span>
                  {deadline !== null && (
                    <span className="task-badge" title={t('mining.tasks.badge')}>
                      <Countdown msLeft={deadline - now} testId={`badge-${group}`} />
                    </span>
                  )}
                </>
              }
            >
              {group === 'daily' && dailyTask !== undefined && <DailyGrid task={dailyTask} />}
              {group === 'daily' && <Gains />}
              {group === 'daily' && <DailyBoost />}
              {withKeys(
                tasks.filter((task) => !(group === 'daily' && task === dailyTask)),
                (task) => task.code,
              ).map(([key, task]) => (
                <TaskCard
                  key={key}
                  task={task}
                  now={now}
                  highlight={highlight === task.code}
                  tasks={s}
                  timer={s.timers.find((x) => x.code === task.code)}
                />
              ))}
              {group === 'daily' && <PohCard />}
            </Section>
          </div>
        )
      })}
    </>
  )
}
