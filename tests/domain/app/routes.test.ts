import { describe, expect, it } from 'vitest'
import { back, backTarget, isInnerScreen, navigate } from '../../../domain/app/routes'
import { fold } from '../../../domain/state'
import type { EventInput } from '../../../domain/events'
import { launch, stamp } from '../fixtures/events'

describe('back targets', () => {
  it('back targets (app.14): without a fixed target, back returns to the previous path', () => {
    expect(backTarget(['/', '/swap', '/selectNetwork/from'])).toBe('/swap')
    expect(backTarget(['/send/info'])).toBe('/')
  })
  it('back targets (app.14): screens with their own target use it', () => {
    expect(backTarget(['/', '/swap', '/confirmSwap'])).toBe('/')
    expect(backTarget(['/', '/copyTrade/traderArchive', '/trade?tradeID=7'])).toBe('/copyTrade/traderArchive')
  })
})

describe('the back button', () => {
  it('[app.14] inner screens show the back button; a press returns to the previous path unless the screen names its own target', () => {
    for (const tab of ['/', '/mining', '/mining/frens']) expect([tab, isInnerScreen(tab)]).toEqual([tab, false])
    for (const inner of ['/swap', '/send/info', '/refill/to', '/mining/staking', '/trade'])
      expect([inner, isInnerScreen(inner)]).toEqual([inner, true])
    const press = (...paths: string[]) => {
      const [first, ...rest] = paths
      return fold(
        stamp([
          { type: 'app/launched', payload: launch({ location: first }) },
          ...rest.map((to): EventInput => ({ type: 'app/navigated', payload: { to } })),
          { type: 'app/backPressed', payload: {} },
        ]),
      ).app.history.at(-1)
    }
    // no target of its own: wherever it was opened from
    expect(press('/', '/swap', '/send/info')).toBe('/swap')
    expect(press('/', '/mining', '/send/info')).toBe('/mining')
    // a target of its own wins over the previous path
    expect(press('/', '/mining', '/refill/to')).toBe('/refill/from')
    expect(press('/', '/mining', '/confirmSwap')).toBe('/')
  })
})

describe('navigation that never traps', () => {
  const walk = (inputs: EventInput[]) =>
    fold(stamp([{ type: 'app/launched', payload: launch() }, ...inputs])).app.history
  const to = (path: string): EventInput => ({ type: 'app/navigated', payload: { to: path } })
  const backPress: EventInput = { type: 'app/backPressed', payload: {} }

  it('both swap tokens chosen: the pickers leave no entry, and one back press from /swap returns home', () => {
    const history = walk([to('/swap'), to('/selectNetwork/from'), to('/swap'), to('/selectNetwork/to'), to('/swap')])
    expect(history).toEqual(['/', '/swap'])
    expect(
      fold(
        stamp([
          { type: 'app/launched', payload: launch() },
          to('/swap'),
          to('/selectNetwork/from'),
          to('/swap'),
          to('/selectNetwork/to'),
          to('/swap'),
          backPress,
        ]),
      ).app.history,
    ).toEqual(['/'])
  })

  it('the send token choice opened from /send/info returns to it without piling up entries', () => {
    expect(walk([to('/send'), to('/send/info'), to('/send'), to('/send/info'), to('/send'), to('/send/info')])).toEqual(
      ['/', '/send', '/send/info'],
    )
    // opened on /send/info alone (nothing below it), the choice still hands back without a trace
    expect(navigate(navigate(['/', '/send/info'], '/send'), '/send/info')).toEqual(['/', '/send/info'])
  })

  it('refill: asking for another token from /refill/qr goes back to the picker, then its fixed back target', () => {
    const history = walk([to('/refill/from'), to('/refill/to'), to('/refill/qr'), to('/refill/to'), to('/refill/qr')])
    expect(history).toEqual(['/', '/refill/from', '/refill/to', '/refill/qr'])
    expect(back(back(history))).toEqual(['/', '/refill/from'])
  })

  it('copy trade: network and asset chosen again from the deposit form leave one entry each', () => {
    const history = walk([
      to('/copyTrade/traderAddress'),
      to('/copyTrade/chooseNetwork'),
      to('/copyTrade/chooseTokens'),
      to('/copyTrade/traderDeposit'),
      to('/copyTrade/chooseTokens'),
      to('/copyTrade/chooseNetwork'),
      to('/copyTrade/chooseTokens'),
      to('/copyTrade/traderDeposit'),
    ])
    expect(history).toEqual([
      '/',
      '/copyTrade/traderAddress',
      '/copyTrade/chooseNetwork',
      '/copyTrade/chooseTokens',
      '/copyTrade/traderDeposit',
    ])
  })

  it('a screen that only routes on still takes its own place; Done back home clears the journey', () => {
    expect(navigate(['/', '/copyTrade'], '/copyTrade/traderArchive', true)).toEqual(['/', '/copyTrade/traderArchive'])
    expect(navigate(['/', '/swap', '/confirmSwap'], '/')).toEqual(['/'])
    expect(navigate(['/', '/copyTrade/traderArchive', '/trade?tradeID=1'], '/trade?tradeID=2')).toEqual([
      '/',
      '/copyTrade/traderArchive',
      '/trade?tradeID=1',
      '/trade?tradeID=2',
    ])
  })
})
