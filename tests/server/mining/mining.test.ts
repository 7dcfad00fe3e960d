/** The mining user record as far as the wallet reads it: lockAmount from unended staking deposits (wallet.11). */
import { describe, expect, it } from 'vitest'
import { type User, newUser, useServer } from '../helpers'
import { endpoints } from '../../../domain/api/endpoints'
import { isRight } from 'fp-ts/lib/Either'

const api = useServer()
const call = (path: string, user: User, method = 'GET') => api.call(path, user, method === 'GET' ? undefined : {})
const stake = (userId: number, amount: string, months = 3) =>
  fetch(api.server.url + '/admin/stake', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId, amount, months }) })

describe('mining user record', () => {
  // mining.1 names 19 fields; the record answers the 12 the wallet half reads (the miner of the game
  // half adds the rest), so this test checks those 12 by name and type, not the rule.
  it('no record until it is created; then the wallet-half fields, each with its type', async () => {
    const user = newUser()
    expect((await call('/mining/user', user)).body).toEqual({ userMining: null })
    expect((await call('/mining/user', user, 'POST')).status).toBe(200)
    const { body } = await call('/mining/user', user)
    expect(isRight(endpoints.miningUser.response.decode(body))).toBe(true)
    expect(body.userMining).toEqual({
      speed: 0,
      gotAmount: 0,
      miningAmount: 0,
      status: 'active',
      guild: 0,
      alliance: null,
      withheld: 0,
      autoclaimActive: false,
      lockAmount: 0,
      humanGroup: false,
      confirmProve: false,
      dttmAdded: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    })
  })

  it('SWITCH in staking deposits that have not ended is lockAmount', async () => {
    const user = newUser()
    await call('/tgUserWallets', user)
    expect((await stake(user.id, '1500.5')).status).toBe(200)
    expect((await stake(user.id, '250', 12)).status).toBe(200)
    expect((await call('/mining/user', user)).body.userMining).toMatchObject({ gotAmount: 1750.5, lockAmount: 1750.5 })
    // a deposit whose period has ended no longer locks anything
    await api.server.db.query("UPDATE staking_deposits SET dttm_ended = now() - interval '1 second' WHERE user_id = $1 AND period_months = 12", [user.id])
    expect((await call('/mining/user', user)).body.userMining).toMatchObject({ lockAmount: 1500.5 })
  })

  it('the staking simulator refuses bad input and unknown users', async () => {
    const user = newUser()
    await call('/tgUserWallets', user)
    for (const [amount, months] of [['0', 3], ['-1', 3], ['1.0000000001', 3], ['10', 0], ['10', 1.5]] as const) expect((await stake(user.id, amount, months)).status).toBe(400)
    expect((await stake(999_999_999, '10')).status).toBe(400)
  })
})
