/**
 * Request decoding with the client's own codecs: a bad request is a 400 with the field's path.
 *
 * Before any codec sees a body, the kernel bounds it: a size limit per route, a nesting
 * limit checked on the text before JSON.parse, and every string, key and number of the parsed value
 * checked (length, no NUL, no lone surrogate, finite and safe numbers), so what PostgreSQL refuses
 * or what would blow a recursive encoder's stack never gets past here.
 */
import type { IncomingMessage } from 'node:http'
import type { Context, MiddlewareHandler } from 'hono'
import type * as t from 'io-ts'
import { isLeft } from 'fp-ts/lib/Either'
import { describeErrors, errorPath } from '../../domain/api/describe'
import { REPORT_MAX_BYTES, REPORT_MAX_VALUES } from '../../domain/devtools/upload'
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '../../domain/api/idempotencyKey'

/** A refused request: 400 by default; 404 (not yours or not there), 409 (a conflict with its state) and 429 (too many) too. */
export class BadRequest extends Error {
  constructor(
    message: string,
    readonly path?: string,
    readonly status: 400 | 404 | 409 | 413 | 429 = 400,
    /** A stable code a client words the refusal by, and the values its text needs (ApiErrorBody). */
    readonly coded?: { code: string; params: Record<string, string> },
  ) {
    super(message)
  }
}

/** The body of a 404 for a path no call has: one text for every such path, none of which it quotes back. */
export const NO_SUCH_CALL = { message: 'no such call' } as const

/** Messages quote the bad value; a huge one is cut, so a 400 is never larger than its request. */
const MAX_MESSAGE = 300

export function decodeOrThrow<T>(codec: t.Type<T, unknown, unknown>, value: unknown): T {
  const r = codec.decode(value)
  if (isLeft(r)) {
    const message = describeErrors(r.left)
    throw new BadRequest(
      message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}...` : message,
      errorPath(r.left) || undefined,
    )
  }
  return r.right
}

/** Query strings carry text: numbers that are whole numbers in text become numbers before decoding. */
export function queryValues(query: Record<string, string>, numeric: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { ...query }
  for (const k of numeric) {
    const v = query[k]
    if (v === undefined) continue
    out[k] = /^-?\d{1,16}$/.test(v) && Number.isSafeInteger(Number(v)) ? Number(v) : v
  }
  return out
}

export function accountIndexOf(value: unknown): number {
  if (value === undefined) return 0
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 2)
    throw new BadRequest('accountIndex must be 0, 1 or 2', 'accountIndex')
  return value
}

// ---- limits ---------------------------------------------------------------------------------

export interface InputLimits {
  /** Bytes of the request body. */
  bodyBytes: number
  /** Characters (UTF-16 units) of any one string or key. */
  stringLength: number
  /** JSON values in the body (objects, arrays, strings, numbers...): the work it takes to check and store it. */
  values: number
}

/** An ordinary call: a few fields, none long. */
export const DEFAULT_LIMITS: InputLimits = { bodyBytes: 16 * 1024, stringLength: 1024, values: 4096 }
/**
 * A bug report carries a recorded session log: a 40-event session is about 40 KB and 1 400 values
 * (28 bytes a value), so 2 MB of real log is some 75 000 values; 2 MB of `[[],[],...]` would be a
 * million, which is what the value bound is for.
 */
export const BUG_REPORT_LIMITS: InputLimits = {
  bodyBytes: REPORT_MAX_BYTES,
  stringLength: 16 * 1024,
  values: REPORT_MAX_VALUES,
}

/** Every route takes DEFAULT_LIMITS unless named here. */
const ROUTE_LIMITS: Readonly<Record<string, InputLimits>> = { '/bugReport': BUG_REPORT_LIMITS }
export const limitsOf = (path: string): InputLimits => ROUTE_LIMITS[path] ?? DEFAULT_LIMITS

/** JSON nested deeper than this is refused before it is parsed (the deepest recorded log is 9). */
export const MAX_DEPTH = 32
/** Top-level fields with a tighter bound than any string. */
export const FIELD_LENGTHS: Readonly<Record<string, number>> = { idempotencyKey: IDEMPOTENCY_KEY_MAX_LENGTH }
/** Query values and path parameters. */
export const MAX_QUERY_LENGTH = 1024

export class PayloadTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`request body above ${limit} bytes`)
  }
}

/** The client stopped sending, or went away, before the body was complete. */
export class BodyIncomplete extends Error {
  constructor() {
    super('the request body did not arrive')
  }
}

// ---- text and value checks ------------------------------------------------------------------

const pathText = (path: readonly (string | number)[]) => path.join('.')

/** Why a string cannot be stored as text or jsonb, or null: NUL, or a UTF-16 surrogate without its pair. */
export function textProblem(s: string): string | null {
  if (s.includes('\u0000')) return 'contains a NUL character'
  if (!(s as string & { isWellFormed(): boolean }).isWellFormed())
    return 'contains a lone surrogate (not valid Unicode)'
  return null
}

/** `label` names the string in the message; `path` is the field the answer points at. */
function checkString(
  s: string,
  path: readonly (string | number)[],
  max: number,
  label = pathText(path) || 'the body',
): void {
  const problem = s.length > max ? `is longer than ${max} characters` : textProblem(s)
  if (problem) throw new BadRequest(`${label} ${problem}`, pathText(path) || undefined)
}

/** A value being checked, with the way back to the root for the error's path. */
interface Frame {
  v: unknown
  key: string | number | null
  up: Frame | null
}
const framePath = (f: Frame | null): (string | number)[] => {
  const out: (string | number)[] = []
  for (let at = f; at !== null && at.key !== null; at = at.up) out.unshift(at.key)
  return out
}

/**
 * Every string (and key) within its length and storable, every number finite and, when whole,
 * a safe integer. Iterative: a value that got this far is at most MAX_DEPTH deep anyway.
 */
export function checkValue(
  value: unknown,
  limits: Pick<InputLimits, 'stringLength'>,
  root: (string | number)[] = [],
): void {
  const top: Frame | null = root.reduce<Frame | null>((up, key) => ({ v: undefined, key, up }), null)
  const stack: Frame[] = [{ v: value, key: null, up: top }]
  if (top !== null) stack[0] = { v: value, key: top.key, up: top.up }
  while (stack.length > 0) {
    const f = stack.pop() as Frame
    const v = f.v
    if (typeof v === 'string') {
      const field = f.up === null && typeof f.key === 'string' ? FIELD_LENGTHS[f.key] : undefined
      if (v.length > (field ?? limits.stringLength) || textProblem(v) !== null)
        checkString(v, framePath(f), field ?? limits.stringLength)
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v) || (Number.isInteger(v) && !Number.isSafeInteger(v))) {
        const path = pathText(framePath(f))
        throw new BadRequest(
          `${path || 'the body'} ${Number.isFinite(v) ? 'is beyond the safe integers (2^53 - 1)' : 'is not a finite number'}`,
          path || undefined,
        )
      }
    } else if (Array.isArray(v))
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], key: i, up: f.key === null ? null : f })
    else if (v !== null && typeof v === 'object')
      for (const k of Object.keys(v)) {
        if (k.length > limits.stringLength || textProblem(k) !== null)
          checkString(k, framePath(f), limits.stringLength, `a key of ${pathText(framePath(f)) || 'the body'}`)
        stack.push({ v: (v as Record<string, unknown>)[k], key: k, up: f.key === null ? null : f })
      }
  }
}

/**
 * The nesting of JSON text, checked without parsing it: one pass over the characters, strings
 * skipped. Deeper than `max` is a 400 naming where, as far as the keys seen so far tell.
 */
export function checkDepth(text: string, max = MAX_DEPTH, maxValues = Infinity): void {
  // Per open level: '{' or '[', the array index, or where the current key's string starts (-1: none yet).
  const kinds: number[] = []
  const at: number[] = []
  let expectKey = false
  let values = 1
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    if (ch === 34 /* " */) {
      if (expectKey) at[at.length - 1] = i
      expectKey = false
      for (i++; i < text.length; i++) {
        const c = text.charCodeAt(i)
        if (c === 92 /* \ */) i++
        else if (c === 34) break
      }
    } else if (ch === 123 /* { */ || ch === 91 /* [ */) {
      if (kinds.length >= max)
        throw new BadRequest(`the body is nested deeper than ${max} levels`, depthPath(text, kinds, at) || undefined)
      kinds.push(ch)
      at.push(ch === 91 ? 0 : -1)
      if (++values > maxValues) throw new BadRequest(`the body holds more than ${maxValues} values`)
      expectKey = ch === 123
    } else if (ch === 125 /* } */ || ch === 93 /* ] */) {
      kinds.pop()
      at.pop()
      expectKey = false
    } else if (ch === 44 /* , */ && kinds.length > 0) {
      if (++values > maxValues) throw new BadRequest(`the body holds more than ${maxValues} values`)
      if (kinds[kinds.length - 1] === 91) at[at.length - 1]++
      else expectKey = true
    }
  }
}

/** The path checkDepth had reached: array indexes, and keys read back from the text. */
function depthPath(text: string, kinds: readonly number[], at: readonly number[]): string {
  return kinds
    .map((kind, level) => {
      if (kind === 91) return String(at[level])
      const start = at[level]
      if (start < 0) return '?'
      let end = start + 1
      while (end < text.length && text.charCodeAt(end) !== 34) end += text.charCodeAt(end) === 92 ? 2 : 1
      try {
        return JSON.parse(text.slice(start, end + 1)) as string
      } catch {
        return '?'
      }
    })
    .join('.')
}

/** Query values and path parameters: as bounded and storable as any body string. */
export function checkQuery(query: Record<string, string[]>): void {
  for (const [k, values] of Object.entries(query)) {
    checkString(k, [], MAX_QUERY_LENGTH, 'a query parameter name')
    for (const v of values) checkString(v, [k], MAX_QUERY_LENGTH)
  }
}

// ---- the body -------------------------------------------------------------------------------

/**
 * The JSON body, or null when it is not JSON (the codec then names what is missing); within the
 * route's limits, or a 400/413 naming the field. On Node it reads the socket's IncomingMessage
 * directly: going through `c.req.json()` builds a full fetch Request and web stream per call, the
 * main cost of a small call like POST /balances.
 */
export async function jsonBody(c: Context): Promise<unknown> {
  const limits = limitsOf(c.req.path)
  const text = await bodyText(c, limits.bodyBytes)
  checkDepth(text, MAX_DEPTH, limits.values)
  let value: unknown
  try {
    value = JSON.parse(text) as unknown
  } catch {
    return null
  }
  checkValue(value, limits)
  return value
}

async function bodyText(c: Context, limit: number): Promise<string> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  if (!incoming) {
    const text = await c.req.text().catch(() => '')
    if (Buffer.byteLength(text) > limit) throw new PayloadTooLarge(limit)
    return text
  }
  if (Number(incoming.headers['content-length'] ?? 0) > limit) throw new PayloadTooLarge(limit)
  if (incoming.readableEnded) return ''
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const stop = (err?: Error) => {
      incoming.off('data', onData).off('end', onEnd).off('error', onGone).off('close', onGone)
      if (err) reject(err)
    }
    // Too large: stop listening but leave the stream alone; the server drains the rest after the
    // 413 (destroying it here would break the keep-alive connection under the client's feet).
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) stop(new PayloadTooLarge(limit))
      else chunks.push(chunk)
    }
    const onEnd = () => {
      stop()
      resolve(Buffer.concat(chunks).toString('utf8'))
    }
    // Cut off (the server's request time-out) or gone: nothing more will come.
    const onGone = () => stop(new BodyIncomplete())
    incoming.on('data', onData).on('end', onEnd).on('error', onGone).on('close', onGone)
  })
}

/**
 * Bad input is a 4xx before any route runs: a body declared larger than the route takes (header
 * only, so no call pays for a stream wrapper; jsonBody() also counts chunked and undeclared bodies),
 * and query values that are too long or not storable text.
 */
export function inputLimits(): MiddlewareHandler {
  return async (c, next) => {
    const limit = limitsOf(c.req.path).bodyBytes
    if (Number(c.req.header('content-length') ?? 0) > limit) return tooLarge(c, limit)
    if (c.req.url.includes('?')) checkQuery(c.req.queries())
    return next()
  }
}

/** 413, saying what the call takes. The rest of the body is read and dropped by the adapter, so the client gets to read this. */
export function tooLarge(c: Context, limit: number) {
  const size = limit >= 1024 * 1024 ? `${limit / (1024 * 1024)} MB` : `${limit / 1024} KB`
  return c.json({ message: `the request body is larger than ${size} (${limit} bytes), the most this call takes` }, 413)
}
