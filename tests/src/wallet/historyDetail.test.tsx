// @vitest-environment happy-dom
/** History rows as buttons, and the detail of an entry (/history/entry), in English and Russian. */
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { renderApp } from '../render'
import { launch } from '../../domain/fixtures/events'
import type { EventInput } from '../../../domain/events'
import type { HistoryEntry } from '../../../domain/wallet/codecs'

let app: ReturnType<typeof renderApp> | null = null
afterEach(() => {
  app?.unmount()
  app = null
})
beforeAll(async () => {
  await import('../../../src/wallet/HistoryDetail')
})

const BOB = '0x52908400098527886E0F7030069857D2E4169EE7'
const TON_SENDER = 'UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG'
const TRADER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const AT = '2026-11-22T20:30:00.000Z'

const swap = {
  id: '31',
  type: 'swap',
  createdAt: AT,
  chainId: 42161,
  fromToken: { symbol: 'USDC', decimals: 6, chainId: 42161, logoURI: '/logos/USDC.svg' },
  toToken: { symbol: 'ETH', decimals: 18, chainId: 42161, logoURI: '/logos/ETH.svg' },
  fromAmount: '1234567890',
  toAmount: '352733686067019400',
  fee: '0.0001',
  feeSymbol: 'ETH',
  status: 'completed',
  txId: 'swap-9f1c',
} as HistoryEntry
const deposit = {
  id: '30',
  type: 'deposit',
  createdAt: AT,
  chainId: 'TON',
  amount: '1000000000000',
  decimals: 9,
  symbol: 'PUNK',
  from: TON_SENDER,
  status: 'completed',
  logoURI: '/logos/PUNK.svg',
} as HistoryEntry
const withdrawal = {
  id: '29',
  type: 'withdrawal',
  createdAt: AT,
  chainId: 42161,
  amount: '12500000',
  decimals: 6,
  symbol: 'USDT',
  to: BOB,
  comment: 'rent for May',
  fee: '0.0001',
  feeSymbol: 'ETH',
  status: 'completed',
  txId: 'tx-abc123',
} as HistoryEntry
const copied = {
  ...swap,
  id: '28',
  copyTradeId: 'c1',
  trader: TRADER,
  fee: undefined,
  feeSymbol: undefined,
  txId: undefined,
} as HistoryEntry

function history(language: 'en' | 'ru' = 'en'): EventInput[] {
  return [
    {
      type: 'app/launched',
      payload: launch({ user: { id: 1000001, firstName: 'Demo', languageCode: language }, timeZone: 'Europe/Moscow' }),
    },
    {
      type: 'wallet/historyPageReceived',
      payload: { accountIndex: 0, offset: 0, entries: [swap, deposit, withdrawal, copied] },
    },
  ]
}

async function openEntry(id: string, language: 'en' | 'ru' = 'en', list: EventInput[] = []) {
  app = renderApp([
    ...history(language),
    ...list,
    { type: 'wallet/historyEntryOpened', payload: { id, list: { kind: 'wallet', accountIndex: 0 } } },
    { type: 'app/navigated', payload: { to: '/history/entry' } },
  ])
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0))
  })
  return app
}
const field = (testId: string) => app!.container.querySelector(`[data-testid="${testId}"]`)?.textContent ?? null
const factName = (testId: string) =>
  app!.container.querySelector(`[data-testid="${testId}"]`)?.parentElement?.querySelector('dt')?.textContent ?? null

describe('history rows', () => {
  it('each row is a button named by what it says, and a tap opens its detail', () => {
    app = renderApp(history())
    const rows = [...app.container.querySelectorAll('[data-testid="history-row"] > button')]
    expect(rows).toHaveLength(4)
    expect(rows[0].getAttribute('aria-label')).toBe('USDC → ETH, +0.35273368 ETH, -1,234.56789 USDC, 22/11/2026, 23:30')
    expect(rows[2].getAttribute('aria-label')).toBe(
      `Sent USDT, -12.5 USDT, 22/11/2026, 23:30 · ${BOB.slice(0, 6)}...${BOB.slice(-4)}`,
    )
    expect(rows[3].getAttribute('aria-label')).toContain('Copy trade · 22/11/2026, 23:30')
    app.click(rows[2])
    expect(app.dispatched.slice(-2)).toMatchObject([
      { type: 'wallet/historyEntryOpened', payload: { id: '29', list: { kind: 'wallet', accountIndex: 0 } } },
      { type: 'app/navigated', payload: { to: '/history/entry' } },
    ])
  })

  it('[wallet.17] a row shows the title and both amounts of a swap whole, grouped, with 8 decimals', () => {
    app = renderApp(history('ru'))
    const row = app.container.querySelector('[data-testid="history-row"]')
    expect(row?.querySelector('[data-testid="history-title"]')?.textContent).toBe('USDC → ETH')
    expect(row?.querySelector('[data-testid="history-amount"]')?.textContent).toBe('+0,35273368 ETH')
    expect(row?.querySelector('[data-testid="history-detail-amount"]')?.textContent).toBe('-1\u00a0234,56789 USDC')
  })
})

describe('history entry detail', () => {
  it('a swap: network, both amounts, the fee, the time in the user’s zone, the status and its reference (en)', async () => {
    await openEntry('31')
    expect(field('entry-title')).toBe('USDC → ETH')
    expect(field('entry-amount')).toBe('+0.35273368 ETH')
    expect(field('entry-detail-amount')).toBe('-1,234.56789 USDC')
    expect(field('entry-status')).toBe('Status: Completed')
    expect(field('entry-type')).toBe('Swap')
    expect(field('entry-date')).toBe('22/11/2026, 23:30')
    expect(field('entry-network')).toBe('Arbitrum')
    expect([factName('entry-paid'), field('entry-paid')]).toEqual(['You paid', '-1,234.56789 USDC'])
    expect([factName('entry-received'), field('entry-received')]).toEqual(['You received', '+0.35273368 ETH'])
    expect([factName('entry-fee'), field('entry-fee')]).toEqual(['Network fee', '0.0001 ETH'])
    expect(field('entry-tx-id')).toBe('swap-9f1c')
    expect(field('entry-address')).toBeNull()
    expect(app!.container.querySelector('h1')?.textContent).toBe('USDC → ETH')
    expect(app!.container.querySelector('button[aria-label="Copy transaction ID"]')).not.toBeNull()
  })

  it('a deposit: the amount, the sender in full with a copy control, no fee (ru)', async () => {
    await openEntry('30', 'ru')
    expect(field('entry-title')).toBe('Получено: PUNK')
    expect(field('entry-amount')).toBe('+1\u00a0000 PUNK')
    expect(field('entry-detail-amount')).toBeNull()
    expect(field('entry-status')).toBe('Статус: Выполнено')
    expect(field('entry-type')).toBe('Пополнение')
    expect(field('entry-date')).toBe('22.11.2026, 23:30')
    expect(field('entry-network')).toBe('TON')
    expect([factName('entry-value'), field('entry-value')]).toEqual(['Сумма', '+1\u00a0000 PUNK'])
    expect([factName('entry-address'), field('entry-address')]).toEqual(['Отправитель', TON_SENDER])
    expect(field('entry-fee')).toBeNull()
    expect(field('entry-tx-id')).toBeNull()
    app!.click(app!.container.querySelector('button[aria-label="Скопировать адрес"]'))
    expect(app!.dispatched.at(-1)).toMatchObject({
      type: 'app/copyRequested',
      payload: { target: 'history/address', text: TON_SENDER },
    })
  })

  for (const [language, want] of [
    [
      'en',
      {
        title: 'Sent USDT',
        amount: '-12.5 USDT',
        type: 'Withdrawal',
        to: 'To',
        fee: ['Network fee', '0.0001 ETH'],
        comment: 'Comment',
        date: '22/11/2026, 23:30',
      },
    ],
    [
      'ru',
      {
        title: 'Отправлено: USDT',
        amount: '-12,5 USDT',
        type: 'Отправка',
        to: 'Получатель',
        fee: ['Комиссия сети', '0,0001 ETH'],
        comment: 'Комментарий',
        date: '22.11.2026, 23:30',
      },
    ],
  ] as const)
    it(`a withdrawal with a fee: the recipient in full, the fee, the comment (${language})`, async () => {
      await openEntry('29', language)
      expect(field('entry-title')).toBe(want.title)
      expect(field('entry-amount')).toBe(want.amount)
      expect(field('entry-type')).toBe(want.type)
      expect(field('entry-date')).toBe(want.date)
      expect([factName('entry-address'), field('entry-address')]).toEqual([want.to, BOB])
      expect(app!.container.querySelector('[data-testid="entry-address"] .address--full')).not.toBeNull()
      expect([factName('entry-fee'), field('entry-fee')]).toEqual(want.fee)
      expect([factName('entry-comment'), field('entry-comment')]).toEqual([want.comment, 'rent for May'])
      expect(field('entry-tx-id')).toBe('tx-abc123')
    })

  for (const [language, want] of [
    ['en', { code: 'Proof of humanity code', copyCode: 'Copy code', copyComment: 'Copy comment' }],
    [
      'ru',
      { code: 'Код подтверждения человечности', copyCode: 'Скопировать код', copyComment: 'Скопировать комментарий' },
    ],
  ] as const)
    it(`a comment has a copy control; the proof of humanity's code in one is shown and copied on its own (${language})`, async () => {
      const codeGift = {
        id: '27',
        type: 'deposit',
        createdAt: AT,
        chainId: 'TON',
        amount: '1000000',
        decimals: 9,
        symbol: 'TON',
        from: TON_SENDER,
        comment: 'SWITCH proof of humanity code: 042917',
        status: 'completed',
        txId: 'poh-code:7',
      } as HistoryEntry
      await openEntry('27', language, [
        {
          type: 'wallet/historyPageReceived',
          payload: { accountIndex: 0, offset: 0, entries: [codeGift, swap, deposit, withdrawal, copied] },
        },
      ])
      expect([factName('entry-poh-code'), field('entry-poh-code')]).toEqual([want.code, '042917'])
      app!.click(app!.container.querySelector(`button[aria-label="${want.copyCode}"]`))
      expect(app!.dispatched.at(-1)).toMatchObject({
        type: 'app/copyRequested',
        payload: { target: 'history/pohCode', text: '042917' },
      })
      app!.click(app!.container.querySelector(`button[aria-label="${want.copyComment}"]`))
      expect(app!.dispatched.at(-1)).toMatchObject({
        type: 'app/copyRequested',
        payload: { target: 'history/comment', text: 'SWITCH proof of humanity code: 042917' },
      })
      app!.unmount()
      app = null
      // any other comment: the copy control, no code
      await openEntry('29', language)
      expect(field('entry-poh-code')).toBeNull()
      app!.click(app!.container.querySelector(`button[aria-label="${want.copyComment}"]`))
      expect(app!.dispatched.at(-1)).toMatchObject({
        type: 'app/copyRequested',
        payload: { target: 'history/comment', text: 'rent for May' },
      })
    })

  it('a copied swap names the trader it followed; what the server did not send is not shown', async () => {
    await openEntry('28')
    expect(field('entry-type')).toBe('Swap · Copy trade')
    expect([factName('entry-trader'), field('entry-trader')]).toEqual(['Copied from', TRADER])
    expect(field('entry-fee')).toBeNull()
    expect(field('entry-tx-id')).toBeNull()
  })

  it('opened from a copy trade, the entry is read from the trade’s swaps', async () => {
    app = renderApp([
      ...history().slice(0, 1),
      { type: 'copyTrade/swapsReceived', payload: { id: 'c1', swaps: [copied] } },
      { type: 'wallet/historyEntryOpened', payload: { id: '28', list: { kind: 'trade', tradeId: 'c1' } } },
      { type: 'app/navigated', payload: { to: '/history/entry' } },
    ])
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0))
    })
    expect(field('entry-title')).toBe('USDC → ETH')
    expect(field('entry-trader')).toBe(TRADER)
  })

  it('an entry no list holds any more says so and leads back to the history', async () => {
    await openEntry('404')
    expect(app!.text()).toContain('This transaction is not in the history any more')
    app!.click(app!.button('Back to history'))
    expect(app!.dispatched.filter((e) => e.type === 'app/navigated').at(-1)).toMatchObject({ payload: { to: '/' } })
    expect(app!.store.getState().app.history).toEqual(['/'])
  })

  it('with nothing opened (a link or a reload straight to it) the screen gives way to the home', async () => {
    app = renderApp([{ type: 'app/launched', payload: launch({ location: '/history/entry' }) }])
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0))
    })
    expect(app.dispatched.find((e) => e.type === 'app/navigated')).toMatchObject({
      payload: { to: '/', replace: true },
    })
    expect(app.store.getState().app.history).toEqual(['/'])
  })
})
