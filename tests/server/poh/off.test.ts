/**
 * The provider switched off (POH_PROVIDER=off): the info call still answers, and creating
 * a transaction is refused with a clear message before anything is paid, every way. On PGlite and
 * PostgreSQL.
 */
import { describe, expect, it } from 'vitest'
import { PohInfo } from '../../../domain/poh/codecs'
import { configFromEnv } from '../../../server/config'
import { MESSAGES, MESSAGES_RU } from '../../../server/poh/requests'
import { newUser, useServer } from '../helpers'
import { decodes, tonNano } from './helpers'

const api = useServer({ bot: { apiRoot: null, updates: { kind: 'polling' } }, poh: { provider: 'off' } })

describe('the provider switched off', () => {
  it('info answers; the price check and every way to pay are refused with the message, no order made, nothing paid', async () => {
    const user = newUser()
    await api.call('/tgUserWallets', user)
    const info = await api.call('/v2/poh/info', user)
    expect(info.status).toBe(200)
    expect(decodes(PohInfo, info.body).inProgressStatus).toBeUndefined()
    const held = await tonNano(api.server, user.id)
    expect(await api.call('/v2/poh/priceCheck', user, {})).toMatchObject({
      status: 409,
      body: { message: MESSAGES.off },
    })
    for (const payType of ['internal', 'star', 'external'])
      expect(
        await api.call('/v2/poh/transaction', user, { payType, idempotencyKey: `off-key-${payType}` }),
        payType,
      ).toMatchObject({ status: 409, body: { message: MESSAGES.off } })
    expect(await api.server.db.query('SELECT 1 FROM orders WHERE user_id = $1', [user.id])).toEqual([])
    expect(await tonNano(api.server, user.id)).toBe(held)
    expect(await api.server.db.query('SELECT 1 FROM poh_requests WHERE user_id = $1', [user.id])).toEqual([])
  })

  it('a request that failed because verification was switched off is kept for later: trying again at no cost is refused while it is off, with why', async () => {
    const user = newUser({ language_code: 'ru' })
    await api.call('/tgUserWallets', user)
    const now = new Date().toISOString()
    await api.server.db.query(
      `INSERT INTO orders (id, user_id, product, params, way, price_stars, price_nano, created_at, expires_at, status) VALUES ('SWOFFOFFOFFOFFOFF22', $1, 'poh', '{}', 'internal', 150, 1000000000, $2, $2, 'granted')`,
      [user.id, now],
    )
    await api.server.db.query(
      `INSERT INTO poh_requests (user_id, order_id, pay_type, status, wallet, failure, created_at, updated_at) VALUES ($1, 'SWOFFOFFOFFOFFOFF22', 'internal', 'internalError', 'w', 'provider-off', $2, $2)`,
      [user.id, now],
    )
    expect(decodes(PohInfo, (await api.call('/v2/poh/info', user)).body)).toMatchObject({
      inProgressStatus: 'internalError',
      attempt: 1,
      failure: 'provider-off',
    })
    expect(await api.call('/v2/poh/retry', user, {})).toMatchObject({
      status: 409,
      body: { message: MESSAGES_RU.retryOff },
    })
    expect(await api.server.db.query('SELECT status, failure FROM poh_requests WHERE user_id = $1', [user.id])).toEqual(
      [{ status: 'internalError', failure: 'provider-off' }],
    )
  })

  it('POH_PROVIDER names it: reference by default, off, nothing else', () => {
    expect(configFromEnv({ NODE_ENV: 'development' })).toMatchObject({ poh: { provider: 'reference' } })
    expect(configFromEnv({ NODE_ENV: 'development', POH_PROVIDER: 'off' })).toMatchObject({ poh: { provider: 'off' } })
    expect(configFromEnv({ NODE_ENV: 'development', POH_PROVIDER: 'Off' })).toEqual({
      error: expect.stringMatching(/^POH_PROVIDER must be "reference" or "off"/),
    })
  })
})
