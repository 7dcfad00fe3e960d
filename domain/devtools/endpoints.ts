/**
 * Support's calls, on the first screen: a recorded, redacted log sent as a bug report, and read
 * back by its ticket.
 */
import { endpoint } from '../api/endpoint'
import * as S from './codecs'

export const devtoolsEndpoints = {
  bugReport: endpoint({
    method: 'POST',
    path: '/bugReport',
    service: 'wallet',
    request: S.BugReportRequest,
    response: S.BugReportReceipt,
    specPath: false,
  }),
  bugReportByTicket: endpoint({
    method: 'GET',
    path: '/bugReport/:ticket',
    service: 'wallet',
    request: S.BugReportQuery,
    response: S.StoredBugReport,
    specPath: false,
  }),
} as const
