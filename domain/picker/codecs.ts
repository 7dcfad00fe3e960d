/** The token picker's codecs (doc 1 §7): the tokens known at an address. */
import * as t from 'io-ts'
import { ChainIdC } from '../api/codecs'
import { Token } from '../wallet/codecs'

/** picker.5 */
export const KnownTokensRequest = t.intersection([
  t.type({
    chainId: t.union([ChainIdC, t.null]),
    searchText: t.string,
    tokenAddress: t.string,
    sliceProps: t.type({ limit: t.number, offset: t.number }),
  }),
  /** Not in the spec's list: whose balances the rows carry (picker.11); the server's default is the first wallet. */
  t.partial({ accountIndex: t.number }),
])
export type KnownTokensRequest = t.TypeOf<typeof KnownTokensRequest>
export const KnownTokens = t.type({
  tokens: t.record(t.string, t.array(Token)),
  tokenAmount: t.number,
})
export type KnownTokens = t.TypeOf<typeof KnownTokens>
