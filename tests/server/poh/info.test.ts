/**
 * GET /v2/poh/info and POST /v2/poh/priceCheck (doc 2 §3, §7): the price in TON with its
 * dollar estimate from the catalogue's TON price and in Stars, and no status before any request.
 * Answers decode with the client's codecs. On PGlite and PostgreSQL.
 */
import { isRight } from 'fp-ts/lib/Either'
import { describe, expect, it } from 'vitest'
import { PohInfo, Ok } from '../../../domain/poh/codecs'
import { POH } from '../../../server/poh/seed'
import { newUser, useServer } from '../helpers'

const api = useServer()

describe('PoH info', () => {
  it('[poh.3] the price: 1 TON, its dollar estimate from the catalogue (3 USD a TON) as exact decimal strings, 150 stars; no status before any request', async () => {
    const user = newUser()
    const info = await api.call('/v2/poh/info', user)
    expect(info.status).toBe(200)
    expect(isRight(PohInfo.decode(info.body)), JSON.stringify(info.body)).toBe(true)
    const [ton] = await api.server.db.query<{ price_usd: number }>(
      "SELECT price_usd FROM tokens WHERE chain_id = 'TON' AND address = 'native'",
    )
    expect(Number(ton.price_usd)).toBe(3)
    expect(info.body).toEqual({ tonAmount: { tonAmount: '1', amount: '3.00', starAmount: POH.price.stars } })
    expect(info.body.inProgressStatus).toBeUndefined()
  })

  it('the price check takes an empty object and answers ok; a body that is no object is a 400; no init data is a 401', async () => {
    const user = newUser()
    const ok = await api.call('/v2/poh/priceCheck', user, {})
    expect(ok.status).toBe(200)
    expect(isRight(Ok.decode(ok.body))).toBe(true)
    expect((await api.call('/v2/poh/priceCheck', user, [])).status).toBe(400)
    expect((await api.call('/v2/poh/info', null)).status).toBe(401)
  })
})
