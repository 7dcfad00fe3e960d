// @vitest-environment happy-dom
/**
 * Bad answers on a later order poll: a paid staking deposit, a paid autoclaim and a
 * soulbound token's mint wait for their order to be granted, asking every 3 s (ORDER_POLL_MS). An order status that cannot be read
 * is only logged (staking.35): the waiting goes on as it was, and the next good answer is read.
 * The payment is put at its waiting step by its facts (the invoice paid), as the effects would.
 * See ./scene.tsx for the property.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { goodAnswers } from './answers'
import { LATER_TIMEOUT_MS, type Scene, at, checkLaterScene, ev, screenText } from './scene'

beforeAll(async () => {
  await Promise.all(
    Object.values(import.meta.glob(['../../../src/{staking,mining,tasks}/*.tsx'])).map((load) => load()),
  )
})

const ORDER = 'order-1'
/** The order as the server has it while the payment is not yet seen. */
const open = { ...goodAnswers.order, orderId: ORDER, status: 'open' as const }

const stakingOrder: Scene = {
  name: 'a paid staking deposit waiting for its order',
  features: ['staking'],
  events: [at('/mining/staking')],
  later: [
    ev('staking/periodChosen', { period: '6m' }),
    ev('staking/amountTyped', { text: '50' }),
    ev('staking/paymentMethodChosen', { way: 'stars' }),
    at('/mining/staking/confirm'),
    ev('staking/depositRequested', { idempotencyKey: 'k-1', amount: '50', period: '6m', way: 'stars' }),
    ev('staking/depositOrdered', { way: 'stars', orderId: ORDER }),
    ev('staking/invoiceClosed', { orderId: ORDER, status: 'paid' }),
  ],
  answers: { order: { ...open, product: 'staking' } },
  calls: { order: { shows: 'quiet', forward: null } },
  polled: ['order'],
  // An order the server settled (granted, refunded) ends the waiting, as it should.
  laterMoves: true,
  loaded(s) {
    expect(s.app.container.querySelector('[data-testid="staking-confirm"]')).not.toBeNull()
    expect(screenText(s)).toContain(s.t('staking.confirm.waiting'))
  },
}

const autoclaimOrder: Scene = {
  name: 'a paid autoclaim waiting for its order',
  features: ['tasks', 'mining'],
  events: [at('/mining/tasks/boosts')],
  later: [
    ev('mining/autoclaimOpened'),
    ev('mining/autoclaimPayRequested', { way: 'stars' }),
    ev('mining/autoclaimOrdered', { way: 'stars', orderId: ORDER }),
    ev('mining/autoclaimInvoiceClosed', { orderId: ORDER, status: 'paid' }),
  ],
  answers: { order: open },
  calls: { order: { shows: 'quiet', forward: null } },
  polled: ['order'],
  laterMoves: true,
  loaded(s) {
    expect(screenText(s)).toContain(s.t('mining.tasks.autoclaim.modal.waiting'))
  },
}

/** The soulbound token for a deposit of 5 000 SWITCH or more (staking.47), its mint sent from the wallet: its order is asked after. */
const sbtOrder: Scene = {
  name: 'a soulbound token minted, waiting for its order',
  features: ['staking'],
  events: [at('/mining/staking'), at('/mining/staking/deposits')],
  later: [ev('staking/sbtClaimTapped', { stakingPeriod: '3m' })],
  answers: {
    stakingDeposits: {
      ...goodAnswers.stakingDeposits,
      deposits: [{ ...goodAnswers.stakingDeposits.deposits[0], amount: '6000' }],
    },
    stakingSbts: [],
    order: { ...open, orderId: goodAnswers.claimSbt.orderId, product: 'sbt' },
  },
  // the claim links the wallet with its proof first (streams/payments/walletProof.ts)
  calls: {
    order: { shows: 'quiet', forward: null },
    tonProofPayload: { shows: 'quiet', forward: null },
    setTonWallet: { shows: 'quiet', forward: null },
  },
  polled: ['order'],
  laterMoves: true,
  loaded(s) {
    expect(s.app.container.querySelector('[data-testid="sbt-card"]')?.textContent).toContain(s.t('staking.sbt.waiting'))
  },
}

describe('bad answers on a later order poll', () => {
  for (const scene of [stakingOrder, autoclaimOrder, sbtOrder])
    it(
      scene.name,
      async () => {
        await checkLaterScene(scene)
      },
      LATER_TIMEOUT_MS,
    )
})
