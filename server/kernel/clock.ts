/**
 * The server's time (DESIGN §7): one injectable clock for every rule that depends on time
 * (mining windows, deadlines, order expiry, jobs). Production runs on the system clock; tests and
 * dev mode run on a movable one, so a test can step 7 hours ahead and a person in dev mode can try
 * a missed claim without waiting. Nothing in production can move it.
 */
export interface Clock {
  now(): number
}

export const systemClock: Clock = { now: () => Date.now() }

/** The system clock plus an offset that only goes forward (tests and dev mode). */
export class MovableClock implements Clock {
  private offset = 0
  constructor(private readonly base: Clock = systemClock) {}
  now(): number {
    return this.base.now() + this.offset
  }
  /** Moves time ahead by `ms` (never back: a deadline once passed stays passed). */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0)
      throw new RangeError('the clock only moves forward, by a finite number of milliseconds')
    this.offset += ms
  }
  get offsetMs(): number {
    return this.offset
  }
}
