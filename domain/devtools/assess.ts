/**
 * Before a replay: can this log be replayed by this build? (After Elm's debugger, which checks a
 * history's version on import and says plainly whether it can be replayed.)
 */
import { APP_VERSION } from '../app/version'
import type { RecordedLog } from '../log'

export interface Assessment {
  replayable: boolean
  message: string
  /** Replayable, but the user should know something (another app version). */
  warning?: string
}

const parseVersion = (v: string) => /^v(\d+)\.(\d+)\.(\d+)$/.exec(v)?.slice(1).map(Number) ?? null

export function assessLog(log: RecordedLog, current: string = APP_VERSION): Assessment {
  if (log.events.length === 0) return { replayable: false, message: 'the log holds no events' }
  const theirs = parseVersion(log.app)
  const ours = parseVersion(current)
  if (theirs === null || ours === null) return { replayable: false, message: `unknown app version "${log.app}"` }
  if (theirs[0] !== ours[0])
    return {
      replayable: false,
      message: `recorded by ${log.app}; this build is ${current}: a major version apart, the events mean other things`,
    }
  if (log.app !== current)
    return {
      replayable: true,
      message: 'replayable',
      warning: `recorded by ${log.app}, replayed by ${current}: screens may differ where the app changed`,
    }
  return { replayable: true, message: 'replayable' }
}
