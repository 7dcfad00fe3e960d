/**
 * PoH's create-transaction call on the wire (poh.14): the client's pay epic and HTTP client (the
 * request built from the endpoint table) against a real server with its bot (Stars need one), for
 * each way. On PGlite and PostgreSQL.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { EventInput } from '../../../domain/events'
import { loadAllFeatures } from '../../../streams/features'
import { POH_WALLET, payEpic } from '../../../streams/poh/epics'
import { newUser, useServer } from '../helpers'
import { pollingBot } from '../bot/helpers'
import { onTheWire } from './helpers'

const api = useServer({ bot: pollingBot })
// The poh slice folds its events once its feature is loaded (the unit project loads every feature first; server-pg does not).
beforeAll(() => loadAllFeatures())
const walletUser = async () => {
  const user = newUser()
  await api.call('/tgUserWallets', user)
  await api.call('/mining/user', user, {})
  return user
}
const price = { tonAmount: { tonAmount: '1', amount: '3.00', starAmount: 150 } }
const body = (req: { body?: string | null }) => JSON.parse(req.body ?? 'null') as Record<string, unknown>

describe('on the wire', () => {
  it('[poh.14] Verify sends POST create transaction with JSON {payType}: internal, star or external as chosen; the server takes each', async () => {
    for (const way of ['internal', 'star', 'external'] as const) {
      const user = await walletUser()
      const wire = onTheWire(
        api.server,
        user,
        [
          { type: 'poh/infoReceived', payload: { info: price } },
          { type: 'poh/wayChosen', payload: { way } },
        ] as EventInput[],
        payEpic(POH_WALLET.production),
      )
      // nothing before the tap
      expect(wire.sent).toEqual([])
      wire.tap({ type: 'poh/verifyTapped', payload: {} } as EventInput)
      await expect.poll(() => wire.answered.length, { timeout: 10_000 }).toBe(1)
      wire.stop()
      expect(wire.sent, way).toHaveLength(1)
      const [req] = wire.sent
      expect([req.method, new URL(req.url).pathname, new URL(req.url).search], way).toEqual([
        'POST',
        '/v2/poh/transaction',
        '',
      ])
      // the spec's {payType}, with our idempotency key beside it
      expect(body(req), way).toEqual({ payType: way, idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/) })
      expect(wire.answered, way).toEqual([200])
      expect(wire.out, way).not.toContain('poh/transactionFailed')
    }
  })
})
