/** The mining user record as far as the wallet reads it: lockAmount from unended staking deposits (wallet.11). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type RunningServer } from '../../server/app'
import { signInitData } from '../../server/auth'
import { endpoints } from '../../domain/api/endpoints'
import { isRight } from 'fp-ts/lib/Either'

const BOT = '7000000006:mining-tests'
let server: RunningServer
let n = 31_000
const newUser = () => ({ id: ++n, first_name: `M${n}` })

async function call(path: string, user: { id: number; first_name: string }, method = 'GET') {
  const res = await fetch(server.url + path, { method, headers: { 'content-type': 'application/json', telegramRawData: signInitData({ botToken: BOT, user }) }, body: method === 'GET' ? undefined : '{}' })
  return { status: res.status, body: (await res.json()) as { userMining?: Record<string, unknown> | null } }
}
const stake = (userId: number, amount: string, months = 3) =>
  fetch(server.url + '/admin/stake', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId, amount, months }) })

beforeAll(async () => {
  server = await createServer({ port: 0, host: '127.0.0.1', botToken: BOT, mode: 'development', database: { kind: 'pglite', dataDir: null }, staticDir: null, authMaxAgeSeconds: 86_400 })
}, 60_000)
afterAll(async () => server?.close())

describe('mining user record', () => {
  it('[mining.1] no record until it is created; then one with every field the codec reads', async () => {
    const user = newUser()
    expect((await call('/mining/user', user)).body).toEqual({ userMining: null })
    expect((await call('/mining/user', user, 'POST')).status).toBe(200)
    const { body } = await call('/mining/user', user)
    expect(isRight(endpoints.miningUser.response.decode(body))).toBe(true)
    expect(body.userMining).toMatchObject({ gotAmount: 0, lockAmount: 0, guild: 0 })
  })

  it('[wallet.11] [staking.38] SWITCH in staking deposits that have not ended is lockAmount', async () => {
    const user = newUser()
    await call('/tgUserWallets', user)
    expect((await stake(user.id, '1500.5')).status).toBe(200)
    expect((await stake(user.id, '250', 12)).status).toBe(200)
    expect((await call('/mining/user', user)).body.userMining).toMatchObject({ gotAmount: 1750.5, lockAmount: 1750.5 })
    // a deposit whose period has ended no longer locks anything
    await server.db.query("UPDATE staking_deposits SET dttm_ended = now() - interval '1 second' WHERE user_id = $1 AND period_months = 12", [user.id])
    expect((await call('/mining/user', user)).body.userMining).toMatchObject({ lockAmount: 1500.5 })
  })

  it('the staking simulator refuses bad input and unknown users', async () => {
    const user = newUser()
    await call('/tgUserWallets', user)
    for (const [amount, months] of [['0', 3], ['-1', 3], ['1.0000000001', 3], ['10', 0], ['10', 1.5]] as const) expect((await stake(user.id, amount, months)).status).toBe(400)
    expect((await stake(999_999_999, '10')).status).toBe(400)
  })
})
