/**
 * The ledger's locks (server/kernel/ledger.ts lockUsers) on the database of the run (PGlite in
 * project unit, PostgreSQL in project server-pg): always taken in ascending user order; within a
 * transaction a lock it holds is not asked for again (a claim locks the claimer and their referrers,
 * then posts to them); outside a transaction every lock is asked for, since none outlives its
 * statement there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, openDatabase } from '../../../server/db'
import { lockUsers } from '../../../server/kernel/ledger'
import { onPostgres, testDatabase } from '../helpers'

let db: Db
beforeAll(async () => {
  db = await openDatabase(await testDatabase())
}, 120_000)
afterAll(() => db?.close())

/** The users whose lock each statement of `on` asks for, in order, until `stop()`. */
function recordLocks(on: Db): { asked: number[]; stop(): void } {
  const asked: number[] = []
  const query = on.query
  on.query = ((sql: string, params?: unknown[], options?: object) => {
    if (sql.includes('pg_advisory_xact_lock')) asked.push(Number((params as unknown[])[0]))
    return query(sql, params, options)
  }) as Db['query']
  return { asked, stop: () => (on.query = query) }
}

describe('ledger locks', () => {
  it('a transaction asks for each lock once, in ascending order, however often and in whatever order it is asked to lock', async () => {
    const asked = await db.transaction(async (tx) => {
      const { asked } = recordLocks(tx)
      await lockUsers(tx, [30, 10, 20, 10])
      await lockUsers(tx, [20, 40, 10])
      // A nested transaction joins the open one and what it holds.
      await tx.transaction((inner) => lockUsers(inner, [40, 5, 30]))
      return asked
    })
    expect(asked).toEqual([10, 20, 30, 40, 5])
  })

  // PostgreSQL only: PGlite is one connection, so there is no other one to wait.
  it.runIf(onPostgres())(
    'a transaction holds the locks it took, asked once or twice: another connection gets them only after it ends',
    async () => {
      let release: () => void = () => {}
      const holding = new Promise<void>((r) => (release = r))
      let locked: () => void = () => {}
      const taken = new Promise<void>((r) => (locked = r))
      const first = db.transaction(async (tx) => {
        await lockUsers(tx, [77])
        await lockUsers(tx, [77])
        locked()
        await holding
      })
      await taken
      const [{ free }] = await db.query<{ free: boolean }>('SELECT pg_try_advisory_lock(77) AS free')
      expect(free).toBe(false)
      release()
      await first
      const [{ after }] = await db.query<{ after: boolean }>('SELECT pg_try_advisory_xact_lock(77) AS after')
      expect(after).toBe(true)
    },
  )

  it('outside a transaction every lock is asked for every time', async () => {
    const { asked, stop } = recordLocks(db)
    try {
      await lockUsers(db, [3, 1])
      await lockUsers(db, [1, 2])
    } finally {
      stop()
    }
    expect(asked).toEqual([1, 3, 1, 2])
  })
})
