/**
 * Bad answers, codec level: every call of the endpoint table, answered with a mutated or
 * truncated version of its good answer, through the real HTTP client (its JSON reading and its io-ts
 * decoding), either gives a value its codec's type allows (no float where an exact amount goes, no
 * number JSON cannot mean, such as 1e999 read as Infinity) or fails with a RequestError of the kind
 * the status calls for: 'decode' for a 2xx or 3xx, 'rejected' for a 4xx, 'server' for a 5xx.
 * Nothing else is thrown. The loop is over the table itself: a call without a good answer in
 * ./answers.ts fails here.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type * as t from 'io-ts'
import { isRight } from 'fp-ts/es6/Either'
import { type EndpointName, endpoints } from '../../../domain/api/endpoints'
import { type RequestError, isRequestError } from '../../../domain/api/errors'
import { answerThroughClient } from './client'
import { goodAnswers } from './answers'
import { type Json, badAnswer, wireText } from './mutations'
import { arbitraryOf } from './derive'

const NAMES = Object.keys(endpoints) as EndpointName[]
const RUNS_PER_CALL = 150

type AnyCodec = t.Mixed & {
  _tag?: string
  props?: Record<string, AnyCodec>
  types?: AnyCodec[]
  type?: AnyCodec
  codomain?: AnyCodec
}

/** The first place where a decoded value breaks the house's rules on amounts and numbers, or null. */
export function amountProblem(value: unknown, codec: AnyCodec, path = ''): string | null {
  if (typeof value === 'number' && !Number.isFinite(value))
    return `${path || '(root)'}: ${value}, a number JSON cannot mean`
  if (codec.name === 'DecimalString' || codec.name === 'IntegerString') {
    const exact = codec.name === 'DecimalString' ? /^\d+(\.\d+)?$/ : /^\d+$/
    return typeof value === 'string' && exact.test(value)
      ? null
      : `${path}: ${JSON.stringify(value)} where an exact amount (${codec.name}) goes`
  }
  switch (codec._tag) {
    case 'InterfaceType':
    case 'PartialType':
    case 'StrictType':
      for (const [k, c] of Object.entries(codec.props ?? {})) {
        const v = (value as Record<string, unknown>)[k]
        if (v === undefined) continue
        const p = amountProblem(v, c, path ? `${path}.${k}` : k)
        if (p) return p
      }
      return scanNumbers(value, path)
    case 'IntersectionType':
      for (const c of codec.types ?? []) {
        const p = amountProblem(value, c, path)
        if (p) return p
      }
      return null
    case 'UnionType': {
      const member = (codec.types ?? []).find((c) => c.is(value))
      return member === undefined ? `${path}: no member of ${codec.name} holds` : amountProblem(value, member, path)
    }
    case 'ArrayType':
      for (const [i, v] of (value as unknown[]).entries()) {
        const p = amountProblem(v, codec.type!, `${path}.${i}`)
        if (p) return p
      }
      return null
    case 'DictionaryType':
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        const p = amountProblem(v, codec.codomain!, `${path}.${k}`)
        if (p) return p
      }
      return null
    case 'RefinementType':
    case 'ExactType':
    case 'ReadonlyType':
      return amountProblem(value, codec.type!, path)
    default:
      return scanNumbers(value, path)
  }
}

/** Any number, at any depth, that is not finite (fields the codec does not name are kept too). */
function scanNumbers(value: unknown, path: string): string | null {
  if (typeof value === 'number')
    return Number.isFinite(value) ? null : `${path || '(root)'}: ${value}, a number JSON cannot mean`
  if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      const p = scanNumbers(v, path ? `${path}.${k}` : k)
      if (p) return p
    }
  return null
}

/** The kind of failure a status calls for (a 429 without the limit's code is a plain refusal; a 503 without the unavailable code a server error). */
const expectedKinds = (status: number): RequestError['kind'][] =>
  status === 503
    ? ['server', 'unavailable']
    : status >= 500
      ? ['server']
      : status >= 400
        ? ['rejected', 'throttled']
        : ['decode']

describe('bad answers: every codec of the endpoint table', () => {
  it('every call of the table has a good answer here, and only calls of the table do', () => {
    expect(NAMES.filter((name) => !(name in goodAnswers))).toEqual([])
    expect(Object.keys(goodAnswers).filter((name) => !(name in endpoints))).toEqual([])
  })

  for (const name of NAMES) {
    const codec = endpoints[name].response as AnyCodec
    const good = goodAnswers[name] as Json
    const others = NAMES.filter((n) => n !== name).map((n) => goodAnswers[n] as Json)

    it(`${name}: the good answer decodes, and keeps its exact amounts`, () => {
      expect(isRight(codec.decode(good))).toBe(true)
      const outcome = answerThroughClient(name, { status: 200, text: wireText(good) })
      expect(outcome).toHaveProperty('value')
      expect(amountProblem((outcome as { value: unknown }).value, codec)).toBeNull()
    })

    it(`${name}: any answer its codec describes (read off the codec) decodes as it is, and keeps its exact amounts`, () => {
      fc.assert(
        fc.property(arbitraryOf(codec), (value) => {
          const outcome = answerThroughClient(name, { status: 200, text: wireText(value) })
          expect(outcome, wireText(value).slice(0, 300)).toHaveProperty('value')
          expect(amountProblem((outcome as { value: unknown }).value, codec)).toBeNull()
        }),
        { numRuns: 50 },
      )
    })

    it(`${name}: a mutated or truncated answer decodes to a value its type allows, or fails as a RequestError of the status's kind`, () => {
      fc.assert(
        // Mutations of the good answer, and of any answer the codec takes (optional fields the good one leaves out).
        fc.property(
          fc.oneof(fc.constant(good), arbitraryOf(codec)).chain((base) => badAnswer(base, others)),
          (answer) => {
            const outcome = answerThroughClient(name, answer)
            if ('value' in outcome) {
              expect(answer.status, answer.label).toBeLessThan(400)
              expect(codec.is(outcome.value), answer.label).toBe(true)
              expect(amountProblem(outcome.value, codec), answer.label).toBeNull()
              return
            }
            expect(
              isRequestError(outcome.error),
              `${answer.label}: ${String((outcome.error as { thrown?: unknown }).thrown ?? JSON.stringify(outcome.error))}`,
            ).toBe(true)
            const error = outcome.error as RequestError
            expect(expectedKinds(answer.status), answer.label).toContain(error.kind)
            if (error.kind === 'decode') expect(error.message, answer.label).not.toBe('')
          },
        ),
        { numRuns: RUNS_PER_CALL },
      )
    })
  }

  it('a float where an exact amount goes is a decode error naming the field', () => {
    const balances = goodAnswers.balances.map((b, i) => (i === 1 ? { ...b, tokensAmount: 0.5 } : b))
    const outcome = answerThroughClient('balances', { status: 200, text: JSON.stringify(balances) })
    expect(outcome).toEqual({ error: expect.objectContaining({ kind: 'decode', path: '1.tokensAmount' }) })
  })

  it('a number JSON cannot mean (1e999 reads as Infinity) is a decode error naming the field', () => {
    const text = wireText(goodAnswers.stakingDeposits as Json).replace(/"serverTime":\d+/, '"serverTime":1e999')
    expect(text).toContain('1e999')
    const outcome = answerThroughClient('stakingDeposits', { status: 200, text })
    expect(outcome).toEqual({ error: expect.objectContaining({ kind: 'decode', path: 'serverTime' }) })
  })
})
