// @vitest-environment happy-dom
/** Bad answers on copy trading: the entry's trades and balances, the archive, a trade's swaps. See ./scene.tsx for the property. */
import { beforeAll, describe, expect, it } from 'vitest'
import { selectPath } from '../../../src/app/selectors'
import { goodAnswers } from './answers'
import { SCENE_TIMEOUT_MS, type Scene, at, checkScene, ev, rows } from './scene'

beforeAll(async () => {
  await Promise.all(Object.values(import.meta.glob(['../../../src/copyTrade/*.tsx'])).map((load) => load()))
})

/** /copyTrade: the trades and balances decide where to go; with trades, the archive (copyTrade.2-5, .40-51). */
const entry: Scene = {
  name: 'copy trading',
  events: [at('/copyTrade')],
  calls: {
    copyTrades: { shows: ['copyTrade.load-failed'], forward: { tap: 'errors.retry' } },
    balances: { shows: ['copyTrade.load-failed'], forward: { tap: 'errors.retry' } },
  },
  loaded(s) {
    expect(selectPath(s.app.store.getState())).toBe('/copyTrade/traderArchive')
    expect(rows(s, 'trade-active')).toBe(1)
    expect(rows(s, 'trade-finished')).toBe(1)
  },
}

/** A trade's page: its swaps (copyTrade.52-60). */
const trade: Scene = {
  name: 'copy trade detail',
  events: [
    ev('copyTrade/tradesReceived', {
      accountIndex: 0,
      copyTrades: goodAnswers.copyTrades.copyTrades,
      tokens: goodAnswers.copyTrades.tokens,
    }),
    at('/trade?tradeID=a'),
  ],
  calls: { copyTradeSwaps: { shows: ['copyTrade.trade.swaps-failed'], forward: { tap: 'errors.retry' } } },
  loaded(s) {
    expect(s.app.text()).toContain('USDC → ETH')
  },
}

describe('bad answers: copy trading', () => {
  it(
    'the entry and the archive',
    async () => {
      await checkScene(entry)
    },
    SCENE_TIMEOUT_MS,
  )

  it(
    'a trade and its swaps',
    async () => {
      await checkScene(trade)
    },
    SCENE_TIMEOUT_MS,
  )
})
