/** The storage reset: 25 taps, each within a second of the last (app.27-28). */

export const RESET_TAPS = 25
export const RESET_TAP_GAP_MS = 1000

export interface TapRun {
  count: number
  lastAt: number
}
/**
 * One tap on the wallet chooser title. A tap within 1 s of the previous one extends the run, a
 * later one starts a new run; the 25th tap of a run resets storage (and the run).
 */
export function registerTap(run: TapRun | null, at: number): { run: TapRun | null; reset: boolean } {
  const count = run !== null && at - run.lastAt <= RESET_TAP_GAP_MS ? run.count + 1 : 1
  return count >= RESET_TAPS ? { run: null, reset: true } : { run: { count, lastAt: at }, reset: false }
}
