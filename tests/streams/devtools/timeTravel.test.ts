import { describe, expect, it } from 'vitest'
import { marbles } from '../marbles'
import { createStore } from '../../../streams/store'
import { createTimeTravel, type TimeTravelStatus } from '../../../streams/devtools/timeTravel'
import { ev, type AppEvent } from '../../../domain/events'
import { fold } from '../../../domain/state'
import { currentLocation } from '../../../domain/app/state'
import { launch } from '../../domain/fixtures/events'

function setup() {
  let t = 1_000
  const live = createStore({ clock: { now: () => (t += 500) } })
  const log: AppEvent[] = []
  live.events$.subscribe((e) => log.push(e))
  const effects: string[] = []
  const tt = createTimeTravel({
    live,
    recorded: () => log,
    pauseEffects: () => effects.push('pause'),
    resumeEffects: () => effects.push('resume'),
  })
  let status!: TimeTravelStatus
  tt.status$.subscribe((s) => (status = s))
  live.dispatch(ev('app/launched', launch()))
  live.dispatch(ev('app/navigated', { to: '/refill/from' }))
  live.dispatch(ev('wallet/chooserOpened', {}))
  live.dispatch(ev('app/languageChanged', { language: 'ru' }))
  return { live, log, tt, effects, status: () => status }
}

describe('time travel', () => {
  it('jumping into the past shows the state at the cursor and pauses effects', () => {
    const { tt, effects, log, status } = setup()
    tt.jumpTo(2)
    expect(tt.view.getState()).toEqual(fold(log.slice(0, 2)))
    expect(currentLocation(tt.view.getState().app)).toBe('/refill/from')
    expect(tt.view.getState().app.language).toBe('en')
    expect(effects).toEqual(['pause'])
    expect(status()).toMatchObject({ cursor: 2, length: 4 })
  })

  it('steps back and forward one event at a time', () => {
    const { tt } = setup()
    tt.stepBack()
    expect(tt.view.getState().app.language).toBe('en')
    expect(tt.view.getState().wallet.chooserOpen).toBe(true)
    tt.stepBack()
    expect(tt.view.getState().wallet.chooserOpen).toBe(false)
    tt.stepForward()
    expect(tt.view.getState().wallet.chooserOpen).toBe(true)
  })

  it('ignores intents while in the past and resumes live at the head', () => {
    const { tt, live, effects } = setup()
    tt.jumpTo(1)
    tt.view.dispatch(ev('wallet/tokensExpanded', {}))
    expect(live.getState().wallet.tokensExpanded).toBe(false)
    tt.resume()
    expect(effects).toEqual(['pause', 'resume'])
    tt.view.dispatch(ev('wallet/tokensExpanded', {}))
    expect(tt.view.getState().wallet.tokensExpanded).toBe(true)
  })

  it('skipping an event re-folds the rest; live work goes on from there', () => {
    const { tt, live } = setup()
    tt.toggleSkip(3) // the language change
    expect(live.getState().app.language).toBe('en')
    expect(tt.view.getState().app.language).toBe('en')
    tt.toggleSkip(3)
    expect(tt.view.getState().app.language).toBe('ru')
  })

  it('shows the state diff of an event as immer patches', () => {
    const { tt } = setup()
    expect(tt.diff(3)).toEqual([{ op: 'replace', path: ['app', 'language'], value: 'ru' }])
    expect(tt.diff(2)).toEqual([{ op: 'replace', path: ['wallet', 'chooserOpen'], value: true }])
  })

  it(
    'plays at 4x the recorded timing',
    marbles((m) => {
      let t = 0
      const live = createStore({ clock: { now: () => (t += 400) } })
      const log: AppEvent[] = []
      live.events$.subscribe((e) => log.push(e))
      const tt = createTimeTravel({ live, recorded: () => log, pauseEffects: () => {}, resumeEffects: () => {} })
      for (let i = 0; i < 5; i++) live.dispatch(ev('wallet/chooserOpened', {}))
      const cursors: (number | null)[] = []
      tt.status$.subscribe((s) => cursors.push(s.cursor))
      tt.jumpTo(0)
      tt.play(4)
      m.flush()
      // events 400 ms apart play 100 ms apart; the last one ends at the head
      expect(cursors.filter((c, i) => c !== cursors[i - 1])).toEqual([null, 0, 1, 2, 3, 4, 5])
    }),
  )

  it('an imported log replaces the timeline and stays paused at its end', () => {
    const { tt, log } = setup()
    const other = log.slice(0, 2)
    tt.load(other)
    expect(tt.view.getState()).toEqual(fold(other))
    tt.jumpTo(1)
    expect(tt.view.getState()).toEqual(fold(other.slice(0, 1)))
  })
})
