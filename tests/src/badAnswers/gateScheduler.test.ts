/** The later-poll tests' scheduler (../gateScheduler.ts): long timers wait for fire(), short ones run on the real clock. */
import { afterEach, describe, expect, it } from 'vitest'
import { type Subscription, debounceTime, interval, of, switchMap, takeUntil, timer, Subject } from 'rxjs'
import { GateScheduler } from '../gateScheduler'

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('the gate scheduler', () => {
  const subs: Subscription[] = []
  afterEach(() => subs.splice(0).forEach((s) => s.unsubscribe()))

  it('a periodic timer runs once per fire(), and never on its own', async () => {
    const gate = new GateScheduler()
    const seen: number[] = []
    subs.push(timer(30_000, 30_000, gate).subscribe((n) => seen.push(n)))
    await wait(20)
    expect(seen).toEqual([])
    expect(gate.heldDelays()).toEqual([30_000])
    expect(gate.fire()).toBe(1)
    expect(seen).toEqual([0])
    gate.fire()
    gate.fire()
    expect(seen).toEqual([0, 1, 2])
    expect(gate.heldDelays()).toEqual([30_000])
  })

  it('timer(0, period): the first run on the real clock at once, the next ones on fire()', async () => {
    const gate = new GateScheduler()
    const seen: number[] = []
    subs.push(timer(0, 3_000, gate).subscribe((n) => seen.push(n)))
    await wait(20)
    expect(seen).toEqual([0])
    expect(gate.heldDelays()).toEqual([3_000])
    gate.fire()
    expect(seen).toEqual([0, 1])
  })

  it('a one-shot timer runs on the first fire() and leaves the gate', () => {
    const gate = new GateScheduler()
    const seen: string[] = []
    subs.push(timer(25_000, gate).subscribe({ next: () => seen.push('next'), complete: () => seen.push('done') }))
    expect(gate.fire()).toBe(1)
    expect(seen).toEqual(['next', 'done'])
    expect(gate.heldDelays()).toEqual([])
    expect(gate.fire()).toBe(0)
  })

  it('an unsubscribed timer leaves the gate and never runs', () => {
    const gate = new GateScheduler()
    const seen: number[] = []
    const stop$ = new Subject<void>()
    subs.push(
      timer(30_000, 30_000, gate)
        .pipe(takeUntil(stop$))
        .subscribe((n) => seen.push(n)),
    )
    const other = timer(5_000, 5_000, gate).subscribe((n) => seen.push(100 + n))
    gate.fire()
    expect(seen).toEqual([0, 100])
    other.unsubscribe()
    stop$.next()
    expect(gate.heldDelays()).toEqual([])
    expect(gate.fire()).toBe(0)
    expect(seen).toEqual([0, 100])
  })

  it('a switchMap to a newer timer drops the older one from the gate', () => {
    const gate = new GateScheduler()
    const seen: string[] = []
    const enter$ = new Subject<string>()
    subs.push(
      enter$
        .pipe(switchMap((screen) => timer(30_000, 30_000, gate).pipe(switchMap((n) => of(`${screen}${n}`)))))
        .subscribe((x) => seen.push(x)),
    )
    enter$.next('a')
    enter$.next('b')
    expect(gate.heldDelays()).toEqual([30_000])
    gate.fire()
    expect(seen).toEqual(['b0'])
  })

  it('short delays run on the real clock, untouched by fire()', async () => {
    const gate = new GateScheduler()
    const seen: number[] = []
    const typed$ = new Subject<number>()
    subs.push(typed$.pipe(debounceTime(300, gate)).subscribe((n) => seen.push(n)))
    subs.push(interval(1_000, gate).subscribe((n) => seen.push(1_000 + n)))
    typed$.next(1)
    typed$.next(2)
    expect(gate.fire()).toBe(0)
    expect(seen).toEqual([])
    await wait(400)
    expect(seen).toEqual([2])
  })

  it('fire(which) runs only the delays it picks; a timer a run sets waits for the next fire()', () => {
    const gate = new GateScheduler()
    const seen: string[] = []
    subs.push(timer(5_000, 5_000, gate).subscribe(() => seen.push('info')))
    subs.push(timer(30_000, 30_000, gate).subscribe(() => seen.push('user')))
    subs.push(
      timer(30_000, gate)
        .pipe(switchMap(() => timer(30_000, gate)))
        .subscribe(() => seen.push('chained')),
    )
    gate.fire((ms) => ms === 5_000)
    expect(seen).toEqual(['info'])
    gate.fire()
    expect(seen).toEqual(['info', 'info', 'user'])
    gate.fire()
    expect(seen).toEqual(['info', 'info', 'user', 'info', 'user', 'chained'])
  })
})
