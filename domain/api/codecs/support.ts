/** Bug reports: a recorded, redacted log uploaded for support. */
import * as t from 'io-ts'

export const BugReportRequest = t.type({ log: t.UnknownRecord })
export const BugReportReceipt = t.type({ ticket: t.string })
export type BugReportReceipt = t.TypeOf<typeof BugReportReceipt>
export const BugReportQuery = t.type({ ticket: t.string })
export const StoredBugReport = t.type({ ticket: t.string, createdAt: t.string, log: t.UnknownRecord })

/**
 * app.22-23: the wallet remembers the user's language; a failure is only logged. `chosenAt`: when
 * the user chose it (epoch ms, the choosing event's time), so the server keeps the newest choice
 * whatever order two quick updates arrive in.
 */
export const UserLanguageRequest = t.type({ language: t.union([t.literal('en'), t.literal('ru')]), chosenAt: t.number })
export const Ok = t.type({ ok: t.literal(true) })
