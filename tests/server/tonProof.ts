/**
 * TON wallets for the server tests, with real keys: a wallet's state init (v3, v4 or v5 data), its
 * address, and a ton_proof signed as TonConnect's wallets sign it, for a payload of the server's
 * (server/payments/tonProof.ts). `link` is POST /mining/tonWallet with a good proof.
 */
import { createHash } from 'node:crypto'
import { type Address, beginCell, contractAddress, storeStateInit } from '@ton/core'
import { keyPairFromSeed } from '@ton/crypto'
import type { RunningServer } from '../../server/app'
import { signTonProof } from '../../server/payments/tonProof'
import { type Answer, type User, call } from './helpers'
import type { TonProof } from '../../domain/payments/codecs'

export interface TestWallet {
  address: Address
  /** User-friendly, non-bounceable (what the client sends). */
  friendly: string
  stateInit: string
  publicKey: Buffer
  secretKey: Buffer
}

/** A wallet of `layout`'s data for a key from `seed`; its code is a marker (the server reads the data's layout). */
export function testWallet(seed: string, layout: 'v3' | 'v4' | 'v5' = 'v4', workchain = 0): TestWallet {
  const keys = keyPairFromSeed(createHash('sha256').update(`test-wallet/${seed}`).digest())
  const data =
    layout === 'v3'
      ? beginCell().storeUint(0, 32).storeUint(698_983_191, 32).storeBuffer(keys.publicKey).endCell()
      : layout === 'v4'
        ? beginCell().storeUint(0, 32).storeUint(698_983_191, 32).storeBuffer(keys.publicKey).storeBit(false).endCell()
        : beginCell()
            .storeBit(true)
            .storeUint(0, 32)
            .storeUint(2_147_483_409, 32)
            .storeBuffer(keys.publicKey)
            .storeBit(false)
            .endCell()
  const init = { code: beginCell().storeStringTail(`test wallet ${layout}`).endCell(), data }
  const address = contractAddress(workchain, init)
  return {
    address,
    friendly: address.toString({ bounceable: false, urlSafe: true }),
    stateInit: beginCell().store(storeStateInit(init)).endCell().toBoc().toString('base64'),
    publicKey: keys.publicKey,
    secretKey: keys.secretKey,
  }
}

type Server = Pick<RunningServer, 'url' | 'clock'>

/** A one-time payload issued to `user`. */
export async function payloadFor(server: Server, user: User): Promise<string> {
  const r = await call(server, '/mining/tonProof/payload', user, {})
  if (r.status !== 200) throw new Error(`payload: ${r.status} ${JSON.stringify(r.body)}`)
  return r.body.payload as string
}

/** `wallet`'s proof for `payload`, signed for the server's host now; `over` changes what is signed or sent. */
export function proofOf(
  server: Server,
  wallet: TestWallet,
  payload: string,
  over: { domain?: string; timestamp?: number; signer?: TestWallet; stateInit?: string | null } = {},
): TonProof {
  const proof = signTonProof({
    secretKey: (over.signer ?? wallet).secretKey,
    address: wallet.address,
    domain: over.domain ?? new URL(server.url).host,
    timestamp: over.timestamp ?? Math.floor(server.clock.now() / 1000),
    payload,
  })
  const stateInit = over.stateInit === undefined ? wallet.stateInit : over.stateInit
  return stateInit === null ? proof : { ...proof, stateInit }
}

/** Links `wallet` to `user` with a good proof (the answer, for a test to check). */
export async function link(server: Server, user: User, wallet: TestWallet): Promise<Answer> {
  const payload = await payloadFor(server, user)
  return call(server, '/mining/tonWallet', user, {
    walletAddress: wallet.friendly,
    proof: proofOf(server, wallet, payload),
  })
}
