/**
 * The game's payments' codecs (doc 2 §7, docs/payments.md): an order and its status, the TonConnect
 * transaction a paid feature hands the wallet, and a TON wallet linked with its ton_proof.
 */
import * as t from 'io-ts'
import { IntegerString } from '../api/codecs'

/**
 * TonConnect's ton_proof as the wallet returned it (its connect reply's `ton_proof` item), with the
 * account's state init beside it (TonConnect's `walletStateInit`, base64 BOC) when the wallet gave
 * one: the server reads the public key from it (docs/payments.md, "Linking a TON wallet").
 */
export const TonProof = t.intersection([
  t.type({
    timestamp: t.number,
    domain: t.type({ lengthBytes: t.number, value: t.string }),
    signature: t.string,
    payload: t.string,
  }),
  t.partial({ stateInit: t.string }),
])
export type TonProof = t.TypeOf<typeof TonProof>
/** The one-time payload a wallet signs in its proof, and until when (epoch ms) the server takes it. */
export const TonProofPayload = t.type({ payload: t.string, expiresAt: t.number })
export type TonProofPayload = t.TypeOf<typeof TonProofPayload>
/** tasks.58, proven: the wallet's address and TonConnect's proof that its key holder asked to link it. */
export const SetTonWalletRequest = t.type({ walletAddress: t.string, proof: TonProof })
/** A TonConnect transaction: the service wallet, nanotons as a string, a text comment naming the order. */
export const TonConnectTransaction = t.type({
  validUntil: t.number,
  messages: t.array(
    t.intersection([t.type({ address: t.string, amount: IntegerString }), t.partial({ payload: t.string })]),
  ),
})
export type TonConnectTransaction = t.TypeOf<typeof TonConnectTransaction>
export const OrderParam = t.type({ orderId: t.string })
/** An order as its buyer sees it: open until its payment is proven, then granted (or refunded). */
export const OrderStatus = t.type({
  orderId: t.string,
  product: t.string,
  way: t.string,
  status: t.union([t.literal('open'), t.literal('granted'), t.literal('refunded'), t.literal('cancelled')]),
  expiresAt: t.string,
})
export type OrderStatus = t.TypeOf<typeof OrderStatus>
