// @vitest-environment happy-dom
/** Bad answers on the swap quote (both kinds) and the send dry run. See ./scene.tsx for the property. */
import { beforeAll, describe, expect, it } from 'vitest'
import { selectPath } from '../../../src/app/selectors'
import { ETH_ARB, TON, USDC_ARB, USDT_TON } from '../../domain/swap/fixtures'
import { EVM_ADDRESS, balances } from './answers'
import { SCENE_TIMEOUT_MS, type Scene, type SceneApp, checkScene, ev } from './scene'

beforeAll(async () => {
  await Promise.all(Object.values(import.meta.glob(['../../../src/{swap,send}/*.tsx'])).map((load) => load()))
})

const held = ev('wallet/balancesReceived', { accountIndex: 0, balances })
const mainAction = (s: SceneApp) => s.tap(s.app.mainAction())

/** A pair picked and an amount typed; the quote is asked for at once (as Try again does), not after the 1 s debounce. */
const swapScene = (
  name: string,
  from: typeof USDC_ARB,
  to: typeof ETH_ARB,
  amount: string,
  call: 'fetchRoute' | 'simulateTonSwap',
): Scene => ({
  name,
  events: [
    held,
    ev('picker/tokenPicked', { purpose: 'swapFrom', token: from }),
    ev('picker/tokenPicked', { purpose: 'swapTo', token: to }),
    ev('swap/amountChanged', { value: amount }),
    ev('app/navigated', { to: '/swap' }),
  ],
  later: [ev('swap/retryRequested')],
  // swap.16-17: 'could not find route' with a retry that asks for the quote again.
  calls: { [call]: { shows: ['swap.not-found'], forward: { tap: 'swap.retry' } } },
  loaded(s) {
    expect(s.app.text()).toContain(s.t('swap.details'))
    expect(s.app.container.querySelector('[data-testid="swap-to"] output')?.textContent).toMatch(/\d/)
  },
})

/** The send form filled in; Continue runs the dry run (send.12-15). */
const send: Scene = {
  name: 'send dry run',
  events: [
    held,
    ev('send/started'),
    ev('picker/tokenPicked', {
      purpose: 'send',
      token: { address: USDC_ARB.address, chainId: 42161, decimals: 6, logoURI: '', name: 'USD Coin', symbol: 'USDC' },
    }),
    ev('send/addressChanged', { value: EVM_ADDRESS }),
    ev('send/amountChanged', { value: '12.5' }),
    ev('app/navigated', { to: '/send/info' }),
  ],
  act: mainAction,
  // A failure shows in its words (a refusal: the server's, send.14-15); Continue again.
  calls: { transfer: { shows: ['error'], forward: { step: mainAction } } },
  loaded(s) {
    expect(selectPath(s.app.store.getState())).toBe('/send/confirm')
    expect(s.app.text()).toMatch(/0[.,]0001 ETH/)
  },
}

describe('bad answers: the swap quote and the send dry run', () => {
  it(
    'the swap quote (fetchRoute)',
    async () => {
      await checkScene(swapScene('swap quote', USDC_ARB, ETH_ARB, '10', 'fetchRoute'))
    },
    SCENE_TIMEOUT_MS,
  )

  it(
    'the swap quote of a TON pair (simulate-swap)',
    async () => {
      await checkScene(swapScene('TON swap quote', TON, USDT_TON, '1', 'simulateTonSwap'))
    },
    SCENE_TIMEOUT_MS,
  )

  it(
    'the send dry run',
    async () => {
      await checkScene(send)
    },
    SCENE_TIMEOUT_MS,
  )
})
