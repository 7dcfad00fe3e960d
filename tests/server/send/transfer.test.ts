/** POST /transfer: validation, the dry run, the real send, internal recipients, and one send per key. */
import { describe, expect, it } from 'vitest'
import { Address } from '@ton/core'
import { type User, newUser, useServer } from '../helpers'

const api = useServer()
const { call } = api
const USDT_ARB = '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'
const ETH = '0x0000000000000000000000000000000000000000'

const transfer = (over: Record<string, unknown> = {}) => ({
  to: '0x52908400098527886E0F7030069857D2E4169EE7',
  amount: '10',
  tokenAddress: USDT_ARB,
  chainId: 42161,
  accountIndex: 0,
  comment: '',
  dry: true,
  ...over,
})
const balance = async (user: User, chainId: unknown, address: string, accountIndex = 0) =>
  (
    (await call('/balances', user, { accountIndex })).body as unknown as {
      chainId: unknown
      address: string
      tokensAmount: string
    }[]
  ).find((b) => b.chainId === chainId && b.address === address)?.tokensAmount ?? '0'

describe('POST /transfer', () => {
  it('a dry run answers the fee and changes nothing', async () => {
    const user = newUser()
    const r = await call('/transfer', user, transfer())
    expect(r).toEqual({ status: 200, body: { ok: true, fee: '0.0001', feeSymbol: 'ETH', total: '10' } })
    expect(await balance(user, 42161, USDT_ARB)).toBe('500')
  })

  it('send safety: a mixed-case EVM address with a wrong EIP-55 checksum, or a TON address with one character changed, is send.error.invalid-address', async () => {
    const user = newUser()
    // one letter's case changed in a checksummed address; the same address all in lower case carries no checksum
    const good = '0x52908400098527886E0F7030069857D2E4169EE7'
    const wrongCase = good.replace('E0F', 'e0F')
    expect(await call('/transfer', user, transfer({ to: wrongCase }))).toEqual({
      status: 400,
      body: { message: 'send.error.invalid-address', path: 'to' },
    })
    expect((await call('/transfer', user, transfer({ to: good.toLowerCase() }))).status).toBe(200)
    const ton = Address.parse('EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs').toString({
      bounceable: false,
      urlSafe: true,
    })
    const changed = ton.slice(0, 20) + (ton[20] === 'A' ? 'B' : 'A') + ton.slice(21)
    const tonTransfer = { tokenAddress: 'native', chainId: 'TON', amount: '0.1' }
    expect(await call('/transfer', user, transfer({ ...tonTransfer, to: changed }))).toEqual({
      status: 400,
      body: { message: 'send.error.invalid-address', path: 'to' },
    })
    expect((await call('/transfer', user, transfer({ ...tonTransfer, to: ton }))).status).toBe(200)
  })

  it('bad input is a 400 whose path names the field', async () => {
    const user = newUser()
    const cases: [Record<string, unknown>, string][] = [
      [{ to: '0x123' }, 'to'],
      [{ to: 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs' }, 'to'],
      [{ amount: '501' }, 'amount'],
      [{ amount: '0' }, 'amount'],
      [{ amount: '-1' }, 'amount'],
      [{ amount: 'abc' }, 'amount'],
      [{ amount: '1.0000001' }, 'amount'],
      [{ tokenAddress: '0x0000000000000000000000000000000000000001' }, 'tokenAddress'],
      [{ chainId: 'TON' }, 'tokenAddress'],
    ]
    for (const [over, path] of cases) {
      const r = await call('/transfer', user, transfer(over))
      expect(r.status, JSON.stringify(over)).toBe(400)
      expect(r.body.path, JSON.stringify(over)).toBe(path)
      expect(typeof r.body.message).toBe('string')
    }
  })

  it('a real send debits the amount and the fee, records a withdrawal, and credits an internal recipient', async () => {
    const alice = newUser()
    const bob = newUser()
    const bobWallets = (await call('/tgUserWallets', bob)).body as unknown as { address: string }[]
    const r = await call(
      '/transfer',
      alice,
      transfer({ to: bobWallets[1].address, amount: '12.5', dry: false, idempotencyKey: 'key-0001', comment: 'rent' }),
    )
    expect(r.status).toBe(200)
    expect(r.body.txId).toMatch(/^tx-/)
    expect(await balance(alice, 42161, USDT_ARB)).toBe('487.5')
    expect(await balance(alice, 42161, ETH)).toBe('0.4999')
    expect(await balance(bob, 42161, USDT_ARB, 1)).toBe('12.5')
    const history = (await call('/history?limit=1&offset=0&accountIndex=0', alice)).body as unknown as {
      type: string
      amount: string
      to: string
    }[]
    expect(history[0]).toMatchObject({ type: 'withdrawal', amount: '12500000', to: bobWallets[1].address })
    const bobHistory = (await call('/history?limit=1&offset=0&accountIndex=1', bob)).body as unknown as {
      type: string
      symbol: string
    }[]
    expect(bobHistory[0]).toMatchObject({ type: 'deposit', symbol: 'USDT' })
  })

  it('one key is one transfer: a repeat, even concurrent, answers the first result', async () => {
    const user = newUser()
    const body = transfer({ amount: '100', dry: false, idempotencyKey: 'same-key' })
    const answers = await Promise.all([
      call('/transfer', user, body),
      call('/transfer', user, body),
      call('/transfer', user, body),
    ])
    expect(new Set(answers.map((a) => a.body.txId)).size).toBe(1)
    expect(await call('/transfer', user, body)).toMatchObject({ body: { txId: answers[0].body.txId } })
    expect(await balance(user, 42161, USDT_ARB)).toBe('400')
  })

  it('TON: 0.006 TON for TON itself, 0.05 TON for a jetton; the fee must be covered', async () => {
    const user = newUser()
    const to = 'UQBbrl8wiPWoGyehrHlBqQwub-BZLoSs0LGixu0VtrqzB7Tk'
    expect(
      (await call('/transfer', user, transfer({ chainId: 'TON', tokenAddress: 'native', to, amount: '1' }))).body,
    ).toMatchObject({ fee: '0.006', feeSymbol: 'TON', total: '1.006' })
    const punk = 'EQCdpz6QhJtDtm2s9-krV2ygl45Pwl-KJJCV1-XrP-Xuuxoq'
    expect(
      (
        await call(
          '/transfer',
          user,
          transfer({ chainId: 'TON', tokenAddress: punk, to: 'foundation.ton', amount: '5' }),
        )
      ).body,
    ).toMatchObject({ fee: '0.05', feeSymbol: 'TON' })
    expect(
      (await call('/transfer', user, transfer({ chainId: 'TON', tokenAddress: 'native', to, amount: '50' }))).body,
    ).toMatchObject({ path: 'amount' })
  })
})

describe('one account, however its address is written', () => {
  /** A wallet's TON address in another valid form: bounceable, or with the standard base64 alphabet. */
  const otherForms = (friendly: string) => {
    const a = Address.parse(friendly)
    return [
      a.toString({ bounceable: true, urlSafe: true }),
      a.toString({ bounceable: false, urlSafe: false }),
      a.toString({ bounceable: true, urlSafe: false }),
    ]
  }
  const tonOf = async (user: User, index = 0) =>
    ((await call('/tgUserWallets', user)).body as unknown as { tonUnbouncableAddress: string }[])[index]
      .tonUnbouncableAddress

  it("a TON send to another user's address in any valid form credits that user", async () => {
    const alice = newUser()
    // A recipient whose URL-safe address has a '-' or '_', so its standard form has a '+' or '/'.
    let bob = newUser()
    while (!/[-_]/.test(await tonOf(bob))) bob = newUser()
    const forms = otherForms(await tonOf(bob))
    expect(forms.some((f) => f.startsWith('EQ'))).toBe(true)
    expect(forms.some((f) => /[+/]/.test(f))).toBe(true)
    for (const [i, to] of forms.entries()) {
      const r = await call(
        '/transfer',
        alice,
        transfer({
          chainId: 'TON',
          tokenAddress: 'native',
          to,
          amount: '1',
          dry: false,
          idempotencyKey: `form-key-${i}`,
        }),
      )
      expect(r.status, to).toBe(200)
    }
    expect(await balance(alice, 'TON', 'native')).toBe(String(50 - 3 * 1.006))
    expect(await balance(bob, 'TON', 'native')).toBe('53')
    const bobHistory = (await call('/history?limit=3&offset=0&accountIndex=0', bob)).body as unknown as {
      type: string
      amount: string
    }[]
    expect(bobHistory.map((h) => [h.type, h.amount])).toEqual([
      ['deposit', '1000000000'],
      ['deposit', '1000000000'],
      ['deposit', '1000000000'],
    ])
  })

  it("sending to the wallet's own address, in any form, is refused; to the user's other wallet it goes", async () => {
    const user = newUser()
    const own = await tonOf(user)
    for (const to of [own, ...otherForms(own)]) {
      const r = await call('/transfer', user, transfer({ chainId: 'TON', tokenAddress: 'native', to, amount: '1' }))
      expect(r.status, to).toBe(400)
      expect(r.body.path).toBe('to')
    }
    const evm = ((await call('/tgUserWallets', user)).body as unknown as { address: string }[])[0].address
    expect((await call('/transfer', user, transfer({ to: evm.toLowerCase() }))).body).toMatchObject({ path: 'to' })
    const second = otherForms(await tonOf(user, 1))[0]
    expect(
      (
        await call(
          '/transfer',
          user,
          transfer({
            chainId: 'TON',
            tokenAddress: 'native',
            to: second,
            amount: '1',
            dry: false,
            idempotencyKey: 'to-second',
          }),
        )
      ).status,
    ).toBe(200)
    expect(await balance(user, 'TON', 'native', 1)).toBe('6')
  })

  it('a TON address whose checksum fails is refused, not sent into the void', async () => {
    const user = newUser()
    const good = await tonOf(newUser())
    const broken = good.slice(0, -1) + (good.endsWith('A') ? 'B' : 'A')
    const r = await call(
      '/transfer',
      user,
      transfer({ chainId: 'TON', tokenAddress: 'native', to: broken, amount: '1' }),
    )
    expect(r).toMatchObject({ status: 400, body: { path: 'to' } })
  })
})

describe('a retried send repeats its first answer', () => {
  it('after the whole balance went, a retry with the same key answers the first 200, not "not enough balance"', async () => {
    const user = newUser()
    const body = transfer({ amount: '500', dry: false, idempotencyKey: 'everything' })
    const first = await call('/transfer', user, body)
    expect(first.status).toBe(200)
    expect(await balance(user, 42161, USDT_ARB)).toBe('0')
    const retry = await call('/transfer', user, body)
    expect(retry).toEqual(first)
    expect(await balance(user, 42161, ETH)).toBe('0.4999')
    // A new key is a new send, and there is nothing left to send.
    expect((await call('/transfer', user, { ...body, idempotencyKey: 'another-key' })).body).toMatchObject({
      path: 'amount',
    })
  })
})

describe('deposit simulator', () => {
  it('credits a wallet and records a deposit, as a chain watcher would', async () => {
    const user = newUser()
    await call('/tgUserWallets', user)
    const res = await fetch(api.server.url + '/admin/deposit', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: user.id, chainId: 42161, token: 'USDT', amount: '25.5', accountIndex: 2 }),
    })
    expect(await res.json()).toEqual({ ok: true, credited: '25.5 USDT', accountIndex: 2 })
    expect(await balance(user, 42161, USDT_ARB, 2)).toBe('25.5')
    const history = (await call('/history?limit=1&offset=0&accountIndex=2', user)).body as unknown as {
      type: string
      amount: string
    }[]
    expect(history[0]).toMatchObject({ type: 'deposit', amount: '25500000' })
    const bad = await fetch(api.server.url + '/admin/deposit', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: user.id, chainId: 42161, token: 'NOPE', amount: '1' }),
    })
    expect(bad.status).toBe(400)
  })
})
