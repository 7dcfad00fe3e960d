/**
 * A provider that breaks: its failure fails one run of the send job, never the app; the
 * queue tries again (POH.sendRetries more times, backing off from POH.sendBackoffMs) with the same
 * code, and the last failure fails the request (internalError), after which the user may pay again.
 * On PGlite and PostgreSQL.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { MovableClock } from '../../../server/kernel/clock'
import { type CodeDelivery, type PohProvider, referenceProvider } from '../../../server/poh/provider'
import { PohInfo } from '../../../domain/poh/codecs'
import { MESSAGES, POH_SEND_JOB } from '../../../server/poh/requests'
import { POH } from '../../../server/poh/seed'
import { type User, newUser, useServer } from '../helpers'
import { codesInHistory, decodes, pay, statusOf, tonNano } from './helpers'

/** The reference provider behind a switch: the next `failures` sends throw. */
const breaking: PohProvider & { failures: number; sent: CodeDelivery[] } = {
  failures: 0,
  sent: [],
  async sendCode(d) {
    if (breaking.failures > 0) {
      breaking.failures--
      throw new Error('the provider is down')
    }
    breaking.sent.push(d)
    await referenceProvider(api.server.db, api.server.ton.serviceAddress).sendCode(d)
  },
}

const api = useServer({ poh: { provider: breaking, queueDelayMs: 0 } })
const clock = () => api.server.clock as MovableClock
beforeAll(async () => {
  await api.server.jobs.stop()
})
const walletUser = async () => {
  const user = newUser()
  await api.call('/tgUserWallets', user)
  await api.call('/mining/user', user, {})
  return user
}
const sendJobs = () =>
  api.server.db.query<{ state: string; attempts: number; last_error: string | null }>(
    'SELECT state, attempts, last_error FROM jobs WHERE name = $1 ORDER BY id',
    [POH_SEND_JOB],
  )
const requestOf = async (user: User) =>
  (
    await api.server.db.query<{ status: string; code: string | null; failure: string | null }>(
      'SELECT status, code, failure FROM poh_requests WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
      [user.id],
    )
  )[0]

describe('a provider that throws', () => {
  it('fails the run, not the app: the request waits in the queue, other calls answer, the retry sends the same code once', async () => {
    const user = await walletUser()
    breaking.failures = 1
    expect((await pay(api.server, user, 'internal')).status).toBe(200)
    await api.server.jobs.runDue()
    expect(await statusOf(api.server, user)).toBe('internalInQueue')
    const drawn = (await requestOf(user)).code
    expect(drawn).toMatch(/^\d{6}$/)
    expect(await codesInHistory(api.server, user)).toEqual([])
    expect((await sendJobs()).at(-1)).toMatchObject({
      state: 'pending',
      attempts: 1,
      last_error: expect.stringContaining('the provider is down'),
    })
    // everything else keeps working meanwhile
    const other = await walletUser()
    expect((await api.call('/v2/poh/info', other)).status).toBe(200)
    expect((await api.call('/v2/poh/priceCheck', other, {})).status).toBe(200)
    expect((await api.call('/mining/user', other)).status).toBe(200)
    expect((await api.call('/health', null)).status).toBe(200)

    clock().advance(POH.sendBackoffMs)
    await api.server.jobs.runDue()
    expect(await statusOf(api.server, user)).toBe('responsing')
    expect(await codesInHistory(api.server, user)).toEqual([drawn])
    expect(breaking.sent.filter((d) => d.userId === user.id)).toHaveLength(1)
    expect((await api.call('/v2/poh/checkCode', user, { code: drawn })).status).toBe(200)
  })

  it(`failing every one of its ${POH.sendRetries + 1} runs fails the request (internalError); the user may pay again and verify`, async () => {
    const user = await walletUser()
    breaking.failures = POH.sendRetries + 1
    expect((await pay(api.server, user, 'internal')).status).toBe(200)
    await api.server.jobs.runDue()
    for (let retry = 1; retry <= POH.sendRetries; retry++) {
      expect(await statusOf(api.server, user)).toBe('internalInQueue')
      clock().advance(POH.sendBackoffMs * 2 ** (retry - 1))
      await api.server.jobs.runDue()
    }
    expect(await statusOf(api.server, user)).toBe('internalError')
    expect(await requestOf(user)).toMatchObject({ status: 'internalError', failure: 'provider' })
    // the job is done with (not retried again), the failure told
    expect(await sendJobs()).toEqual([])
    expect(await codesInHistory(api.server, user)).toEqual([])
    expect(await api.call('/v2/poh/checkCode', user, { code: '000000' })).toMatchObject({
      status: 409,
      body: { path: 'code' },
    })

    // the provider is back: paying again goes through
    expect(breaking.failures).toBe(0)
    expect((await pay(api.server, user, 'internal')).status).toBe(200)
    await api.server.jobs.runDue()
    expect(await statusOf(api.server, user)).toBe('responsing')
    const [code] = await codesInHistory(api.server, user)
    expect((await api.call('/v2/poh/checkCode', user, { code })).status).toBe(200)
  })

  it("a failure on the service's side: the info says why; try again at no cost puts the same request back in the queue, once however often tapped, and the code then reaches the wallet; nothing more is paid", async () => {
    const user = await walletUser()
    breaking.failures = POH.sendRetries + 1
    expect((await pay(api.server, user, 'internal')).status).toBe(200)
    await api.server.jobs.runDue()
    for (let retry = 1; retry <= POH.sendRetries; retry++) {
      clock().advance(POH.sendBackoffMs * 2 ** (retry - 1))
      await api.server.jobs.runDue()
    }
    const failed = await api.call('/v2/poh/info', user)
    expect(decodes(PohInfo, failed.body)).toMatchObject({
      inProgressStatus: 'internalError',
      attempt: 1,
      failure: 'provider',
    })
    const held = await tonNano(api.server, user.id)
    const orders = await api.server.db.query('SELECT id FROM orders WHERE user_id = $1', [user.id])
    // two taps at once: one retry
    const [a, b] = await Promise.all([api.call('/v2/poh/retry', user, {}), api.call('/v2/poh/retry', user, {})])
    for (const answer of [a, b]) {
      expect(answer.status).toBe(200)
      expect(decodes(PohInfo, answer.body)).toMatchObject({ inProgressStatus: 'received', attempt: 1 })
      expect(answer.body.failure).toBeUndefined()
    }
    await api.server.jobs.runDue()
    expect(await statusOf(api.server, user)).toBe('responsing')
    const codes = await codesInHistory(api.server, user)
    expect(codes).toHaveLength(1)
    // the same request, the same order: nothing paid again (the code's small transaction came in)
    expect(await api.server.db.query('SELECT id FROM orders WHERE user_id = $1', [user.id])).toEqual(orders)
    expect(await tonNano(api.server, user.id)).toBe(held + POH.codeNano)
    expect((await api.call('/v2/poh/checkCode', user, { code: codes[0] })).status).toBe(200)
  })

  it('try again at no cost is refused, with why, where the service did not fail: no verification yet, or the tries ran out', async () => {
    const user = await walletUser()
    expect(await api.call('/v2/poh/retry', user, {})).toMatchObject({
      status: 409,
      body: { message: MESSAGES.noRetry },
    })
    expect((await pay(api.server, user, 'internal')).status).toBe(200)
    await api.server.db.query(
      `UPDATE poh_requests SET status = 'internalError', failure = 'wrong-codes' WHERE user_id = $1`,
      [user.id],
    )
    expect(decodes(PohInfo, (await api.call('/v2/poh/info', user)).body)).toMatchObject({
      inProgressStatus: 'internalError',
      attempt: 1,
      failure: 'wrong-codes',
    })
    expect(await api.call('/v2/poh/retry', user, {})).toMatchObject({
      status: 409,
      body: { message: MESSAGES.noRetry },
    })
    expect(await api.call('/v2/poh/retry', user, [])).toMatchObject({ status: 400 })
  })

  it("a last send whose process died (its lease ran out) still fails the request, on the queue's one run more", async () => {
    const user = await walletUser()
    breaking.failures = 1
    expect((await pay(api.server, user, 'internal')).status).toBe(200)
    await api.server.jobs.runDue()
    expect(await statusOf(api.server, user)).toBe('internalInQueue')
    // as if the retries had all been taken by processes that died mid-send
    await api.server.db.query('UPDATE jobs SET attempts = $2 WHERE name = $1', [POH_SEND_JOB, POH.sendRetries + 1])
    clock().advance(POH.sendBackoffMs)
    await api.server.jobs.runDue()
    expect(await requestOf(user)).toMatchObject({ status: 'internalError', failure: 'provider' })
    expect(await sendJobs()).toEqual([])
    expect(await codesInHistory(api.server, user)).toEqual([])
  })
})
