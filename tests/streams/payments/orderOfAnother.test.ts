/**
 * An order poll answered about another order (found by the later-poll bad answers): the
 * waiting payment is not settled on it, and the asking goes on until its own order's answer. Before,
 * a settled status of another order stopped the asking while the reducer (which checks the id)
 * kept the payment waiting for ever; the staking deposit was made on another order's "granted".
 */
import { describe, expect, it } from 'vitest'
import { marbles } from '../marbles'
import { tap } from 'rxjs'
import { orderPollEpic as autoclaimOrderPollEpic } from '../../../streams/mining/epics'
import { orderPollEpic as stakingOrderPollEpic, sbtOrderPollEpic } from '../../../streams/staking/epics'
import type { EventInput } from '../../../domain/events'
import { configs, userRead } from '../../domain/staking/fixtures'
import { fakeApi, fakeDeps, storeHarness } from '../fakes'
const e = (type: string, payload: object = {}) => ({ type, payload }) as EventInput
const order = (status: string, orderId: string, product = 'staking') => ({
  orderId,
  product,
  way: 'stars',
  status,
  expiresAt: '2026-11-22T10:00:00Z',
})
const quiet = () => {
  const warn = console.warn
  console.warn = () => {}
  return () => void (console.warn = warn)
}

describe('an order poll answered about another order', () => {
  it('the staking deposit: another order granted (or refunded) makes no deposit and ends no asking; its own granted does', () => {
    const restore = quiet()
    try {
      for (const other of ['granted', 'refunded'])
        marbles((m) => {
          const h = storeHarness([
            e('staking/entered', { screen: 'main' }),
            e('staking/configsReceived', { configs }),
            userRead('1000'),
            e('staking/periodChosen', { period: '6m' }),
            e('staking/paymentMethodChosen', { way: 'stars' }),
            e('staking/amountTyped', { text: '100' }),
            e('staking/depositRequested', { idempotencyKey: 'k', amount: '100', period: '6m', way: 'stars' }),
            e('staking/depositOrdered', { way: 'stars', orderId: 'MINE' }),
          ])
          const answers = [order(other, 'OTHER'), order('granted', 'MINE')]
          const api = fakeApi({ order: () => m.cold('10ms (a|)', { a: answers.shift() }) })
          const out = stakingOrderPollEpic()(
            h.feed(m.hot('c', { c: e('staking/invoiceClosed', { orderId: 'MINE', status: 'paid' }) })),
            h.state$,
            fakeDeps({ api }),
          ).pipe(tap(h.apply))
          m.expect(out).toBeObservable('3010ms (gd)', {
            g: { type: 'staking/orderChecked', payload: { order: order('granted', 'MINE') } },
            d: { type: 'staking/deposited', payload: { deposit: null } },
          })
          m.flush()
          expect(api.requests).toHaveLength(2)
          expect(h.get().staking.deposit).toEqual({ step: 'success' })
        })()
    } finally {
      restore()
    }
  })

  it('the autoclaim: another order refunded leaves it waiting and asking; its own granted is the success', () => {
    const restore = quiet()
    try {
      marbles((m) => {
        const h = storeHarness([
          e('mining/autoclaimOpened'),
          e('mining/autoclaimPayRequested', { way: 'stars' }),
          e('mining/autoclaimOrdered', { way: 'stars', orderId: 'MINE' }),
        ])
        const answers = [order('refunded', 'OTHER', 'autoclaim'), order('granted', 'MINE', 'autoclaim')]
        const api = fakeApi({ order: () => m.cold('10ms (a|)', { a: answers.shift() }) })
        const out = autoclaimOrderPollEpic()(
          h.feed(m.hot('c', { c: e('mining/autoclaimInvoiceClosed', { orderId: 'MINE', status: 'paid' }) })),
          h.state$,
          fakeDeps({ api }),
        ).pipe(tap(h.apply))
        m.expect(out).toBeObservable('3010ms g', {
          g: { type: 'mining/autoclaimOrderChecked', payload: { order: order('granted', 'MINE', 'autoclaim') } },
        })
        m.flush()
        expect(h.get().mining.autoclaim.payment).toMatchObject({ step: 'success', orderId: 'MINE' })
      })()
    } finally {
      restore()
    }
  })

  it('the soulbound token: another order cancelled ends no asking', () => {
    const restore = quiet()
    try {
      marbles((m) => {
        const h = storeHarness([])
        const answers = [order('cancelled', 'OTHER'), order('open', 'MINE')]
        const api = fakeApi({ order: () => m.cold('10ms (a|)', { a: answers.shift() }) })
        const out = sbtOrderPollEpic()(
          h.feed(m.hot('s 6s -', { s: e('staking/sbtTransactionSent', { orderId: 'MINE' }) })),
          h.state$,
          fakeDeps({ api }),
        )
        m.expect(out, '^ 3100ms !').toBeObservable('3010ms a', {
          a: { type: 'staking/sbtOrderChecked', payload: { order: order('open', 'MINE') } },
        })
        m.flush()
        expect(api.requests).toHaveLength(2)
      })()
    } finally {
      restore()
    }
  })
})
