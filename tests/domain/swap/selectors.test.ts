import { describe, expect, it } from 'vitest'
import type { Balance, Token } from '../../../domain/wallet/codecs'
import type { EventInput } from '../../../domain/events'
import { fold } from '../../../domain/state'
import { heldOf, swapView } from '../../../domain/swap/selectors'
import { stamp } from '../fixtures/events'
import { ETH_ARB, TON, USDC_ARB, USDT_TON, quoteFor } from './fixtures'

const held = (token: Token, tokensAmount: string): Balance =>
  ({ ...token, tokensAmount, usdAmount: 1, tokensCost: 1 }) as Balance
const params = {
  from: '42161:0xaf88d065e77c8cc2239327c5edb3a432268e5831',
  to: '42161:0x0000000000000000000000000000000000000000',
  amount: '10000000',
  accountIndex: 0,
}
const pair: EventInput[] = [
  { type: 'picker/tokenPicked', payload: { purpose: 'swapFrom', token: USDC_ARB } },
  { type: 'picker/tokenPicked', payload: { purpose: 'swapTo', token: ETH_ARB } },
  { type: 'swap/amountChanged', payload: { value: '10' } },
]
const quoted = (impact = 0.1): EventInput => ({
  type: 'swap/quoteReceived',
  payload: { params, quote: quoteFor(USDC_ARB, ETH_ARB, '10000000', 3_000_000_000_000_000n, { impact }) },
})
const swapAfter = (events: EventInput[]) => fold(stamp(events)).swap
const enough = [held(USDC_ARB, '100'), held(ETH_ARB, '1')]

describe('swap view', () => {
  it('heldOf finds a token by chain and address, in any letter case; nothing held or not loaded is 0', () => {
    const balances = [held(USDC_ARB, '12.5')]
    expect(heldOf(balances, { ...USDC_ARB, address: USDC_ARB.address.toUpperCase().replace('0X', '0x') })).toBe('12.5')
    expect(heldOf(balances, { ...USDC_ARB, chainId: 1 })).toBe('0')
    expect(heldOf(null, USDC_ARB)).toBe('0')
    expect(heldOf(balances, null)).toBe('0')
  })

  it('[swap.10] [swap.20] between a change and its quote the view is looking and review is disabled', () => {
    const asking = swapAfter([...pair, { type: 'swap/quoteRequested', payload: { params } }])
    expect(asking.routeFetching).toBe(true)
    expect(swapView(asking, enough)).toMatchObject({ quotable: true, looking: true, canReview: false })
    expect(swapView(swapAfter([...pair, quoted()]), enough)).toMatchObject({ looking: false, canReview: true })
  })

  it('[swap.20] a new request after a quote disables review until it answers', () => {
    const s = { ...swapAfter([...pair, quoted()]), routeFetching: true }
    expect(swapView(s, enough).canReview).toBe(false)
  })

  it('[swap.22] an amount above the balance is over balance and disables review; the whole balance does not', () => {
    expect(swapView(swapAfter([...pair, quoted()]), [held(USDC_ARB, '9.999999'), held(ETH_ARB, '1')])).toMatchObject({
      overBalance: true,
      canReview: false,
    })
    expect(swapView(swapAfter([...pair, quoted()]), [held(USDC_ARB, '10'), held(ETH_ARB, '1')])).toMatchObject({
      overBalance: false,
      canReview: true,
    })
  })

  it('[swap.24] on an EVM chain the held native coin must cover the printed fee (0.0001 ETH here)', () => {
    const s = swapAfter([...pair, quoted()])
    expect(swapView(s, [held(USDC_ARB, '100'), held(ETH_ARB, '0.0001')]).gas).toEqual({ enough: true, symbol: 'ETH' })
    const short = swapView(s, [held(USDC_ARB, '100'), held(ETH_ARB, '0.00009')])
    expect(short.gas).toEqual({ enough: false, symbol: 'ETH' })
    expect(short.canReview).toBe(false)
  })

  it('[swap.23] on TON the held TON must reach the provider minimum: 0.22 for stonfi, 0.3 for dedust', () => {
    const tonParams = {
      from: 'TON:eqcxe6mutqjkfngfarotkot1lzbdiix1kcixrv7nw2id_sds',
      to: 'TON:native',
      amount: '1000000',
      accountIndex: 0,
    }
    const tonSwap = (provider: 'stonfi' | 'dedust') =>
      swapAfter([
        { type: 'picker/tokenPicked', payload: { purpose: 'swapFrom', token: USDT_TON } },
        { type: 'picker/tokenPicked', payload: { purpose: 'swapTo', token: TON } },
        { type: 'swap/amountChanged', payload: { value: '1' } },
        {
          type: 'swap/quoteReceived',
          payload: { params: tonParams, quote: quoteFor(USDT_TON, TON, '1000000', 100_000_000n, { provider }) },
        },
      ])
    const wallet = (ton: string) => [held(USDT_TON, '5'), held(TON, ton)]
    expect(swapView(tonSwap('stonfi'), wallet('0.22')).gas).toEqual({ enough: true, symbol: 'TON' })
    expect(swapView(tonSwap('stonfi'), wallet('0.21')).gas?.enough).toBe(false)
    expect(swapView(tonSwap('dedust'), wallet('0.29')).gas?.enough).toBe(false)
    expect(swapView(tonSwap('dedust'), wallet('0.3'))).toMatchObject({ gas: { enough: true }, canReview: true })
  })

  it('[swap.1] [swap.2] [swap.3] [swap.4] the impact is the route priceImpactPercent with its status', () => {
    const status = (impact: number) => swapView(swapAfter([...pair, quoted(impact)]), enough).impact
    expect(status(2)).toEqual({ percent: 2, status: 'normal' })
    expect(status(2.01)).toEqual({ percent: 2.01, status: 'warning' })
    expect(status(5)).toEqual({ percent: 5, status: 'warning' })
    expect(status(5.01)).toEqual({ percent: 5.01, status: 'danger' })
  })

  it('nothing to quote (no amount) is neither quotable nor looking, and cannot be reviewed', () => {
    const v = swapView(swapAfter(pair.slice(0, 2)), enough)
    expect(v).toMatchObject({ quotable: false, looking: false, canReview: false, gas: null, impact: null })
  })

  it('the amount says why there is no quote: not a number, more decimals than the token has, zero', () => {
    const typed = (value: string) =>
      swapView(swapAfter([...pair.slice(0, 2), { type: 'swap/amountChanged', payload: { value } }]), enough)
    expect(typed('1e30')).toMatchObject({ quotable: false, amountProblem: { key: 'amount.not-a-number' } })
    expect(swapAfter([...pair.slice(0, 2), { type: 'swap/amountChanged', payload: { value: '1e30' } }]).amount).toBe(
      '1e30',
    ) // refused, not turned into 130
    expect(typed('0.' + '0'.repeat(29) + '1')).toMatchObject({
      quotable: false,
      amountProblem: { key: 'amount.too-many-decimals', decimals: 6 },
    })
    expect(typed('0')).toMatchObject({ quotable: false, amountProblem: { key: 'amount.zero' } })
    expect(typed('10')).toMatchObject({ quotable: true, amountProblem: null })
    expect(typed('')).toMatchObject({ quotable: false, amountProblem: null })
  })

  it('above the balance the problem is the balance: the gas message waits until the amount fits', () => {
    const eth = (value: string): EventInput[] => [
      { type: 'picker/tokenPicked', payload: { purpose: 'swapFrom', token: ETH_ARB } },
      { type: 'picker/tokenPicked', payload: { purpose: 'swapTo', token: USDC_ARB } },
      { type: 'swap/amountChanged', payload: { value } },
    ]
    const ethParams = (units: string) => ({
      from: '42161:0x0000000000000000000000000000000000000000',
      to: '42161:0xaf88d065e77c8cc2239327c5edb3a432268e5831',
      amount: units,
      accountIndex: 0,
    })
    const over = swapAfter([
      ...eth('1'),
      {
        type: 'swap/quoteReceived',
        payload: {
          params: ethParams('1000000000000000000'),
          quote: quoteFor(ETH_ARB, USDC_ARB, '1000000000000000000', 3_000_000_000n),
        },
      },
    ])
    expect(swapView(over, [held(ETH_ARB, '0.5')])).toMatchObject({
      overBalance: true,
      gas: { enough: false },
      gasWarning: false,
      canReview: false,
    })
    const all = swapAfter([
      ...eth('0.5'),
      {
        type: 'swap/quoteReceived',
        payload: {
          params: ethParams('500000000000000000'),
          quote: quoteFor(ETH_ARB, USDC_ARB, '500000000000000000', 1_500_000_000n),
        },
      },
    ])
    expect(swapView(all, [held(ETH_ARB, '0.5')])).toMatchObject({
      overBalance: false,
      gas: { enough: false },
      gasWarning: true,
      canReview: false,
    })
  })
})
