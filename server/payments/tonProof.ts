/**
 * Proof of whose wallet it is (docs/payments.md, "Linking a TON wallet"): a TON wallet is linked to a
 * user only with TonConnect's `ton_proof`, checked as TonConnect specifies it (ton-connect's
 * requests-responses.md, "Address proof signature"):
 *
 *   message   = "ton-proof-item-v2/" ++ workchain (int32 BE) ++ address hash (32 bytes)
 *               ++ domain length (uint32 LE) ++ domain ++ timestamp (uint64 LE) ++ payload
 *   signature = Ed25519(sha256(0xffff ++ "ton-connect" ++ sha256(message)))
 *
 * The server issued the payload (one-time, bound to the user, 15 minutes: ton_proof_payloads,
 * migration 026), the domain is the app's (APP_URL's host; in dev mode and tests the host the request
 * came to), the timestamp at most 15 minutes old, and the public key the address's own: read from the
 * state init whose hash is the address (wallet v1-v2, v3, v4 and v5 data layouts), else asked of the
 * deployed wallet (its `get_public_key` get-method, through the TON API).
 *
 * The layouts are read without matching the code to known wallet contracts: the address is the hash
 * of code and data together, so a key read from a state init that hashes to the address is that
 * account's key whatever the code is, and a made-up code only makes a new account of the maker's.
 */
import { DependencyUnavailable } from '../kernel/unavailable'
import { createHash, createPublicKey, randomBytes, verify } from 'node:crypto'
import { Address, Cell, type StateInit, contractAddress, loadStateInit } from '@ton/core'
import { sign } from '@ton/crypto'
import type { TonProof } from '../../domain/payments/codecs'
import type { Db } from '../db'

/** How long a payload is taken, and how old a proof's timestamp may be (TonConnect's own default). */
export const TON_PROOF_VALID_MS = 15 * 60_000
/** A wallet's clock may run a little ahead of the server's. */
const CLOCK_SKEW_MS = 60_000
const PROOF_PREFIX = 'ton-proof-item-v2/'
const CONNECT_PREFIX = 'ton-connect'

/** Why a proof is refused: the client words each (`code`, locales/walletProof); the path names the field. */
export const PROOF_REFUSAL = {
  address: 'wallet-proof.address',
  domain: 'wallet-proof.domain',
  expired: 'wallet-proof.expired',
  payload: 'wallet-proof.payload',
  replayed: 'wallet-proof.replayed',
  stateInit: 'wallet-proof.state-init',
  noKey: 'wallet-proof.no-key',
  signature: 'wallet-proof.signature',
  taken: 'wallet-proof.taken',
  unavailable: 'wallet-proof.unavailable',
} as const
export type ProofRefusalCode = (typeof PROOF_REFUSAL)[keyof typeof PROOF_REFUSAL]

/**
 * A refused proof: a 4xx (503 when the server cannot check it now, to be tried again) with a clear
 * message, the field's path and its code. The wallet routes answer it (server/tasks/routes.ts).
 */
export class ProofRefusal extends Error {
  constructor(
    message: string,
    readonly code: ProofRefusalCode,
    readonly path: string | undefined,
    readonly status: 400 | 409 | 503 = 400,
  ) {
    super(message)
  }
}

/** An ed25519 public key (32 bytes) as DER SubjectPublicKeyInfo, the form node:crypto takes. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')

/**
 * Ed25519 verification by node:crypto (OpenSSL): about 0.1 ms, where a JavaScript implementation
 * (tweetnacl, @ton/crypto's signVerify) holds the event loop about 10 ms a proof.
 */
export function ed25519Verify(data: Buffer, signature: Buffer, publicKey: Buffer): boolean {
  if (signature.length !== 64 || publicKey.length !== 32) return false
  try {
    return verify(
      null,
      data,
      createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, publicKey]), format: 'der', type: 'spki' }),
      signature,
    )
  } catch {
    return false
  }
}

const sha256 = (...parts: Buffer[]) => {
  const h = createHash('sha256')
  for (const p of parts) h.update(p)
  return h.digest()
}

/** What the wallet signs for `address` (TonConnect's layout above). */
export function proofDigest(address: Address, proof: Pick<TonProof, 'timestamp' | 'domain' | 'payload'>): Buffer {
  const workchain = Buffer.alloc(4)
  workchain.writeInt32BE(address.workChain)
  const domainLength = Buffer.alloc(4)
  domainLength.writeUInt32LE(proof.domain.lengthBytes)
  const timestamp = Buffer.alloc(8)
  timestamp.writeBigUInt64LE(BigInt(proof.timestamp))
  const message = Buffer.concat([
    Buffer.from(PROOF_PREFIX),
    workchain,
    address.hash,
    domainLength,
    Buffer.from(proof.domain.value),
    timestamp,
    Buffer.from(proof.payload),
  ])
  return sha256(Buffer.from([0xff, 0xff]), Buffer.from(CONNECT_PREFIX), sha256(message))
}

/**
 * A proof signed as a wallet signs it (the dev-mode demo wallet, the dev seed and the tests):
 * `timestamp` in unix seconds.
 */
export function signTonProof(o: {
  secretKey: Buffer
  address: Address
  domain: string
  timestamp: number
  payload: string
  stateInit?: string
}): TonProof {
  const domain = { lengthBytes: Buffer.byteLength(o.domain), value: o.domain }
  const signature = sign(
    proofDigest(o.address, { timestamp: o.timestamp, domain, payload: o.payload }),
    o.secretKey,
  ).toString('base64')
  return {
    timestamp: o.timestamp,
    domain,
    signature,
    payload: o.payload,
    ...(o.stateInit !== undefined ? { stateInit: o.stateInit } : {}),
  }
}

/**
 * The public key in a wallet's data, by its layout: v1-v2 (seqno, key), v3 (seqno, wallet id, key),
 * v4 (seqno, wallet id, key, plugins), v5 (signature allowed, seqno, wallet id, key, extensions).
 * null for any other data.
 */
export function walletPublicKey(init: StateInit): Buffer | null {
  const data = init.data
  if (!init.code || !data) return null
  const bits = data.bits.length
  const refs = data.refs.length
  try {
    const s = data.beginParse()
    if (bits === 288 && refs === 0) return s.skip(32).loadBuffer(32)
    if (bits === 320 && refs === 0) return s.skip(64).loadBuffer(32)
    // the last bit says whether the dictionary's reference is there
    if ((bits === 321 || bits === 322) && refs <= 1) {
      const key = s.skip(bits === 321 ? 64 : 65).loadBuffer(32)
      return s.loadBit() === (refs === 1) ? key : null
    }
  } catch {
    return null
  }
  return null
}

/** Reads a deployed wallet's public key (its get_public_key); null when it has none; throws when the TON API cannot be reached. */
export type PublicKeyReader = (address: Address) => Promise<Buffer | null>

export class TonApiUnavailable extends Error {}

/** get_public_key through a TON HTTP API in toncenter v3's shape (POST /api/v3/runGetMethod). */
export function tonApiPublicKeys(o: { baseUrl: string; apiKey?: string | null; timeoutMs?: number }): PublicKeyReader {
  const root = o.baseUrl.replace(/\/+$/, '')
  return async (address) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' }
    if (o.apiKey) headers['X-API-Key'] = o.apiKey
    let res: Response
    try {
      res = await fetch(`${root}/api/v3/runGetMethod`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ address: address.toRawString(), method: 'get_public_key', stack: [] }),
        signal: AbortSignal.timeout(o.timeoutMs ?? 10_000),
      })
    } catch (e) {
      throw new TonApiUnavailable(
        `TON API: runGetMethod did not answer (${e instanceof Error ? e.message : String(e)})`,
      )
    }
    // down, busy, or refusing this server's key (TON_API_KEY): the server's to fix, never the wallet's
    if (res.status >= 500 || res.status === 429 || res.status === 401 || res.status === 403)
      throw new TonApiUnavailable(`TON API: runGetMethod answered ${res.status}`)
    // an account that is not deployed, or has no such method
    if (!res.ok) return null
    const body = (await res.json().catch(() => null)) as {
      exit_code?: unknown
      stack?: { type?: unknown; value?: unknown }[]
    } | null
    const top = body?.exit_code === 0 && Array.isArray(body.stack) ? body.stack[0] : undefined
    if (top?.type !== 'num' || typeof top.value !== 'string' || !/^-?0x[0-9a-fA-F]{1,64}$/.test(top.value)) return null
    return Buffer.from(BigInt(top.value).toString(16).padStart(64, '0'), 'hex')
  }
}

// ---- payloads ---------------------------------------------------------------------------------

/** A new one-time payload for `userId` (32 random bytes in hex); payloads expired a day ago or more go. */
export async function issuePayload(
  db: Db,
  userId: number,
  now: number,
): Promise<{ payload: string; expiresAt: number }> {
  const payload = randomBytes(32).toString('hex')
  const expiresAt = now + TON_PROOF_VALID_MS
  await db.query('DELETE FROM ton_proof_payloads WHERE expires_at < $1', [new Date(now - 86_400_000).toISOString()])
  await db.query('INSERT INTO ton_proof_payloads (payload, user_id, issued_at, expires_at) VALUES ($1, $2, $3, $4)', [
    payload,
    userId,
    new Date(now).toISOString(),
    new Date(expiresAt).toISOString(),
  ])
  return { payload, expiresAt }
}

const PAYLOAD = /^[0-9a-f]{64}$/

/** Why a payload cannot be used by `userId` now, or null. */
async function payloadRefusal(db: Db, userId: number, payload: string, now: number): Promise<ProofRefusal | null> {
  const unknown = new ProofRefusal(
    'the proof signs a payload this server did not issue to you: ask for a new one',
    PROOF_REFUSAL.payload,
    'proof.payload',
  )
  if (!PAYLOAD.test(payload)) return unknown
  const [row] = await db.query<{ user_id: string; expires_ms: string; used: boolean }>(
    'SELECT user_id::text AS user_id, (extract(epoch FROM expires_at) * 1000)::bigint::text AS expires_ms, used_at IS NOT NULL AS used FROM ton_proof_payloads WHERE payload = $1',
    [payload],
  )
  if (row === undefined || Number(row.user_id) !== userId) return unknown
  if (row.used)
    return new ProofRefusal(
      'this proof was used already: a payload proves one link',
      PROOF_REFUSAL.replayed,
      'proof.payload',
      409,
    )
  if (Number(row.expires_ms) <= now)
    return new ProofRefusal(
      'the payload has expired (15 minutes): ask for a new one',
      PROOF_REFUSAL.payload,
      'proof.payload',
    )
  return null
}

/** Marks the payload used, in the link's transaction: false when another request used it first. */
export async function consumePayload(tx: Db, userId: number, payload: string, now: number): Promise<boolean> {
  const rows = await tx.query(
    'UPDATE ton_proof_payloads SET used_at = $3 WHERE payload = $1 AND user_id = $2 AND used_at IS NULL AND expires_at > $3 RETURNING payload',
    [payload, userId, new Date(now).toISOString()],
  )
  return rows.length === 1
}

// ---- the check --------------------------------------------------------------------------------

export interface ProvenWallet {
  address: Address
  publicKey: Buffer
}

/**
 * Checks `proof` for `walletAddress` and the user: the address, the domain, the timestamp, the
 * payload (issued to this user, unused, unexpired), the key (the address's own) and the signature.
 * Throws a ProofRefusal naming the first that fails. The payload is consumed by the caller, in the
 * transaction that links the wallet.
 */
export async function checkTonProof(o: {
  db: Db
  userId: number
  walletAddress: string
  proof: TonProof
  domain: string | null
  now: number
  publicKeyOf: PublicKeyReader
}): Promise<ProvenWallet> {
  const { proof } = o
  let address: Address
  try {
    // A user-friendly address's CRC16 is checked here (and raw 0:<hex> is taken as TonConnect gives it).
    address = Address.parse(o.walletAddress.trim())
  } catch {
    throw new ProofRefusal('walletAddress is not a TON address', PROOF_REFUSAL.address, 'walletAddress')
  }
  if (o.domain === null)
    throw new ProofRefusal(
      "wallets cannot be linked on this server: APP_URL (the app's https origin) is not set",
      PROOF_REFUSAL.unavailable,
      undefined,
      503,
    )
  if (proof.domain.value !== o.domain || proof.domain.lengthBytes !== Buffer.byteLength(proof.domain.value))
    throw new ProofRefusal(
      `the proof was signed for ${JSON.stringify(proof.domain.value.slice(0, 100))}, not for this app (${o.domain})`,
      PROOF_REFUSAL.domain,
      'proof.domain',
    )
  if (!Number.isSafeInteger(proof.timestamp) || proof.timestamp < 0)
    throw new ProofRefusal("the proof's timestamp is unix seconds", PROOF_REFUSAL.expired, 'proof.timestamp')
  const signedAt = proof.timestamp * 1000
  if (o.now - signedAt > TON_PROOF_VALID_MS)
    throw new ProofRefusal(
      'the proof is older than 15 minutes: connect the wallet again',
      PROOF_REFUSAL.expired,
      'proof.timestamp',
    )
  if (signedAt - o.now > CLOCK_SKEW_MS)
    throw new ProofRefusal("the proof is dated ahead of the server's clock", PROOF_REFUSAL.expired, 'proof.timestamp')
  const refused = await payloadRefusal(o.db, o.userId, proof.payload, o.now)
  if (refused !== null) throw refused

  let publicKey: Buffer | null = null
  if (proof.stateInit !== undefined) {
    let init: StateInit
    try {
      init = loadStateInit(Cell.fromBase64(proof.stateInit).beginParse())
    } catch {
      throw new ProofRefusal(
        'proof.stateInit is not a state init (a base64 bag of cells)',
        PROOF_REFUSAL.stateInit,
        'proof.stateInit',
      )
    }
    if (!contractAddress(address.workChain, init).equals(address))
      throw new ProofRefusal(
        "the state init is another account's: its hash is not this address",
        PROOF_REFUSAL.stateInit,
        'proof.stateInit',
      )
    publicKey = walletPublicKey(init)
  }
  if (publicKey === null) {
    try {
      publicKey = await o.publicKeyOf(address)
    } catch (e) {
      // The house's 503 for a dependency away: Retry-After, and the client's "try again" (server/kernel/unavailable.ts).
      if (e instanceof TonApiUnavailable) throw new DependencyUnavailable('the TON network', e)
      throw e
    }
  }
  if (publicKey === null || publicKey.length !== 32)
    throw new ProofRefusal(
      "the wallet's public key cannot be read: send its state init (walletStateInit)",
      PROOF_REFUSAL.noKey,
      'proof.stateInit',
    )
  const signature = /^[A-Za-z0-9+/_-]+={0,2}$/.test(proof.signature)
    ? Buffer.from(proof.signature, 'base64')
    : Buffer.alloc(0)
  if (!ed25519Verify(proofDigest(address, proof), signature, publicKey))
    throw new ProofRefusal("the proof's signature is not the wallet's", PROOF_REFUSAL.signature, 'proof.signature')
  return { address, publicKey }
}
