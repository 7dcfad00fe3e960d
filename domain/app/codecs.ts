/** The app's own call's codec: the language the user chose. */
import * as t from 'io-ts'

/**
 * app.22-23: the wallet remembers the user's language; a failure is only logged. `chosenAt`: when
 * the user chose it (epoch ms, the choosing event's time), so the server keeps the newest choice
 * whatever order two quick updates arrive in.
 */
export const UserLanguageRequest = t.type({ language: t.union([t.literal('en'), t.literal('ru')]), chosenAt: t.number })
