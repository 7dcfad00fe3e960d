/**
 * The airdrops tab (doc 2 §3, §4, §9; airdrops.1-8): each campaign under its partner's name and
 * logo, with its speed, deadline, prize pool (a number or a range, in its unit), winners and tasks;
 * a subscription's tap opens its link and confirms it (the list is asked again 15 s later), a
 * deposit shows how much is in and leads to the deposit screen. Below 3 invited friends the
 * campaigns show locked, under what unlocks them and how far the user is.
 */
import { useTranslation } from 'react-i18next'
import type { Airdrops as AirdropsAnswer } from '../../domain/tasks/events'
import { airdropName } from '../../domain/tasks/brands'
import { AIRDROP_FRIENDS } from '../../domain/tasks/selectors'
import { isDone } from '../../domain/tasks/selectors'
import { useNavigate } from 'react-router-dom'
import { useAppState, useDispatch } from '../ui/store'
import { errorText } from '../ui/errorText'
import { withKeys } from '../ui/listKeys'
import { CheckIcon, FriendsIcon, WarningIcon } from '../ui/icons'
import { Button, Cell, Placeholder, SkeletonCell } from '../ui/kit'
import { useFormat } from '../ui/useFormat'
import { TaskLogo } from './TaskLogo'
import { brandName } from '../../domain/tasks/brands'
import { selectTasks } from './selectors'
import './texts'

type Airdrop = AirdropsAnswer['tasks'][number]
type AirdropTask = Airdrop['tasks'][number]

/** airdrops.4: a number, or a range written 'from-to' (either shown in the user's language), with its unit when known. */
function usePrizePool(): (pool: number | string, symbol: string | undefined) => string {
  const format = useFormat()
  return (pool, symbol) => {
    const unit = symbol === undefined ? '' : `\u00a0${symbol}`
    if (typeof pool === 'number') return format.amount(String(pool), 2) + unit
    const range = /^\s*([\d.]+)\s*[-–]\s*([\d.]+)\s*$/.exec(pool)
    return range === null ? pool : `${format.amount(range[1], 2)} – ${format.amount(range[2], 2)}${unit}`
  }
}

/** A deposit task's progress: how much of its token is in, of how much, as a bar and in words. */
function DepositProgress({ task }: { task: AirdropTask }) {
  const { t } = useTranslation()
  const max = task.maxAmount ?? 1
  const done = Math.min(task.doneAmount ?? 0, max)
  const symbol = task.token?.symbol ?? task.fromToken?.symbol ?? ''
  const text = t('mining.tasks.airdrops.deposit-progress', { done, max, symbol })
  return (
    <span className="airdrop-progress">
      <span className="airdrop-progress__text">{text}</span>
      <span
        className="airdrop-progress__bar"
        role="progressbar"
        aria-label={text}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={done}
      >
        <span className="airdrop-progress__fill" style={{ width: `${(done / max) * 100}%` }} />
      </span>
    </span>
  )
}

function AirdropTaskRow({ airdrop, task, locked }: { airdrop: Airdrop; task: AirdropTask; locked: boolean }) {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const done = isDone({ ...task, type: 'airdrop' })
  const deposit = task.code === 'deposit'
  const symbol = task.token?.symbol ?? task.fromToken?.symbol
  const title =
    deposit && symbol !== undefined
      ? t('mining.tasks.airdrops.task.deposit-token', { symbol })
      : t([`mining.tasks.airdrops.task.${task.code}`, 'mining.tasks.airdrops.task.other'], {
          name: brandName(task.code),
        })
  // A subscription opens its link and is confirmed (airdrops.6); a deposit is made on the deposit screen (the server counts what comes in).
  const action =
    locked || done
      ? undefined
      : deposit
        ? () => navigate('/refill/from')
        : task.url !== undefined
          ? () => dispatch({ type: 'tasks/airdropTaskOpened', payload: { airdropId: airdrop.code, code: task.code } })
          : undefined
  const go = deposit ? t('mining.tasks.airdrops.deposit-go') : t('mining.tasks.card.start')
  return (
    <div
      data-testid="airdrop-task"
      data-task={`${airdrop.code}:${task.code}`}
      data-state={done ? 'done' : locked ? 'locked' : 'open'}
    >
      <Cell
        title={title}
        subtitle={
          deposit ? (
            <DepositProgress task={task} />
          ) : task.maxAmount !== undefined && task.maxAmount > 1 ? (
            t('mining.tasks.card.progress', {
              done: Math.min(task.doneAmount ?? 0, task.maxAmount),
              max: task.maxAmount,
            })
          ) : undefined
        }
        after={
          done ? (
            <span className="task-done">
              <CheckIcon size={18} />
              {t('mining.tasks.card.done')}
            </span>
          ) : locked ? (
            <span className="task-locked">{t('mining.tasks.airdrops.locked-task')}</span>
          ) : action !== undefined ? (
            <span className="task-go">{go}</span>
          ) : undefined
        }
        onClick={action}
        label={action !== undefined ? `${title}: ${go}` : undefined}
      />
    </div>
  )
}

function AirdropSection({ airdrop, locked }: { airdrop: Airdrop; locked: boolean }) {
  const { t } = useTranslation()
  const format = useFormat()
  const pool = usePrizePool()
  const name = airdropName(airdrop.code)
  return (
    <section
      className={`section airdrop${locked ? ' airdrop--locked' : ''}`}
      data-testid={`airdrop-${airdrop.code}`}
      aria-label={name}
    >
      <div className="section__body">
        <div className="airdrop__head">
          <TaskLogo src={airdrop.logoURI} name={name} size={44} />
          <span className="airdrop__name">
            <span className="airdrop__title" data-testid={`airdrop-name-${airdrop.code}`}>
              {name}
            </span>
            {airdrop.dttmDeadline !== undefined && (
              <span className="airdrop__ends">
                {t('mining.tasks.airdrops.ends-on', { date: format.date(airdrop.dttmDeadline) })}
              </span>
            )}
          </span>
        </div>
        {airdrop.pricePool !== undefined && (
          <Cell
            compact
            title={t('mining.tasks.airdrops.pool')}
            after={
              <span className="airdrop-fact" data-testid={`pool-${airdrop.code}`}>
                {pool(airdrop.pricePool, airdrop.pricePoolSymbol)}
              </span>
            }
          />
        )}
        {airdrop.winnerAmount !== undefined && (
          <Cell
            compact
            title={t('mining.tasks.airdrops.winners')}
            after={<span className="airdrop-fact">{format.amount(String(airdrop.winnerAmount), 0)}</span>}
          />
        )}
        {airdrop.airDropSpeed !== undefined && (
          <Cell
            compact
            title={t('mining.tasks.airdrops.speed-when-done')}
            after={
              <span className="airdrop-fact">
                {t('mining.tasks.card.speed', { speed: format.amount(String(airdrop.airDropSpeed), 4) })}
              </span>
            }
          />
        )}
        {withKeys(airdrop.tasks, (task) => task.code).map(([key, task]) => (
          <AirdropTaskRow key={key} airdrop={airdrop} task={task} locked={locked} />
        ))}
      </div>
    </section>
  )
}

/** airdrops.1: what unlocks the airdrops (3 invited friends), how many the user has, and the way to invite. */
function Locked({ friends }: { friends: number }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const left = AIRDROP_FRIENDS - friends
  return (
    <div className="airdrop-locked" data-testid="airdrops-locked">
      <Placeholder
        icon={<FriendsIcon size={32} />}
        title={t('mining.tasks.airdrops.locked')}
        description={
          <>
            <span className="airdrop-locked__why">{t('mining.tasks.airdrops.locked-why', { count: left })}</span>
            <span
              className="airdrop-progress__bar airdrop-locked__bar"
              role="progressbar"
              aria-label={t('mining.tasks.airdrops.locked-count', { count: friends, need: AIRDROP_FRIENDS })}
              aria-valuemin={0}
              aria-valuemax={AIRDROP_FRIENDS}
              aria-valuenow={friends}
            >
              <span
                className="airdrop-progress__fill"
                style={{ width: `${(Math.min(friends, AIRDROP_FRIENDS) / AIRDROP_FRIENDS) * 100}%` }}
              />
            </span>
            <span className="airdrop-locked__count">
              {t('mining.tasks.airdrops.locked-count', { count: friends, need: AIRDROP_FRIENDS })}
            </span>
          </>
        }
        action={<Button onClick={() => navigate('/mining/frens')}>{t('mining.tasks.airdrops.invite')}</Button>}
      />
    </div>
  )
}

export function Airdrops() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const { answer, error } = useAppState(selectTasks).airdrops
  if (answer === null)
    return error !== null ? (
      <Placeholder
        page
        icon={<WarningIcon size={32} />}
        title={t('mining.tasks.airdrops.load-failed')}
        description={errorText(t, error)}
        action={
          <Button onClick={() => dispatch({ type: 'tasks/retried', payload: { tab: 'airdrops' } })}>
            {t('errors.retry')}
          </Button>
        }
      />
    ) : (
      <div aria-busy="true" aria-label={t('mining.tasks.loading')} className="section__body">
        <SkeletonCell />
        <SkeletonCell />
      </div>
    )
  // airdrops.1
  const locked = answer.friendsAmount < AIRDROP_FRIENDS
  return (
    <>
      {error !== null && (
        <div className="notice notice--danger" role="alert">
          <WarningIcon size={18} />
          <span>
            {t('mining.tasks.refresh-failed')} {errorText(t, error)}
          </span>
        </div>
      )}
      {locked && <Locked friends={answer.friendsAmount} />}
      {answer.tasks.length === 0 ? (
        <Placeholder title={t('mining.tasks.airdrops.empty')} />
      ) : (
        withKeys(answer.tasks, (a) => a.code).map(([key, a]) => (
          <AirdropSection key={key} airdrop={a} locked={locked} />
        ))
      )}
    </>
  )
}
