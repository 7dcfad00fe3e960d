/**
 * What a history entry's detail reads: the fee with its coin, the status, the
 * transaction reference, the counterparty and the comment, on every kind of entry; each answer
 * decodes with the client's codec.
 */
import { describe, expect, it } from 'vitest'
import { isRight } from 'fp-ts/lib/Either'
import { endpoints } from '../../../domain/api/endpoints'
import { addHistory } from '../../../server/kernel/ledger'
import { type Json, type User, newUser, useServer } from '../helpers'

const api = useServer()
const { call } = api
const ETH = '0x0000000000000000000000000000000000000000'
const USDT_ARB = '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'
const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
const PUNK = 'EQCdpz6QhJtDtm2s9-krV2ygl45Pwl-KJJCV1-XrP-Xuuxoq'

async function history(user: User, accountIndex = 0): Promise<Json[]> {
  const r = await call(`/history?limit=10&offset=0&accountIndex=${accountIndex}`, user)
  expect(r.status).toBe(200)
  const decoded = endpoints.history.response.decode(r.body)
  expect(isRight(decoded), JSON.stringify(r.body).slice(0, 400)).toBe(true)
  return r.body as unknown as Json[]
}

describe('history entries carry what their detail shows', () => {
  it('a send: the withdrawal has its fee in the network coin, the recipient, the comment, a reference and its status; the recipient’s deposit has the sender', async () => {
    const alice = newUser()
    const bob = newUser()
    const bobWallets = (await call('/tgUserWallets', bob)).body as unknown as { address: string }[]
    const aliceWallets = (await call('/tgUserWallets', alice)).body as unknown as { address: string }[]
    const sent = await call('/transfer', alice, {
      to: bobWallets[0].address,
      amount: '12.5',
      tokenAddress: USDT_ARB,
      chainId: 42161,
      accountIndex: 0,
      comment: 'rent for May',
      dry: false,
      idempotencyKey: 'history-1',
    })
    expect(sent.status).toBe(200)

    const [withdrawal] = await history(alice)
    expect(withdrawal).toMatchObject({
      type: 'withdrawal',
      amount: '12500000',
      decimals: 6,
      symbol: 'USDT',
      chainId: 42161,
      to: bobWallets[0].address,
      comment: 'rent for May',
      fee: '0.0001',
      feeSymbol: 'ETH',
      txId: sent.body.txId,
      status: 'completed',
    })
    const [deposit] = await history(bob)
    expect(deposit).toMatchObject({
      type: 'deposit',
      amount: '12500000',
      from: aliceWallets[0].address,
      comment: 'rent for May',
      txId: sent.body.txId,
      status: 'completed',
    })
    // The recipient paid no fee.
    expect(deposit.fee).toBeUndefined()
    expect(deposit.feeSymbol).toBeUndefined()
  })

  it('an EVM swap: both tokens and amounts, the gas paid in ETH, and its reference', async () => {
    const user = newUser()
    const q = await call('/fetchRoute', user, {
      amount: '10000000',
      from: USDC_ARB,
      to: ETH,
      fromChainId: 42161,
      toChainId: 42161,
      accountIndex: 0,
    })
    expect(q.status).toBe(200)
    const r = await call('/swap', user, { routeId: q.body.route.id, accountIndex: 0, idempotencyKey: 'history-swap' })
    expect(r.status).toBe(200)
    const [swap] = await history(user)
    expect(swap).toMatchObject({
      id: r.body.historyId,
      type: 'swap',
      chainId: 42161,
      fromToken: { symbol: 'USDC', decimals: 6 },
      toToken: { symbol: 'ETH', decimals: 18 },
      fromAmount: '10000000',
      toAmount: q.body.route.toAmount,
      fee: '0.0001',
      feeSymbol: 'ETH',
      txId: expect.stringMatching(/^swap-/),
      status: 'completed',
    })
  })

  it('a TON swap: the gas paid in TON', async () => {
    const user = newUser()
    const sim = await call(
      '/v2/tc/simulate-swap',
      user,
      { offer_jetton: PUNK, offer_amount: '1000000000000', ask_jetton: 'native' },
      { headers: { walletindex: '0' } },
    )
    expect(sim.status).toBe(200)
    const body = {
      offer_jetton: PUNK,
      offer_amount: '1000000000000',
      ask_jetton: 'native',
      min_ask_amount: sim.body.route.toAmountMin,
      provider: sim.body.provider,
    }
    const r = await call('/v2/tc/swap', user, body, { headers: { walletindex: '0' } })
    expect(r.status).toBe(200)
    const [swap] = await history(user)
    expect(swap).toMatchObject({
      type: 'swap',
      chainId: 'TON',
      fromToken: { symbol: 'PUNK' },
      toToken: { symbol: 'TON' },
      fee: '0.08',
      feeSymbol: 'TON',
      txId: expect.stringMatching(/^tcswap-/),
      status: 'completed',
    })
  })

  it('an entry recorded with a fee but no coin gets the coin of its network; one with neither has no fee', async () => {
    const user = newUser()
    await history(user) // the user and the starter deposits exist
    await api.server.db.transaction(async (tx) => {
      await addHistory(tx, user.id, 2, 'withdrawal', {
        asset: 'native',
        amount: '1000000000',
        decimals: 9,
        symbol: 'TON',
        chainId: 'TON',
        to: 'UQxyz',
        fee: '0.006',
      })
      await addHistory(tx, user.id, 2, 'withdrawal', {
        asset: ETH,
        amount: '1',
        decimals: 18,
        symbol: 'ETH',
        chainId: 8453,
        to: '0xabc',
      })
    })
    const [bare, ton] = await history(user, 2)
    expect(ton).toMatchObject({ fee: '0.006', feeSymbol: 'TON', status: 'completed' })
    expect(bare.fee).toBeUndefined()
    expect(bare.feeSymbol).toBeUndefined()
  })
})
