/** Staking tests' helpers: SWITCH credited as the dev seeds credit it (the ledger, a reason of its own), then staked through the real call. */
import type { RunningServer } from '../../../server/app'
import type { Db } from '../../../server/db'
import { post } from '../../../server/kernel/ledger'
import { switchEntry } from '../../../server/mining/miner'
import { toUnits } from '../../../domain/money'
import { type Answer, type User, call } from '../helpers'

export async function creditSwitch(db: Db, userId: number, amount: string): Promise<void> {
  await db.transaction((tx) =>
    post(tx, [switchEntry(userId, toUnits(amount, 9) as bigint, 'test-credit', `staking tests ${amount}`)]),
  )
}

/** A user with a wallet, a miner, and `amount` SWITCH. */
export async function stakerWith(server: Pick<RunningServer, 'url' | 'db'>, user: User, amount: string): Promise<User> {
  await call(server, '/tgUserWallets', user)
  await call(server, '/mining/user', user, {})
  if (amount !== '0') await creditSwitch(server.db, user.id, amount)
  return user
}

let keys = 0
export const deposit = (
  server: Pick<RunningServer, 'url'>,
  user: User,
  body: Record<string, unknown>,
): Promise<Answer> =>
  call(server, '/mining/staking/deposit', user, { idempotencyKey: `stake-${++keys}-${Date.now()}`, ...body })
