import { describe, expect, it } from 'vitest'
import { EMPTY, map, mergeMap, of, throwError } from 'rxjs'
import { createStore, type Epic } from '../../streams/store'
import { ofType } from '../../streams/ofType'
import { fold } from '../../domain/state'
import { ev } from '../../domain/events'
import { fakeDeps } from './fakes'
import { launch } from '../domain/fixtures/events'

const clock = () => {
  let t = 1000
  return { now: () => (t += 10) }
}

describe('store runtime', () => {
  it('stamps seq and at from the clock and keeps state$ synchronous', () => {
    const store = createStore({ clock: clock() })
    const seen: number[] = []
    store.events$.subscribe((e) => seen.push(e.seq))
    store.dispatch(ev('wallet/chooserOpened', {}))
    store.dispatch(ev('wallet/chooserClosed', {}))
    expect(seen).toEqual([1, 2])
    expect(store.state$.value.wallet.chooserOpen).toBe(false)
    let sync: boolean | undefined
    store.state$.subscribe((s) => (sync = s.wallet.chooserOpen)).unsubscribe()
    expect(sync).toBe(false)
  })

  it('an epic sees state that already includes the event', () => {
    const store = createStore({ clock: clock() })
    const seenOpen: boolean[] = []
    const epic: Epic = (events$, state$) =>
      events$.pipe(
        ofType('wallet/chooserOpened'),
        mergeMap(() => {
          seenOpen.push(state$.value.wallet.chooserOpen)
          return EMPTY
        }),
      )
    store.run([{ name: 'probe', epic }], fakeDeps())
    store.dispatch(ev('wallet/chooserOpened', {}))
    expect(seenOpen).toEqual([true])
  })

  it('events an epic emits during a dispatch follow it in order', () => {
    const store = createStore({ clock: clock() })
    const types: string[] = []
    store.events$.subscribe((e) => types.push(`${e.seq}:${e.type}`))
    const epic: Epic = (events$) =>
      events$.pipe(
        ofType('wallet/homeEntered'),
        map(() => ev('wallet/tokensExpanded', {})),
      )
    store.run([{ name: 'chain', epic }], fakeDeps())
    store.dispatch(ev('wallet/homeEntered', {}))
    store.dispatch(ev('wallet/chooserOpened', {}))
    expect(types).toEqual(['1:wallet/homeEntered', '2:wallet/tokensExpanded', '3:wallet/chooserOpened'])
  })

  it('a failing epic becomes app/effectFailed and keeps running', () => {
    const store = createStore({ clock: clock() })
    const epic: Epic = (events$) =>
      events$.pipe(
        ofType('wallet/chooserOpened'),
        mergeMap((e) => (e.seq === 1 ? throwError(() => new Error('boom')) : of(ev('wallet/tokensExpanded', {})))),
      )
    store.run([{ name: 'flaky', epic }], fakeDeps())
    store.dispatch(ev('wallet/chooserOpened', {}))
    expect(store.getState().app.effectFailures).toEqual([{ epic: 'flaky', message: 'boom', seq: 2 }])
    store.dispatch(ev('wallet/chooserOpened', {}))
    expect(store.getState().wallet.tokensExpanded).toBe(true)
  })

  it('an epic that throws on every start is stopped after a few tries, not looped forever', () => {
    const store = createStore({ clock: clock() })
    const epic: Epic = () => {
      throw new Error('broken at start')
    }
    store.run([{ name: 'broken', epic }], fakeDeps())
    expect(store.getState().app.effectFailures.length).toBe(4)
    store.dispatch(ev('wallet/chooserOpened', {}))
    expect(store.getState().wallet.chooserOpen).toBe(true)
  })

  it('the live state equals the fold of the log it produced', () => {
    const store = createStore({ clock: clock() })
    const log: Parameters<typeof fold>[0][number][] = []
    store.events$.subscribe((e) => log.push(e))
    store.dispatch(ev('app/launched', launch()))
    store.dispatch(ev('wallet/homeEntered', {}))
    store.dispatch(ev('wallet/walletSelected', { accountIndex: 2 }))
    expect(fold(log)).toEqual(store.getState())
  })
})
