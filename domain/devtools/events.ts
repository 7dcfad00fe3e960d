import type { RequestError } from '../api/errors'

export type DevtoolsEvents = {
  /** "Report a problem": the user asked to send the recorded log. */
  'devtools/reportRequested': Record<string, never>
  'devtools/reportSent': { ticket: string }
  'devtools/reportFailed': { error: RequestError }
  /** The stored log could not be read at start and was dropped (issue 4: a visible notice). */
  'devtools/storedLogDropped': { reason: string }
  'devtools/noticeDismissed': Record<string, never>
}

export const devtoolsEventTypes: Record<keyof DevtoolsEvents, true> = {
  'devtools/reportRequested': true,
  'devtools/reportSent': true,
  'devtools/reportFailed': true,
  'devtools/storedLogDropped': true,
  'devtools/noticeDismissed': true,
}
