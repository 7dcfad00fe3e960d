import { describe, expect, it } from 'vitest'
import { historyLine, transactionAmount } from '../../../domain/wallet/history'
import { fold } from '../../../domain/state'
import { stamp, launch } from '../fixtures/events'
import type { HistoryEntry } from '../../../domain/api/codecs/wallet'

const deposit = (id: number): HistoryEntry =>
  ({ id: String(id), type: 'deposit', createdAt: '2026-11-22T10:00:00.000Z', amount: '1500000000000000000', decimals: 18, symbol: 'ETH', from: '0xabc' }) as HistoryEntry

describe('history', () => {
  it('[wallet.16] [wallet.17] big-integer amounts scale by decimals exactly and show 8 decimals', () => {
    expect(transactionAmount('123456789012345678901234567', 18)).toBe('123456789.01234567')
    expect(transactionAmount('1', 18)).toBe('0')
    expect(transactionAmount('10', 9)).toBe('0.00000001')
    expect(transactionAmount('1500000', 6)).toBe('1.5')
  })

  it('deposits read in, withdrawals out, swaps both ways', () => {
    expect(historyLine(deposit(1))).toMatchObject({ title: 'ETH', amount: '+1.5', counterparty: '0xabc' })
    expect(historyLine({ id: '2', type: 'withdrawal', createdAt: 'x', amount: '2000000', decimals: 6, symbol: 'USDT', to: 'UQxyz' } as HistoryEntry)).toMatchObject({ amount: '-2', counterparty: 'UQxyz' })
    const swap = { id: '3', type: 'swap', createdAt: 'x', fromToken: { symbol: 'ETH', decimals: 18 }, toToken: { symbol: 'USDT', decimals: 6 }, fromAmount: '100000000000000000', toAmount: '330000000' } as HistoryEntry
    expect(historyLine(swap)).toMatchObject({ title: 'ETH → USDT', amount: '+330', detail: '-0.1 ETH', copied: false })
  })

  it('a swap a copy trade made is marked as copied', () => {
    const copied = { id: '4', type: 'swap', createdAt: 'x', fromToken: { symbol: 'USDT', decimals: 6 }, toToken: { symbol: 'ARB', decimals: 18 }, fromAmount: '15000000', toAmount: '20000000000000000000', copyTradeId: 'c1', trader: '0x8ba1f109551bD432803012645Ac136ddd64DBA72' } as HistoryEntry
    expect(historyLine(copied)).toMatchObject({ title: 'USDT → ARB', amount: '+20', detail: '-15 USDT', copied: true })
  })

  it('pages append in order; a short page ends the list; a stale page is ignored', () => {
    const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => deposit(from + i))
    const s = fold(
      stamp([
        { type: 'app/launched', payload: launch() },
        { type: 'wallet/historyPageRequested', payload: { accountIndex: 0, offset: 0 } },
        { type: 'wallet/historyPageReceived', payload: { accountIndex: 0, offset: 0, entries: page(0, 10) } },
        { type: 'wallet/historyPageRequested', payload: { accountIndex: 0, offset: 10 } },
        { type: 'wallet/historyPageReceived', payload: { accountIndex: 0, offset: 30, entries: page(30, 10) } },
        { type: 'wallet/historyPageReceived', payload: { accountIndex: 0, offset: 10, entries: page(10, 4) } },
      ]),
    )
    expect(s.wallet.history[0].entries.map((e) => e.id)).toEqual(page(0, 14).map((e) => e.id))
    expect(s.wallet.history[0].complete).toBe(true)
    expect(s.wallet.history[0].loadingOffset).toBeNull()
  })

  it('an empty first page is a complete, empty history', () => {
    const s = fold(stamp([{ type: 'wallet/historyPageReceived', payload: { accountIndex: 1, offset: 0, entries: [] } }]))
    expect(s.wallet.history[1]).toMatchObject({ entries: [], complete: true })
  })
})
