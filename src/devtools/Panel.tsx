/**
 * The time-travel panel (issue 4), loaded lazily: the recorded events with seq, time and type,
 * filtered by feature and type; jump, step, play at 1x and 4x, skip an event, the state diff of
 * the selected one, export and import. While the cursor is in the past the app shows the state
 * there and effects are paused; Live returns to the head.
 */
import { useMemo, useState } from 'react'
import { useObservableState } from 'observable-hooks'
import type { AppEvent } from '../../domain/events'
import { featureOf } from '../../domain/events'
import { decodeLog, encodeLog } from '../../domain/log'
import { assessLog } from '../../domain/devtools/assess'
import type { TimeTravel } from '../../streams/devtools/timeTravel'
import { CloseIcon, ToolsIcon } from '../ui/icons'
import { RestoreIcon, SkipIcon, StepBackIcon, StepForwardIcon, ToStartIcon } from './panelIcons'
import { downloadJson } from './download'
import './panel.css'

const ROWS = 200
const time = (at: number) => new Date(at).toISOString().slice(11, 23)

export default function Panel({ timeTravel }: { timeTravel: TimeTravel }) {
  const [open, setOpen] = useState(false)
  const status = useObservableState(timeTravel.status$, { length: 0, cursor: null, skipped: [], playing: null })
  const [filter, setFilter] = useState('')
  const [selected, setSelected] = useState<number | null>(null)
  const [message, setMessage] = useState<string | null>(null)

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
  const diff = useMemo(() => (open && selected !== null ? timeTravel.diff(selected) : []), [open, selected, timeTravel, status.skipped])

  const exportLog = () => {
    downloadJson(`switch-wallet-log-${Date.now()}.json`, encodeLog(events, { exportedFrom: 'time-travel panel' }, new Date().toISOString()))
  }
  const importLog = async (file: File | undefined) => {
    if (!file) return
    const decoded = decodeLog(await file.text())
    if (!decoded.ok) return setMessage(decoded.error)
    const verdict = assessLog(decoded.log)
    if (!verdict.replayable) return setMessage(`This log cannot be replayed: ${verdict.message}`)
    setMessage(verdict.warning ?? `Loaded ${decoded.log.events.length} events recorded ${decoded.log.recordedAt}`)
    timeTravel.load(decoded.log.events)
  }

  if (!open)
    return (
      <button type="button" className="tt-fab" aria-label="Time travel" onClick={() => setOpen(true)}>
        <ToolsIcon size={20} />
      </button>
    )
  return (
    <aside className="tt" aria-label="Time-travel panel">
      <header className="tt__bar">
        <strong>Time travel</strong>
        <span className="tt__pos" data-testid="tt-position">
          {status.cursor === null ? `live · ${events.length}` : `${position} / ${events.length}`}
        </span>
        <button type="button" onClick={() => setOpen(false)} aria-label="Close panel"><CloseIcon size={16} /></button>
      </header>
      <div className="tt__controls">
        <button type="button" onClick={() => timeTravel.jumpTo(0)} aria-label="To start"><ToStartIcon size={16} /></button>
        <button type="button" onClick={() => timeTravel.stepBack()} aria-label="Step back"><StepBackIcon size={16} /></button>
        <button type="button" onClick={() => timeTravel.stepForward()} aria-label="Step forward"><StepForwardIcon size={16} /></button>
        <button type="button" onClick={() => (status.playing === 1 ? timeTravel.stopPlaying() : timeTravel.play(1))} aria-pressed={status.playing === 1}>1x</button>
        <button type="button" onClick={() => (status.playing === 4 ? timeTravel.stopPlaying() : timeTravel.play(4))} aria-pressed={status.playing === 4}>4x</button>
        <button type="button" onClick={() => timeTravel.resume()} disabled={status.cursor === null}>Live</button>
        <button type="button" onClick={exportLog}>Export</button>
        <label className="tt__import">
          Import
          <input type="file" accept="application/json,.json" onChange={(e) => void importLog(e.target.files?.[0])} />
        </label>
      </div>
      {message && <div className="tt__message" role="status">{message}</div>}
      <input className="tt__filter" placeholder="Filter: feature (wallet) or type" value={filter} onChange={(e) => setFilter(e.target.value)} aria-label="Filter events" />
      <ol className="tt__list" aria-label="Events">
        {rows.map(({ e, i }) => {
          const skipped = status.skipped.includes(i)
          return (
            <li key={e.seq} className={`tt__row${i < position ? '' : ' tt__row--future'}${selected === i ? ' tt__row--selected' : ''}${skipped ? ' tt__row--skipped' : ''}`}>
              <button type="button" className="tt__event" onClick={() => (setSelected(i), timeTravel.jumpTo(i + 1))}>
                <span className="tt__seq">{e.seq}</span>
                <span className="tt__time">{time(e.at)}</span>
                <span className="tt__type" title={e.type}>{e.type}</span>
              </button>
              <button type="button" className="tt__skip" onClick={() => timeTravel.toggleSkip(i)} aria-label={`${skipped ? 'Restore' : 'Skip'} event ${e.seq}`}>
                {skipped ? <RestoreIcon size={16} /> : <SkipIcon size={16} />}
              </button>
            </li>
          )
        })}
      </ol>
      {selected !== null && (
        <pre className="tt__diff" aria-label="State diff">
          {diff.length === 0 ? 'no state change' : diff.map((p) => `${p.op} ${p.path.join('.')}${'value' in p ? ' = ' + JSON.stringify(p.value)?.slice(0, 200) : ''}`).join('\n')}
        </pre>
      )}
    </aside>
  )
}
