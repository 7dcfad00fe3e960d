import { describe, expect, it } from 'vitest'
import {
  PICKED_ROUTE,
  PICKER_PAGE_SIZE,
  SEARCH_DEBOUNCE_MS,
  heldFirst,
  pastedSearch,
  searchKind,
} from '../../../domain/picker/rules'
import { fold } from '../../../domain/state'
import { stamp } from '../fixtures/events'
import type { Token } from '../../../domain/wallet/codecs'

const token = (symbol: string, chainId: Token['chainId'] = 1): Token => ({
  address: `0x${symbol.padEnd(40, '0')}`,
  chainId,
  decimals: 18,
  logoURI: '',
  name: symbol,
  symbol,
})

describe('token picker rules', () => {
  it('[picker.1] 0x + 40 hex is an address search', () => {
    expect(searchKind('0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9')).toBe('address')
    expect(searchKind('0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb')).toBe('text')
    expect(searchKind('0xZd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9')).toBe('text')
    expect(searchKind('0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9')).toBe('address')
    // 41 hex digits: 43 characters, neither 0x + 40 nor 48 long
    expect(searchKind('0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb91')).toBe('text')
  })
  it('[picker.2] exactly 48 characters is an address search', () => {
    expect(searchKind('EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs')).toBe('address')
    expect(searchKind('EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sD')).toBe('text')
    expect(searchKind('EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDsX')).toBe('text')
    // any 48 characters, not only a TON address
    expect(searchKind('x'.repeat(48))).toBe('address')
  })
  it('[picker.3] anything else is a text search', () => {
    for (const q of ['usdt', 'Tether USD', '', '0x12']) expect(searchKind(q)).toBe('text')
  })
  it('the page size (picker.6) and the search debounce (picker.4) constants', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(300)
    expect(PICKER_PAGE_SIZE).toBe(20)
  })
  it('[picker.14] pasted text becomes the search only when it starts with 0x; anything else clears it', () => {
    expect(pastedSearch(' 0xabc ')).toBe('0xabc')
    expect(pastedSearch('hello')).toBe('')
    expect(pastedSearch('EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs')).toBe('')
  })
  it('held tokens come first, the largest USD value first; the rest keep their order', () => {
    const held = (symbol: string, usd: number, chainId: Token['chainId'] = 1): Token => ({
      ...token(symbol, chainId),
      formattedAmount: '1' as never,
      usdFormattedAmount: usd,
    })
    const page = [
      token('AAVE'),
      held('ETH', 390, 42161),
      token('DAI'),
      held('TON', 15, 'TON'),
      held('ZRO', 0),
      token('UNI'),
    ]
    expect(heldFirst(page).map((t) => t.symbol)).toEqual(['ETH', 'TON', 'ZRO', 'AAVE', 'DAI', 'UNI'])
    expect(heldFirst([])).toEqual([])
  })
  it('where picking leads (picker.16-18): back to /swap, to /send/info, or to /refill/qr', () => {
    expect(PICKED_ROUTE).toEqual({ refill: '/refill/qr', send: '/send/info', swapFrom: '/swap', swapTo: '/swap' })
  })
})

describe('picker state', () => {
  it('pages append in order; an answer for an old query never shows', () => {
    const s = fold(
      stamp([
        { type: 'picker/opened', payload: { purpose: 'refill' } },
        {
          type: 'picker/pageReceived',
          payload: { query: '', chainId: null, offset: 0, tokens: [token('A'), token('B')], total: 3 },
        },
        { type: 'picker/queryChanged', payload: { query: 'us' } },
        {
          type: 'picker/pageReceived',
          payload: { query: '', chainId: null, offset: 2, tokens: [token('C')], total: 3 },
        },
        {
          type: 'picker/pageReceived',
          payload: { query: 'us', chainId: null, offset: 0, tokens: [token('USDT')], total: 1 },
        },
      ]),
    )
    expect(s.picker.tokens.map((t) => t.symbol)).toEqual(['USDT'])
    expect(s.picker.total).toBe(1)
    expect(s.picker.loadingOffset).toBeNull()
  })

  it('a network change restarts the list for that network (picker.10)', () => {
    const s = fold(
      stamp([
        { type: 'picker/opened', payload: { purpose: 'send' } },
        {
          type: 'picker/pageReceived',
          payload: { query: '', chainId: null, offset: 0, tokens: [token('A')], total: 1 },
        },
        { type: 'picker/networkChanged', payload: { chainId: 'TON' } },
      ]),
    )
    expect(s.picker).toMatchObject({ chainId: 'TON', tokens: [], total: null, loadingOffset: 0 })
  })

  it('a search limited to one network that finds nothing keeps the matches on the other networks; a new search forgets them', () => {
    const events = stamp([
      { type: 'picker/opened', payload: { purpose: 'swapTo', chainId: 42161 } },
      { type: 'picker/queryChanged', payload: { query: 'degen' } },
      { type: 'picker/pageReceived', payload: { query: 'degen', chainId: 42161, offset: 0, tokens: [], total: 0 } },
      {
        type: 'picker/elsewhereReceived',
        payload: { query: 'degen', chainId: 42161, tokens: [token('DEGEN', 8453), token('DEGEN', 42161)] },
      },
    ])
    const s = fold(events)
    expect(s.picker.elsewhere?.map((t) => `${t.symbol}:${t.chainId}`)).toEqual(['DEGEN:8453'])
    expect(
      fold([...events, ...stamp([{ type: 'picker/queryChanged', payload: { query: 'deg' } }], 2e12)]).picker.elsewhere,
    ).toBeNull()
    // an answer for another query or network is not kept
    const stale = fold(
      stamp([
        { type: 'picker/opened', payload: { purpose: 'swapTo', chainId: 42161 } },
        { type: 'picker/queryChanged', payload: { query: 'deg' } },
        {
          type: 'picker/elsewhereReceived',
          payload: { query: 'degen', chainId: 42161, tokens: [token('DEGEN', 8453)] },
        },
      ]),
    )
    expect(stale.picker.elsewhere).toBeNull()
  })
})
