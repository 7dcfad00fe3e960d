/** The tasks' calls as they go on the wire (doc 2 §7): the checks and the daily boost are POSTs with no body. */
import { describe, expect, it } from 'vitest'
import type { Endpoint } from '../../../domain/api/endpoint'
import { endpoints } from '../../../domain/api/endpoints'
import { buildRequest } from '../../../streams/http/request'

describe("the tasks' requests", () => {
  for (const [rule, name, path] of [
    ['tasks.22', 'activateDailyBoost', '/mining/dailyBoost'],
    ['tasks.32', 'checkEmoji', '/mining/checkEmoji'],
    ['tasks.54', 'checkPunkStaking', '/mining/checkPunkStaking'],
  ] as const)
    it(`${rule}: ${name} is a POST with no body and no content-type`, () => {
      const req = buildRequest(endpoints[name] as Endpoint<unknown, unknown>, {}, 'https://game.example/', 'init-data')
      expect(req).toEqual({
        url: `https://game.example${path}`,
        method: 'POST',
        headers: { telegramRawData: 'init-data', 'x-client': expect.any(String) },
      })
      expect(req.body).toBeUndefined()
    })

  it('a POST with fields still sends them as JSON (the burn)', () => {
    const req = buildRequest(
      endpoints.burnPunks as Endpoint<unknown, unknown>,
      { amount: '2.5', idempotencyKey: 'k' },
      'https://game.example',
      'init-data',
    )
    expect(req.headers['content-type']).toBe('application/json')
    expect(JSON.parse(req.body ?? '')).toEqual({ amount: '2.5', idempotencyKey: 'k' })
  })
})
