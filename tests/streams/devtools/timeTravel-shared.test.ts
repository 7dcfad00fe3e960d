/**
 * A jump folds once, however many components read the state: every `useAppState` subscribes to the
 * view's state$, and a cold pipe there folded the jump once per subscriber.
 */
import { describe, expect, it, vi } from 'vitest'
import { distinctUntilChanged, map } from 'rxjs'
import { createStore } from '../../../streams/store'
import { createTimeTravel } from '../../../streams/devtools/timeTravel'
import * as timeline from '../../../domain/devtools/timeline'
import { ev } from '../../../domain/events'
import { fold } from '../../../domain/state'
import { launch } from '../../domain/fixtures/events'

vi.mock('../../../domain/devtools/timeline', async (original) => {
  const real = await original<typeof import('../../../domain/devtools/timeline')>()
  return { ...real, stateAt: vi.fn(real.stateAt) }
})

describe('time-travel view', () => {
  it('folds each jump once for fifty readers, and each reader sees the state at the cursor', () => {
    let t = 1_000
    const live = createStore({ clock: { now: () => (t += 500) } })
    const states: ReturnType<typeof live.getState>[] = []
    const events: Parameters<typeof fold>[0][number][] = []
    live.events$.subscribe((e) => events.push(e))
    const tt = createTimeTravel({ live, recorded: () => events, pauseEffects: () => {}, resumeEffects: () => {} })
    live.dispatch(ev('app/launched', launch()))
    live.dispatch(ev('app/navigated', { to: '/refill/from' }))
    live.dispatch(ev('app/languageChanged', { language: 'ru' }))
    const languages: string[][] = Array.from({ length: 50 }, () => [])
    languages.forEach((seen) =>
      tt.view.state$
        .pipe(
          map((s) => s.app.language),
          distinctUntilChanged(),
        )
        .subscribe((l) => seen.push(l)),
    )
    tt.view.state$.subscribe((s) => states.push(s))

    const stateAt = vi.mocked(timeline.stateAt)
    stateAt.mockClear()
    tt.jumpTo(2)
    expect(stateAt).toHaveBeenCalledTimes(1)
    expect(tt.view.getState()).toEqual(fold(events.slice(0, 2)))
    expect(tt.view.state$.value).toBe(tt.view.getState())
    for (const seen of languages) expect(seen).toEqual(['ru', 'en'])
    tt.jumpTo(1)
    expect(stateAt).toHaveBeenCalledTimes(2)
    expect(states.at(-1)).toEqual(fold(events.slice(0, 1)))
  })
})
