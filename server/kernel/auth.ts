/**
 * Telegram init data, validated exactly as Telegram specifies
 * (core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app):
 * secret = HMAC_SHA256(key "WebAppData", bot token); data-check-string = every field but `hash`,
 * sorted by key, `key=value` joined by '\n'; hash = hex HMAC_SHA256(secret, data-check-string).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

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

/** The secret depends only on the bot token: computed once per token, not per call. */
const secrets = new Map<string, Buffer>()
const secretOf = (botToken: string) => {
  let secret = secrets.get(botToken)
  if (!secret) secrets.set(botToken, (secret = createHmac('sha256', 'WebAppData').update(botToken).digest()))
  return secret
}

export function dataCheckString(params: URLSearchParams): string {
  return [...params.entries()]
    .filter(([k]) => k !== 'hash')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('\n')
}

export const hashOf = (params: URLSearchParams, botToken: string) =>
  createHmac('sha256', secretOf(botToken)).update(dataCheckString(params)).digest('hex')

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
export function validateInitData(raw: string | null | undefined, botToken: string, maxAgeSeconds: number, now = new Date()): ValidInitData {
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

/** Telegram's checks in full, on every field of the string (validateInitData without its memory). */
function checkInitData(raw: string, botToken: string, maxAgeSeconds: number, now: Date): ValidInitData {
  const params = new URLSearchParams(raw)
  const hash = params.get('hash')
  if (!hash || !/^[0-9a-f]{64}$/.test(hash)) throw new InitDataError('init data has no valid hash')
  const expected = Buffer.from(hashOf(params, botToken), 'hex')
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) throw new InitDataError('init data signature does not match this bot')
  const authDate = Number(params.get('auth_date'))
  if (!Number.isInteger(authDate) || authDate <= 0) throw new InitDataError('init data has no valid auth_date')
  checkAge(authDate, maxAgeSeconds, now)
  let user: InitDataUser
  try {
    user = JSON.parse(params.get('user') ?? '') as InitDataUser
  } catch {
    throw new InitDataError('init data has no user')
  }
  if (!user || !Number.isSafeInteger(user.id) || user.id <= 0 || typeof user.first_name !== 'string')
    throw new InitDataError('init data has no valid user')
  // Shared by every call that sends this string: nobody may change it.
  return Object.freeze({ user: Object.freeze(user), authDate: new Date(authDate * 1000), startParam: params.get('start_param') })
}

/**
 * Raw init data signed for a user, as Telegram would send it: for the dev server's demo user and
 * for tests. It carries `signature` too, since the client SDK expects one; it is part of the
 * data-check-string like every other field.
 */
export function signInitData(o: { botToken: string; user: InitDataUser; authDate?: Date; startParam?: string }): string {
  const params = new URLSearchParams()
  params.set('query_id', 'AA' + randomBytes(12).toString('base64url'))
  params.set('user', JSON.stringify(o.user))
  params.set('auth_date', String(Math.floor((o.authDate ?? new Date()).getTime() / 1000)))
  if (o.startParam) params.set('start_param', o.startParam)
  params.set('signature', randomBytes(64).toString('base64url'))
  params.set('hash', hashOf(params, o.botToken))
  return params.toString()
}
