/** Friends and referrals in server tests: first contacts with a start parameter, invite codes, ledger reads. */
import { isRight } from 'fp-ts/lib/Either'
import { expect } from 'vitest'
import { endpoints } from '../../../domain/api/endpoints'
import type { RunningServer } from '../../../server/app'
import { type InitDataUser, signInitData } from '../../../server/kernel/auth'
import { type Answer, type User, call, TEST_BOT } from '../helpers'

/** A call as `user` whose launch carried `startParam` (signed in the init data, as Telegram signs it). */
export const launch = (
  server: RunningServer,
  user: User,
  startParam: string | null,
  path = '/mining/referralStats',
): Promise<Answer> =>
  call(server, path, null, undefined, {
    headers: {
      telegramRawData: signInitData({
        botToken: TEST_BOT,
        user: user as InitDataUser,
        ...(startParam ? { startParam } : {}),
      }),
    },
  })

export const decodes = (name: keyof typeof endpoints, body: unknown) =>
  expect(isRight(endpoints[name].response.decode(body) as never), JSON.stringify(body)).toBe(true)

export async function codeOf(server: RunningServer, user: User): Promise<string> {
  const [row] = await server.db.query<{ invite_code: string }>('SELECT invite_code FROM users WHERE id = $1', [user.id])
  return row.invite_code
}

/** Who referred `user`, by the database; null: nobody. */
export async function referrerOf(server: RunningServer, user: User): Promise<number | null> {
  const [row] = await server.db.query<{ referrer_id: string }>(
    'SELECT referrer_id::text AS referrer_id FROM referrals WHERE friend_id = $1',
    [user.id],
  )
  return row === undefined ? null : Number(row.referrer_id)
}

/** The user's SWITCH ledger entries of one reason, in nano. */
export async function entriesOf(
  server: RunningServer,
  user: User,
  reason: string,
): Promise<{ delta: bigint; reference: string }[]> {
  const rows = await server.db.query<{ delta: string; reference: string }>(
    "SELECT delta::text AS delta, reference FROM ledger WHERE user_id = $1 AND chain_id = 'GAME' AND reason = $2 ORDER BY id",
    [user.id, reason],
  )
  return rows.map((r) => ({ delta: BigInt(r.delta), reference: r.reference }))
}

export const sum = (xs: readonly { delta: bigint }[]) => xs.reduce((a, x) => a + x.delta, 0n)
/** A decimal SWITCH string in nano. */
export const nano = (s: string) => BigInt(s.split('.')[0]) * 10n ** 9n + BigInt((s.split('.')[1] ?? '').padEnd(9, '0'))
