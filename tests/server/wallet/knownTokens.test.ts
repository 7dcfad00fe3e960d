/** The token search's order and balances: the selected wallet's holdings, held tokens first. */
import { describe, expect, it } from 'vitest'
import { isRight } from 'fp-ts/lib/Either'
import { endpoints } from '../../../domain/api/endpoints'
import { newUser, useServer } from '../helpers'
import { heldFirst } from '../../../domain/picker/rules'

const srv = useServer()
type Row = { symbol: string; chainId: unknown; formattedAmount?: string; usdFormattedAmount?: number }

async function search(user: ReturnType<typeof newUser>, body: Record<string, unknown>): Promise<Row[]> {
  const r = await srv.call('/knownTokens', user, {
    chainId: null,
    searchText: '',
    tokenAddress: '',
    sliceProps: { limit: 20, offset: 0 },
    ...body,
  })
  expect(r.status).toBe(200)
  expect(isRight(endpoints.knownTokens.response.decode(r.body))).toBe(true)
  return Object.values((r.body as { tokens: Record<string, Row[]> }).tokens).flat()
}
const held = (rows: Row[]) =>
  rows
    .filter((t) => t.formattedAmount !== undefined)
    .map((t) => `${t.symbol}:${t.chainId}:${t.formattedAmount}`)
    .sort()

describe('knownTokens for a wallet', () => {
  it("the rows carry the balances of the wallet the request names (Wallet 2 holds 0.1 ETH on Arbitrum, not Wallet 1's 0.5)", async () => {
    const user = newUser()
    expect(held(await search(user, { accountIndex: 1 }))).toEqual(['ETH:42161:0.1', 'TON:TON:5'])
    expect(
      (await search(user, { accountIndex: 0, chainId: 42161, searchText: 'eth' })).find((t) => t.symbol === 'ETH')
        ?.formattedAmount,
    ).toBe('0.5')
    expect(
      (await search(user, { accountIndex: 1, chainId: 42161, searchText: 'eth' })).find((t) => t.symbol === 'ETH')
        ?.formattedAmount,
    ).toBe('0.1')
  })

  it('what the wallet holds comes first, across pages: every held token before any other', async () => {
    const user = newUser()
    // Wallet 1 holds 21 tokens: more than a page, so the held ones fill page one and start page two
    const pages: Row[][] = []
    for (let offset = 0; offset < 60; offset += 20)
      pages.push(await search(user, { accountIndex: 0, sliceProps: { limit: 20, offset } }))
    // a page comes grouped by chain; the client puts each page back in order (heldFirst)
    const flags = pages.map((page) => heldFirst(page).map((t) => t.formattedAmount !== undefined))
    expect(flags[0].every(Boolean)).toBe(true)
    const all = flags.flat()
    expect(all.filter(Boolean).length).toBe(21)
    expect(all.indexOf(false)).toBe(all.filter(Boolean).length) // no held token after the first one not held
    // a text search too: ETH on Arbitrum (held by Wallet 2) before ETH on the other chains
    const eth = await search(user, { accountIndex: 1, searchText: 'eth', sliceProps: { limit: 1, offset: 0 } })
    expect(eth.map((t) => `${t.symbol}:${t.chainId}`)).toEqual(['ETH:42161'])
  })
})
