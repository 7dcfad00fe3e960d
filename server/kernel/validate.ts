/** Request decoding with the client's own codecs: a bad request is a 400 with the field's path. */
import type { IncomingMessage } from 'node:http'
import type { Context } from 'hono'
import type * as t from 'io-ts'
import { isLeft } from 'fp-ts/lib/Either'
import { describeErrors, errorPath } from '../../domain/api/describe'

/** A refused request: 400 by default; 404 (not yours or not there) and 409 (a conflict with its state) too. */
export class BadRequest extends Error {
  constructor(message: string, readonly path?: string, readonly status: 400 | 404 | 409 = 400) {
    super(message)
  }
}

export function decodeOrThrow<T>(codec: t.Type<T, unknown, unknown>, value: unknown): T {
  const r = codec.decode(value)
  if (isLeft(r)) throw new BadRequest(describeErrors(r.left), errorPath(r.left) || undefined)
  return r.right
}

/** Query strings carry text: numbers that are whole numbers in text become numbers before decoding. */
export function queryValues(query: Record<string, string>, numeric: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { ...query }
  for (const k of numeric) {
    const v = query[k]
    if (v === undefined) continue
    out[k] = /^-?\d+$/.test(v) ? Number(v) : v
  }
  return out
}

export function accountIndexOf(value: unknown): number {
  if (value === undefined) return 0
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 2)
    throw new BadRequest('accountIndex must be 0, 1 or 2', 'accountIndex')
  return value
}

/** Request bodies above this are refused (bug-report logs are the largest bodies). */
export const MAX_BODY_BYTES = 8 * 1024 * 1024

export class PayloadTooLarge extends Error {
  constructor() {
    super(`request body above ${MAX_BODY_BYTES} bytes`)
  }
}

/**
 * The JSON body, or null when it is not JSON (the codec then names what is missing). On Node it
 * reads the socket's IncomingMessage directly: going through `c.req.json()` builds a full fetch
 * Request and web stream per call, the main cost of a small call like POST /balances.
 */
export async function jsonBody(c: Context): Promise<unknown> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  if (!incoming?.readable) return c.req.json().catch(() => null)
  if (Number(incoming.headers['content-length'] ?? 0) > MAX_BODY_BYTES) throw new PayloadTooLarge()
  const text = await new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const stop = (err?: Error) => {
      incoming.off('data', onData).off('end', onEnd).off('error', stop)
      if (err) reject(err)
    }
    // Too large: stop listening but leave the stream alone; the server drains the rest after the
    // 413 (destroying it here would break the keep-alive connection under the client's feet).
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) stop(new PayloadTooLarge())
      else chunks.push(chunk)
    }
    const onEnd = () => {
      stop()
      resolve(Buffer.concat(chunks).toString('utf8'))
    }
    incoming.on('data', onData).on('end', onEnd).on('error', stop)
  })
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}
