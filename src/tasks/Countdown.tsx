/** The countdown with its ring (tasks.29-31). */
import { isUrgent, progressLeft } from '../../domain/tasks/timers'
import { useCountdownText } from './hooks'

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
