import { describe, expect, it } from 'vitest'
import { fold } from '../../../domain/state'
import type { AppEvent, EventInput } from '../../../domain/events'
import { burnNeedsSwap, burnToSend, cardTap, taskByCode } from '../../../domain/tasks/select'
import { launch } from '../fixtures/events'
import { airdrops, groups } from './fixtures'

const log = (inputs: EventInput[]): AppEvent[] => inputs.map((e, i) => ({ ...e, seq: i + 1, at: 1_000 * (i + 1) }) as AppEvent)
const tasksOf = (inputs: EventInput[]) => fold(log(inputs)).tasks
const offline = { kind: 'network', message: 'offline' } as const
const received: EventInput = { type: 'tasks/received', payload: { tab: 'boosts', groups: groups() } }

describe('the tasks slice', () => {
  it('entering a tab marks it shown and loading until its first answer; a failure keeps what was shown; leaving clears the tab', () => {
    let s = tasksOf([{ type: 'tasks/entered', payload: { tab: 'boosts' } }])
    expect(s.shown).toBe('boosts')
    expect(s.lists.boosts.loading).toBe(true)
    s = tasksOf([{ type: 'tasks/entered', payload: { tab: 'boosts' } }, received, { type: 'tasks/failed', payload: { tab: 'boosts', error: offline } }])
    expect(s.lists.boosts.groups).toEqual(groups())
    expect(s.lists.boosts.error).toEqual(offline)
    s = tasksOf([{ type: 'tasks/entered', payload: { tab: 'airdrops' } }, { type: 'tasks/airdropsReceived', payload: { answer: airdrops() } }, { type: 'tasks/left', payload: {} }])
    expect(s.shown).toBeNull()
    expect(s.airdrops).toEqual({ answer: airdrops(), loading: false, error: null })
  })

  it('the server clock\'s offset is the record\'s serverTime less the event\'s time', () => {
    expect(tasksOf([{ type: 'tasks/recordRead', payload: { speed: '1.5', serverTime: 5_000 } }])).toMatchObject({ speed: '1.5', serverOffset: 4_000 })
  })

  it('today\'s reward: one claim at a time, claimed until the list answers again', () => {
    const claim: EventInput = { type: 'tasks/dailyRewardRequested', payload: {} }
    expect(tasksOf([claim]).daily).toEqual({ claiming: true, claimed: false, error: null })
    expect(tasksOf([claim, { type: 'tasks/dailyRewardClaimed', payload: {} }, claim]).daily).toEqual({ claiming: false, claimed: true, error: null })
    expect(tasksOf([claim, { type: 'tasks/dailyRewardClaimed', payload: {} }, received]).daily.claimed).toBe(false)
    expect(tasksOf([claim, { type: 'tasks/dailyRewardFailed', payload: { error: offline } }]).daily).toEqual({ claiming: false, claimed: false, error: offline })
  })

  it('[tasks.23] the daily boost: claimable only while flagged; once activated its flag clears, and a stale read during the claim does not bring it back', () => {
    expect(tasksOf([{ type: 'tasks/dailyBoostRequested', payload: {} }]).dailyBoost.claiming).toBe(false)
    const flagged: EventInput = { type: 'tasks/boostFlagRead', payload: { isNotifyForBoost: true } }
    const s = tasksOf([flagged, { type: 'tasks/dailyBoostRequested', payload: {} }, { type: 'tasks/boostFlagRead', payload: { isNotifyForBoost: false } }])
    expect(s.dailyBoost).toEqual({ flagged: true, claiming: true, error: null })
    expect(tasksOf([flagged, { type: 'tasks/dailyBoostRequested', payload: {} }, { type: 'tasks/dailyBoostActivated', payload: {} }]).dailyBoost).toEqual({ flagged: false, claiming: false, error: null })
  })

  it('timers: a start replaces the code\'s timer; a restore adds only codes not running; an end removes it', () => {
    const s = tasksOf([
      { type: 'tasks/verifyStarted', payload: { code: 'kombat', cutSeconds: 1, endsAt: 10 } },
      { type: 'tasks/verifyStarted', payload: { code: 'kombat', cutSeconds: 2, endsAt: 20 } },
      { type: 'tasks/timersRestored', payload: { timers: [{ code: 'kombat', endsAt: 99 }, { code: 'cube', endsAt: 30 }] } },
    ])
    expect(s.timers).toEqual([{ code: 'kombat', endsAt: 20 }, { code: 'cube', endsAt: 30 }])
    expect(tasksOf([{ type: 'tasks/verifyStarted', payload: { code: 'kombat', cutSeconds: 1, endsAt: 10 } }, { type: 'tasks/verifyEnded', payload: { code: 'kombat' } }]).timers).toEqual([])
  })

  it('[tasks.19] boostToOpen is used once a session; a new launch starts the session afresh', () => {
    const found = (code: string): EventInput => ({ type: 'tasks/boostToOpenFound', payload: { code } })
    expect(tasksOf([found('burnFest'), found('kombat')]).boostOpened).toBe('burnFest')
    expect(tasksOf([found('burnFest'), { type: 'app/launched', payload: launch() }]).boostOpened).toBeNull()
  })

  it('the burn: what a tap may send (tasks.34), one at a time, its answer, and the codes that go to the swap (tasks.40)', () => {
    const opened: EventInput[] = [received, { type: 'tasks/burnOpened', payload: { code: 'burnFest' } }]
    const typed = (text: string): EventInput => ({ type: 'tasks/burnAmountChanged', payload: { text } })
    expect(burnToSend(tasksOf([...opened, typed('0.99')]))).toBeNull()
    expect(burnToSend(tasksOf([...opened, typed('1')]))).toBe('1')
    expect(burnToSend(tasksOf([...opened, typed(' 12,50 ')]))).toBe('12.5')
    // a burn task the lists do not hold sends nothing
    expect(burnToSend(tasksOf([{ type: 'tasks/burnOpened', payload: { code: 'burnFest' } }, typed('3')]))).toBeNull()
    const sending = tasksOf([...opened, typed('3'), { type: 'tasks/burnSent', payload: { amount: '3', idempotencyKey: 'k' } }, typed('4')])
    expect(sending.burn).toMatchObject({ step: 'sending', text: '3', amount: '3', idempotencyKey: 'k' })
    expect(burnToSend(sending)).toBeNull()
    const failed = (errorCode: number) => tasksOf([...opened, typed('3'), { type: 'tasks/burnSent', payload: { amount: '3', idempotencyKey: 'k' } }, { type: 'tasks/burnFailed', payload: { errorCode, errorMessage: 'x' } }])
    expect(failed(4002).burn).toMatchObject({ step: 'entry', idempotencyKey: null, error: { errorCode: 4002, errorMessage: 'x' } })
    expect([4001, 4002, 4003, 500].map((c) => burnNeedsSwap(failed(c).burn))).toEqual([false, true, true, false])
    // closing while it is out keeps the burn; its answer still lands
    const closed = tasksOf([...opened, typed('3'), { type: 'tasks/burnSent', payload: { amount: '3', idempotencyKey: 'k' } }, { type: 'tasks/burnClosed', payload: {} }, { type: 'tasks/burned', payload: { amount: '3' } }])
    expect(closed.burn).toMatchObject({ code: null, step: 'burned', amount: '3' })
  })

  it('a card\'s tap: a burn opens its screen, the autoclaim its modal, a task with a link opens it, one without does nothing', () => {
    const s = tasksOf([received, { type: 'tasks/received', payload: { tab: 'bigpump', groups: { trade: [{ code: 'autoclaim', type: 'autoclaim' }] } } }])
    expect(cardTap(s, 'burnFest')).toEqual({ type: 'tasks/burnOpened', payload: { code: 'burnFest' } })
    expect(cardTap(s, 'autoclaim')).toEqual({ type: 'mining/autoclaimOpened', payload: {} })
    expect(cardTap(s, 'kombat')).toEqual({ type: 'tasks/taskOpened', payload: { code: 'kombat' } })
    expect(cardTap(s, 'dailySwap')).toBeNull()
    expect(cardTap(s, 'nothing')).toBeNull()
    expect(taskByCode(s, 'autoclaim')?.type).toBe('autoclaim')
  })
})
