/**
 * The game's payments (doc 2 §7, docs/payments.md): an order's status, and a TON wallet linked with
 * its ton_proof. Brought by the chunks of the features that pay or link a wallet (mining, tasks,
 * staking).
 */
import { endpoint, none } from '../api/endpoint'
import { Ok } from '../api/codecs'
import * as PM from './codecs'

export const paymentEndpoints = {
  order: endpoint({
    method: 'GET',
    path: '/payments/orders/:orderId',
    service: 'mining',
    request: PM.OrderParam,
    response: PM.OrderStatus,
    specPath: false,
  }),
  /** The one-time payload a wallet signs in its ton_proof (docs/payments.md, "Linking a TON wallet"). */
  tonProofPayload: endpoint({
    method: 'POST',
    path: '/mining/tonProof/payload',
    service: 'mining',
    request: none,
    response: PM.TonProofPayload,
    specPath: false,
  }),
  setTonWallet: endpoint({
    method: 'POST',
    path: '/mining/tonWallet',
    service: 'mining',
    request: PM.SetTonWalletRequest,
    response: Ok,
    specPath: false,
  }),
} as const
