import { describe, expect, it } from 'vitest'
import { JOURNEY_MAX_AGE_MS, restorableJourney } from '../../../domain/app/journey'
import { currentLocation } from '../../../domain/app/state'
import { type AppEvent, type EventInput, type EventOf } from '../../../domain/events'
import { fold } from '../../../domain/state'
import { launch } from '../fixtures/events'

const T0 = 1_763_800_000_000
const usdt = {
  address: '0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9',
  chainId: 42161,
  symbol: 'USDT',
  name: 'Tether',
  decimals: 6,
  logoURI: '',
} as never
const eth = {
  address: '0x0000000000000000000000000000000000000000',
  chainId: 42161,
  symbol: 'ETH',
  name: 'Ether',
  decimals: 18,
  logoURI: '',
} as never
const to = (path: string): EventInput => ({ type: 'app/navigated', payload: { to: path } })
const RECIPIENT = '0x1111111111111111111111111111111111111111'

const sendForm: EventInput[] = [
  to('/send'),
  { type: 'send/started', payload: {} },
  { type: 'picker/tokenPicked', payload: { purpose: 'send', token: usdt } },
  to('/send/info'),
  { type: 'send/addressChanged', payload: { value: RECIPIENT } },
  { type: 'send/amountChanged', payload: { value: '12.5' } },
  { type: 'send/commentChanged', payload: { value: 'rent' } },
]
const checked: EventInput[] = [
  { type: 'send/checkRequested', payload: { balance: '100' } },
  { type: 'send/checkPassed', payload: { fee: '0.0001', feeSymbol: 'ETH', idempotencyKey: 'k-1' } },
  to('/send/confirm'),
]

/** A session of `inputs` after its launch, then a reload `gap` ms after its last event. */
function reload(
  inputs: EventInput[],
  o: { gap?: number; next?: Parameters<typeof launch>[0]; first?: Parameters<typeof launch>[0] } = {},
) {
  const events = [{ type: 'app/launched', payload: launch(o.first) } as EventInput, ...inputs].map(
    (e, i) => ({ ...e, seq: i + 1, at: T0 + i * 1000 }) as AppEvent,
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
  return { journey, restored }
}

describe('a journey comes back after a reload', () => {
  it('the send form: the same screen, token, address, amount and comment, unchecked', () => {
    const { restored } = reload(sendForm)
    expect(currentLocation(restored!.app)).toBe('/send/info')
    expect(restored!.app.history).toEqual(['/', '/send', '/send/info'])
    expect(restored!.send).toMatchObject({
      token: usdt,
      to: RECIPIENT,
      amount: '12.5',
      comment: 'rent',
      isChecked: false,
      isLoading: false,
      idempotencyKey: null,
      fee: null,
    })
  })

  it('from the confirm screen: back to the form, the check to be passed again (no fee, no key)', () => {
    const { restored } = reload([...sendForm, ...checked])
    expect(restored!.app.history).toEqual(['/', '/send', '/send/info'])
    expect(restored!.send).toMatchObject({ amount: '12.5', isChecked: false, idempotencyKey: null, fee: null })
  })

  it('a send whose answer had not come, or a finished one, brings nothing back: home shows what happened', () => {
    expect(reload([...sendForm, ...checked, { type: 'send/confirmRequested', payload: {} }]).journey).toBeNull()
    expect(
      reload([
        ...sendForm,
        ...checked,
        { type: 'send/confirmRequested', payload: {} },
        { type: 'send/sent', payload: { txId: null } },
        to('/send/success'),
      ]).journey,
    ).toBeNull()
  })

  it('a swap draft: both tokens and the amount on /swap, the quote asked anew; an execution under way brings nothing', () => {
    const swap: EventInput[] = [
      to('/swap'),
      to('/selectNetwork/from'),
      { type: 'picker/tokenPicked', payload: { purpose: 'swapFrom', token: usdt } },
      to('/swap'),
      to('/selectNetwork/to'),
      { type: 'picker/tokenPicked', payload: { purpose: 'swapTo', token: eth } },
      to('/swap'),
      { type: 'swap/amountChanged', payload: { value: '10' } },
      to('/confirmSwap'),
    ]
    const { restored } = reload(swap)
    expect(restored!.app.history).toEqual(['/', '/swap'])
    expect(restored!.swap).toMatchObject({
      from: usdt,
      to: eth,
      amount: '10',
      quote: null,
      executing: false,
      confirmPending: false,
    })
    expect(reload([...swap, { type: 'swap/confirmTapped', payload: {} }]).journey).toBeNull()
  })

  it('the copy-trade form: trader, network, asset, deposit and share per trade; the assets are asked again; a start under way brings nothing', () => {
    const asset = {
      address: usdt,
      chainId: 42161,
      symbol: 'USDT',
      tokensAmount: '500',
      usdAmount: 500,
      tokensCost: 1,
      decimals: 6,
    } as never
    const form: EventInput[] = [
      to('/copyTrade/traderAddress'),
      { type: 'copyTrade/addressChanged', payload: { value: RECIPIENT } },
      to('/copyTrade/chooseNetwork'),
      { type: 'copyTrade/networkChosen', payload: { chainId: 42161 } },
      to('/copyTrade/chooseTokens'),
      { type: 'copyTrade/assetChosen', payload: { asset } },
      to('/copyTrade/traderDeposit'),
      { type: 'copyTrade/depositChanged', payload: { value: '150' } },
      { type: 'copyTrade/anteChanged', payload: { percent: 30 } },
    ]
    const { restored } = reload(form)
    expect(currentLocation(restored!.app)).toBe('/copyTrade/traderDeposit')
    expect(restored!.copyTrade).toMatchObject({
      traderAddress: RECIPIENT,
      chainId: 42161,
      asset,
      deposit: '150',
      antePercent: 30,
      submitting: false,
      idempotencyKey: null,
    })
    expect(restored!.copyTrade.assets).toEqual({ chainId: 42161, data: null, loading: true, error: null })
    expect(reload([...form, { type: 'copyTrade/startRequested', payload: {} }]).journey).toBeNull()
  })

  it('only the money journeys come back: a reload on the report screen or the launchpad link opens home', () => {
    expect(reload([to('/report')]).journey).toBeNull()
    expect(reload([to('/bigpump')]).journey).toBeNull()
    expect(reload([to('/refill/from'), to('/refill/to')]).journey).not.toBeNull()
    expect(reload([to('/copyTrade/traderAddress')]).journey).not.toBeNull()
  })

  it('the selected wallet comes back with the journey', () => {
    const { restored } = reload([{ type: 'wallet/walletSelected', payload: { accountIndex: 2 } }, ...sendForm])
    expect(restored!.wallet.selectedIndex).toBe(2)
    expect(restored!.swap.accountIndex).toBe(2)
    expect(restored!.copyTrade.accountIndex).toBe(2)
  })

  it(`only a reload: the same user at the same place, no start parameter, within ${JOURNEY_MAX_AGE_MS / 60_000} minutes`, () => {
    expect(reload(sendForm, { gap: JOURNEY_MAX_AGE_MS }).journey).not.toBeNull()
    expect(reload(sendForm, { gap: JOURNEY_MAX_AGE_MS + 1 }).journey).toBeNull()
    expect(reload(sendForm, { next: { user: { id: 42, firstName: 'Eve' } } }).journey).toBeNull()
    expect(reload(sendForm, { next: { startParam: 'chainId-1' } }).journey).toBeNull()
    expect(reload(sendForm, { next: { location: '/?selectedWalletIndex=1' } }).journey).toBeNull()
    expect(reload([]).journey).toBeNull() // home: nothing to come back to
  })

  it('a journey restored once comes back again after a second reload', () => {
    const { journey } = reload(sendForm)
    const first = [{ type: 'app/launched', payload: launch() }, ...sendForm].map(
      (e, i) => ({ ...e, seq: i + 1, at: T0 + i * 1000 }) as AppEvent,
    )
    const second = { type: 'app/launched', payload: launch(), seq: 100, at: T0 + 60_000 } as EventOf<'app/launched'>
    const restored = { type: 'app/journeyRestored', payload: journey!, seq: 101, at: T0 + 60_000 } as AppEvent
    const third = { type: 'app/launched', payload: launch(), seq: 102, at: T0 + 120_000 } as EventOf<'app/launched'>
    expect(restorableJourney([...first, second, restored, third], third)).toMatchObject({
      history: ['/', '/send', '/send/info'],
      send: { amount: '12.5' },
      from: 101,
    })
  })
})
