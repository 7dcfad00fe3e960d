/**
 * The time-travel panel, loaded lazily: the recorded events with seq, time and type,
 * filtered by feature and type; jump, step, play at 1x and 4x, skip an event, the state diff of
 * the selected one, export and import. While the cursor is in the past the app shows the state
 * there and effects are paused; Live returns to the head.
 */
import { memo, useLayoutEffect, useMemo, useState } from 'react'
import { useObservableState } from 'observable-hooks'
import type { AppEvent } from '../../domain/events'
import { featureOf } from '../../domain/events'
import { decodeLog, encodeLog } from '../../domain/log'
import { assessLog } from '../../domain/devtools/assess'
import type { TimeTravel } from '../../streams/devtools/timeTravel'
import type { RootState } from '../../domain/state'
import { CloseIcon, ToolsIcon } from '../ui/icons'
import { RestoreIcon, SkipIcon, StepBackIcon, StepForwardIcon, ToStartIcon } from './panelIcons'
import { downloadJson } from './download'
import './panel.css'

const ROWS = 200
const time = (at: number) => new Date(at).toISOString().slice(11, 23)

/**
 * Replay mode times each jump with performance marks: `tt-jump-start` as the panel asks for a
 * position, `tt-jump-commit` once React committed the screen for it, and the `tt-jump` measure
 * between them; an import likewise (`tt-import`, from the file chosen to the screen at its last
 * event). tests/bench/timetravel.ts reads them. Live sessions skip the marks.
 */
const timed = () => typeof document !== 'undefined' && document.documentElement.dataset.mode === 'replay'

/** Renders with the screen (same state, same commit) and marks the commit after a jump. */
function JumpCommitMark({ timeTravel }: { timeTravel: TimeTravel }) {
  const state = useObservableState(timeTravel.view.state$, timeTravel.view.getState()) as RootState
  useLayoutEffect(() => {
    for (const name of ['tt-jump', 'tt-import']) {
      if (performance.getEntriesByName(`${name}-start`, 'mark').length === 0) continue
      performance.mark(`${name}-commit`)
      performance.measure(name, `${name}-start`, `${name}-commit`)
      performance.clearMarks(`${name}-start`)
    }
  }, [state])
  return null
}

interface RowProps {
  e: AppEvent
  i: number
  future: boolean
  selected: boolean
  skipped: boolean
  onJump: (i: number) => void
  onSkip: (i: number) => void
}

/** One event of the list; memoised, so a jump re-renders only the rows it moves past. */
const Row = memo(function Row({ e, i, future, selected, skipped, onJump, onSkip }: RowProps) {
  return (
    <li
      className={`tt__row${future ? ' tt__row--future' : ''}${selected ? ' tt__row--selected' : ''}${skipped ? ' tt__row--skipped' : ''}`}
    >
      <button type="button" className="tt__event" onClick={() => onJump(i)}>
        <span className="tt__seq">{e.seq}</span>
        <span className="tt__time">{time(e.at)}</span>
        <span className="tt__type" title={e.type}>
          {e.type}
        </span>
      </button>
      <button
        type="button"
        className="tt__skip"
        onClick={() => onSkip(i)}
        aria-label={`${skipped ? 'Restore' : 'Skip'} event ${e.seq}`}
      >
        {skipped ? <RestoreIcon size={16} /> : <SkipIcon size={16} />}
      </button>
    </li>
  )
})

export default function Panel({ timeTravel }: { timeTravel: TimeTravel }) {
  const [open, setOpen] = useState(false)
  const status = useObservableState(timeTravel.status$, { length: 0, cursor: null, skipped: [], playing: null })
  const [filter, setFilter] = useState('')
  const [selected, setSelected] = useState<number | null>(null)
  const [message, setMessage] = useState<string | null>(null)

  // The panel's status is what changes the log it reads (a new event, a skip): read again on each.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const events = useMemo(() => (open ? timeTravel.events() : []), [open, timeTravel, status.length, status.skipped])
  const position = status.cursor ?? events.length
  const rows = useMemo(() => {
    const f = filter.trim().toLowerCase()
    const matching: { e: AppEvent; i: number }[] = []
    for (let i = events.length - 1; i >= 0 && matching.length < ROWS; i--) {
      const e = events[i]
      if (f === '' || e.type.toLowerCase().includes(f) || featureOf(e.type) === f) matching.push({ e, i })
    }
    return matching
  }, [events, filter])
  const diff = useMemo(
    () => (open && selected !== null ? timeTravel.diff(selected) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a skip changes every later state
    [open, selected, timeTravel, status.skipped],
  )
  const jumpTo = useMemo(
    () => (p: number) => {
      if (timed()) performance.mark('tt-jump-start')
      timeTravel.jumpTo(p)
    },
    [timeTravel],
  )
  const onJump = useMemo(() => (i: number) => (setSelected(i), jumpTo(i + 1)), [jumpTo])
  const onSkip = useMemo(() => (i: number) => timeTravel.toggleSkip(i), [timeTravel])

  const exportLog = () => {
    downloadJson(
      `switch-wallet-log-${Date.now()}.json`,
      encodeLog(events, { exportedFrom: 'time-travel panel' }, new Date().toISOString()),
    )
  }
  const importLog = async (file: File | undefined) => {
    if (!file) return
    if (timed()) performance.mark('tt-import-start')
    const decoded = decodeLog(await file.text())
    if (!decoded.ok) return setMessage(decoded.error)
    const verdict = assessLog(decoded.log)
    if (!verdict.replayable) return setMessage(`This log cannot be replayed: ${verdict.message}`)
    setMessage(verdict.warning ?? `Loaded ${decoded.log.events.length} events recorded ${decoded.log.recordedAt}`)
    timeTravel.load(decoded.log.events)
  }

  // Replay mode marks when the panel can be used: its button shown, the click, the list shown.
  useLayoutEffect(() => {
    if (timed()) performance.mark(open ? 'tt-panel-open' : 'tt-fab')
  }, [open])

  if (!open)
    return (
      <button
        type="button"
        className="tt-fab"
        aria-label="Time travel"
        onClick={() => (timed() && performance.mark('tt-open-click'), setOpen(true))}
      >
        <ToolsIcon size={20} />
      </button>
    )
  return (
    <aside className="tt" aria-label="Time-travel panel">
      {timed() && <JumpCommitMark timeTravel={timeTravel} />}
      <header className="tt__bar">
        <strong>Time travel</strong>
        <span className="tt__pos" data-testid="tt-position">
          {status.cursor === null ? `live · ${events.length}` : `${position} / ${events.length}`}
        </span>
        <button type="button" onClick={() => setOpen(false)} aria-label="Close panel">
          <CloseIcon size={16} />
        </button>
      </header>
      <div className="tt__controls">
        <button type="button" onClick={() => jumpTo(0)} aria-label="To start">
          <ToStartIcon size={16} />
        </button>
        <button type="button" onClick={() => timeTravel.stepBack()} aria-label="Step back">
          <StepBackIcon size={16} />
        </button>
        <button type="button" onClick={() => timeTravel.stepForward()} aria-label="Step forward">
          <StepForwardIcon size={16} />
        </button>
        <button
          type="button"
          onClick={() => (status.playing === 1 ? timeTravel.stopPlaying() : timeTravel.play(1))}
          aria-pressed={status.playing === 1}
        >
          1x
        </button>
        <button
          type="button"
          onClick={() => (status.playing === 4 ? timeTravel.stopPlaying() : timeTravel.play(4))}
          aria-pressed={status.playing === 4}
        >
          4x
        </button>
        <button type="button" onClick={() => timeTravel.resume()} disabled={status.cursor === null}>
          Live
        </button>
        <button type="button" onClick={exportLog}>
          Export
        </button>
        <label className="tt__import">
          Import
          <input type="file" accept="application/json,.json" onChange={(e) => void importLog(e.target.files?.[0])} />
        </label>
      </div>
      <input
        className="tt__slider"
        type="range"
        min={0}
        max={events.length}
        value={position}
        onChange={(e) => jumpTo(Number(e.target.value))}
        aria-label="Position"
      />
      {message && (
        <div className="tt__message" role="status">
          {message}
        </div>
      )}
      <input
        className="tt__filter"
        placeholder="Filter: feature (wallet) or type"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        aria-label="Filter events"
      />
      <ol className="tt__list" aria-label="Events">
        {rows.map(({ e, i }) => (
          <Row
            key={e.seq}
            e={e}
            i={i}
            future={i >= position}
            selected={selected === i}
            skipped={status.skipped.includes(i)}
            onJump={onJump}
            onSkip={onSkip}
          />
        ))}
      </ol>
      {selected !== null && (
        <pre className="tt__diff" aria-label="State diff">
          {diff.length === 0
            ? 'no state change'
            : diff
                .map(
                  (p) =>
                    `${p.op} ${p.path.join('.')}${'value' in p ? ' = ' + JSON.stringify(p.value)?.slice(0, 200) : ''}`,
                )
                .join('\n')}
        </pre>
      )}
    </aside>
  )
}
