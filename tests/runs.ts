/**
 * How many cases a property or fuzz test draws. `npm test` runs a modest number, new cases each
 * run; `npm run test:long` (LONG_RUNS=1) runs the long counts. A test's own variable (FUZZ_RUNS,
 * BAD_ANSWERS_RUNS) overrides both.
 */
export const LONG_RUNS = process.env.LONG_RUNS === '1'

export function runs(counts: { test: number; long: number }, own?: string): number {
  const given = own === undefined ? NaN : Number(process.env[own])
  if (Number.isInteger(given) && given > 0) return given
  return LONG_RUNS ? counts.long : counts.test
}
