/** How events change the devtools slice (its shape and initial state: ./state.ts). */
import type { Handlers } from '../slice'
import type { DevtoolsState } from './state'

export const devtoolsHandlers: Handlers<DevtoolsState> = {
  'devtools/reportRequested': (d) => {
    d.report = { sending: true, ticket: null, error: null }
  },
  'devtools/reportSent': (d, e) => {
    d.report = { sending: false, ticket: e.payload.ticket, error: null }
  },
  'devtools/reportFailed': (d, e) => {
    d.report = { sending: false, ticket: null, error: e.payload.error }
  },
  'devtools/storedLogDropped': (d, e) => {
    d.notice = e.payload.reason
  },
  'devtools/noticeDismissed': (d) => {
    d.notice = null
  },
}
