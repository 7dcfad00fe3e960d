/**
 * Bad answers: a good answer mutated in its structure (a field dropped, of the wrong
 * type, null, a number-like string, a float where a decimal string goes, an extra level of nesting,
 * an odd value of the right type), or replaced on the wire (truncated JSON text, an empty body, an
 * HTML error page, other content, a 3xx/4xx/5xx status). Each is a fast-check arbitrary of what goes
 * on the wire, labelled so a failure names the case.
 */
import fc from 'fast-check'

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** What goes on the wire: a status and the body's text. */
export interface WireAnswer {
  status: number
  text: string
  /** What was done, for the failure report. */
  label: string
}

type Path = (string | number)[]

/** Numbers JSON text can carry that a JS value cannot be written as: they go in as raw text. */
const RAW = '\u0001raw:'
const raw = (text: string) => RAW + text

/** The body's text; raw numbers are put in as written. */
export function wireText(value: Json): string {
  return JSON.stringify(value).replace(/"\\u0001raw:([^"]*)"/g, '$1')
}

/** Every path in a value, the root ([]) included. */
export function pathsOf(value: Json, at: Path = []): Path[] {
  const out: Path[] = [at]
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...pathsOf(v, [...at, i])))
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...at, k]))
  return out
}

const get = (value: Json, path: Path): Json =>
  path.reduce<Json>((v, k) => (v as Record<string | number, Json>)[k], value)

/** A copy of `value` with the thing at `path` replaced (or removed, when `next` is undefined). */
function replaceAt(value: Json, path: Path, next: Json | undefined): Json | undefined {
  if (path.length === 0) return next
  const [k, ...rest] = path
  if (Array.isArray(value)) {
    const copy = [...value]
    const inner = replaceAt(copy[k as number], rest, next)
    if (inner === undefined) copy.splice(k as number, 1)
    else copy[k as number] = inner
    return copy
  }
  const copy = { ...(value as Record<string, Json>) }
  const inner = replaceAt(copy[k as string], rest, next)
  if (inner === undefined) delete copy[k as string]
  else copy[k as string] = inner
  return copy
}

/** Strings that look like numbers, or nearly: what a decimal-string field must refuse (or a text field may carry). */
export const NUMBER_LIKE_STRINGS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '-0.5',
  '1e999',
  '1e21',
  '0x1F',
  '1,5',
  ' 12',
  '12 ',
  '',
  '.5',
  '1.',
  '+1',
  '٣',
  '9'.repeat(400),
  '0.' + '0'.repeat(300) + '1',
]
/** Numbers as JSON can carry them, the out-of-range ones as raw text (1e999 parses to Infinity). */
export const ODD_NUMBERS: Json[] = [
  -1,
  0,
  -0.5,
  0.1,
  1.5,
  1e21,
  1e300,
  -1e300,
  2 ** 31,
  raw('9007199254740993'),
  raw('1e999'),
  raw('-1e999'),
  raw('1e-400'),
  raw('-0'),
]
/** Text of the right type that means nothing, or too much. */
export const ODD_STRINGS = [
  '',
  ' ',
  'not a date',
  '2026-13-45T99:99:99Z',
  'x'.repeat(5000),
  '<b>bold</b>',
  '🦊'.repeat(3),
  'null',
  'undefined',
  '0',
  '-1',
  '\u202eevil',
]
const HTML_PAGE =
  '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>'
export const OTHER_CONTENT = [
  'OK',
  'null',
  'true',
  '0',
  '[]',
  '{}',
  '"ok"',
  '<?xml version="1.0"?><ok/>',
  '\uFEFF{}',
  '{"ok":true}garbage',
  '{"error":"internal"}',
  '{"message":"maintenance"}',
]

type Mutation = (value: Json, at: Json) => { next: Json | undefined; label: string } | null

/** The structural mutations, each applied at one path of the answer. */
const structural: Record<string, (pick: number) => Mutation> = {
  drop: () => (_v, _at) => ({ next: undefined, label: 'dropped' }),
  null: () => () => ({ next: null, label: 'null' }),
  wrongType: (pick) => (_v, at) => {
    const others: Json[] =
      typeof at === 'number'
        ? ['1', true, [at], { n: at }]
        : typeof at === 'string'
          ? [123, true, [at], { s: at }]
          : typeof at === 'boolean'
            ? ['true', 1, [at]]
            : Array.isArray(at)
              ? [{}, 'list', 0, { 0: at[0] ?? null }]
              : at === null
                ? [0, '', false, {}]
                : [[], 'object', 1, [at]]
    const next = others[pick % others.length]
    return { next, label: `wrong type ${JSON.stringify(next)?.slice(0, 40)}` }
  },
  numberLikeString: (pick) => (_v, at) =>
    typeof at === 'number' || typeof at === 'string'
      ? {
          next: NUMBER_LIKE_STRINGS[pick % NUMBER_LIKE_STRINGS.length],
          label: `number-like string ${JSON.stringify(NUMBER_LIKE_STRINGS[pick % NUMBER_LIKE_STRINGS.length]).slice(0, 40)}`,
        }
      : null,
  /** A decimal string read as the float it would be. */
  floatForDecimal: () => (_v, at) =>
    typeof at === 'string' && /^\d+(\.\d+)?$/.test(at)
      ? { next: Number(at) + (at.includes('.') ? 0 : 0.5), label: `float for ${at}` }
      : null,
  oddNumber: (pick) => (_v, at) =>
    typeof at === 'number'
      ? {
          next: ODD_NUMBERS[pick % ODD_NUMBERS.length],
          label: `number ${String(ODD_NUMBERS[pick % ODD_NUMBERS.length]).replace(RAW, '')}`,
        }
      : null,
  oddString: (pick) => (_v, at) =>
    typeof at === 'string'
      ? {
          next: ODD_STRINGS[pick % ODD_STRINGS.length],
          label: `string ${JSON.stringify(ODD_STRINGS[pick % ODD_STRINGS.length]).slice(0, 30)}`,
        }
      : null,
  extraNesting: (pick) => (_v, at) => ({
    next: pick % 2 === 0 ? { value: at } : [at],
    label: pick % 2 === 0 ? 'wrapped in {value}' : 'wrapped in [ ]',
  }),
  emptyList: () => (_v, at) => (Array.isArray(at) ? { next: [], label: 'empty list' } : null),
  repeatedItem: () => (_v, at) =>
    Array.isArray(at) && at.length > 0 ? { next: [...at, at[0]], label: 'first item repeated' } : null,
  extraField: () => (_v, at) =>
    at !== null && typeof at === 'object' && !Array.isArray(at)
      ? { next: { ...at, __proto__x: { deep: [1, 'x'] } }, label: 'unknown field' }
      : null,
}
export type StructuralKind = keyof typeof structural
export const STRUCTURAL_KINDS = Object.keys(structural) as StructuralKind[]

/** One structural mutation of `good` at a path chosen by `where`; null when it does not apply there. */
export function mutate(
  good: Json,
  kind: StructuralKind,
  where: number,
  pick: number,
): { value: Json | undefined; label: string } | null {
  const paths = pathsOf(good)
  const path = paths[where % paths.length]
  const m = structural[kind](pick)(good, get(good, path))
  if (m === null) return null
  return { value: replaceAt(good, path, m.next), label: `${m.label} at ${path.join('.') || '(root)'}` }
}

/** A structurally mutated answer, status 200. */
export const structurallyMutated = (good: Json): fc.Arbitrary<WireAnswer> =>
  fc.tuple(fc.constantFrom(...STRUCTURAL_KINDS), fc.nat(), fc.nat()).map(([kind, where, pick]) => {
    // A mutation that does not apply at the path chosen moves on to the next path where it does.
    const count = pathsOf(good).length
    for (let i = 0; i < count; i++) {
      const m = mutate(good, kind, where + i, pick)
      if (m !== null)
        return { status: 200, text: m.value === undefined ? '' : wireText(m.value), label: `${kind}: ${m.label}` }
    }
    return { status: 200, text: wireText(good), label: `${kind}: nowhere to apply, the good answer` }
  })

/** The answer replaced on the wire. */
export const wireMutated = (good: Json, others: Json[] = []): fc.Arbitrary<WireAnswer> => {
  const text = wireText(good)
  return fc.oneof(
    fc
      .integer({ min: 0, max: Math.max(0, text.length - 1) })
      .map((cut) => ({ status: 200, text: text.slice(0, cut), label: `truncated at ${cut} of ${text.length}` })),
    fc.constant({ status: 200, text: '', label: 'empty body' }),
    fc.constantFrom(200, 404, 502).map((status) => ({ status, text: HTML_PAGE, label: `HTML error page, ${status}` })),
    fc
      .constantFrom(...OTHER_CONTENT)
      .map((t) => ({ status: 200, text: t, label: `other content ${JSON.stringify(t).slice(0, 30)}` })),
    fc.constantFrom(204, 301).map((status) => ({ status, text: '', label: `status ${status}, no body` })),
    fc
      .constantFrom(400, 403, 409, 500, 503)
      .map((status) => ({ status, text: text.slice(0, 20), label: `status ${status}, a broken body` })),
    ...(others.length > 0
      ? [
          fc.constantFrom(...others).map((o) => ({
            status: 200,
            text: wireText(o),
            label: `another call's answer ${wireText(o).slice(0, 30)}`,
          })),
        ]
      : []),
  )
}

/** Any bad answer: structural mutations twice as often as the wire's. */
export const badAnswer = (good: Json, others: Json[] = []): fc.Arbitrary<WireAnswer> =>
  fc.oneof({ arbitrary: structurallyMutated(good), weight: 2 }, { arbitrary: wireMutated(good, others), weight: 1 })

/** An answer the codec takes, whatever its content (./derive.ts): the screen must show it or say why not, never crash. */
export const anyTakenAnswer = (taken: fc.Arbitrary<Json>): fc.Arbitrary<WireAnswer> =>
  taken.map((value) => ({
    status: 200,
    text: wireText(value),
    label: `an answer the codec takes: ${wireText(value).slice(0, 200)}`,
  }))
