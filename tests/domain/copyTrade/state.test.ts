import { describe, expect, it } from 'vitest'
import { fold } from '../../../domain/state'
import type { EventInput } from '../../../domain/events'
import { launch, stamp } from '../fixtures/events'

import { USDT, trade } from './fixtures'

const ct = (inputs: EventInput[]) => fold(stamp([{ type: 'app/launched', payload: launch() }, ...inputs])).copyTrade
const form: EventInput[] = [
  { type: 'copyTrade/addressChanged', payload: { value: ' 0x52908400098527886E0F7030069857D2E4169EE7 ' } },
  { type: 'copyTrade/addressSubmitted', payload: {} },
  { type: 'copyTrade/networkChosen', payload: { chainId: 42161 } },
  {
    type: 'copyTrade/assetsReceived',
    payload: {
      chainId: 42161,
      accountIndex: 0,
      assets: [
        USDT,
        { ...USDT, address: '0x1', symbol: 'ZRO' },
        { ...USDT, address: '0x2', symbol: 'DAI', tokensAmount: '0' },
      ] as never,
    },
  },
  { type: 'copyTrade/assetChosen', payload: { asset: USDT as never } },
]

describe('copy-trade state', () => {
  it("a valid address is kept, trimmed; an invalid one is marked (copyTrade.10's check)", () => {
    expect(ct(form.slice(0, 2))).toMatchObject({
      traderAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
      addressInvalid: false,
    })
    expect(
      ct([
        { type: 'copyTrade/addressChanged', payload: { value: '0x1234' } },
        { type: 'copyTrade/addressSubmitted', payload: {} },
      ]).addressInvalid,
    ).toBe(true)
  })

  it('[copyTrade.14] only ETH, USDT, USDC and DAI that are held are offered', () => {
    expect(ct(form.slice(0, 4)).assets?.data?.map((a) => a.symbol)).toEqual(['USDT'])
  })

  it('[copyTrade.17] [copyTrade.20] choosing the asset starts from deposit 100 and ante 10 %', () => {
    expect(ct(form)).toMatchObject({ deposit: '100', antePercent: 10 })
  })

  it('[copyTrade.16] Max fills the deposit with the available USD to 2 decimals', () => {
    expect(ct([...form, { type: 'copyTrade/maxPressed', payload: {} }]).deposit).toBe('500')
    const odd = { ...USDT, usdAmount: 1749.999 }
    expect(
      ct([
        ...form,
        { type: 'copyTrade/assetChosen', payload: { asset: odd as never } },
        { type: 'copyTrade/maxPressed', payload: {} },
      ]).deposit,
    ).toBe('1749.99')
  })

  it('the ante moves in steps of 10 within 0-100 (copyTrade.19)', () => {
    expect(ct([...form, { type: 'copyTrade/anteChanged', payload: { percent: 37 } }]).antePercent).toBe(40)
    expect(ct([...form, { type: 'copyTrade/anteChanged', payload: { percent: 140 } }]).antePercent).toBe(100)
  })

  it('a submission that fails a rule is not submitted; a passing one is, once (the gate of copyTrade.30)', () => {
    for (const bad of [
      [{ type: 'copyTrade/depositChanged', payload: { value: '' } }],
      [{ type: 'copyTrade/depositChanged', payload: { value: '99' } }],
      [{ type: 'copyTrade/depositChanged', payload: { value: '501' } }],
      [{ type: 'copyTrade/anteChanged', payload: { percent: 0 } }],
    ] as EventInput[][])
      expect(ct([...form, ...bad, { type: 'copyTrade/startRequested', payload: {} }]).submitting).toBe(false)
    expect(ct([...form, { type: 'copyTrade/startRequested', payload: {} }]).submitting).toBe(true)
  })

  it("a stopped trade gets its deactivation time and moves to the history (copyTrade.58's answer)", () => {
    const s = ct([
      {
        type: 'copyTrade/tradesReceived',
        payload: { accountIndex: 0, copyTrades: [trade('a'), trade('b')] as never, tokens: [] },
      },
      { type: 'copyTrade/stopRequested', payload: { id: 'a', prompt } },
      { type: 'copyTrade/stopConfirmed', payload: { id: 'a' } },
      { type: 'copyTrade/stopped', payload: { id: 'a' } },
    ])
    expect(s.trades?.map((t) => [t._id, t.dttmDeactivated !== undefined])).toEqual([
      ['a', true],
      ['b', false],
    ])
    expect(s.stopping).toBeNull()
  })

  it('a trades answer for another wallet is dropped', () => {
    const s = ct([
      { type: 'wallet/walletSelected', payload: { accountIndex: 1 } },
      { type: 'copyTrade/tradesReceived', payload: { accountIndex: 0, copyTrades: [trade('a')] as never, tokens: [] } },
    ])
    expect(s.trades).toBeNull()
  })
})

const prompt = { message: 'Stop?', ok: 'Stop copy trading', cancel: 'Keep trading' }
describe('stopping asks first', () => {
  const trades: EventInput = {
    type: 'copyTrade/tradesReceived',
    payload: { accountIndex: 0, copyTrades: [trade('a')] as never, tokens: [] },
  }
  it('a tap only asks: nothing is stopping until the user confirms; a declined stop leaves the trade running', () => {
    expect(ct([trades, { type: 'copyTrade/stopRequested', payload: { id: 'a', prompt } }]).stopping).toBeNull()
    expect(
      ct([
        trades,
        { type: 'copyTrade/stopRequested', payload: { id: 'a', prompt } },
        { type: 'copyTrade/stopConfirmed', payload: { id: 'a' } },
      ]).stopping,
    ).toBe('a')
    const declined = ct([
      trades,
      { type: 'copyTrade/stopRequested', payload: { id: 'a', prompt } },
      { type: 'copyTrade/stopDeclined', payload: { id: 'a' } },
    ])
    expect([declined.stopping, declined.trades?.[0].dttmDeactivated]).toEqual([null, undefined])
  })
})
