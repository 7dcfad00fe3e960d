/**
 * Dev mode: `npm start`'s demo user is in a human group (the PoH prompt offers
 * verification) and can verify; POST /dev/poh/providerFails makes the reference provider fail, so a
 * request can be watched failing and tried again. Production has neither. On PGlite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest'
import { MiningUserAnswer } from '../../../domain/mining/firstScreenCodecs'
import { DEMO_USER } from '../../../server/app'
import type { MovableClock } from '../../../server/kernel/clock'
import { POH } from '../../../server/poh/seed'
import { startTestServer, useServer } from '../helpers'
import { codesInHistory, decodes, pay, statusOf } from './helpers'

const api = useServer({ poh: { queueDelayMs: 0 } })
const demo = { ...DEMO_USER }
const failNext = (count: unknown) =>
  fetch(api.server.url + '/dev/poh/providerFails', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ count }),
  })
const waitFor = (status: string | undefined) =>
  expect.poll(() => statusOf(api.server, demo), { timeout: 10_000, interval: 100 }).toBe(status)

describe('dev mode', () => {
  it('the demo user is in a human group, unconfirmed; the provider fails on demand, then the demo user verifies through the pipeline', async () => {
    const record = decodes(MiningUserAnswer, (await api.call('/mining/user', demo)).body).userMining
    expect(record).toMatchObject({ humanGroup: true, confirmProve: false })

    const fails = await failNext(POH.sendRetries + 1)
    expect(fails.status).toBe(200)
    expect(await fails.json()).toEqual({ failures: POH.sendRetries + 1, failsARequest: POH.sendRetries + 1 })
    expect((await pay(api.server, demo, 'internal')).status).toBe(200)
    // the queue's own loop runs it: the retries back off 1 s, then 2 s, on the server's clock
    for (let i = 0; i < POH.sendRetries; i++) {
      await new Promise((r) => setTimeout(r, 300))
      ;(api.server.clock as MovableClock).advance(POH.sendBackoffMs * 2 ** i)
    }
    await waitFor('internalError')

    expect((await pay(api.server, demo, 'internal')).status).toBe(200)
    await waitFor('responsing')
    const [code] = await codesInHistory(api.server, demo)
    expect((await api.call('/v2/poh/checkCode', demo, { code })).status).toBe(200)
    expect(decodes(MiningUserAnswer, (await api.call('/mining/user', demo)).body).userMining).toMatchObject({
      humanGroup: true,
      confirmProve: true,
    })
  })

  it('bad input to the hook is a 400 naming count', async () => {
    for (const count of [-1, 1.5, 101, '2', null]) expect((await failNext(count)).status, String(count)).toBe(400)
    expect(await (await failNext('x')).json()).toMatchObject({ path: 'count' })
  })

  it('production: no hook, and nobody is put in a human group', async () => {
    const server = await startTestServer({ mode: 'production' })
    try {
      const r = await fetch(server.url + '/dev/poh/providerFails', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"count":1}',
      })
      expect(r.status).toBe(404)
      expect(await server.db.query('SELECT 1 FROM mining_users WHERE human_group')).toEqual([])
      expect(server.routes.some((route) => route.path.startsWith('/dev/poh'))).toBe(false)
    } finally {
      await server.close()
    }
  })
})
