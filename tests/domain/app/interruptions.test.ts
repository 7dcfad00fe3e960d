/**
 * The one rule for what may interrupt the user (domain/app/interruptions.ts): at most one
 * interruption per open, never during a payment or a verification flow; the PoH prompt and the
 * banners both ask it.
 */
import { describe, expect, it } from 'vitest'
import type { AppEvent, EventInput } from '../../../domain/events'
import { type RootState, fold } from '../../../domain/state'
import {
  FLOW_PATHS,
  flowUnderWay,
  interruptionMayShow,
  interruptionThisOpen,
  verificationUnderWay,
} from '../../../domain/app/interruptions'
import { bannerMayShow, selectBannerOnScreen } from '../../../domain/banners/gate'
import { launch } from '../fixtures/events'

const T = 1_763_800_000_000
const e = (type: string, payload: object = {}) => ({ type, payload }) as EventInput
/** The state of one open: launched, then these events. */
const open = (...events: EventInput[]): RootState =>
  fold([
    { type: 'app/launched', payload: launch(), seq: 1, at: T } as AppEvent,
    ...events.map((x, i) => ({ ...x, seq: i + 2, at: T + i + 1 }) as AppEvent),
  ])
const price = { tonAmount: '1', amount: '3', starAmount: 150 }
const info = (inProgressStatus?: string, attempt?: number) =>
  e('poh/infoReceived', { info: { tonAmount: price, ...(inProgressStatus ? { inProgressStatus, attempt } : {}) } })
const kinds = ['pohPrompt', 'banner'] as const

describe('at most one interruption per open', () => {
  it('nothing yet: either may come', () => {
    const s = open()
    expect(interruptionThisOpen(s)).toBeNull()
    for (const kind of kinds) expect(interruptionMayShow(s, kind), kind).toBe(true)
  })

  it('the PoH prompt first: it stays while up; closed or accepted, nothing else comes in this open, not even the prompt again', () => {
    const up = open(e('poh/promptShown', { at: T }))
    expect(interruptionThisOpen(up)).toBe('pohPrompt')
    expect(interruptionMayShow(up, 'pohPrompt')).toBe(true)
    expect(interruptionMayShow(up, 'banner')).toBe(false)
    for (const end of ['poh/promptClosed', 'poh/promptAccepted']) {
      const after = open(e('poh/promptShown', { at: T }), e(end))
      for (const kind of kinds) expect(interruptionMayShow(after, kind), `${end} ${kind}`).toBe(false)
    }
  })

  it('a banner first: it may come back after stepping aside; closed, no prompt and no second banner in this open', () => {
    const up = open(e('banners/shown', { kind: 'sniping' }))
    expect(interruptionThisOpen(up)).toBe('banner')
    expect(interruptionMayShow(up, 'banner')).toBe(true)
    expect(interruptionMayShow(up, 'pohPrompt')).toBe(false)
    const closed = open(e('banners/shown', { kind: 'sniping' }), e('banners/closed', { kind: 'sniping' }))
    for (const kind of kinds) expect(interruptionMayShow(closed, kind), kind).toBe(false)
  })

  it("a new open starts clean: what was shown before is not this open's", () => {
    // The kept state (the banners' counts, the prompt's time) comes back; this open has shown nothing.
    const s = open(
      e('poh/storageRead', { lastPromptAt: T - 1000, failureSeen: false }),
      e('banners/restored', { local: null, cloud: null }),
    )
    expect(interruptionThisOpen(s)).toBeNull()
  })
})

describe('never during a payment or a verification flow', () => {
  it('money moving: a send or a swap being confirmed or executed, an autoclaim being paid, a staking deposit, a soulbound token', () => {
    const s = open()
    const flows: RootState[] = [
      { ...s, swap: { ...s.swap, executing: true } },
      { ...s, send: { ...s.send, isChecked: true, isLoading: true } },
      { ...s, mining: { ...s.mining, autoclaim: { ...s.mining.autoclaim, open: true } } },
      {
        ...s,
        mining: {
          ...s.mining,
          autoclaim: {
            ...s.mining.autoclaim,
            payment: { step: 'waiting', way: 'stars', orderId: 'o', pending: false },
          },
        },
      },
      { ...s, staking: { ...s.staking, deposit: { step: 'paying', way: 'stars', orderId: 'o' } as never } },
      { ...s, staking: { ...s.staking, sbtClaim: { step: 'waiting', stakingPeriod: '6m', orderId: 'o' } as never } },
    ]
    for (const f of flows) {
      expect(flowUnderWay(f)).toBe(true)
      for (const kind of kinds) expect(interruptionMayShow(f, kind), kind).toBe(false)
    }
  })

  it('a screen where a payment is composed or confirmed, and every /prove screen', () => {
    for (const to of [
      '/send',
      '/send/confirm',
      '/swap',
      '/confirmSwap',
      '/mining/staking/confirm',
      '/mining/staking/paymentMethod',
      '/copyTrade/traderDeposit',
      '/prove',
      '/prove/code',
    ]) {
      const s = open(e('app/navigated', { to }))
      for (const kind of kinds) expect(interruptionMayShow(s, kind), `${to} ${kind}`).toBe(false)
    }
    for (const to of ['/', '/mining', '/mining/tasks', '/mining/frens', '/proven'])
      expect(flowUnderWay(open(e('app/navigated', { to }))), to).toBe(false)
    expect(FLOW_PATHS).toContain('/prove')
  })

  it('a verification paid and not finished: the payment awaited, the request received, queued, or waiting for its code', () => {
    for (const s of [
      open(info(), e('poh/paid', { way: 'external' })),
      open(info('received', 1)),
      open(info('internalInQueue', 1)),
      open(info('responsing', 1)),
    ]) {
      expect(verificationUnderWay(s)).toBe(true)
      for (const kind of kinds) expect(interruptionMayShow(s, kind), kind).toBe(false)
    }
    // none, a failure, or a proof made: no verification under way
    for (const s of [open(info()), open(info('internalError', 1)), open(info('responsing', 1), e('poh/confirmed'))])
      expect(verificationUnderWay(s)).toBe(false)
  })

  it('the banner steps aside during a flow and comes back after it; the prompt stays put', () => {
    const shown = e('banners/shown', { kind: 'sniping' })
    expect(selectBannerOnScreen(open(shown, info('responsing', 1)))).toBeNull()
    expect(selectBannerOnScreen(open(shown, info('responsing', 1), info('internalError', 1)))).toBe('sniping')
    expect(bannerMayShow(open(e('poh/promptShown', { at: T }), e('poh/promptClosed')))).toBe(false)
  })
})
