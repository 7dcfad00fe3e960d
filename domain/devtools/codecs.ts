/** Bug reports: a recorded, redacted log uploaded for support. */
import * as t from 'io-ts'

export const BugReportRequest = t.type({ log: t.UnknownRecord })
export const BugReportReceipt = t.type({ ticket: t.string })
export type BugReportReceipt = t.TypeOf<typeof BugReportReceipt>
export const BugReportQuery = t.type({ ticket: t.string })
export const StoredBugReport = t.type({ ticket: t.string, createdAt: t.string, log: t.UnknownRecord })
