// @vitest-environment happy-dom
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { renderApp } from '../render'
import { launch } from '../../domain/fixtures/events'

let app: ReturnType<typeof renderApp> | null = null
afterEach(() => {
  app?.unmount()
  app = null
})
beforeAll(async () => {
  await import('../../../src/send/Send')
  await import('../../../src/refill/Refill')
  await import('../../../src/swap/SelectFrom')
  await import('../../../src/swap/SelectTo')
  await import('../../../src/picker/TokenPicker')
})

const token = (symbol: string, formattedAmount?: string, usdFormattedAmount?: number) => ({
  address: `0x${symbol.toLowerCase().padEnd(40, '0')}`,
  chainId: 42161 as const,
  decimals: 18,
  logoURI: '',
  name: `${symbol} token`,
  symbol,
  ...(formattedAmount === undefined ? {} : { formattedAmount, usdFormattedAmount }),
})

async function openPicker(path = '/send') {
  app = renderApp([{ type: 'app/launched', payload: launch() }, { type: 'app/navigated', payload: { to: path } }])
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0))
  })
  return app
}

describe('token picker', () => {
  it('[picker.16] [picker.17] [picker.18] picking sets the swap side and returns to /swap, goes on to /send/info, or to /refill/qr', async () => {
    const pickOn = async (path: string) => {
      await openPicker(path)
      app!.dispatch({ type: 'picker/pageReceived', payload: { query: '', chainId: app!.store.getState().picker.chainId, offset: 0, tokens: [token('USDT', '5', 5)] as never, total: 1 } })
      app!.click(app!.container.querySelector('[data-testid=picker-row] button, [data-testid=picker-row] [role=button]') ?? app!.container.querySelector('[data-testid=picker-row]'))
      const s = app!.store.getState()
      app!.unmount()
      app = null
      return s
    }
    const from = await pickOn('/selectNetwork/from')
    expect([from.app.history.at(-1), from.swap.from?.symbol]).toEqual(['/swap', 'USDT'])
    const to = await pickOn('/selectNetwork/to')
    expect([to.app.history.at(-1), to.swap.to?.symbol]).toEqual(['/swap', 'USDT'])
    const send = await pickOn('/send')
    expect([send.app.history.at(-1), send.send.token?.symbol]).toEqual(['/send/info', 'USDT'])
    const refill = await pickOn('/refill/to')
    expect([refill.app.history.at(-1), refill.refill.token?.symbol]).toEqual(['/refill/qr', 'USDT'])
  })

  it('[picker.8] [picker.9] skeleton rows under a coin-search box while the first page loads', async () => {
    await openPicker()
    expect((app!.container.querySelector('input[type=search]') as HTMLInputElement).placeholder).toBe('Search coin')
    expect(app!.container.querySelectorAll('.skeleton').length).toBeGreaterThan(5)
    expect(app!.container.querySelectorAll('[data-testid=picker-row]')).toHaveLength(0)
  })

  it('[picker.11] [wallet.10] a row shows the token, its name and network, the held amount to 4 decimals and its USD', async () => {
    await openPicker()
    app!.dispatch({ type: 'picker/pageReceived', payload: { query: '', chainId: null, offset: 0, tokens: [token('ETH', '1.123456789', 3932.1), token('UNI')] as never, total: 2 } })
    const rows = [...app!.container.querySelectorAll('[data-testid=picker-row]')].map((r) => r.textContent)
    expect(rows[0]).toBe('ETETHETH token · ARB1.1234$3\u202f932.10') // the icon's initials, then the cell
    expect(rows[1]).toBe('UNUNIUNI token · ARB')
  })
})
