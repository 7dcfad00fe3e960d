// @vitest-environment happy-dom
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
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
  app = renderApp([
    { type: 'app/launched', payload: launch() },
    { type: 'app/navigated', payload: { to: path } },
  ])
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0))
  })
  return app
}

describe('token picker', () => {
  it('[picker.7] the next page is asked when 10 % of the loader is visible, not before', async () => {
    const observers: {
      callback: (entries: { isIntersecting: boolean }[]) => void
      threshold: unknown
      observed: Element[]
    }[] = []
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observed: Element[] = []
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void, options?: { threshold?: unknown }) {
          observers.push({ callback, threshold: options?.threshold, observed: this.observed })
        }
        observe(el: Element) {
          this.observed.push(el)
        }
        disconnect() {}
      },
    )
    try {
      await openPicker()
      const tokens = Array.from({ length: 20 }, (_, i) => token(`T${i}`))
      app!.dispatch({
        type: 'picker/pageReceived',
        payload: {
          query: '',
          chainId: app!.store.getState().picker.chainId,
          offset: 0,
          tokens: tokens as never,
          total: 45,
        },
      })
      await act(async () => {
        await new Promise((r) => setTimeout(r, 0))
      })
      const watching = observers.at(-1)!
      // the browser calls back as the loader crosses 10 % visible: the observer's one threshold
      expect(watching.threshold).toBe(0.1)
      expect(watching.observed).toHaveLength(1)
      const asked = () => app!.dispatched.filter((e) => e.type === 'picker/pageRequested')
      act(() => {
        watching.callback([{ isIntersecting: false }])
      })
      expect(asked()).toHaveLength(0)
      act(() => {
        watching.callback([{ isIntersecting: true }])
      })
      expect(asked().map((e) => e.payload)).toEqual([{ offset: 20 }])
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('[picker.16] [picker.17] [picker.18] picking sets the swap side and returns to /swap, goes on to /send/info, or to /refill/qr', async () => {
    const pickOn = async (path: string) => {
      await openPicker(path)
      app!.dispatch({
        type: 'picker/pageReceived',
        payload: {
          query: '',
          chainId: app!.store.getState().picker.chainId,
          offset: 0,
          tokens: [token('USDT', '5', 5)] as never,
          total: 1,
        },
      })
      app!.click(
        app!.container.querySelector('[data-testid=picker-row] button, [data-testid=picker-row] [role=button]') ??
          app!.container.querySelector('[data-testid=picker-row]'),
      )
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
    // once the page lands the skeletons give way to the rows
    app!.dispatch({
      type: 'picker/pageReceived',
      payload: {
        query: '',
        chainId: app!.store.getState().picker.chainId,
        offset: 0,
        tokens: [token('USDT', '5', 5)] as never,
        total: 1,
      },
    })
    expect(app!.container.querySelectorAll('[data-testid=picker-row]')).toHaveLength(1)
    expect(app!.container.querySelectorAll('.skeleton')).toHaveLength(0)
  })

  it('[picker.11] [wallet.10] a row shows the token, its name and network, the held amount to 4 decimals and its USD', async () => {
    await openPicker()
    app!.dispatch({
      type: 'picker/pageReceived',
      payload: {
        query: '',
        chainId: null,
        offset: 0,
        tokens: [token('ETH', '1.123456789', 3932.1), token('UNI')] as never,
        total: 2,
      },
    })
    const rows = [...app!.container.querySelectorAll('[data-testid=picker-row]')].map((r) => r.textContent)
    expect(rows[0]).toBe('ETETHETH token · ARB1.1234$3,932.10') // the icon's initials, then the cell
    expect(rows[1]).toBe('UNUNIUNI token · ARB')
  })

  it('held amounts in the language\'s form; 0.00000001 WBTC reads "< 0.0001", never 0; a long one sheds decimals, then reads compact', async () => {
    const figures = () =>
      [...app!.container.querySelectorAll('[data-testid=picker-row] .cell__after')].map((r) =>
        (r.textContent ?? '').replace(/[\u00a0\u202f]/g, ' '),
      )
    const page = {
      query: '',
      chainId: null,
      offset: 0,
      tokens: [
        token('WBTC', '0.00000001', 0.001),
        token('USDC', '1234.5', 1234.5),
        token('PUNK', '12345.678912', 12),
        token('ZRO', '123456789.123456', 12),
      ] as never,
      total: 4,
    }
    await openPicker()
    app!.dispatch({ type: 'picker/pageReceived', payload: page })
    expect(figures()).toEqual(['< 0.0001$0.00', '1,234.5$1,234.50', '12,345.678$12.00', '123.45M$12.00'])
    app!.unmount()
    app = renderApp([
      { type: 'app/launched', payload: launch({ user: { id: 1000001, firstName: 'Демо', languageCode: 'ru' } }) },
      { type: 'app/navigated', payload: { to: '/send' } },
    ])
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0))
    })
    app.dispatch({ type: 'picker/pageReceived', payload: page })
    expect(figures()).toEqual(['< 0,00010,00 $', '1 234,51 234,50 $', '12 345,67812,00 $', '123,45 млн12,00 $'])
  })

  it('a search limited to one network says so, and when nothing matches there offers the matches on the other networks', async () => {
    await openPicker('/send')
    app!.dispatch({ type: 'picker/networkChanged', payload: { chainId: 42161 } })
    app!.dispatch({ type: 'picker/queryChanged', payload: { query: 'degen' } })
    expect(app!.container.querySelector('[data-testid=picker-limited]')?.textContent).toBe(
      'Searching ARB only. Search all networks',
    )
    app!.dispatch({
      type: 'picker/pageReceived',
      payload: { query: 'degen', chainId: 42161, offset: 0, tokens: [], total: 0 },
    })
    const degen = { ...token('DEGEN'), chainId: 8453 as const, name: 'Degen' }
    app!.dispatch({
      type: 'picker/elsewhereReceived',
      payload: { query: 'degen', chainId: 42161, tokens: [degen as never] },
    })
    expect(app!.text()).toContain('No “degen” on ARB. Found on other networks:')
    const rows = app!.container.querySelectorAll('[data-testid=picker-elsewhere-row]')
    expect([...rows].map((r) => r.textContent)).toEqual(['DEDEGENDegen · Base'])
    // picking one takes it, on its own network
    app!.click(rows[0].querySelector('button, [role=button]') ?? rows[0])
    expect(app!.store.getState().send.token).toMatchObject({ symbol: 'DEGEN', chainId: 8453 })
    expect(app!.store.getState().app.history.at(-1)).toBe('/send/info')
  })

  it('"Search all networks" lifts the limit; the swap\'s to side, which offers no "All", offers only its pairing networks', async () => {
    await openPicker('/send')
    app!.dispatch({ type: 'picker/networkChanged', payload: { chainId: 42161 } })
    app!.click(app!.button('Search all networks'))
    expect(app!.store.getState().picker.chainId).toBeNull()
    expect(app!.container.querySelector('[data-testid=picker-limited]')).toBeNull()
    app!.unmount()
    // the to side of a swap from an Arbitrum token: a TON match is not offered, an EVM one is
    app = renderApp([
      { type: 'app/launched', payload: launch() },
      { type: 'picker/tokenPicked', payload: { purpose: 'swapFrom', token: token('USDT') as never } },
      { type: 'app/navigated', payload: { to: '/selectNetwork/to' } },
    ])
    app.dispatch({ type: 'picker/queryChanged', payload: { query: 'degen' } })
    expect(app.container.querySelector('[data-testid=picker-limited]')?.textContent).toBe('Searching ARB only. ')
    app.dispatch({
      type: 'picker/pageReceived',
      payload: { query: 'degen', chainId: 42161, offset: 0, tokens: [], total: 0 },
    })
    const on = (chainId: 8453 | 'TON') => ({ ...token('DEGEN'), chainId }) as never
    app.dispatch({
      type: 'picker/elsewhereReceived',
      payload: { query: 'degen', chainId: 42161, tokens: [on('TON'), on(8453)] },
    })
    expect([...app.container.querySelectorAll('[data-testid=picker-elsewhere-row]')].map((r) => r.textContent)).toEqual(
      ['DEDEGENDEGEN token · Base'],
    )
  })
})

describe('token picker: a page answered with a repeated token', () => {
  it('shows each row the answer names, and the next answer replaces every one of them (no stale row under a shared key)', async () => {
    await openPicker()
    const chainId = app!.store.getState().picker.chainId
    const page = (tokens: ReturnType<typeof token>[]) => ({
      type: 'picker/pageReceived' as const,
      payload: { query: '', chainId, offset: 0, tokens: tokens as never, total: tokens.length },
    })
    const rows = () =>
      [...app!.container.querySelectorAll('[data-testid="picker-row"]')].map((r) => r.textContent ?? '')
    app!.dispatch(page([token('USDT'), token('USDT'), token('DAI')]))
    expect(rows()).toHaveLength(3)
    app!.dispatch(page([token('ARB')]))
    expect(rows()).toHaveLength(1)
    expect(rows().join(' ')).not.toMatch(/USDT|DAI/)
  })
})
