/**
 * The game's payments (doc 2 §7, docs/payments.md): an order's status, and a TON wallet linked with
 * its ton_proof. Brought by the chunks of the features that pay or link a wallet (mining, tasks,
 * staking).
 */
import { endpoint, none } from '../api/endpoint'
import * as S from '../api/codecs/support'
import * as M from '../api/codecs/mining'

export const paymentEndpoints = {
  order: endpoint({
    method: 'GET',
    path: '/payments/orders/:orderId',
    service: 'mining',
    request: M.OrderParam,
    response: M.OrderStatus,
    specPath: false,
  }),
  /** The one-time payload a wallet signs in its ton_proof (docs/payments.md, "Linking a TON wallet"). */
  tonProofPayload: endpoint({
    method: 'POST',
    path: '/mining/tonProof/payload',
    service: 'mining',
    request: none,
    response: M.TonProofPayload,
    specPath: false,
  }),
  setTonWallet: endpoint({
    method: 'POST',
    path: '/mining/tonWallet',
    service: 'mining',
    request: M.SetTonWalletRequest,
    response: S.Ok,
    specPath: false,
  }),
} as const
