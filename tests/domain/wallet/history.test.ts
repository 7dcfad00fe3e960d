import { describe, expect, it } from 'vitest'
import {
  entryDateTime,
  historyFigure,
  historyLine,
  openHistoryEntry,
  withFirstPage,
  withLaterPage,
} from '../../../domain/wallet/history'
import { fold } from '../../../domain/state'
import { stamp, launch } from '../fixtures/events'
import type { HistoryEntry } from '../../../domain/wallet/codecs'
import type { EventInput } from '../../../domain/events'

const deposit = (id: number): HistoryEntry =>
  ({
    id: String(id),
    type: 'deposit',
    createdAt: '2026-11-22T10:00:00.000Z',
    amount: '1500000000000000000',
    decimals: 18,
    symbol: 'ETH',
    from: '0xabc',
  }) as HistoryEntry
const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => deposit(from + i))
const ids = (entries: readonly HistoryEntry[]) => entries.map((e) => e.id)

describe('history', () => {
  it('[wallet.16] [wallet.17] big-integer amounts scale by decimals exactly and show 8 decimals, grouped in the user’s language', () => {
    const figure = (units: string, decimals: number, language: 'en' | 'ru' = 'en') =>
      historyFigure(historyLine({ ...deposit(1), amount: units, decimals } as HistoryEntry).amount, language)
    expect(
      historyLine({ ...deposit(1), amount: '123456789012345678901234567', decimals: 18 } as HistoryEntry).amount.value,
    ).toBe('123456789.012345678901234567')
    expect(figure('123456789012345678901234567', 18)).toBe('+123,456,789.01234567')
    expect(figure('123456789012345678901234567', 18, 'ru')).toBe('+123\u00a0456\u00a0789,01234567')
    // Cut, never rounded up; a non-zero amount below the 8th decimal is not "0".
    expect(figure('199999999999', 18)).toBe('+0.00000019')
    expect(figure('1', 18)).toBe('+< 0.00000001')
    expect(figure('10', 9)).toBe('+0.00000001')
    expect(figure('1500000', 6)).toBe('+1.5')
    // A row past its width reads compact; the detail, whole.
    expect(figure('123456789012345678901234567', 18).length).toBeGreaterThan(14)
    const short = historyFigure({ sign: '-', value: '123456789.01234567', symbol: 'ETH' }, 'en', 14)
    expect(short.length).toBeLessThanOrEqual(15)
    expect(short).toMatch(/^-123[,.]/)
  })

  it('deposits read in, withdrawals out, swaps both ways', () => {
    expect(historyLine(deposit(1))).toMatchObject({
      title: 'ETH',
      amount: { sign: '+', value: '1.5', symbol: 'ETH' },
      counterparty: '0xabc',
      fee: null,
      status: null,
    })
    const withdrawal = {
      id: '2',
      type: 'withdrawal',
      createdAt: 'x',
      amount: '2000000',
      decimals: 6,
      symbol: 'USDT',
      to: 'UQxyz',
      chainId: 42161,
      fee: '0.0001',
      feeSymbol: 'ETH',
      status: 'completed',
      txId: 'tx-1',
      comment: 'rent',
    } as HistoryEntry
    expect(historyLine(withdrawal)).toMatchObject({
      amount: { sign: '-', value: '2' },
      counterparty: 'UQxyz',
      chainId: 42161,
      fee: { value: '0.0001', symbol: 'ETH' },
      status: 'completed',
      txId: 'tx-1',
      comment: 'rent',
    })
    const swap = {
      id: '3',
      type: 'swap',
      createdAt: 'x',
      fromToken: { symbol: 'ETH', decimals: 18, chainId: 1 },
      toToken: { symbol: 'USDT', decimals: 6 },
      fromAmount: '100000000000000000',
      toAmount: '330000000',
    } as HistoryEntry
    expect(historyLine(swap)).toMatchObject({
      title: 'ETH → USDT',
      amount: { sign: '+', value: '330', symbol: 'USDT' },
      detail: { sign: '-', value: '0.1', symbol: 'ETH' },
      copied: false,
      chainId: 1,
    })
  })

  it('a swap a copy trade made is marked as copied, with its trader', () => {
    const copied = {
      id: '4',
      type: 'swap',
      createdAt: 'x',
      fromToken: { symbol: 'USDT', decimals: 6 },
      toToken: { symbol: 'ARB', decimals: 18 },
      fromAmount: '15000000',
      toAmount: '20000000000000000000',
      copyTradeId: 'c1',
      trader: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
    } as HistoryEntry
    expect(historyLine(copied)).toMatchObject({
      title: 'USDT → ARB',
      amount: { value: '20' },
      detail: { value: '15' },
      copied: true,
      trader: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
    })
  })

  it('a fee without its coin, or an empty comment, is not shown', () => {
    expect(historyLine({ ...deposit(1), fee: '0.1', comment: '' } as HistoryEntry)).toMatchObject({
      fee: null,
      comment: null,
    })
  })

  it("the date and time read in the user's language and time zone; a malformed time reads as it came", () => {
    expect(entryDateTime('2026-11-22T20:30:00.000Z', 'en', 'Asia/Tokyo')).toBe('23/11/2026, 05:30')
    expect(entryDateTime('2026-11-22T20:30:00.000Z', 'ru', 'Europe/Moscow')).toBe('22.11.2026, 23:30')
    expect(entryDateTime('yesterday', 'en', 'UTC')).toBe('yesterday')
  })

  it('pages append in order; a short page ends the list; a stale page is ignored', () => {
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
    expect(ids(s.wallet.history[0].entries)).toEqual(ids(page(0, 14)))
    expect(s.wallet.history[0].complete).toBe(true)
    expect(s.wallet.history[0].loadingOffset).toBeNull()
  })

  it('an entry that arrived between two pages moves the older ones down one: the next page repeats the last entry, shown once', () => {
    // Newest first: ids count down. Page 1 holds 100..91; then 101 arrives, so offset 10 starts at 91.
    const older = (from: number, n: number) => Array.from({ length: n }, (_, i) => deposit(from - i))
    expect(ids(withLaterPage(older(100, 10), older(91, 10)))).toEqual(ids(older(100, 19)))
    // A page naming an entry twice shows it once too.
    expect(ids(withLaterPage([], [deposit(5), deposit(5), deposit(4)]))).toEqual(ids([deposit(5), deposit(4)]))
    const s = fold(
      stamp([
        { type: 'wallet/historyPageReceived', payload: { accountIndex: 0, offset: 0, entries: older(100, 10) } },
        { type: 'wallet/historyPageRequested', payload: { accountIndex: 0, offset: 10 } },
        { type: 'wallet/historyPageReceived', payload: { accountIndex: 0, offset: 10, entries: older(91, 10) } },
      ]),
    )
    const shown = ids(s.wallet.history[0].entries)
    expect(shown).toEqual(ids(older(100, 19)))
    expect(new Set(shown).size).toBe(shown.length)
    // The next page is asked from where the list ends: one entry earlier than the server's count, so nothing is skipped.
    expect(s.wallet.history[0]).toMatchObject({ complete: false, loadingOffset: null })
  })

  it('an empty first page is a complete, empty history', () => {
    const s = fold(
      stamp([{ type: 'wallet/historyPageReceived', payload: { accountIndex: 1, offset: 0, entries: [] } }]),
    )
    expect(s.wallet.history[1]).toMatchObject({ entries: [], complete: true })
  })

  it('a fresh first page keeps the pages loaded beyond it (back from an entry, the list is as scrolled), new entries first', () => {
    // Newest first: ids count down. 25 loaded; then 2 new entries arrive and the home reloads its first page.
    const older = (from: number, n: number) => Array.from({ length: n }, (_, i) => deposit(from - i))
    const loaded = older(100, 25)
    const fresh = [deposit(102), deposit(101), ...older(100, 8)]
    const kept = withFirstPage(loaded, fresh)
    expect(kept.keptTail).toBe(true)
    expect(ids(kept.entries)).toEqual(ids([deposit(102), deposit(101), ...older(100, 25)]))
    // No overlap (more new entries than a page), a short page, or a list no longer than the page: the page is the list.
    expect(withFirstPage(loaded, older(200, 10))).toEqual({ entries: older(200, 10), keptTail: false })
    expect(withFirstPage(loaded, older(100, 3))).toEqual({ entries: older(100, 3), keptTail: false })
    expect(withFirstPage(older(100, 10), older(100, 10)).keptTail).toBe(false)

    const s = fold(
      stamp([
        { type: 'wallet/historyPageReceived', payload: { accountIndex: 0, offset: 0, entries: older(100, 10) } },
        { type: 'wallet/historyPageReceived', payload: { accountIndex: 0, offset: 10, entries: older(90, 10) } },
        { type: 'wallet/historyPageReceived', payload: { accountIndex: 0, offset: 20, entries: older(80, 5) } },
        { type: 'wallet/historyPageRequested', payload: { accountIndex: 0, offset: 0 } },
        {
          type: 'wallet/historyPageReceived',
          payload: { accountIndex: 0, offset: 0, entries: [deposit(101), ...older(100, 9)] },
        },
      ]),
    )
    expect(ids(s.wallet.history[0].entries)).toEqual(ids([deposit(101), ...older(100, 25)]))
    // The end of the list was reached before, and still is.
    expect(s.wallet.history[0]).toMatchObject({ complete: true, loadingOffset: null })
  })
})

describe('an opened history entry', () => {
  const swap = {
    id: '7',
    type: 'swap',
    createdAt: '2026-11-22T10:00:00.000Z',
    fromToken: { symbol: 'USDT', decimals: 6 },
    toToken: { symbol: 'ARB', decimals: 18 },
    fromAmount: '15000000',
    toAmount: '20000000000000000000',
    copyTradeId: 'c1',
  } as HistoryEntry
  const base: EventInput[] = [
    { type: 'app/launched', payload: launch() },
    { type: 'wallet/historyPageReceived', payload: { accountIndex: 0, offset: 0, entries: page(1, 3) } },
    {
      type: 'wallet/historyPageReceived',
      payload: { accountIndex: 1, offset: 0, entries: [deposit(2)].map((e) => ({ ...e, symbol: 'TON' })) },
    },
    { type: 'copyTrade/swapsReceived', payload: { id: 'c1', swaps: [swap] } },
  ]

  it('nothing is open until a row is tapped', () => {
    const s = fold(stamp(base))
    expect(s.wallet.openEntry).toBeNull()
    expect(openHistoryEntry(s)).toBeNull()
  })

  it('wallet/historyEntryOpened is state: the entry is found in the list it was opened from, and a replay of the log opens the same', () => {
    const log = stamp([
      ...base,
      { type: 'wallet/historyEntryOpened', payload: { id: '2', list: { kind: 'wallet', accountIndex: 1 } } },
    ])
    const s = fold(log)
    expect(s.wallet.openEntry).toEqual({ id: '2', list: { kind: 'wallet', accountIndex: 1 } })
    expect(openHistoryEntry(s)).toMatchObject({ id: '2', symbol: 'TON' })
    expect(openHistoryEntry(fold(JSON.parse(JSON.stringify(log))))).toEqual(openHistoryEntry(s))

    const fromTrade = fold(
      stamp([
        ...base,
        { type: 'wallet/historyEntryOpened', payload: { id: '7', list: { kind: 'trade', tradeId: 'c1' } } },
      ]),
    )
    expect(openHistoryEntry(fromTrade)).toBe(fromTrade.copyTrade.swaps.c1.data?.[0])
    // The next tap opens the next entry.
    const next = fold(
      stamp([
        ...base,
        { type: 'wallet/historyEntryOpened', payload: { id: '7', list: { kind: 'trade', tradeId: 'c1' } } },
        { type: 'wallet/historyEntryOpened', payload: { id: '3', list: { kind: 'wallet', accountIndex: 0 } } },
      ]),
    )
    expect(openHistoryEntry(next)?.id).toBe('3')
  })

  it('an entry no list holds any more is not found (the screen says so)', () => {
    const s = fold(
      stamp([
        ...base,
        { type: 'wallet/historyEntryOpened', payload: { id: '99', list: { kind: 'wallet', accountIndex: 0 } } },
      ]),
    )
    expect(s.wallet.openEntry).not.toBeNull()
    expect(openHistoryEntry(s)).toBeNull()
    expect(
      openHistoryEntry(
        fold(
          stamp([
            ...base,
            { type: 'wallet/historyEntryOpened', payload: { id: '7', list: { kind: 'trade', tradeId: 'other' } } },
          ]),
        ),
      ),
    ).toBeNull()
  })
})
