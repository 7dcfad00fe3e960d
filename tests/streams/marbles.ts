/**
 * The one configured rxjs-marbles entry for marble tests: `it('...', marbles((m) => ...))` runs the
 * body on virtual time (TestScheduler's run mode), so `'a 999ms b'` reads as the rule it checks.
 * A mismatch fails through vitest's own deep equality, with its diff.
 *
 * The expected values are typed loosely, as rxjs's own `expectObservable(...).toBe` types them: an
 * epic's output is the event union, and a test names the one event it expects.
 */
import { expect } from 'vitest'
import type { Observable } from 'rxjs'
import { type Context, configure } from 'rxjs-marbles'

export interface Expected {
  toBeObservable(expected: string, values?: Record<string, unknown>, error?: unknown): void
  toHaveSubscriptions(expected: string | string[]): void
}

export interface Marbles extends Omit<Context, 'expect'> {
  expect(actual: Observable<unknown>, subscription?: string): Expected
}

const configured = configure({ assertDeepEqual: (a, e) => expect(a).toStrictEqual(e), frameworkMatcher: true })

/** A test body on virtual time; `m.cold`, `m.hot`, `m.expect(...).toBeObservable(...)`, `m.flush()`. */
export const marbles = (test: (m: Marbles) => void): (() => void) =>
  configured.marbles((m: Context) => test(m as unknown as Marbles))
