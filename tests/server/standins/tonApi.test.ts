/**
 * The TON API stand-in (server/standins/tonApi.ts): toncenter v3's transactions call for an account
 * (its JSON shape, lt order either way, start_lt and end_lt inclusive, limit and offset), payment
 * by an internal message BOC, the control call that adds any incoming transaction, the optional
 * API key, and 127.0.0.1 only.
 */
import { networkInterfaces } from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Address, beginCell, external, storeMessage } from '@ton/core'
import { commentCell } from '../../../server/payments/ton'
import { TonApiUnavailable, tonApiPublicKeys } from '../../../server/payments/tonProof'
import {
  OUTSIDE_SENDER,
  type StandinTransaction,
  type TonApiStandin,
  startTonApiStandin,
} from '../../../server/standins/tonApi'

const clock = { t: Date.parse('2030-01-01T00:00:00.000Z'), now: () => clock.t }
const KEY = 'standin-key'
let standin: TonApiStandin
beforeAll(async () => {
  standin = await startTonApiStandin({ clock, apiKey: KEY })
})
afterAll(async () => {
  await standin?.close()
})

const wallet = new Address(0, Buffer.alloc(32, 0xab))
const friendly = wallet.toString({ bounceable: false, urlSafe: true })
const get = async (query: Record<string, string>, key: string | null = KEY) => {
  const res = await fetch(`${standin.url}/api/v3/transactions?${new URLSearchParams(query)}`, {
    headers: key ? { 'X-API-Key': key } : {},
  })
  return {
    status: res.status,
    body: (await res.json()) as {
      transactions: StandinTransaction[]
      address_book: Record<string, { user_friendly: string }>
      error?: string
    },
  }
}
const post = async (path: string, body: unknown) => {
  const res = await fetch(`${standin.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': KEY },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

describe('the TON API stand-in', () => {
  it("answers get_public_key of a wallet deployed by the control call, through the server's own reader; any other account or method has exit code -13", async () => {
    const key = Buffer.alloc(32, 0x5c)
    expect(await post('/control/wallets', { address: friendly, publicKey: key.toString('hex') })).toEqual({
      status: 200,
      body: { ok: true },
    })
    expect(
      await post('/api/v3/runGetMethod', { address: wallet.toRawString(), method: 'get_public_key', stack: [] }),
    ).toEqual({
      status: 200,
      body: { gas_used: 1000, exit_code: 0, stack: [{ type: 'num', value: `0x${key.toString('hex')}` }] },
    })
    expect(
      (await post('/api/v3/runGetMethod', { address: wallet.toRawString(), method: 'seqno', stack: [] })).body,
    ).toMatchObject({ exit_code: -13 })
    const reader = tonApiPublicKeys({ baseUrl: standin.url, apiKey: KEY })
    expect(await reader(wallet)).toEqual(key)
    expect(await reader(new Address(0, Buffer.alloc(32, 0x01)))).toBeNull()
    expect((await post('/control/wallets', { address: friendly, publicKey: 'abc' })).status).toBe(422)
    // a key the API refuses is the server's problem to fix (503 to the user), not a wallet without a key
    await expect(tonApiPublicKeys({ baseUrl: standin.url, apiKey: 'wrong' })(wallet)).rejects.toBeInstanceOf(
      TonApiUnavailable,
    )
  })

  it('answers an account transactions in toncenter v3 shape', async () => {
    clock.t += 1000
    const added = (
      await post('/control/transactions', {
        account: friendly,
        value: '1500000000',
        comment: 'SWITCH order SWABCDEFGHIJKLMNOP',
      })
    ).body as unknown as StandinTransaction
    const { status, body } = await get({ account: wallet.toRawString(), limit: '10', sort: 'desc' })
    expect(status).toBe(200)
    expect(body.transactions).toEqual([added])
    const [tx] = body.transactions
    expect(tx).toMatchObject({
      account: `0:${'AB'.repeat(32)}`,
      lt: expect.stringMatching(/^\d+$/),
      now: Math.floor(clock.t / 1000),
      hash: expect.stringMatching(/^[A-Za-z0-9+/]{43}=$/),
      description: { type: 'ord', aborted: false, compute_ph: { success: true } },
      in_msg: {
        source: OUTSIDE_SENDER.toUpperCase(),
        destination: `0:${'AB'.repeat(32)}`,
        value: '1500000000',
        bounced: false,
        opcode: '0x00000000',
        message_content: {
          decoded: { type: 'text_comment', comment: 'SWITCH order SWABCDEFGHIJKLMNOP' },
          body: commentCell('SWITCH order SWABCDEFGHIJKLMNOP').toBoc().toString('base64'),
        },
      },
      out_msgs: [],
    })
    expect(body.address_book[tx.account]).toEqual({ user_friendly: friendly, domain: null })
  })

  it('sorts by lt either way and selects by start_lt and end_lt (inclusive), limit and offset', async () => {
    const account = new Address(0, Buffer.alloc(32, 0x11)).toString({ bounceable: true })
    const lts = []
    for (let i = 0; i < 6; i++) lts.push(standin.chain.add({ account, value: String(i), comment: `n${i}` }).lt)
    const asc = (await get({ account, sort: 'asc', limit: '100' })).body.transactions.map((t) => t.lt)
    expect(asc).toEqual(lts)
    expect((await get({ account, sort: 'desc', limit: '100' })).body.transactions.map((t) => t.lt)).toEqual(
      [...lts].reverse(),
    )
    expect(
      (await get({ account, sort: 'asc', start_lt: lts[2], end_lt: lts[4], limit: '100' })).body.transactions.map(
        (t) => t.lt,
      ),
    ).toEqual(lts.slice(2, 5))
    expect((await get({ account, sort: 'asc', limit: '2', offset: '3' })).body.transactions.map((t) => t.lt)).toEqual(
      lts.slice(3, 5),
    )
    // toncenter's defaults: the newest 10.
    expect((await get({ account })).body.transactions.map((t) => t.lt)).toEqual([...lts].reverse())
    expect(BigInt(lts[1])).toBeGreaterThan(BigInt(lts[0]))
  })

  it('turns an internal message BOC into a transaction on its destination, and refuses external messages and junk', async () => {
    const account = new Address(0, Buffer.alloc(32, 0x22))
    const from = new Address(0, Buffer.alloc(32, 0x33))
    const message = beginCell()
      .store(
        storeMessage({
          info: {
            type: 'internal',
            ihrDisabled: true,
            bounce: true,
            bounced: false,
            src: from,
            dest: account,
            value: { coins: 42n },
            ihrFee: 0n,
            forwardFee: 0n,
            createdLt: 0n,
            createdAt: 0,
          },
          body: commentCell('hello'),
        }),
      )
      .endCell()
    const sent = await post('/api/v3/message', { boc: message.toBoc().toString('base64') })
    expect(sent).toEqual({
      status: 200,
      body: { message_hash: message.hash().toString('base64'), message_hash_norm: message.hash().toString('base64') },
    })
    const [tx] = (await get({ account: account.toRawString() })).body.transactions
    expect(tx.in_msg).toMatchObject({
      source: `0:${'33'.repeat(32)}`,
      value: '42',
      bounce: true,
      message_content: { decoded: { comment: 'hello' } },
    })
    const ext = beginCell()
      .store(storeMessage(external({ to: account, body: commentCell('x') })))
      .endCell()
    expect(await post('/api/v3/message', { boc: ext.toBoc().toString('base64') })).toEqual({
      status: 422,
      body: { error: expect.stringMatching(/internal messages/) },
    })
    expect((await post('/api/v3/message', { boc: 'not base64 at all' })).status).toBe(422)
    expect((await post('/api/v3/message', { nope: 1 })).status).toBe(422)
  })

  it('adds bounced and aborted transactions as they look on chain', async () => {
    const account = new Address(0, Buffer.alloc(32, 0x44)).toRawString()
    const bounced = (await post('/control/transactions', { account, value: '5', bounced: true }))
      .body as unknown as StandinTransaction
    expect(bounced.in_msg).toMatchObject({ bounced: true, message_content: { decoded: null } })
    const aborted = (await post('/control/transactions', { account, value: '5', aborted: true, comment: 'x' }))
      .body as unknown as StandinTransaction
    expect(aborted.description).toMatchObject({ aborted: true, compute_ph: { success: false } })
    const replay = (await post('/control/transactions', { account, value: '5', hash: aborted.hash }))
      .body as unknown as StandinTransaction
    expect(replay.hash).toBe(aborted.hash)
    expect(BigInt(replay.lt)).toBeGreaterThan(BigInt(aborted.lt))
    for (const bad of [
      { account: 'nope', value: '1' },
      { account, value: '-1' },
      { account, value: 1 },
      { account, value: '1', comment: 5 },
      { account, value: '1', hash: 'has spaces' },
    ])
      expect((await post('/control/transactions', bad)).status, JSON.stringify(bad)).toBe(422)
  })

  it('wants its API key when it has one, and refuses bad queries with toncenter-style errors', async () => {
    expect(await get({ account: friendly }, null)).toEqual({ status: 401, body: { error: 'API key does not exist' } })
    expect((await get({ account: friendly }, 'wrong')).status).toBe(401)
    expect((await get({ account: 'x' })).status).toBe(422)
    expect((await get({ account: friendly, sort: 'up' })).status).toBe(422)
    expect((await get({ account: friendly, limit: '1001' })).status).toBe(422)
    expect((await get({ account: friendly, start_lt: '-5' })).status).toBe(422)
    const res = await fetch(`${standin.url}/api/v2/nothing`, { headers: { 'x-api-key': KEY } })
    expect(res.status).toBe(404)
  })

  it('listens on 127.0.0.1 only', async () => {
    expect(standin.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const port = new URL(standin.url).port
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal)
    if (outside)
      await expect(
        fetch(`http://${outside.address}:${port}/api/v3/transactions`, { signal: AbortSignal.timeout(2000) }),
      ).rejects.toThrow()
  })
})
