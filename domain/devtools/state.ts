import type { RequestError } from '../api/errors'

export interface DevtoolsState {
  report: { sending: boolean; ticket: string | null; error: RequestError | null }
  notice: string | null
}

export const initialDevtoolsState: DevtoolsState = {
  report: { sending: false, ticket: null, error: null },
  notice: null,
}
