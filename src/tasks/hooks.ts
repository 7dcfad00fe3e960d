/** The tasks screens' hooks: the server's clock for display, a task's name, the countdown's text. */
import { useTranslation } from 'react-i18next'
import type { Task } from '../../domain/tasks/codecs'
import { countdown } from '../../domain/tasks/timers'
import { useAppState } from '../ui/store'
import { brandName } from '../../domain/tasks/brands'
import { useDisplayNow } from '../mining/hooks'
import { selectOffset } from './selectors'

export function useTasksNow(resolutionMs: number): number {
  const offset = useAppState(selectOffset)
  return useDisplayNow(resolutionMs) + offset
}

/** A task's title: its code's own text, else its type's with the partner's name. */
export function useTaskTitle(): (task: Pick<Task, 'code' | 'type'>) => string {
  const { t } = useTranslation()
  return (task) =>
    t([`mining.tasks.code.${task.code}`, `mining.tasks.type.${task.type}`, 'mining.tasks.type.other'], {
      name: brandName(task.code),
    })
}

/** tasks.31: days and hours past 24 h, else hours, minutes and seconds. */
export function useCountdownText(): (msLeft: number) => string {
  const { t } = useTranslation()
  return (msLeft) => {
    const c = countdown(msLeft)
    if (c.kind === 'days') return t('mining.tasks.countdown.days', { days: c.days, hours: c.hours })
    const two = (n: number) => String(n).padStart(2, '0')
    return `${two(c.hours)}:${two(c.minutes)}:${two(c.seconds)}`
  }
}
