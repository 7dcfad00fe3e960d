/**
 * Migration 021 keeps the old simulator's deposits meaningful, and 022 starts the running total
 * from them (docs/features/staking.md, "Old rows"). On PGlite and PostgreSQL.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { type DatabaseConfig, MIGRATIONS, connect, migrate } from '../../../server/db'
import { type DepositRow, depositView, holdings } from '../../../server/staking/deposits'
import { onPostgres, testDatabase } from '../helpers'

const temporary: string[] = []
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true })
})

describe('migration 021', () => {
  it('maps simulator deposits to periods, claims the ended ones as of their end, and locks the running ones in the ledger', async () => {
    const before = mkdtempSync(join(tmpdir(), 'migrations-'))
    temporary.push(before)
    for (const f of readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql') && f < '021'))
      copyFileSync(join(MIGRATIONS, f), join(before, f))
    let config: DatabaseConfig
    if (onPostgres()) config = await testDatabase()
    else {
      const dir = mkdtempSync(join(tmpdir(), 'pglite-'))
      temporary.push(dir)
      config = { kind: 'pglite', dataDir: dir }
    }
    const db = await connect(config)
    try {
      await migrate(db, before)
      for (const id of [1, 2]) {
        await db.query('INSERT INTO users (id, first_name) VALUES ($1, $2)', [id, `U${id}`])
        await db.query(
          'INSERT INTO wallets (user_id, account_index, evm_address, ton_address) VALUES ($1, 0, $2, $3)',
          [id, `evm-${id}`, `ton-${id}`],
        )
        await db.query(
          `INSERT INTO ledger (user_id, account_index, chain_id, token_address, delta, reason, reference) VALUES ($1, 0, 'GAME', 'SWITCH', 5000000000000, 'stake-simulator', 'r')`,
          [id],
        )
        await db.query(
          `INSERT INTO balances (user_id, account_index, chain_id, token_address, units) VALUES ($1, 0, 'GAME', 'SWITCH', 5000000000000)`,
          [id],
        )
      }
      const row = (user: number, amount: string, months: number, added: string, ended: string) =>
        db.query(
          `INSERT INTO staking_deposits (user_id, amount, period_months, dttm_added, dttm_ended) VALUES ($1, $2::numeric, $3, now() - $4::interval, now() + $5::interval)`,
          [user, amount, months, added, ended],
        )
      await row(1, '100.5', 3, '100 days', '-10 days') // ended before the migration
      await row(1, '250', 7, '1 day', '7 months') // running, 7 months: 1y
      await row(1, '1', 1200, '1 day', '100 years')
      await row(2, '42.000000001', 1, '1 day', '1 month')
      await migrate(db)
      const rows = await db.query<DepositRow & { months: number }>(
        'SELECT id, user_id, amount::text AS amount, period, apy_ppm, dttm_added, dttm_ended, claimed_at, order_id, period_months AS months FROM staking_deposits ORDER BY id',
      )
      expect(rows.map((r) => [r.period, r.claimed_at === null])).toEqual([
        ['3m', false],
        ['1y', true],
        ['100y', true],
        ['3m', true],
      ])
      const [ended, running] = rows.map(depositView)
      expect(ended.dttmClaimed).toBe(ended.dttmEnded)
      expect(running).toMatchObject({
        amount: '250',
        period: '1y',
        apy: 0,
        hourReward: '0',
        reward: '0',
        dttmClaimed: null,
        orderId: null,
      })
      expect(await holdings(db, 1)).toEqual({ got: 5_000_000_000_000n, locked: 251_000_000_000n })
      expect(await holdings(db, 2)).toEqual({ got: 5_000_000_000_000n, locked: 42_000_000_001n })
      const locks = await db.query<{ reference: string }>(
        "SELECT reference FROM ledger WHERE reason = 'stake-lock' ORDER BY reference",
      )
      expect(locks.map((l) => l.reference)).toEqual(
        rows
          .slice(1)
          .map((r) => `stake:${r.id}`)
          .sort(),
      )
      // migration 022: the running total starts at what the ledger locks
      const [total] = await db.query<{ units: string }>('SELECT units::text AS units FROM staking_total')
      expect(BigInt(total.units)).toBe(251_000_000_000n + 42_000_000_001n)
    } finally {
      await db.close()
    }
  })
})
