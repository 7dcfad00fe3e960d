/** A held deposit asset and a trade, shaped as the server answers them. */
export const USDT = {
  address: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9',
  chainId: 42161 as const,
  tokensAmount: '500',
  usdAmount: 500,
  tokensCost: 1,
  decimals: 6,
  symbol: 'USDT',
  name: 'Tether',
  logoURI: '',
}
export const trade = (id: string, over: object = {}) => ({
  _id: id,
  accountIndex: 0,
  chainId: 42161 as const,
  followedAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
  ante: 0.1,
  protocols: ['uniswapUniversalRouter'],
  depositInNano: '100000000',
  fromToken: USDT.address,
  dttmAdded: '2026-11-20T12:00:00.000Z',
  token: { logoURI: '', name: 'USDT' },
  deposit: { usd: 100, eth: 0.028571 },
  ...over,
})
