import { describe, expect, it } from 'vitest'
import { fold } from '../../../domain/state'
import { refillAddress } from '../../../domain/refill/rules'
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

describe('refill', () => {
  it('picking a token for a deposit keeps it; a token picked for another purpose does not', () => {
    const ton = token('TON', 'TON')
    const s = fold(
      stamp([
        { type: 'picker/tokenPicked', payload: { purpose: 'refill', token: ton } },
        { type: 'picker/tokenPicked', payload: { purpose: 'send', token: token('ETH') } },
      ]),
    )
    expect(s.refill.token).toEqual(ton)
  })

  it('[refill.5] [refill.6] the address is the TON unbounceable one on TON, the EVM one on any other chain', () => {
    const wallet = { address: '0xEVM', tonUnbouncableAddress: 'UQTON' }
    expect(refillAddress(token('TON', 'TON'), wallet)).toBe('UQTON')
    for (const chainId of [1, 10, 42161, 8453, 324] as const)
      expect(refillAddress(token('USDT', chainId), wallet)).toBe('0xEVM')
  })
})
