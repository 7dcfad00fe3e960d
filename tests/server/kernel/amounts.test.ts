/**
 * Amounts from requests are bounded by the columns they land in (server/kernel/money.ts
 * decimalAmount): one digit more than a call takes is a 400 naming the field, never PostgreSQL's
 * "numeric field overflow" as a 500; the largest amount it takes goes on to the call's own checks.
 * On PGlite and on PostgreSQL, as dev mode's users with their starter balances.
 */
import { describe, expect, it } from 'vitest'
import { type Answer, type User, newUser, useServer } from '../helpers'

const api = useServer()

const USDT_ARB = '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'
const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
const ETH = '0x0000000000000000000000000000000000000000'
const TSTON = 'EQC98_qAmNEptUtPc7W6xdHh_ZHrBUFpw5Ft_IzNU20QAJav'
const TRADER = '0x1111111111111111111111111111111111111111'
const nines = (n: number) => '9'.repeat(n)
let keys = 0
const key = () => `amounts-${Date.now()}-${++keys}`

interface AmountCall {
  what: string
  /** The field's path in the answer. */
  path: string
  /** The call with `amount` in its amount field. */
  send(user: User, amount: string): Promise<Answer>
  /** The most digits it takes (before the decimal point, for an amount in tokens). */
  digits: number
  /** What the largest amount it takes is answered: the call's own check, past the bound. */
  largest(answer: Answer): void
}

const calls: AmountCall[] = [
  {
    what: 'a burn of PUNK (9 decimals)',
    path: 'amount',
    send: (user, amount) => api.call('/mining/burn', user, { amount, idempotencyKey: key() }),
    digits: 31,
    largest: (a) => expect(a).toMatchObject({ status: 200, body: { errorCode: 4002 } }),
  },
  {
    what: 'a transfer of USDT on Arbitrum (6 decimals)',
    path: 'amount',
    send: (user, amount) =>
      api.call('/transfer', user, {
        to: TRADER,
        amount,
        tokenAddress: USDT_ARB,
        chainId: 42161,
        accountIndex: 0,
        comment: '',
        dry: false,
        idempotencyKey: key(),
      }),
    digits: 34,
    largest: (a) => expect(a).toMatchObject({ status: 400, body: { message: 'not enough balance', path: 'amount' } }),
  },
  {
    what: 'a quote, in smallest units',
    path: 'amount',
    send: (user, amount) =>
      api.call('/fetchRoute', user, {
        amount,
        from: USDC_ARB,
        to: ETH,
        fromChainId: 42161,
        toChainId: 42161,
        accountIndex: 0,
      }),
    digits: 40,
    largest: (a) => expect(a.status).toBe(200),
  },
  {
    what: 'a TON quote, in smallest units',
    path: 'offer_amount',
    send: (user, amount) =>
      api.call('/v2/tc/simulate-swap', user, { offer_jetton: 'native', offer_amount: amount, ask_jetton: TSTON }),
    digits: 40,
    largest: (a) => expect(a.status).toBe(200),
  },
  {
    what: 'the least a TON swap takes, compared with any balance',
    path: 'min_ask_amount',
    send: (user, amount) =>
      api.call(
        '/v2/tc/swap',
        user,
        {
          offer_jetton: 'native',
          offer_amount: '1000000',
          ask_jetton: TSTON,
          min_ask_amount: amount,
          provider: 'stonfi',
          idempotencyKey: key(),
        },
        { headers: { walletindex: '0' } },
      ),
    digits: 78,
    largest: (a) => expect(a).toMatchObject({ status: 409, body: { code: 'slippage' } }),
  },
  {
    what: 'a copy trade’s deposit, in smallest units',
    path: 'depositInNano',
    send: (user, amount) =>
      api.call('/startMonitoringCopyTrade', user, {
        accountIndex: 0,
        chainId: 42161,
        followedAddress: TRADER,
        ante: 0.5,
        protocols: ['uniswapV3'],
        depositInNano: amount,
        fromToken: ETH,
        idempotencyKey: key(),
      }),
    digits: 40,
    largest: (a) =>
      expect(a).toMatchObject({ status: 400, body: { message: 'insufficient funds', path: 'depositInNano' } }),
  },
  {
    what: 'a simulated deposit of USDT (6 decimals; dev mode)',
    path: 'amount',
    send: (user, amount) =>
      api.call('/admin/deposit', null, {
        userId: user.id,
        chainId: 42161,
        token: 'USDT',
        amount,
        from: 'amounts test',
      }),
    digits: 54,
    largest: (a) => expect(a).toMatchObject({ status: 200, body: { ok: true } }),
  },
]

describe('amounts are bounded by the columns they land in', () => {
  it('one digit more than a call takes is a 400 at the field; the largest it takes goes on to the call’s own checks', async () => {
    for (const c of calls) {
      const user = newUser()
      await api.call('/tgUserWallets', user)
      const tooLarge = await c.send(user, nines(c.digits + 1))
      expect(tooLarge, c.what).toMatchObject({
        status: 400,
        body: { path: c.path, message: expect.stringContaining('too large') },
      })
      // Leading zeros are no digits of the value.
      const padded = await c.send(user, '0'.repeat(60) + nines(c.digits + 1))
      expect(padded.status, `${c.what}, padded`).toBe(400)
      c.largest(await c.send(user, '0'.repeat(5) + nines(c.digits)))
    }
  })

  it('a burn of 71 digits and more (past NUMERIC(78, 0) in nano-PUNK) is a 400 naming the amount, with or without a fraction', async () => {
    const user = newUser()
    for (const amount of [nines(71), `${nines(100)}.5`, `1${'0'.repeat(200)}`]) {
      const r = await api.call('/mining/burn', user, { amount, idempotencyKey: key() })
      expect(r, amount.slice(0, 20)).toMatchObject({ status: 400, body: { path: 'amount' } })
    }
  })
})
