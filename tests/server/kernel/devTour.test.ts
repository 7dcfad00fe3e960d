/**
 * The dev page's tour of the demo (README.md, "Tour of the demo"): `?user=new` launches as a user the
 * server has never seen, `?theme=dark` in Telegram's night theme, `?devtools` with the time-travel
 * panel's start parameter; the plain page launches as the demo user. Each launch is signed as
 * Telegram signs one. A production server has none of it (./production.test.ts).
 */
import { describe, expect, it } from 'vitest'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { TEST_BOT, useServer } from '../helpers'
import { validateInitData } from '../../../server/kernel/auth'
import { DEMO_DARK_THEME, DEMO_THEME, FRESH_USER_IDS } from '../../../server/kernel/static'
import { DEMO_USER } from '../../../server/app'

const dist = mkdtempSync(join(tmpdir(), 'dist-'))
writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>x</title></head><body></body></html>')

const srv = useServer({ mode: 'development', staticDir: dist })

/** The launch the dev page at `path` hands the app: the hash its script writes, and whether it replaces one the tab has. */
async function launchOf(path: string) {
  const html = await (await fetch(srv.server.url + path, { headers: { accept: 'text/html' } })).text()
  const hash = /'#'\+"([^"]+)"/.exec(html)?.[1]
  if (!hash) throw new Error(`no launch in the page at ${path}`)
  const params = new URLSearchParams(hash)
  const initData = params.get('tgWebAppData') as string
  const { user } = validateInitData(initData, TEST_BOT, 86_400)
  return {
    user,
    theme: JSON.parse(params.get('tgWebAppThemeParams') ?? '{}') as Record<string, string>,
    startParam: params.get('tgWebAppStartParam'),
    replaces: /if\(!true&&/.test(html),
  }
}

describe("the dev page's tour of the demo", () => {
  it('the plain page launches as the demo user, in the light theme, and keeps a launch the tab has', async () => {
    const launch = await launchOf('/')
    expect(launch.user.id).toBe(DEMO_USER.id)
    expect(launch.theme).toEqual(DEMO_THEME)
    expect(launch.startParam).toBeNull()
    expect(launch.replaces).toBe(false)
  })

  it('?user=new launches as a user never seen before, each time another, in the language ?lang names', async () => {
    const a = await launchOf('/?user=new')
    const b = await launchOf('/?user=new')
    for (const l of [a, b]) {
      expect(l.user.id).toBeGreaterThanOrEqual(FRESH_USER_IDS)
      expect(l.replaces).toBe(true)
    }
    expect(a.user.id).not.toBe(b.user.id)
    expect(a.user.language_code).toBe('en')
    const ru = await launchOf('/?user=new&lang=ru')
    expect(ru.user).toMatchObject({ first_name: 'Гость', language_code: 'ru' })
    // the user is new to the server too: its first call makes it, with the dev starter balances
    const balances = await srv.call('/balances', { id: a.user.id, first_name: a.user.first_name }, { accountIndex: 0 })
    expect(balances.status).toBe(200)
    expect((balances.body as unknown as unknown[]).length).toBeGreaterThan(0)
  })

  it("?theme=dark launches in the night theme, ?devtools with the time-travel panel's start parameter", async () => {
    const dark = await launchOf('/?theme=dark')
    expect(dark.theme).toEqual(DEMO_DARK_THEME)
    expect(dark.user.id).toBe(DEMO_USER.id)
    expect(dark.replaces).toBe(true)
    expect((await launchOf('/?devtools')).startParam).toBe('devtools-1')
    const all = await launchOf('/?user=new&theme=dark&devtools&lang=ru')
    expect(all).toMatchObject({ theme: DEMO_DARK_THEME, startParam: 'devtools-1', user: { language_code: 'ru' } })
  })

  it("the page drops the tour's own parameters from its address and keeps the rest", async () => {
    const html = await (await fetch(srv.server.url + '/?user=new&lang=ru', { headers: { accept: 'text/html' } })).text()
    expect(html).toContain('["user","theme","devtools"].forEach(function(k){q.delete(k)})')
  })
})
