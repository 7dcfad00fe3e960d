/**
 * Proof of whose wallet it is (docs/payments.md, "Linking a TON wallet"): POST /mining/tonWallet
 * links a wallet only with TonConnect's ton_proof, for a one-time payload of the server's, signed for
 * the app's domain within 15 minutes by the key of that very address. On PGlite and PostgreSQL, on a
 * movable server clock.
 */
import { SERVICE_UNAVAILABLE } from '../../../domain/api/errors'
import { describe, expect, it } from 'vitest'
import { Address } from '@ton/core'
import { endpoints } from '../../../domain/api/endpoints'
import { MovableClock } from '../../../server/kernel/clock'
import { TON_PROOF_VALID_MS, TonApiUnavailable, tonApiPublicKeys } from '../../../server/payments/tonProof'
import { DEMO_WALLET, demoWalletProof } from '../../../server/standins/demoWallet'
import { type User, call, newUser, useServer } from '../helpers'
import { link, payloadFor, proofOf, testWallet } from '../tonProof'
import { FIXED, decodes, miner, taskOf } from './helpers'

const api = useServer({ clock: new MovableClock({ now: () => FIXED }) })
const clock = () => api.server.clock as MovableClock
const setWallet = (user: User, body: unknown) => api.call('/mining/tonWallet', user, body)
const linked = async (user: User) =>
  (
    await api.server.db.query<{ raw_address: string | null; proven_at: string | null }>(
      'SELECT raw_address, proven_at FROM task_ton_wallets WHERE user_id = $1',
      [user.id],
    )
  )[0]
const refusal = (status: number, path: string | undefined, code: string) => ({
  status,
  body: { error: expect.any(String), message: expect.any(String), code, ...(path ? { path } : {}) },
})

describe('linking a TON wallet with ton_proof', () => {
  it('a good proof links the wallet (v3, v4 and v5 data), completes addWallet once; the payload is a one-time call of its own', async () => {
    const user = newUser()
    await miner(api.server, user)
    const issued = await api.call('/mining/tonProof/payload', user, {})
    expect(issued).toMatchObject({
      status: 200,
      body: { payload: expect.stringMatching(/^[0-9a-f]{64}$/), expiresAt: FIXED + TON_PROOF_VALID_MS },
    })
    decodes(endpoints.tonProofPayload.response, issued.body)
    const wallet = testWallet(`good-${user.id}`)
    const ok = await setWallet(user, {
      walletAddress: wallet.friendly,
      proof: proofOf(api.server, wallet, issued.body.payload),
    })
    expect(ok).toEqual({ status: 200, body: { ok: true } })
    decodes(endpoints.setTonWallet.response, ok.body)
    expect(await linked(user)).toMatchObject({
      raw_address: wallet.address.toRawString(),
      proven_at: expect.anything(),
    })
    expect((await taskOf(api.server, user, 'addWallet'))?.state).toBe('done')
    // another layout, and the raw form TonConnect names an account by: a new link replaces the old
    for (const layout of ['v3', 'v5'] as const) {
      const other = testWallet(`${layout}-${user.id}`, layout)
      const payload = await payloadFor(api.server, user)
      expect(
        await setWallet(user, {
          walletAddress: other.address.toRawString(),
          proof: proofOf(api.server, other, payload),
        }),
      ).toEqual({ status: 200, body: { ok: true } })
      expect((await linked(user)).raw_address).toBe(other.address.toRawString())
    }
    const paid = await api.server.db.query(
      `SELECT 1 FROM ledger WHERE user_id = $1 AND reason = 'task' AND reference = 'addWallet:once'`,
      [user.id],
    )
    expect(paid).toHaveLength(1)
  })

  it("a forged signature is refused on proof.signature: another key, or the wallet's own signature altered", async () => {
    const user = newUser()
    const wallet = testWallet(`victim-${user.id}`)
    const forger = testWallet(`forger-${user.id}`)
    // the victim's address and state init, signed with the forger's key
    const payload = await payloadFor(api.server, user)
    expect(
      await setWallet(user, {
        walletAddress: wallet.friendly,
        proof: proofOf(api.server, wallet, payload, { signer: forger }),
      }),
    ).toEqual(refusal(400, 'proof.signature', 'wallet-proof.signature'))
    const good = proofOf(api.server, wallet, payload)
    const bytes = Buffer.from(good.signature, 'base64')
    bytes[10] ^= 1
    expect(
      await setWallet(user, {
        walletAddress: wallet.friendly,
        proof: { ...good, signature: bytes.toString('base64') },
      }),
    ).toEqual(refusal(400, 'proof.signature', 'wallet-proof.signature'))
    // a proof of one address does not link another
    expect(
      await setWallet(user, { walletAddress: forger.friendly, proof: { ...good, stateInit: forger.stateInit } }),
    ).toEqual(refusal(400, 'proof.signature', 'wallet-proof.signature'))
    expect(await linked(user)).toBeUndefined()
    // the payload was not used up by the refusals: the wallet's own good proof still links it
    expect((await setWallet(user, { walletAddress: wallet.friendly, proof: good })).status).toBe(200)
  })

  it('a proof signed for another domain is refused on proof.domain', async () => {
    const user = newUser()
    const wallet = testWallet(`domain-${user.id}`)
    const payload = await payloadFor(api.server, user)
    expect(
      await setWallet(user, {
        walletAddress: wallet.friendly,
        proof: proofOf(api.server, wallet, payload, { domain: 'switch-wallet.example' }),
      }),
    ).toEqual(refusal(400, 'proof.domain', 'wallet-proof.domain'))
    // the right domain with a wrong length is no TonConnect domain either
    const proof = proofOf(api.server, wallet, payload)
    expect(
      await setWallet(user, {
        walletAddress: wallet.friendly,
        proof: { ...proof, domain: { ...proof.domain, lengthBytes: proof.domain.lengthBytes + 1 } },
      }),
    ).toEqual(refusal(400, 'proof.domain', 'wallet-proof.domain'))
    expect(await linked(user)).toBeUndefined()
  })

  it('a proof older than 15 minutes is refused on proof.timestamp; so is a payload issued more than 15 minutes ago', async () => {
    const user = newUser()
    const wallet = testWallet(`expired-${user.id}`)
    const payload = await payloadFor(api.server, user)
    const now = Math.floor(api.server.clock.now() / 1000)
    expect(
      await setWallet(user, {
        walletAddress: wallet.friendly,
        proof: proofOf(api.server, wallet, payload, { timestamp: now - 15 * 60 - 1 }),
      }),
    ).toEqual(refusal(400, 'proof.timestamp', 'wallet-proof.expired'))
    expect(
      await setWallet(user, {
        walletAddress: wallet.friendly,
        proof: proofOf(api.server, wallet, payload, { timestamp: now + 3600 }),
      }),
    ).toEqual(refusal(400, 'proof.timestamp', 'wallet-proof.expired'))
    // exactly 15 minutes old is still in time
    expect(
      (
        await setWallet(user, {
          walletAddress: wallet.friendly,
          proof: proofOf(api.server, wallet, payload, { timestamp: now - 15 * 60 }),
        })
      ).status,
    ).toBe(200)
    const late = await payloadFor(api.server, user)
    clock().advance(TON_PROOF_VALID_MS + 1)
    expect(await setWallet(user, { walletAddress: wallet.friendly, proof: proofOf(api.server, wallet, late) })).toEqual(
      refusal(400, 'proof.payload', 'wallet-proof.payload'),
    )
  })

  it("a replayed payload is refused: a proof links once, and another user's payload or one the server never issued links nothing", async () => {
    const user = newUser()
    const wallet = testWallet(`replay-${user.id}`)
    const body = {
      walletAddress: wallet.friendly,
      proof: proofOf(api.server, wallet, await payloadFor(api.server, user)),
    }
    const [a, b] = await Promise.all([setWallet(user, body), setWallet(user, body)])
    expect([a.status, b.status].sort()).toEqual([200, 409])
    expect(await setWallet(user, body)).toEqual(refusal(409, 'proof.payload', 'wallet-proof.replayed'))
    const other = newUser()
    const theirs = await payloadFor(api.server, other)
    expect(
      await setWallet(user, { walletAddress: wallet.friendly, proof: proofOf(api.server, wallet, theirs) }),
    ).toEqual(refusal(400, 'proof.payload', 'wallet-proof.payload'))
    expect(
      await setWallet(user, { walletAddress: wallet.friendly, proof: proofOf(api.server, wallet, 'ab'.repeat(32)) }),
    ).toEqual(refusal(400, 'proof.payload', 'wallet-proof.payload'))
  })

  it('a key of another address is refused: a state init whose hash is not the address, or no key to be had', async () => {
    const user = newUser()
    const target = testWallet(`target-${user.id}`)
    const mine = testWallet(`mine-${user.id}`)
    const payload = await payloadFor(api.server, user)
    // the service wallet, a .ton name's owner or anyone's address, "proven" with the user's own wallet's state init and key
    for (const victim of [
      target.friendly,
      Address.parse('EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs').toString({ bounceable: false, urlSafe: true }),
    ]) {
      const victimAddress = Address.parse(victim)
      const proof = proofOf(api.server, { ...mine, address: victimAddress }, payload, {
        signer: mine,
        stateInit: mine.stateInit,
      })
      expect(await setWallet(user, { walletAddress: victim, proof })).toEqual(
        refusal(400, 'proof.stateInit', 'wallet-proof.state-init'),
      )
    }
    // no state init, and no wallet deployed at the address: no key to check against
    expect(
      await setWallet(user, {
        walletAddress: target.friendly,
        proof: proofOf(api.server, target, payload, { stateInit: null }),
      }),
    ).toEqual(refusal(400, 'proof.stateInit', 'wallet-proof.no-key'))
    expect(
      await setWallet(user, {
        walletAddress: target.friendly,
        proof: proofOf(api.server, target, payload, { stateInit: 'not a bag of cells' }),
      }),
    ).toEqual(refusal(400, 'proof.stateInit', 'wallet-proof.state-init'))
    expect(await linked(user)).toBeUndefined()
  })

  it("without a state init the deployed wallet's get_public_key is asked through the TON API: its key links it, another's does not", async () => {
    const standin = api.server.ton.standin
    if (standin === null) throw new Error('the test server runs the TON API stand-in')
    const user = newUser()
    const deployed = testWallet(`deployed-${user.id}`)
    const stranger = testWallet(`stranger-${user.id}`)
    const payload = await payloadFor(api.server, user)
    // deployed with another key: the proof's signature is not that key's
    standin.chain.deployWallet(deployed.address, stranger.publicKey)
    expect(
      await setWallet(user, {
        walletAddress: deployed.friendly,
        proof: proofOf(api.server, deployed, payload, { stateInit: null }),
      }),
    ).toEqual(refusal(400, 'proof.signature', 'wallet-proof.signature'))
    standin.chain.deployWallet(deployed.address, deployed.publicKey)
    expect(
      await setWallet(user, {
        walletAddress: deployed.friendly,
        proof: proofOf(api.server, deployed, payload, { stateInit: null }),
      }),
    ).toEqual({ status: 200, body: { ok: true } })
    expect((await linked(user)).raw_address).toBe(deployed.address.toRawString())
  })

  it('one wallet, one account: a wallet another user has linked is refused (409 on walletAddress) until they link another', async () => {
    const first = newUser()
    const second = newUser()
    const shared = testWallet(`shared-${first.id}`)
    expect((await link(api.server, first, shared)).status).toBe(200)
    expect(await link(api.server, second, shared)).toEqual(refusal(409, 'walletAddress', 'wallet-proof.taken'))
    expect(await linked(second)).toBeUndefined()
    // the same user proving it again is no conflict
    expect((await link(api.server, first, shared)).status).toBe(200)
    expect((await link(api.server, first, testWallet(`next-${first.id}`))).status).toBe(200)
    expect((await link(api.server, second, shared)).status).toBe(200)
  })

  it('no proof, or not an address, is a 400 with error and path; a wallet set before proofs counts for nothing', async () => {
    const user = newUser()
    await miner(api.server, user)
    const wallet = testWallet(`bad-${user.id}`)
    expect(await setWallet(user, {})).toMatchObject({
      status: 400,
      body: { error: expect.any(String), path: 'walletAddress' },
    })
    expect(await setWallet(user, { walletAddress: wallet.friendly })).toMatchObject({
      status: 400,
      body: { error: expect.any(String), path: 'proof' },
    })
    const payload = await payloadFor(api.server, user)
    for (const walletAddress of [
      '0x1111111111111111111111111111111111111111',
      'foundation.ton',
      wallet.friendly.slice(0, 20) + (wallet.friendly[20] === 'A' ? 'B' : 'A') + wallet.friendly.slice(21),
    ])
      expect(
        await setWallet(user, { walletAddress, proof: proofOf(api.server, wallet, payload) }),
        walletAddress,
      ).toEqual(refusal(400, 'walletAddress', 'wallet-proof.address'))
    expect(
      await setWallet(user, {
        walletAddress: wallet.friendly,
        proof: { ...proofOf(api.server, wallet, payload), timestamp: 'now' },
      }),
    ).toMatchObject({ status: 400, body: { path: 'proof.timestamp' } })
    // a row as the unproven call wrote it (anyone's address): no task, no soulbound token
    await api.server.db.query('INSERT INTO task_ton_wallets (user_id, address, set_at) VALUES ($1, $2, now())', [
      user.id,
      'UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG',
    ])
    expect((await taskOf(api.server, user, 'addWallet'))?.state).toBe('notStarted')
    expect((await api.call('/mining/checkPunkStaking', user, {})).body).toEqual({ error: 'no-wallet' })
    expect((await link(api.server, user, wallet)).status).toBe(200)
    expect((await taskOf(api.server, user, 'addWallet'))?.state).toBe('done')
  })

  it("the demo wallet signs real proofs with its key: the dev route's proof links it", async () => {
    const user = newUser()
    const payload = await payloadFor(api.server, user)
    const r = await fetch(`${api.server.url}/dev/ton/demoWallet/proof`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ domain: new URL(api.server.url).host, payload }),
    })
    const item = (await r.json()) as { name: string; proof: object }
    expect(item).toEqual({
      name: 'ton_proof',
      proof: {
        ...demoWalletProof(new URL(api.server.url).host, payload, api.server.clock.now()),
        stateInit: undefined,
      },
    })
    expect(
      await setWallet(user, {
        walletAddress: DEMO_WALLET.friendly,
        proof: { ...item.proof, stateInit: DEMO_WALLET.stateInit },
      }),
    ).toEqual({ status: 200, body: { ok: true } })
  })

  it('the TON API out of reach is a 503 to try again, never a 500', async () => {
    await expect(
      tonApiPublicKeys({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 2_000 })(testWallet('x').address),
    ).rejects.toBeInstanceOf(TonApiUnavailable)
    const user = newUser()
    const wallet = testWallet(`offline-${user.id}`)
    const payload = await payloadFor(api.server, user)
    await api.server.ton.standin?.close()
    const answer = await call(api.server, '/mining/tonWallet', user, {
      walletAddress: wallet.friendly,
      proof: proofOf(api.server, wallet, payload, { stateInit: null }),
    })
    expect(answer.status).toBe(503)
    expect(answer.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(answer.body).toMatchObject({
      code: SERVICE_UNAVAILABLE,
      message: 'the TON network is not answering; try again in 5 s',
    })
  })
})
