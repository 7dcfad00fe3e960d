/**
 * TON swaps (doc 1 §3, §7; swap.23, swap.25, swap.33-35): quoted by two providers, the better
 * answer wins; executed by re-quoting with the chosen provider against the minimum the user
 * accepted, once per idempotency key.
 */
import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { endpoints } from '../../domain/api/endpoints'
import type { Db } from '../db'
import type { AppEnv } from '../kernel/auth'
import { type Catalogue, tokenView } from '../kernel/catalogue'
import { addHistory, balanceOf, post } from '../kernel/ledger'
import { keyOrRefuse, once, previousAnswer } from '../kernel/idempotency'
import { LEDGER_DIGITS, decimalAmount, toUnits } from '../kernel/money'
import { BadRequest, decodeOrThrow, jsonBody } from '../kernel/validate'
import { TON_GAS, TON_GAS_MIN, type TonProvider, bestTonQuote, tonQuote } from './quote'
import { type RouteStore, SLIPPAGE, type SwapAnswer, gasView, positiveUnits, routeView } from './routeStore'

export function tonSwapRoutes(db: Db, catalogue: Catalogue, { nativeOf, storeRoute }: RouteStore) {
  const app = new Hono<AppEnv>()

  /** swap.35: both sides TON-chain tokens of the catalogue, and not the same one. */
  function tonPair(offerAddress: string, askAddress: string) {
    const find = (address: string, path: string) => {
      const token = catalogue.find('TON', address)
      if (token) return token
      if (/^0x[0-9a-fA-F]{40}$/.test(address)) throw new BadRequest('a TON token pairs only with TON tokens', path)
      throw new BadRequest(`unknown token ${address} on TON`, path)
    }
    const offer = find(offerAddress, 'offer_jetton')
    const ask = find(askAddress, 'ask_jetton')
    if (offer === ask) throw new BadRequest('the token to receive is the token to send', 'ask_jetton')
    return { offer, ask }
  }

  app.post('/v2/tc/simulate-swap', async (c) => {
    // swap.33: the spec's quote call has no walletindex header; without one it quotes for wallet 0.
    const req = decodeOrThrow(endpoints.simulateTonSwap.request, withWalletIndex(c, await jsonBody(c), 0))
    const accountIndex = walletIndexOf(req.walletindex)
    const { offer, ask } = tonPair(req.offer_jetton, req.ask_jetton)
    const amount = positiveUnits(req.offer_amount, 'offer_amount')
    const { provider, quote } = bestTonQuote(amount, offer, ask)
    const ton = nativeOf('TON')
    const gasUnits = toUnits(TON_GAS, ton.decimals) as bigint
    const id = await storeRoute(c.get('user').id, accountIndex, 'ton', offer, ask, amount, quote, gasUnits, provider)
    const gas = gasView(ton, gasUnits)
    const route = routeView(id, offer, ask, amount, quote, gas.amountUSD)
    return c.json({ route, transactions: route.steps.map((s) => ({ viaTool: s.tool })), provider, gases: [gas] })
  })

  app.post('/v2/tc/swap', async (c) => {
    const req = decodeOrThrow(endpoints.tonSwap.request, withWalletIndex(c, await jsonBody(c)))
    const user = c.get('user')
    const accountIndex = walletIndexOf(req.walletindex)
    const given = keyOrRefuse(req.idempotencyKey ?? null)
    const key = given === null ? null : `tcswap:${given}`
    // A retry answers what the first answered, before the price or the balance is looked at again.
    const first = key === null ? undefined : await previousAnswer<SwapAnswer>(db, user.id, key)
    if (first !== undefined) return c.json(first)
    const { offer, ask } = tonPair(req.offer_jetton, req.ask_jetton)
    const amount = positiveUnits(req.offer_amount, 'offer_amount')
    const provider: TonProvider = req.provider
    const quote = tonQuote(provider, amount, offer, ask)
    // The least the user takes is compared, never stored: any figure a balance could hold.
    if (quote.toUnits < decimalAmount(req.min_ask_amount, 'min_ask_amount', { scale: 0, maxDigits: LEDGER_DIGITS }))
      return c.json(SLIPPAGE, 409)

    const ton = nativeOf('TON')
    const gasUnits = toUnits(TON_GAS, ton.decimals) as bigint
    const tonNeeded = toUnits(TON_GAS_MIN[provider], ton.decimals) as bigint
    const answer = await once(db, user.id, key, async (tx): Promise<SwapAnswer> => {
      const held = await balanceOf(tx, user.id, accountIndex, 'TON', offer.address)
      if (held < amount) throw new BadRequest(`not enough ${offer.symbol}`, 'amount')
      const tonHeld = offer === ton ? held - amount : await balanceOf(tx, user.id, accountIndex, 'TON', ton.address)
      if (tonHeld < tonNeeded)
        throw new BadRequest(`at least ${TON_GAS_MIN[provider]} TON is needed for the network fee`, 'gas')

      const reference = `tcswap-${randomUUID()}`
      await post(tx, [
        {
          userId: user.id,
          accountIndex,
          chainId: 'TON',
          tokenAddress: offer.address,
          delta: -amount,
          reason: 'swap-out',
          reference,
        },
        {
          userId: user.id,
          accountIndex,
          chainId: 'TON',
          tokenAddress: ask.address,
          delta: quote.toUnits,
          reason: 'swap-in',
          reference,
        },
        {
          userId: user.id,
          accountIndex,
          chainId: 'TON',
          tokenAddress: ton.address,
          delta: -gasUnits,
          reason: 'fee',
          reference,
        },
      ])
      const historyId = await addHistory(tx, user.id, accountIndex, 'swap', {
        fromToken: tokenView(offer),
        toToken: tokenView(ask),
        fromAmount: amount.toString(),
        toAmount: quote.toUnits.toString(),
        chainId: 'TON',
        provider,
        // What the entry's detail shows: the gas paid, in TON, and the ledger's reference.
        fee: TON_GAS,
        txId: reference,
      })
      return { ok: true, historyId }
    })
    return c.json(answer)
  })

  return app
}

/**
 * The TON calls carry the wallet index as the header `walletindex` (endpoints.ts headerFields);
 * `absent` is the index of a call that has no such header (none: the header is required).
 */
function withWalletIndex(c: Context, body: unknown, absent?: number): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body
  const header = c.req.header('walletindex') ?? absent?.toString()
  return {
    ...body,
    walletindex: header !== undefined && /^\d{1,3}$/.test(header.trim()) ? Number(header.trim()) : header,
  }
}

function walletIndexOf(value: number): number {
  if (!Number.isInteger(value) || value < 0 || value > 2)
    throw new BadRequest('walletindex must be 0, 1 or 2', 'walletindex')
  return value
}
