/**
 * A scheduler for screen tests that lets a test fire the long timers (the polls: 30 s home,
 * mining and tasks, PoH's 5 s and 30 s, the 3 s order polls) when it chooses, while the short
 * ones (debounces, the claim burst, the copied note) run on the real clock as they would.
 *
 * An action scheduled with a delay of `holdFromMs` or more is held in a gate instead of a
 * setInterval. `fire()` runs every action held at that moment, as if its time had come; a periodic
 * timer reschedules itself into the gate again (one run per fire()), a one-shot one leaves it. An
 * action unsubscribed (a screen left, a switchMap's newer input) leaves the gate and never runs.
 *
 * It is the epics' scheduler (deps.scheduler) only. The HTTP client's own timers (the 25 s switch
 * to the next server, SWITCH_MS, and the 30 s abort) stay on the real clock: firing the gate is the
 * polls' time passing, not a hanging call's, so it never moves calls to the second server. A test
 * that wants the failover passes its own scheduler to the client.
 */
import { AsyncAction } from 'rxjs/internal/scheduler/AsyncAction'
import { AsyncScheduler } from 'rxjs/internal/scheduler/AsyncScheduler'
import type { TimerHandle } from 'rxjs/internal/scheduler/timerHandle'

/** Delays from here on are held: the order polls' 3 s and longer (the banners' 3 s cloud wait too, which the fakes answer at once). */
export const HOLD_FROM_MS = 3_000

/** The id a held action carries in place of an interval's. */
class Held {
  constructor(readonly action: GateAction<unknown>) {}
}

class GateAction<T> extends AsyncAction<T> {
  constructor(
    protected override scheduler: GateScheduler,
    work: (this: import('rxjs').SchedulerAction<T>, state?: T) => void,
  ) {
    super(scheduler, work)
  }

  protected override requestAsyncId(scheduler: GateScheduler, id?: TimerHandle, delay = 0): TimerHandle {
    if (delay < scheduler.holdFromMs) return super.requestAsyncId(scheduler, id, delay)
    const held = new Held(this as GateAction<unknown>)
    scheduler.held.add(held)
    return held as unknown as TimerHandle
  }

  protected override recycleAsyncId(
    scheduler: GateScheduler,
    id?: TimerHandle,
    delay: number | null = 0,
  ): TimerHandle | undefined {
    if (!((id as unknown) instanceof Held)) return super.recycleAsyncId(scheduler, id, delay)
    // A periodic timer asking for the same delay again from inside its run keeps its place in the gate.
    if (delay != null && this.delay === delay && this.pending === false) return id
    scheduler.held.delete(id as unknown as Held)
    return undefined
  }
}

export class GateScheduler extends AsyncScheduler {
  readonly held = new Set<Held>()

  constructor(readonly holdFromMs = HOLD_FROM_MS) {
    super(GateAction as never)
  }

  /** The delays of the timers held now, in the order they were set. */
  heldDelays(): number[] {
    return [...this.held].map((h) => h.action.delay)
  }

  /**
   * Runs every action held now (those a run schedules wait for the next fire()); with `which`,
   * only those whose delay it picks. Returns how many ran.
   */
  fire(which: (delayMs: number) => boolean = () => true): number {
    let ran = 0
    for (const held of [...this.held]) {
      if (!this.held.has(held) || held.action.closed || !which(held.action.delay)) continue
      ran++
      this.flush(held.action as AsyncAction<unknown>)
    }
    return ran
  }
}
