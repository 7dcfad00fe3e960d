/**
 * Telegram init data (core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app).
 *
 * What is the library's (@telegram-apps/init-data-node, the field's own implementation of
 * Telegram's algorithm): the signature (secret = HMAC_SHA256(key "WebAppData", bot token); hash =
 * HMAC_SHA256 of every field but `hash`, sorted, `key=value` joined by '\n'), the expiry of
 * `auth_date` against the wall clock (`validate`), reading the fields (`parse`) and signing for
 * tests and dev mode (`sign`).
 *
 * What is ours, because the library does not do it: the memory of strings already found genuine
 * (it checks every call afresh), the time checks on each use of a kept string and by the caller's
 * clock (its expiry reads Date.now() once, at the signature check), refusing an `auth_date` in the
 * future (it accepts one), the sanity of the user (it takes an id of 1.5, or no user at all), and
 * the error messages the client shows (its errors are classes; ours are sentences).
 *
 * One thing it does less well: it compares the hash with `!==`, not in constant time (ours used
 * timingSafeEqual). A remote timing attack on comparing two 64-character hex strings in V8 is not
 * practical: the difference is below a nanosecond a character, network jitter is milliseconds.
 */
import { randomBytes } from 'node:crypto'
import {
  AuthDateInvalidError,
  ExpiredError,
  SignatureInvalidError,
  SignatureMissingError,
  hashToken,
  parse,
  sign,
  validate,
} from '@telegram-apps/init-data-node'

export interface InitDataUser {
  id: number
  first_name: string
  last_name?: string
  username?: string
  language_code?: string
  is_premium?: boolean
}

/** The Hono environment of an authenticated call: the user the init data names. */
export type AppEnv = { Variables: { user: InitDataUser } }

export interface ValidInitData {
  user: InitDataUser
  authDate: Date
  startParam: string | null
}

export class InitDataError extends Error {}

/** The library's first HMAC depends only on the bot token: made once per token (its `tokenHashed` option takes it), not per call. */
const hashedTokens = new Map<string, string>()
const hashedTokenOf = (botToken: string) => {
  let hashed = hashedTokens.get(botToken)
  if (hashed === undefined) hashedTokens.set(botToken, (hashed = hashToken(botToken).toString('hex')))
  return hashed
}

/** How many validated init data strings are kept per bot token (validateInitData): the most recently used. */
export const VALIDATED_KEPT = 10_000

/**
 * Init data already found genuine, by bot token, then by its exact text: a client sends the same
 * string on every call of a launch, so its signature is checked once, not per call. Only what passed
 * every check is kept; the whole string is the key, so any change to it (a field, the hash) is a
 * miss and is checked in full. The time checks are not cached: a kept entry is judged against the
 * caller's clock and max age on each use and dropped once expired. Least recently used go first.
 */
const validated = new Map<string, Map<string, ValidInitData>>()

/** The time checks of validateInitData: `authDate` (seconds) fresh by `maxAgeSeconds` at `now`. */
function checkAge(authDate: number, maxAgeSeconds: number, now: Date): void {
  const age = now.getTime() / 1000 - authDate
  if (age > maxAgeSeconds) throw new InitDataError('init data expired: reopen the app')
  if (age < -60) throw new InitDataError('init data auth_date is in the future')
}

/** The user the init data names, if and only if it is genuine and fresh; else an InitDataError. */
export function validateInitData(
  raw: string | null | undefined,
  botToken: string,
  maxAgeSeconds: number,
  now = new Date(),
): ValidInitData {
  if (!raw) throw new InitDataError('init data missing: open the app from its bot in Telegram')
  let kept = validated.get(botToken)
  const hit = kept?.get(raw)
  if (hit !== undefined && kept !== undefined) {
    kept.delete(raw)
    checkAge(hit.authDate.getTime() / 1000, maxAgeSeconds, now)
    kept.set(raw, hit)
    return hit
  }
  const valid = checkInitData(raw, botToken, maxAgeSeconds, now)
  if (kept === undefined) validated.set(botToken, (kept = new Map()))
  kept.set(raw, valid)
  if (kept.size > VALIDATED_KEPT) kept.delete(kept.keys().next().value as string)
  return valid
}

/** The library's refusals in the words the client shows (a 401's message); anything else is no refusal of init data, and is thrown as it is. */
function refusalOf(e: unknown): InitDataError | null {
  if (e instanceof SignatureMissingError) return new InitDataError('init data has no valid hash')
  if (e instanceof SignatureInvalidError) return new InitDataError('init data signature does not match this bot')
  if (e instanceof ExpiredError) return new InitDataError('init data expired: reopen the app')
  if (e instanceof AuthDateInvalidError) return new InitDataError('init data has no valid auth_date')
  return null
}

/**
 * The fields of a string whose signature holds, read by the library's schema (snake_case, as
 * Telegram names them): a field of the wrong type is refused, not trusted. It wants `signature`,
 * as the client SDK does (retrieveLaunchParams throws without one).
 */
function fieldsOf(raw: string) {
  try {
    return parse(raw, false)
  } catch {
    throw new InitDataError('init data is signed but malformed: open the app from its bot in Telegram again')
  }
}

/** Telegram's checks in full, on every field of the string (validateInitData without its memory). */
function checkInitData(raw: string, botToken: string, maxAgeSeconds: number, now: Date): ValidInitData {
  try {
    // The library's: the signature, and the expiry by the wall clock.
    validate(raw, hashedTokenOf(botToken), { expiresIn: maxAgeSeconds, tokenHashed: true })
  } catch (e) {
    throw refusalOf(e) ?? e
  }
  const fields = fieldsOf(raw)
  // Ours: the caller's clock (a kept string is judged by it on every use too) and a date in the future.
  checkAge(fields.auth_date.getTime() / 1000, maxAgeSeconds, now)
  const user = fields.user as InitDataUser | undefined
  if (user === undefined) throw new InitDataError('init data has no user')
  if (!Number.isSafeInteger(user.id) || user.id <= 0) throw new InitDataError('init data has no valid user')
  // Shared by every call that sends this string: nobody may change it.
  return Object.freeze({
    user: Object.freeze(user),
    authDate: fields.auth_date,
    startParam: fields.start_param ?? null,
  })
}

/**
 * Raw init data signed for a user, as Telegram would send it (the library's `sign`): for the dev
 * server's demo user and for tests. It carries `signature` too, since the client SDK expects one;
 * it is part of the data-check-string like every other field.
 */
export function signInitData(o: {
  botToken: string
  user: InitDataUser
  authDate?: Date
  startParam?: string
}): string {
  const authDate = new Date(Math.floor((o.authDate ?? new Date()).getTime() / 1000) * 1000)
  const data = {
    query_id: 'AA' + randomBytes(12).toString('base64url'),
    user: o.user,
    ...(o.startParam ? { start_param: o.startParam } : {}),
    signature: randomBytes(64).toString('base64url'),
  }
  return sign(data as Parameters<typeof sign>[0], o.botToken, authDate)
}
