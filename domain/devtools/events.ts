import type { RequestError } from '../api/errors'
import { type PayloadsOf, payload } from '../slice'

export const devtoolsEvents = {
  /** "Report a problem": the user asked to send the recorded log. */
  'devtools/reportRequested': payload(),
  'devtools/reportSent': payload<{ ticket: string }>(),
  'devtools/reportFailed': payload<{ error: RequestError }>(),
  /** The stored log could not be read at start and was dropped (a visible notice). */
  'devtools/storedLogDropped': payload<{ reason: string }>(),
  'devtools/noticeDismissed': payload(),
}

export type DevtoolsEvents = PayloadsOf<typeof devtoolsEvents>
