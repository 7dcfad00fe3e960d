/**
 * Burning PUNK (tasks.33-42; doc 2 §8; docs/features/tasks.md, "Rules chosen where the spec is
 * silent"): the PUNK leaves the ledger (reason 'burn', no one is credited), 0.005 TON pays the gas
 * (tasks.42), and a 48 h boost of the amount times the burn task's reward an hour starts
 * (tasks.41). Not enough PUNK answers errorCode 4002, not enough TON for the gas 4003 (the client
 * offers a swap for both, tasks.40). One key is one burn: a retry with the key answers the first
 * burn, and burns nothing more.
 */
import { randomUUID } from 'node:crypto'
import { burnSpeed, BURN_BOOST_MS, HOUR_MS } from '../../domain/tasks/completionRules'
import { SWITCH_DECIMALS } from '../../domain/mining/accrual'
import { fromUnits } from '../../domain/money'
import type { Db } from '../db'
import { InsufficientBalance, post } from '../kernel/ledger'
import { previousAnswer } from '../kernel/idempotency'
import { decimalAmount } from '../kernel/money'
import { BadRequest } from '../kernel/validate'
import { grantBoost } from '../mining/boosts'
import { PUNK_TOKEN, taskByCode } from './catalogue'
import { nanoSwitch } from './complete'

/** tasks.42: the burn's gas, in nanotons. */
export const BURN_GAS_NANOTON = 5_000_000n
export const TON_NATIVE = 'native'
const PUNK_DECIMALS = 9

/** A burn's answer: what it gave (the boost's speed, SWITCH an hour, and its hours, tasks.41), or why it was refused. */
export type BurnAnswer = { ok: true; speed?: string; hours?: number } | { errorCode: number; errorMessage: string }
export const NOT_ENOUGH_PUNK = { errorCode: 4002, errorMessage: 'not enough PUNK' } as const
export const NOT_ENOUGH_GAS = { errorCode: 4003, errorMessage: 'not enough TON for the gas (0.005 TON)' } as const

/** The amount as PUNK units: a decimal string of at least 1 with at most 9 decimals (tasks.34), as large as an amount may be, or a 400 naming `amount`. */
export function burnUnits(amount: string): bigint {
  const units = decimalAmount(amount, 'amount', {
    scale: PUNK_DECIMALS,
    tooFine: 'amount must be a number of at least 1 with at most 9 decimals',
  })
  if (units < 10n ** BigInt(PUNK_DECIMALS))
    throw new BadRequest('amount must be a number of at least 1 with at most 9 decimals', 'amount')
  return units
}

class Refused extends Error {
  constructor(readonly answer: BurnAnswer) {
    super(answer && 'errorMessage' in answer ? answer.errorMessage : 'refused')
  }
}

export async function burnPunk(
  db: Db,
  userId: number,
  units: bigint,
  idempotencyKey: string | null,
  now: number,
): Promise<BurnAnswer> {
  const key = idempotencyKey === null ? null : `burn:${idempotencyKey}`
  if (key !== null) {
    const first = await previousAnswer<BurnAnswer>(db, userId, key)
    if (first !== undefined) return first
  }
  const perPunk = nanoSwitch(taskByCode.get('burnFest')?.reward ?? '0')
  try {
    return await db.transaction(async (tx) => {
      // The key's claim first: of two burns with one key, the second waits here and answers the first's.
      if (key !== null) {
        const claimed = await tx.query(
          'INSERT INTO idempotency (user_id, key, response, status) VALUES ($1, $2, $3::jsonb, 200) ON CONFLICT DO NOTHING RETURNING key',
          [userId, key, '{}'],
        )
        if (claimed.length === 0) return (await previousAnswer<BurnAnswer>(tx, userId, key)) as BurnAnswer
      }
      const reference = `burn-${randomUUID()}`
      try {
        await post(tx, [
          {
            userId,
            accountIndex: 0,
            chainId: 'TON',
            tokenAddress: PUNK_TOKEN.tokenAddress,
            delta: -units,
            reason: 'burn',
            reference,
          },
          {
            userId,
            accountIndex: 0,
            chainId: 'TON',
            tokenAddress: TON_NATIVE,
            delta: -BURN_GAS_NANOTON,
            reason: 'fee',
            reference,
          },
        ])
      } catch (e) {
        if (e instanceof InsufficientBalance)
          throw new Refused(e.tokenAddress === TON_NATIVE ? NOT_ENOUGH_GAS : NOT_ENOUGH_PUNK)
        throw e
      }
      const speed = burnSpeed(units, perPunk)
      await grantBoost(tx, { userId, source: 'burn', reference, speed, from: now, to: now + BURN_BOOST_MS }, now)
      const answer: BurnAnswer = { ok: true, speed: fromUnits(speed, SWITCH_DECIMALS), hours: BURN_BOOST_MS / HOUR_MS }
      if (key !== null)
        await tx.query('UPDATE idempotency SET response = $3::jsonb WHERE user_id = $1 AND key = $2', [
          userId,
          key,
          JSON.stringify(answer),
        ])
      return answer
    })
  } catch (e) {
    // A refusal is not kept under the key: after a top-up the same key may burn.
    if (e instanceof Refused) return e.answer
    throw e
  }
}
