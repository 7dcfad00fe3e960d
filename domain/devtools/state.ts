import type { RequestError } from '../api/errors'
import type { Handlers } from '../slice'

export interface DevtoolsState {
  report: { sending: boolean; ticket: string | null; error: RequestError | null }
  notice: string | null
}

export const initialDevtoolsState: DevtoolsState = {
  report: { sending: false, ticket: null, error: null },
  notice: null,
}

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
