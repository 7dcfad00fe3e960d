/** `npm start -- --fresh` (server/kernel/fresh.ts): the demo's database deleted, and nothing else ever. */
import { describe, expect, it } from 'vitest'
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freshStart } from '../../../server/kernel/fresh'

const pglite = (dataDir: string | null) => ({ kind: 'pglite' as const, dataDir })

describe('a fresh start of the demo', () => {
  it('deletes the folder of the embedded database, so the demo data is made anew', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fresh-'))
    writeFileSync(join(dir, 'PG_VERSION'), '17\n')
    mkdirSync(join(dir, 'base'))
    const done = freshStart({ mode: 'development', database: pglite(dir) })
    expect(done).toEqual({ ok: true, said: `Fresh start: ${dir} deleted; the demo data is made anew.` })
    expect(existsSync(dir)).toBe(false)
  })

  it('has nothing to do for a database not made yet, or one in memory', () => {
    expect(freshStart({ mode: 'development', database: pglite(join(tmpdir(), 'never-made-here')) })).toEqual({
      ok: true,
      said: null,
    })
    expect(freshStart({ mode: 'development', database: pglite(null) })).toEqual({ ok: true, said: null })
  })

  it('refuses a folder that holds something else, in production, and with a PostgreSQL server, deleting nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fresh-'))
    writeFileSync(join(dir, 'notes.txt'), 'mine')
    expect(freshStart({ mode: 'development', database: pglite(dir) })).toMatchObject({
      ok: false,
      why: expect.stringContaining('holds no PGlite database'),
    })
    expect(existsSync(join(dir, 'notes.txt'))).toBe(true)
    writeFileSync(join(dir, 'PG_VERSION'), '17\n')
    expect(freshStart({ mode: 'production', database: pglite(dir) })).toMatchObject({
      ok: false,
      why: expect.stringContaining('dev mode only'),
    })
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true)
    expect(
      freshStart({ mode: 'development', database: { kind: 'postgres', url: 'postgres://x@127.0.0.1/db' } as never }),
    ).toMatchObject({ ok: false, why: expect.stringContaining('DATABASE_URL') })
  })
})
