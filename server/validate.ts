/** Request decoding with the client's own codecs: a bad request is a 400 with the field's path. */
import type * as t from 'io-ts'
import { isLeft } from 'fp-ts/lib/Either'
import { describeErrors, errorPath } from '../domain/api/describe'

export class BadRequest extends Error {
  constructor(message: string, readonly path?: string) {
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
