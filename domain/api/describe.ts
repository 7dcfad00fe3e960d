import type * as t from 'io-ts'

/** Codecs whose context keys are member indexes, not field names. */
const COMBINATORS = new Set(['IntersectionType', 'UnionType', 'ExactType', 'StrictType'])

/** The path of the first bad field of a failed decode, as `a.b.0.c`. */
export function errorPath(errors: t.Errors): string {
  const ctx = errors[0]?.context ?? []
  const keys: string[] = []
  for (let i = 1; i < ctx.length; i++) {
    const parent = ctx[i - 1].type as { _tag?: string }
    if (parent._tag !== undefined && COMBINATORS.has(parent._tag)) continue
    keys.push(ctx[i].key)
  }
  return keys.join('.')
}

/** The type the field itself has (a union's name, not the last member tried). */
function fieldType(errors: t.Errors): string {
  const ctx = errors[0]?.context ?? []
  let type = ctx[0]?.type.name ?? 'a value'
  for (let i = 1; i < ctx.length; i++) {
    const parent = ctx[i - 1].type as { _tag?: string }
    if (parent._tag !== undefined && COMBINATORS.has(parent._tag)) continue
    type = ctx[i].type.name
  }
  return ctx.length > 1 ? type : (ctx[ctx.length - 1]?.type.name ?? 'a value')
}

/** One readable line for a failed decode: where, what was expected, what came. */
export function describeErrors(errors: t.Errors): string {
  const first = errors[0]
  if (first === undefined) return 'invalid value'
  const expected = fieldType(errors)
  const path = errorPath(errors)
  return `${path || '(root)'}: expected ${expected}, got ${JSON.stringify(first.value) ?? 'undefined'}`
}

/**
 * The path of the first number in parsed JSON that is not finite, or null. JSON text can write a
 * number no double holds (1e999 parses to Infinity), which t.number lets through; no answer of the
 * contract means one, so the client refuses it as it refuses any bad field.
 */
export function nonFinitePath(json: unknown): string | null {
  if (typeof json === 'number') return Number.isFinite(json) ? null : ''
  if (json === null || typeof json !== 'object') return null
  // The path is built only on the way out of a find: every answer is walked, nearly always finding nothing.
  for (const key in json) {
    const path = nonFinitePath((json as Record<string, unknown>)[key])
    if (path !== null) return path === '' ? key : `${key}.${path}`
  }
  return null
}
