/**
 * The one admin check: support's reads need `Authorization: Bearer
 * <ADMIN_TOKEN>` in production, compared as digests in constant time; dev mode lets everyone read.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { adminOnly, isAdminAuthorization } from '../../../server/kernel/admin'

const TOKEN = 'support-secret'

describe('isAdminAuthorization', () => {
  it('accepts exactly "Bearer <token>"', () => {
    expect(isAdminAuthorization(`Bearer ${TOKEN}`, TOKEN)).toBe(true)
    for (const header of [
      undefined,
      '',
      TOKEN,
      `bearer ${TOKEN}`,
      `Bearer ${TOKEN} `,
      `Bearer ${TOKEN}x`,
      'Bearer support-secreT',
      'Bearer s',
      `Bearer ${TOKEN.repeat(100)}`,
    ])
      expect(isAdminAuthorization(header, TOKEN), String(header)).toBe(false)
  })

  it('accepts nothing when no token is configured', () => {
    for (const token of [undefined, ''])
      for (const header of [
        undefined,
        '',
        'Bearer ',
        'Bearer undefined',
        '\u0000no admin token',
        'Bearer \u0000no admin token',
      ])
        expect(isAdminAuthorization(header, token)).toBe(false)
  })
})

describe('adminOnly', () => {
  const app = (mode: 'development' | 'production', token: string | undefined) =>
    new Hono().get('/read', adminOnly(mode, token), (c) => c.json({ ok: true }))
  const status = async (a: Hono, authorization?: string) =>
    (await a.request('/read', { headers: authorization === undefined ? {} : { authorization } })).status

  it('in production: 401 without the token, 200 with it', async () => {
    const prod = app('production', TOKEN)
    expect(await status(prod)).toBe(401)
    expect(await status(prod, 'Bearer wrong')).toBe(401)
    expect(await status(prod, `Bearer ${TOKEN}`)).toBe(200)
    expect(await (await prod.request('/read')).json()).toEqual({
      message: 'support access needs the admin token (Authorization: Bearer <ADMIN_TOKEN>)',
    })
  })

  it('in production without ADMIN_TOKEN: nobody, and it says so', async () => {
    const off = app('production', undefined)
    expect(await status(off, 'Bearer ')).toBe(401)
    expect(await status(off, 'Bearer undefined')).toBe(401)
    expect(await (await off.request('/read')).json()).toEqual({
      message: 'support access is off: the server has no ADMIN_TOKEN',
    })
  })

  it('in dev mode: everyone', async () => {
    expect(await status(app('development', undefined))).toBe(200)
    expect(await status(app('development', TOKEN), 'Bearer wrong')).toBe(200)
  })

  it('is the only place the server reads the authorization header', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) =>
        statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : f.endsWith('.ts') ? [join(dir, f)] : [],
      )
    const readers = files('server').filter((f) =>
      /header\(\s*['"]authorization['"]\s*\)/i.test(readFileSync(f, 'utf8')),
    )
    expect(readers).toEqual(['server/kernel/admin.ts'])
  })
})
