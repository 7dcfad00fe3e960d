/**
 * The game's journeys after a reload (domain/app/journey.ts, each feature's domain/<f>/journey.ts):
 * the miner and its screens come back as routes, staking with its form, an open burn and the
 * alliance name as typed; never a payment, a claim or a burn under way, never a finished deposit.
 * Every game feature is loaded here (tests/setup/features.ts); the lazy path is
 * tests/streams/app/journey-lazy.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { JOURNEY_MAX_AGE_MS, journeyOwner, restorableJourney, startParamFollowed } from '../../../domain/app/journey'
import { currentLocation } from '../../../domain/app/state'
import type { AppEvent, EventInput, EventOf } from '../../../domain/events'
import { JOURNEYS } from '../../../domain/journeys'
import { type RootState, fold, initialState } from '../../../domain/state'
import { launch } from '../fixtures/events'
import { configs, loaded } from '../staking/fixtures'

const T0 = 1_763_800_000_000
const to = (path: string): EventInput => ({ type: 'app/navigated', payload: { to: path } })
const e = (type: string, payload: object = {}) => ({ type, payload }) as EventInput

/** A session of `inputs` after its launch, then a reload `gap` ms after its last event; the journey and the new session's state with it. */
function reload(
  inputs: EventInput[],
  o: { gap?: number; next?: Parameters<typeof launch>[0]; first?: Parameters<typeof launch>[0] } = {},
) {
  const events = [{ type: 'app/launched', payload: launch(o.first) } as EventInput, ...inputs].map(
    (x, i) => ({ ...x, seq: i + 1, at: T0 + i * 1000 }) as AppEvent,
  )
  const last = events[events.length - 1]
  const next = {
    type: 'app/launched',
    payload: launch(o.next),
    seq: last.seq + 1,
    at: last.at + (o.gap ?? 5_000),
  } as EventOf<'app/launched'>
  const journey = restorableJourney([...events, next], next)
  const restored =
    journey === null
      ? null
      : fold([next, { type: 'app/journeyRestored', payload: journey, seq: next.seq + 1, at: next.at } as AppEvent])
  return { journey, restored, before: fold(events) }
}

const mining: EventInput[] = [to('/mining'), e('mining/entered')]
/** Staking from the miner: an amount typed and a paid period chosen, back on the main screen. */
const stakingMain: EventInput[] = [
  ...mining,
  to('/mining/staking'),
  ...loaded('1000'),
  e('staking/amountTyped', { text: '150,5' }),
  to('/mining/staking/configs'),
  e('staking/periodChosen', { period: '6m' }),
  to('/mining/staking'),
]
/** ...then paid by Stars, on the confirm screen. */
const stakingConfirm: EventInput[] = [
  ...stakingMain,
  to('/mining/staking/paymentMethod'),
  e('staking/paymentMethodChosen', { way: 'stars' }),
  to('/mining/staking/confirm'),
]
const tapped = [
  e('staking/depositTapped'),
  e('staking/depositRequested', { idempotencyKey: 'k-1', amount: '150.5', period: '6m', way: 'stars' }),
]

describe('a game journey comes back after a reload', () => {
  it('the miner: the same screen, nothing else (nothing there is a draft)', () => {
    const { journey, restored } = reload(mining)
    expect(restored!.app.history).toEqual(['/', '/mining'])
    for (const game of ['mining', 'friends', 'guilds', 'tasks', 'staking', 'poh'])
      expect(journey).not.toHaveProperty(game)
  })

  it('the miner and its screens are journeys, each owned by its feature (the longest screen wins)', () => {
    expect(journeyOwner('/mining')).toBe('mining')
    expect(journeyOwner('/mining/frens')).toBe('friends')
    expect(journeyOwner('/mining/guilds/alliance/punks')).toBe('guilds')
    expect(journeyOwner('/mining/tasks/boosts')).toBe('tasks')
    expect(journeyOwner('/mining/staking/confirm')).toBe('staking')
    expect(journeyOwner('/prove/code')).toBe('poh')
    expect(journeyOwner('/send/info')).toBe('send')
    expect(journeyOwner('/')).toBeNull()
    expect(journeyOwner('/report')).toBeNull()
    for (const path of ['/mining/frens', '/mining/guilds', '/mining/tasks/bigpump', '/prove/code'])
      expect(reload([...mining, to(path)]).restored!.app.history).toEqual(['/', '/mining', path])
  })

  it('a claim or an autoclaim payment without an answer brings nothing back', () => {
    expect(
      reload([
        ...mining,
        e('mining/claimTapped'),
        e('mining/claimRequested', { idempotencyKey: 'k', windowStart: '2026-11-22T08:00:00.000Z' }),
      ]).journey,
    ).toBeNull()
    expect(
      reload([
        ...mining,
        e('mining/autoclaimOpened'),
        e('mining/autoclaimWayChosen', { way: 'stars' }),
        e('mining/autoclaimPayRequested', { way: 'stars' }),
      ]).journey,
    ).toBeNull()
  })

  it('staking: the confirm screen itself, with the amount, the period and the payment method; no key, no payment', () => {
    const { journey, restored } = reload(stakingConfirm)
    expect(currentLocation(restored!.app)).toBe('/mining/staking/confirm')
    expect(restored!.app.history).toEqual([
      '/',
      '/mining',
      '/mining/staking',
      '/mining/staking/paymentMethod',
      '/mining/staking/confirm',
    ])
    expect(journey!.staking).toEqual({
      form: { amount: '150,5', amountPreset: null, configPeriod: '6m', paymentMethod: 'stars', touched: true },
    })
    expect(restored!.staking.form).toEqual(journey!.staking!.form)
    expect(restored!.staking).toMatchObject({ deposit: { step: 'idle' }, request: null, configs: null, balance: null })
  })

  it('staking: a form left on the main screen comes back there; the configs read again keep the chosen period', () => {
    const { restored } = reload(stakingMain)
    expect(currentLocation(restored!.app)).toBe('/mining/staking')
    const read = fold(
      [{ type: 'staking/configsReceived', payload: { configs }, seq: 99, at: T0 } as AppEvent],
      restored!,
    )
    expect(read.staking.form).toMatchObject({ amount: '150,5', configPeriod: '6m', touched: true })
  })

  it('staking: a deposit sent, being paid or waiting for the server brings nothing back', () => {
    expect(reload([...stakingConfirm, ...tapped]).journey).toBeNull()
    expect(
      reload([...stakingConfirm, ...tapped, e('staking/depositOrdered', { way: 'stars', orderId: 'o-1' })]).journey,
    ).toBeNull()
    expect(
      reload([
        ...stakingConfirm,
        ...tapped,
        e('staking/depositOrdered', { way: 'stars', orderId: 'o-1' }),
        e('staking/invoiceClosed', { orderId: 'o-1', status: 'paid' }),
      ]).journey,
    ).toBeNull()
  })

  it('staking: a deposit made ends the journey, on the confirm or the success screen', () => {
    const made = [...stakingConfirm, ...tapped, e('staking/deposited', { deposit: null })]
    expect(reload(made).journey).toBeNull()
    expect(reload([...made, to('/mining/staking/successDeposit')]).journey).toBeNull()
  })

  it('staking: a cancelled payment comes back to the confirm with the form, without the failure', () => {
    const cancelled = [
      ...stakingConfirm,
      ...tapped,
      e('staking/depositOrdered', { way: 'stars', orderId: 'o-1' }),
      e('staking/invoiceClosed', { orderId: 'o-1', status: 'cancelled' }),
    ]
    const { restored } = reload(cancelled)
    expect(currentLocation(restored!.app)).toBe('/mining/staking/confirm')
    expect(restored!.staking.deposit).toEqual({ step: 'idle' })
    expect(restored!.staking.form.paymentMethod).toBe('stars')
  })

  it('an open burn comes back with the amount typed; a burn sent brings nothing; a burn done keeps the tab, not the sheet', () => {
    const burn: EventInput[] = [
      ...mining,
      to('/mining/tasks/boosts'),
      e('tasks/burnOpened', { code: 'burnFest' }),
      e('tasks/burnAmountChanged', { text: '25' }),
    ]
    const { restored } = reload(burn)
    expect(currentLocation(restored!.app)).toBe('/mining/tasks/boosts')
    expect(restored!.tasks.burn).toEqual({
      code: 'burnFest',
      text: '25',
      step: 'entry',
      amount: null,
      idempotencyKey: null,
      error: null,
    })
    const sent = [...burn, e('tasks/burnSent', { amount: '25', idempotencyKey: 'k' })]
    expect(reload(sent).journey).toBeNull()
    const done = reload([...sent, e('tasks/burned', { amount: '25' })])
    expect(currentLocation(done.restored!.app)).toBe('/mining/tasks/boosts')
    expect(done.journey).not.toHaveProperty('tasks')
    expect(done.restored!.tasks.burn.code).toBeNull()
  })

  it('the alliance name as typed comes back; a join without an answer brings nothing', () => {
    const typed = [...mining, to('/mining/guilds'), e('guilds/inputChanged', { text: 'punks' })]
    expect(reload(typed).restored!.guilds.input).toBe('punks')
    expect(
      reload([...typed, e('guilds/joinRequested', { name: 'punks', via: 'input', launch: null })]).journey,
    ).toBeNull()
  })

  it('proof of humanity: the route, never the code; a payment under way brings nothing; success ends it', () => {
    const code = [
      to('/prove'),
      to('/prove/code'),
      e('poh/codeTyped', { index: 0, text: '4' }),
      e('poh/codeTyped', { index: 1, text: '2' }),
    ]
    const { journey, restored } = reload(code)
    expect(currentLocation(restored!.app)).toBe('/prove/code')
    expect(JSON.stringify(journey)).not.toContain('"4"')
    expect(restored!.poh.code.digits).toEqual(['', '', '', '', '', ''])
    expect(
      reload([
        to('/prove'),
        e('poh/wayChosen', { way: 'stars' }),
        e('poh/transactionRequested', { way: 'stars', idempotencyKey: 'k' }),
      ]).journey,
    ).toBeNull()
    expect(reload([to('/prove'), to('/prove/success')]).journey).toBeNull()
  })

  it(`not after ${JOURNEY_MAX_AGE_MS / 60_000} minutes, nor for another user`, () => {
    expect(reload(stakingConfirm, { gap: JOURNEY_MAX_AGE_MS }).journey).not.toBeNull()
    expect(reload(stakingConfirm, { gap: JOURNEY_MAX_AGE_MS + 1 }).journey).toBeNull()
    expect(reload(mining, { gap: JOURNEY_MAX_AGE_MS + 1 }).journey).toBeNull()
    expect(reload(mining, { next: { user: { id: 42, firstName: 'Eve' } } }).journey).toBeNull()
  })

  it('the event is plain JSON, and restoring it twice gives the same state (a replay shows the same)', () => {
    const { journey } = reload(stakingConfirm)
    expect(JSON.parse(JSON.stringify(journey))).toEqual(journey)
    const next = { type: 'app/launched', payload: launch(), seq: 200, at: T0 } as AppEvent
    const restoredEvent = { type: 'app/journeyRestored', payload: journey, seq: 201, at: T0 } as AppEvent
    expect(fold([next, restoredEvent])).toEqual(fold([next, restoredEvent]))
  })
})

describe('a start parameter and a reload', () => {
  const sendForm: EventInput[] = [
    to('/send'),
    e('picker/tokenPicked', {
      purpose: 'send',
      token: { address: '0x0', chainId: 42161, symbol: 'USDT', name: 'Tether', decimals: 6, logoURI: '' },
    }),
    to('/send/info'),
    e('send/amountChanged', { value: '12.5' }),
  ]

  it('the same opening reloaded (Telegram hands it the same launch parameters) comes back; its link is not followed again', () => {
    const opened = { startParam: 'ref-123', authDate: 1_763_800_000 }
    const { restored } = reload(sendForm, { first: opened, next: opened })
    expect(currentLocation(restored!.app)).toBe('/send/info')
    expect(restored!.send.amount).toBe('12.5')
    const log = [{ type: 'app/launched', payload: launch(opened), seq: 1, at: T0 } as AppEvent]
    expect(
      startParamFollowed(log, {
        type: 'app/launched',
        payload: launch(opened),
        seq: 2,
        at: T0 + 1000,
      } as EventOf<'app/launched'>),
    ).toBe(true)
  })

  it('a link opened anew (signed at another time, or another parameter) opens where it leads', () => {
    expect(
      reload(sendForm, { first: { startParam: 'ref-123', authDate: 1 }, next: { startParam: 'ref-123', authDate: 2 } })
        .journey,
    ).toBeNull()
    expect(
      reload(sendForm, { first: { startParam: 'ref-123' }, next: { startParam: 'tab-boosts' } }).journey,
    ).toBeNull()
    expect(reload(sendForm, { next: { startParam: 'ref-123' } }).journey).toBeNull()
    const log = [
      { type: 'app/launched', payload: launch({ startParam: 'ref-123', authDate: 1 }), seq: 1, at: T0 } as AppEvent,
    ]
    expect(
      startParamFollowed(log, {
        type: 'app/launched',
        payload: launch({ startParam: 'ref-123', authDate: 2 }),
        seq: 2,
        at: T0 + 1000,
      } as EventOf<'app/launched'>),
    ).toBe(false)
    expect(
      startParamFollowed([], {
        type: 'app/launched',
        payload: launch({ startParam: 'ref-123' }),
        seq: 1,
        at: T0,
      } as EventOf<'app/launched'>),
    ).toBe(false)
  })
})

describe("each feature's part", () => {
  /** A state where every feature's draft differs from a fresh slice's. */
  const busy = reload([
    e('wallet/walletSelected', { accountIndex: 2 }),
    to('/refill/from'),
    e('picker/tokenPicked', {
      purpose: 'refill',
      token: { address: '0x1', chainId: 1, symbol: 'ETH', name: 'Ether', decimals: 18, logoURI: '' },
    }),
    ...stakingConfirm,
    to('/mining/guilds'),
    e('guilds/inputChanged', { text: 'punks' }),
    to('/mining/tasks/boosts'),
    e('tasks/burnOpened', { code: 'burnFest' }),
    e('tasks/burnAmountChanged', { text: '7' }),
  ]).before

  it('puts back into a fresh slice what it picked, and only that', () => {
    const route = { history: ['/'], accountIndex: 2 }
    for (const [key, part] of Object.entries(JOURNEYS) as [
      keyof typeof JOURNEYS,
      (typeof JOURNEYS)[keyof typeof JOURNEYS],
    ][]) {
      if (!('pick' in part) || part.pick === undefined) continue
      const pick = part.pick as (s: unknown) => unknown
      const restore = part.restore as (d: unknown, draft: unknown, r: typeof route) => void
      const draft = pick(busy[key as keyof RootState])
      expect(draft, key).not.toBeNull()
      const fresh = structuredClone(initialState[key as keyof RootState]) as object
      restore(fresh, structuredClone(draft), route)
      expect(pick(fresh), key).toEqual(draft)
    }
  })

  it('leaves its slice as it is when the journey kept nothing of it (a log recorded before it had a part)', () => {
    const route = { history: ['/'], accountIndex: 0 }
    for (const [key, part] of Object.entries(JOURNEYS)) {
      const restore = (part as { restore?: (d: unknown, draft: unknown, r: typeof route) => void }).restore
      if (restore === undefined) continue
      const fresh = structuredClone(initialState[key as keyof RootState])
      restore(fresh, undefined, route)
      expect(fresh, key).toEqual(initialState[key as keyof RootState])
    }
  })
})
