/**
 * The airdrops tab (doc 2 §3, §4, §9; airdrops.1-8): locked below 3 invited friends; each airdrop
 * with its speed, deadline, prize pool (a number or a range), winners and tasks; a task's tap opens
 * its link and confirms it, and the list is asked again 15 s later.
 */
import { useTranslation } from '../i18n'
import type { Airdrops as AirdropsAnswer } from '../../domain/tasks/events'
import { AIRDROP_FRIENDS } from '../../domain/tasks/select'
import { isDone } from '../../domain/tasks/display'
import { useNavigate } from '../app/navigation'
import { hasScreen } from '../app/routes'
import { useAppState, useDispatch } from '../app/store'
import { errorText } from '../ui/errorText'
import { withKeys } from '../ui/listKeys'
import { CheckIcon, FriendsIcon, WarningIcon } from '../ui/icons'
import { Button, Cell, Placeholder, Section, SkeletonCell } from '../ui/kit'
import { useFormat } from '../ui/useFormat'
import { brandName, selectTasks } from './parts'

type Airdrop = AirdropsAnswer['tasks'][number]

/** airdrops.4: a number, or a range written 'from-to' (either shown in the user's language). */
function usePrizePool(): (pool: number | string) => string {
  const format = useFormat()
  return (pool) => {
    if (typeof pool === 'number') return format.amount(String(pool), 2)
    const range = /^\s*([\d.]+)\s*[-–]\s*([\d.]+)\s*$/.exec(pool)
    return range === null ? pool : `${format.amount(range[1], 2)} – ${format.amount(range[2], 2)}`
  }
}

function AirdropSection({ airdrop }: { airdrop: Airdrop }) {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const format = useFormat()
  const pool = usePrizePool()
  return (
    <Section header={brandName(airdrop.code)}>
      {airdrop.airDropSpeed !== undefined && <Cell compact title={t('mining.tasks.airdrops.speed')} after={<span className="airdrop-fact">{t('mining.tasks.card.speed', { speed: format.amount(String(airdrop.airDropSpeed), 4) })}</span>} />}
      {airdrop.dttmDeadline !== undefined && <Cell compact title={t('mining.tasks.airdrops.deadline')} after={<span className="airdrop-fact">{format.date(airdrop.dttmDeadline)}</span>} />}
      {airdrop.pricePool !== undefined && <Cell compact title={t('mining.tasks.airdrops.pool')} after={<span className="airdrop-fact" data-testid={`pool-${airdrop.code}`}>{pool(airdrop.pricePool)}</span>} />}
      {airdrop.winnerAmount !== undefined && <Cell compact title={t('mining.tasks.airdrops.winners')} after={<span className="airdrop-fact">{format.amount(String(airdrop.winnerAmount), 0)}</span>} />}
      {withKeys(airdrop.tasks, (task) => task.code).map(([key, task]) => {
        const done = isDone({ ...task, type: 'airdrop' })
        const title = t([`mining.tasks.airdrops.task.${task.code}`, 'mining.tasks.airdrops.task.other'], { name: brandName(task.code) })
        const clickable = !done && task.url !== undefined
        return (
          <Cell
            key={key}
            title={title}
            subtitle={task.maxAmount !== undefined && task.maxAmount > 1 ? t('mining.tasks.card.progress', { done: Math.min(task.doneAmount ?? 0, task.maxAmount), max: task.maxAmount }) : undefined}
            after={
              done ? (
                <span className="task-done"><CheckIcon size={18} />{t('mining.tasks.card.done')}</span>
              ) : clickable ? (
                <span className="task-go">{t('mining.tasks.card.start')}</span>
              ) : undefined
            }
            onClick={clickable ? () => dispatch({ type: 'tasks/airdropTaskOpened', payload: { airdropId: airdrop.code, code: task.code } }) : undefined}
            label={clickable ? `${title}: ${t('mining.tasks.card.start')}` : undefined}
          />
        )
      })}
    </Section>
  )
}

export function Airdrops() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const { answer, error } = useAppState(selectTasks).airdrops
  if (answer === null)
    return error !== null ? (
      <Placeholder
        page
        icon={<WarningIcon size={32} />}
        title={t('mining.tasks.airdrops.load-failed')}
        description={errorText(t, error)}
        action={<Button onClick={() => dispatch({ type: 'tasks/retried', payload: { tab: 'airdrops' } })}>{t('errors.retry')}</Button>}
      />
    ) : (
      <div aria-busy="true" aria-label={t('mining.tasks.loading')} className="section__body">
        <SkeletonCell />
        <SkeletonCell />
      </div>
    )
  // airdrops.1
  if (answer.friendsAmount < AIRDROP_FRIENDS)
    return (
      <div className="airdrop-locked" data-testid="airdrops-locked">
        <Placeholder
          icon={<FriendsIcon size={32} />}
          title={t('mining.tasks.airdrops.locked')}
          description={t('mining.tasks.airdrops.locked-count', { count: answer.friendsAmount, need: AIRDROP_FRIENDS })}
          action={hasScreen('/mining/frens') ? <Button onClick={() => navigate('/mining/frens')}>{t('mining.tasks.airdrops.invite')}</Button> : undefined}
        />
      </div>
    )
  return (
    <>
      {error !== null && (
        <div className="notice notice--danger" role="alert">
          <WarningIcon size={18} />
          <span>{t('mining.tasks.refresh-failed')} {errorText(t, error)}</span>
        </div>
      )}
      {answer.tasks.length === 0 ? <Placeholder title={t('mining.tasks.airdrops.empty')} /> : withKeys(answer.tasks, (a) => a.code).map(([key, a]) => <AirdropSection key={key} airdrop={a} />)}
    </>
  )
}
