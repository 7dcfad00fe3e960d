import { describe, expect, it } from 'vitest'
import { fold } from '../../../domain/state'
import type { EventInput } from '../../../domain/events'
import { currentParams } from '../../../domain/swap/rules'
import { swapView } from '../../../domain/swap/selectors'
import { launch, stamp } from '../fixtures/events'
import { ETH_ARB, TON, USDC_ARB, USDT_TON, ZRO_ARB, quoteFor } from './fixtures'

const pick = (purpose: 'swapFrom' | 'swapTo', token: typeof ETH_ARB): EventInput => ({
  type: 'picker/tokenPicked',
  payload: { purpose, token },
})
const amount = (value: string): EventInput => ({ type: 'swap/amountChanged', payload: { value } })
const start: EventInput[] = [
  { type: 'app/launched', payload: launch() },
  pick('swapFrom', USDC_ARB),
  pick('swapTo', ETH_ARB),
  amount('10'),
]
const params = {
  from: '42161:0xaf88d065e77c8cc2239327c5edb3a432268e5831',
  to: '42161:0x0000000000000000000000000000000000000000',
  amount: '10000000',
  accountIndex: 0,
}
const quoted = [
  ...start,
  { type: 'swap/quoteRequested', payload: { params } },
  {
    type: 'swap/quoteReceived',
    payload: { params, quote: quoteFor(USDC_ARB, ETH_ARB, '10000000', 3_000_000_000_000_000n) },
  },
] as EventInput[]
const swapOf = (inputs: EventInput[]) => fold(stamp(inputs)).swap

describe('swap state', () => {
  it("the quote parameters: the amount in the from token's smallest unit, both tokens, the wallet (what swap.14 sends)", () => {
    expect(currentParams(swapOf(start))).toEqual(params)
  })

  it('[swap.10] routeFetching is on, and the view is looking, from the request to the answer', () => {
    const asking = swapOf([...start, { type: 'swap/quoteRequested', payload: { params } }])
    expect([asking.routeFetching, swapView(asking, null).looking]).toEqual([true, true])
    const s = swapOf(quoted)
    expect([s.routeFetching, swapView(s, null).looking]).toEqual([false, false])
    expect(s.quote?.route.id).toBe('route-1')
  })

  it('[swap.8] any change of the parameters clears the route, the gas and the route error at once', () => {
    for (const change of [
      amount('11'),
      pick('swapTo', ZRO_ARB),
      pick('swapFrom', ZRO_ARB),
      { type: 'swap/flipped', payload: {} },
      { type: 'swap/maxToggled', payload: { balance: '500' } },
      { type: 'wallet/walletSelected', payload: { accountIndex: 1 } },
    ] as EventInput[]) {
      const s = swapOf([...quoted, change])
      expect([s.quote, s.routeError, s.routeFetching], change.type).toEqual([null, null, false])
    }
    const failed = swapOf([
      ...start,
      { type: 'swap/quoteFailed', payload: { params, error: { kind: 'rejected', status: 404, message: 'no route' } } },
      amount('12'),
    ])
    expect(failed.routeError).toBeNull()
  })

  it('[swap.16] a failed quote, an error answer or an exception, is stored as the route error', () => {
    const asked = [...start, { type: 'swap/quoteRequested', payload: { params } }] as EventInput[]
    expect(swapOf(asked).routeError).toBeNull()
    for (const error of [
      { kind: 'rejected', status: 404, message: 'no route' },
      { kind: 'server', status: 500, message: 'x' },
      { kind: 'network', message: 'offline' },
    ] as const)
      expect(swapOf([...asked, { type: 'swap/quoteFailed', payload: { params, error } }]), error.kind).toMatchObject({
        routeError: error,
        routeFetching: false,
        quote: null,
      })
  })

  it('an answer for parameters that are no longer current never shows', () => {
    const old = { ...params, amount: '1000000' }
    const s = swapOf([
      ...start,
      { type: 'swap/quoteReceived', payload: { params: old, quote: quoteFor(USDC_ARB, ETH_ARB, '1000000', 1n) } },
      { type: 'swap/quoteFailed', payload: { params: old, error: { kind: 'network', message: 'x' } } },
    ])
    expect([s.quote, s.routeError]).toEqual([null, null])
  })

  it('[swap.12] the amount accepts a comma as decimal separator', () => {
    expect(swapOf([...start, amount('1,5')]).amount).toBe('1.5')
  })

  it('text that is not an amount is kept as typed and refused, never reshaped into a number', () => {
    expect(swapOf([...start, amount('1a.2.3')]).amount).toBe('1a.2.3')
    expect(swapOf([...start, amount('1e30')]).amount).toBe('1e30')
  })

  it('[swap.27] flip swaps the sides and clears the amount', () => {
    const s = swapOf([...quoted, { type: 'swap/flipped', payload: {} }])
    expect([s.from?.symbol, s.to?.symbol, s.amount]).toEqual(['ETH', 'USDC', ''])
  })

  it('[swap.28] [swap.31] Max fills the amount; pressing again clears it', () => {
    const once = swapOf([...start, { type: 'swap/maxToggled', payload: { balance: '500' } }])
    expect([once.amount, once.max]).toEqual(['499.999999', true])
    const twice = swapOf([
      ...start,
      { type: 'swap/maxToggled', payload: { balance: '500' } },
      { type: 'swap/maxToggled', payload: { balance: '500' } },
    ])
    expect([twice.amount, twice.max]).toEqual(['', false])
  })

  it('[swap.32] changing the from token clears the amount and the max flag', () => {
    const s = swapOf([...start, { type: 'swap/maxToggled', payload: { balance: '500' } }, pick('swapFrom', ZRO_ARB)])
    expect([s.amount, s.max, s.from?.symbol]).toEqual(['', false, 'ZRO'])
  })

  it('[swap.35] [swap.36] a token that does not pair with the other side clears that side', () => {
    expect(swapOf([...start, pick('swapTo', USDT_TON)])).toMatchObject({
      from: null,
      to: { symbol: 'USDT', chainId: 'TON' },
    })
    expect(swapOf([...start, pick('swapFrom', TON)])).toMatchObject({ from: { symbol: 'TON' }, to: null })
    // Picking the other side's token swaps the sides.
    expect(swapOf([...start, pick('swapTo', USDC_ARB)])).toMatchObject({
      from: { symbol: 'ETH' },
      to: { symbol: 'USDC' },
    })
  })

  it('a refreshed quote that gives less keeps the minimum the user saw, and stops the execution', () => {
    const worse = quoteFor(USDC_ARB, ETH_ARB, '10000000', 2_900_000_000_000_000n, { id: 'route-2' })
    const s = swapOf([
      ...quoted,
      { type: 'swap/executionStarted', payload: { idempotencyKey: 'k' } },
      { type: 'swap/quoteRefreshed', payload: { params, quote: worse, worse: true } },
    ])
    expect(s.priceChanged).toEqual({ previousMin: '2850000000000000' })
    expect([s.quote?.route.id, s.executing]).toEqual(['route-2', false])
  })

  it("preset tokens resolved from a start parameter set both sides (swap.46's answer)", () => {
    const s = swapOf([
      { type: 'app/launched', payload: launch() },
      { type: 'swap/presetLoaded', payload: { from: TON, to: USDT_TON, presets: [] } },
    ])
    expect([s.from?.symbol, s.to?.symbol]).toEqual(['TON', 'USDT'])
  })

  it('after an executed swap, opening the swap again starts a new one with the same pair', () => {
    const s = swapOf([
      ...quoted,
      { type: 'swap/executed', payload: { historyId: '1' } },
      { type: 'app/navigated', payload: { to: '/swap' } },
    ])
    expect([s.executed, s.amount, s.quote, s.from?.symbol]).toEqual([false, '', null, 'USDC'])
  })
})

describe('confirm progress', () => {
  const tap: EventInput = { type: 'swap/confirmTapped', payload: {} }
  it('a confirm tap shows progress at once, through the 500 ms debounce, until the execution starts, fails or is dropped', () => {
    expect(swapOf([...quoted, tap]).confirmPending).toBe(true)
    const started: EventInput = { type: 'swap/executionStarted', payload: { idempotencyKey: 'k' } }
    expect(swapOf([...quoted, tap, started])).toMatchObject({ confirmPending: false, executing: true })
    expect(swapOf([...quoted, tap, { type: 'swap/confirmDropped', payload: {} }]).confirmPending).toBe(false)
    expect(
      swapOf([
        ...quoted,
        tap,
        started,
        { type: 'swap/executionFailed', payload: { error: { kind: 'network', message: 'x' } } },
      ] as EventInput[]),
    ).toMatchObject({ confirmPending: false, executing: false })
    // A change of the parameters ends it too: the screen asks for a new quote.
    expect(swapOf([...quoted, tap, amount('11')]).confirmPending).toBe(false)
  })
})
