/**
 * What the tasks screens share: their texts (under mining.tasks, the spec's keys) and styles, the
 * slice, the server's clock for display, a task's name, and the countdown with its ring
 * (tasks.29-31).
 */
import { useTranslation } from 'react-i18next'
import en from '../../locales/tasks/en.json'
import ru from '../../locales/tasks/ru.json'
import type { Task } from '../../domain/api/codecs/mining'
import type { RootState } from '../../domain/state'
import { countdown, isUrgent, progressLeft } from '../../domain/tasks/timers'
import { useState } from 'react'
import { useAppState } from '../ui/store'
import { SwitchLogo } from '../ui/icons'
import { brandName, monogram } from '../../domain/tasks/brands'
import { addTranslations } from '../i18n'
import { useDisplayNow } from '../mining/parts'
import './tasks.css'

addTranslations('mining', { en: { tasks: en }, ru: { tasks: ru } })

export const selectTasks = (s: RootState) => s.tasks

/** The server's time for display: the device's plus the offset the last answer measured. */
const selectOffset = (s: RootState) => s.tasks.serverOffset

export function useTasksNow(resolutionMs: number): number {
  const offset = useAppState(selectOffset)
  return useDisplayNow(resolutionMs) + offset
}

export { brandName } from '../../domain/tasks/brands'

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

/** tasks.29-30: a ring of the share of 24 h left, red at 25 % or less, and the time left. */
export function Countdown({ msLeft, testId }: { msLeft: number; testId?: string }) {
  const text = useCountdownText()
  const r = 8
  const length = 2 * Math.PI * r
  const left = progressLeft(msLeft)
  return (
    <span className={`task-countdown${isUrgent(msLeft) ? ' task-countdown--urgent' : ''}`} data-testid={testId}>
      <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" className="task-countdown__ring">
        <circle cx="10" cy="10" r={r} className="task-countdown__track" />
        <circle
          cx="10"
          cy="10"
          r={r}
          className="task-countdown__left"
          strokeDasharray={`${length * left} ${length}`}
          transform="rotate(-90 10 10)"
        />
      </svg>
      <span className="task-countdown__text">{text(msLeft)}</span>
    </span>
  )
}

/**
 * A task's or an airdrop's logo (served by the server: the partner's, a network's, a token's), 36 px;
 * the partner's monogram if it fails to load; the project's own mark for its own tasks.
 */
export function TaskLogo({ src, name, size = 36 }: { src: string | undefined; name: string; size?: number }) {
  const [failed, setFailed] = useState(false)
  // The size is a CSS variable, so a narrow screen's rule (tasks.css) can make it smaller.
  const style = { '--task-logo': `${size}px` } as React.CSSProperties
  if (src === undefined)
    return (
      <span className="task-logo task-logo--own" style={style} aria-hidden="true">
        <SwitchLogo size={size} />
      </span>
    )
  if (failed)
    return (
      <span className="task-logo task-logo--monogram" style={style} aria-hidden="true">
        {monogram(name)}
      </span>
    )
  return (
    <img
      className="task-logo"
      src={src}
      alt=""
      width={size}
      height={size}
      style={style}
      onError={() => setFailed(true)}
    />
  )
}
