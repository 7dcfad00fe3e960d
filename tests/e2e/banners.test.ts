/**
 * Full-screen banners in the browser: the scheduler on the page's clock (two banners on
 * two days, none the same day), close and call-to-action through Telegram's openTelegramLink, the
 * PUNK deposit's swap, the state across a reload and across devices through Telegram's cloud
 * storage, district clash's music, en and ru, axe in both themes, one recorded session.
 */
import { describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import type { BrowserContext, Page } from 'playwright-core'
import { BANNER_ORDER, type BannerKind, PUNK_TOKEN } from '../../domain/banners/config'
import { decodeLog } from '../../domain/log'
import { fold } from '../../domain/state'
import {
  DARK_THEME,
  expectAccessible,
  expectNoOverflow,
  newPhoneContext,
  newUser,
  openAppIn,
  pressMainButton,
  telegramCalls,
  useStack,
  homeSettled,
} from './harness'

const stack = useStack()
/** A morning before the invite contest's end (2025-05-01T23:59:59Z), so every banner is eligible. */
const T0 = new Date('2025-04-20T08:00:00Z')
const HOUR = 60 * 60 * 1000

const bannerOf = (page: Page) => page.locator('[data-banner]')
const kept = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('banners') ?? 'null'))

/** A context whose clock starts at `time`, optionally with banner state (and cloud storage) already kept. */
async function context(
  o: {
    time?: Date
    colorScheme?: 'light' | 'dark'
    width?: number
    banners?: object
    cloud?: Record<string, string>
  } = {},
): Promise<BrowserContext> {
  const ctx = await newPhoneContext(stack(), { colorScheme: o.colorScheme, width: o.width })
  await ctx.clock.install({ time: o.time ?? T0 })
  if (o.banners)
    await ctx.addInitScript(
      `if (localStorage.getItem('banners') === null) localStorage.setItem('banners', ${JSON.stringify(JSON.stringify(o.banners))})`,
    )
  if (o.cloud)
    await ctx.addInitScript(
      `if (localStorage.getItem('__tgCloud') === null) localStorage.setItem('__tgCloud', ${JSON.stringify(JSON.stringify(o.cloud))})`,
    )
  return ctx
}

/** Kept state where the banners before `kind` have shown once and the last of them was current. */
const before = (kind: BannerKind) => {
  const i = BANNER_ORDER.indexOf(kind)
  return {
    current: i === 0 ? null : BANNER_ORDER[i - 1],
    shows: Object.fromEntries(BANNER_ORDER.slice(0, i).map((k) => [k, 1])),
    passed: {},
    muted: false,
    mutedAt: 0,
    lastShownAt: null,
    districtClashSeenAt: null,
  }
}

/** Opens the app with banners on and waits for the scheduler's facts (the PUNK listing is the last one read). */
async function open(
  ctx: BrowserContext,
  o: { user?: ReturnType<typeof newUser>; theme?: Record<string, string> } = {},
) {
  const facts = ctx.waitForEvent('response', (r) => r.url().includes('/getPresetTokens'))
  const opened = await openAppIn(ctx, stack(), { user: o.user ?? newUser(), theme: o.theme, banners: true })
  await facts
  return opened
}

/** No banner: the decision follows the facts at once, so a short wait after them is enough to know. */
async function expectNoBanner(page: Page) {
  await page.waitForTimeout(800)
  expect(await bannerOf(page).count()).toBe(0)
}

/** Reloads the page and waits for the banners' facts to be read again. */
async function reload(page: Page) {
  const facts = page.waitForResponse((r) => r.url().includes('/getPresetTokens'))
  await page.reload()
  await facts
}

const tgLinks = async (page: Page) =>
  (await telegramCalls(page)).filter((c) => c.type === 'web_app_open_tg_link').map((c) => String(c.data?.path_full))

describe('banners', () => {
  it('[banners.1] [banners.10] [banners.18] two banners on two days and none the same day, the banner over the whole screen; closed, counted and kept across reloads; axe (light)', async () => {
    const ctx = await context()
    const page = await open(ctx)
    const banner = bannerOf(page)
    await banner.waitFor({ timeout: 15_000 })
    expect(await banner.getAttribute('data-banner')).toBe('openLeagueIntro')
    const dialog = page.getByRole('dialog', { name: 'The Open League is here' })
    await dialog.waitFor()
    await dialog.getByText('Airdrop until 17 December 2024').waitFor()
    // The whole screen: the banner covers the viewport edge to edge, and it is what a tap in any corner hits.
    const view = page.viewportSize()!
    await expect.poll(() => banner.boundingBox()).toEqual({ x: 0, y: 0, width: view.width, height: view.height })
    for (const [x, y] of [
      [1, 1],
      [view.width - 2, 1],
      [1, view.height - 2],
      [view.width - 2, view.height - 2],
      [view.width / 2, view.height / 2],
    ]) {
      expect(
        await page.evaluate(([px, py]) => document.elementFromPoint(px, py)?.closest('[data-banner]') !== null, [x, y]),
        `${x},${y}`,
      ).toBe(true)
    }
    await expectAccessible(page, 'open league banner, light', '[role=dialog]')
    await dialog.getByRole('button', { name: 'Close' }).click()
    await banner.waitFor({ state: 'detached' })
    // The wallet's home is under it.
    await page.getByRole('navigation', { name: 'Menu' }).waitFor()
    expect(await kept(page)).toMatchObject({
      current: 'openLeagueIntro',
      shows: { openLeagueIntro: 1 },
      passed: { openLeagueIntro: true },
      lastShownAt: expect.any(Number),
    })

    // Six hours on, a reload: the same day, no banner.
    await page.clock.fastForward(6 * HOUR)
    await reload(page)
    await expectNoBanner(page)
    // 24 h after the first showed, this open (which has shown none) gets the next one.
    await page.clock.fastForward(18 * HOUR)
    await banner.waitFor({ timeout: 10_000 })
    expect(await banner.getAttribute('data-banner')).toBe('bigPumpDecember')
    await page
      .getByRole('dialog', { name: 'Big Pump December' })
      .getByText('Trading fee cut to 0.5% until 31 December')
      .waitFor()
    // A reload that day: both counted, none again.
    await reload(page)
    await expectNoBanner(page)
    expect(await kept(page)).toMatchObject({
      current: 'bigPumpDecember',
      shows: { openLeagueIntro: 1, bigPumpDecember: 1 },
    })
    await ctx.close()
  })

  it('[banners.9] [banners.11] [banners.10] the calls-to-action open bot links with their campaign through Telegram (ru, dark, axe)', async () => {
    const ctx = await context({ colorScheme: 'dark' })
    const page = await open(ctx, { user: newUser({ language_code: 'ru' }), theme: DARK_THEME })
    const dialog = page.getByRole('dialog', { name: 'Открытая лига уже здесь' })
    await dialog.waitFor({ timeout: 15_000 })
    await dialog.getByText('Аирдроп до 17 декабря 2024 г.').waitFor()
    await expectAccessible(page, 'open league banner, dark, ru', '[role=dialog]')
    await dialog.getByRole('button', { name: 'Получить значок лиги' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(await tgLinks(page)).toEqual([
      '/openleague_badge_bot?start=source-miniapp-medium-banner-content-openLeagueIntroBadge',
    ])

    // a day on, the next open (one interruption an open: not in this one)
    await page.clock.fastForward(24 * HOUR)
    await expectNoBanner(page)
    await reload(page)
    const pump = page.getByRole('dialog', { name: 'Big Pump в декабре' })
    await pump.waitFor({ timeout: 10_000 })
    // banners.11: the fee text is the translation's.
    await pump.getByText('Комиссия за сделки снижена до 0,5% до 31 декабря').waitFor()
    await pump.getByRole('button', { name: 'Открыть Big Pump' }).click()
    await pump.waitFor({ state: 'detached' })
    expect((await tgLinks(page)).at(-1)).toBe('/bigpump_bot?start=source-miniapp-medium-banner-content-bigPumpDecember')
    expect(await kept(page)).toMatchObject({ passed: { openLeagueIntro: true, bigPumpDecember: true } })
    await ctx.close()
  })

  it('[banners.5] the PUNK deposit banner opens the swap with PUNK to receive; no overflow at 320 px', async () => {
    const ctx = await context({ width: 320, banners: before('punkDeposit') })
    const page = await open(ctx)
    const dialog = page.getByRole('dialog', { name: 'Hold PUNK, mine faster' })
    await dialog.waitFor({ timeout: 15_000 })
    await expectNoOverflow(page, 'PUNK deposit banner', '[role=dialog]')
    await dialog.getByRole('button', { name: 'Buy PUNK' }).click()
    await dialog.waitFor({ state: 'detached' })
    const to = page.getByTestId('swap-to')
    await expect.poll(() => to.innerText(), { timeout: 10_000 }).toContain('PUNK')
    expect(await tgLinks(page)).toEqual([])
    expect(PUNK_TOKEN.chainId).toBe('TON')
    await ctx.close()
  })

  it('[banners.6] [banners.7] [banners.8] district clash loops its music at 0.05, records that it was seen, and its mute is kept for the next day', async () => {
    const ctx = await context({
      banners: { ...before('districtClash'), shows: { ...before('districtClash').shows, districtClash: 3 } },
    })
    const page = await open(ctx)
    const dialog = page.getByRole('dialog', { name: 'District Clash' })
    await dialog.waitFor({ timeout: 15_000 })
    await dialog.getByText('Beta', { exact: true }).waitFor()
    const audio = () =>
      page.evaluate(() => {
        const a = document.querySelector('[data-banner] audio') as HTMLAudioElement
        return { src: a.src, loop: a.loop, volume: a.volume, muted: a.muted }
      })
    expect(await audio()).toEqual({
      src: `${stack().server.url}/banners/district-clash.wav`,
      loop: true,
      volume: 0.05,
      muted: false,
    })
    const wav = await fetch(`${stack().server.url}/banners/district-clash.wav`)
    expect(wav.headers.get('content-type')).toBe('audio/wav')
    expect((await wav.arrayBuffer()).byteLength).toBeLessThan(50_000)
    expect(await kept(page)).toMatchObject({ shows: { districtClash: 4 } })
    const seen = (await kept(page)).districtClashSeenAt
    expect(seen).toBeGreaterThanOrEqual(T0.getTime())
    await dialog.getByRole('button', { name: 'Mute the music' }).click()
    await dialog.getByRole('button', { name: 'Play the music', pressed: true }).waitFor()
    expect((await audio()).muted).toBe(true)
    expect(await kept(page)).toMatchObject({ muted: true })
    // The next day: district clash again (its cap is 1000), still muted.
    await page.clock.fastForward(24 * HOUR)
    await reload(page)
    await dialog.waitFor({ timeout: 10_000 })
    await dialog.getByRole('button', { name: 'Play the music', pressed: true }).waitFor()
    expect(await audio()).toMatchObject({ muted: true, volume: 0.05 })
    expect((await kept(page)).districtClashSeenAt).toBeGreaterThan(seen)
    await ctx.close()
  })

  it("[banners.18] a second device, its local storage empty, takes the state from Telegram's cloud storage and does not show the same banner again; recorded", async () => {
    const user = newUser()
    const phone = await context()
    const first = await open(phone, { user })
    const dialog = first.getByRole('dialog', { name: 'The Open League is here' })
    await dialog.waitFor({ timeout: 15_000 })
    await dialog.getByRole('button', { name: 'Join the league' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(await tgLinks(first)).toEqual([
      '/switch_wallet_bot?start=source-miniapp-medium-banner-content-openLeagueIntro',
    ])
    // What Telegram keeps for this user in the cloud (the harness keeps it in __tgCloud).
    const cloud = await first.evaluate(
      () => JSON.parse(localStorage.getItem('__tgCloud') ?? '{}') as Record<string, string>,
    )
    expect(JSON.parse(cloud.banners)).toMatchObject({ current: 'openLeagueIntro', shows: { openLeagueIntro: 1 } })

    // The desktop: nothing kept locally, the same cloud; an hour later.
    const desktop = await context({ time: new Date(T0.getTime() + HOUR), cloud })
    const second = await open(desktop, { user })
    expect(
      await second.evaluate(() => JSON.parse(localStorage.getItem('__tgCloud') ?? '{}').banners !== undefined),
    ).toBe(true)
    await expectNoBanner(second)
    expect(await kept(second)).toMatchObject({ current: 'openLeagueIntro', shows: { openLeagueIntro: 1 } })
    // The next day there, the walk goes on from the cloud's banner: big pump, not the open league again.
    await second.clock.fastForward(24 * HOUR)
    await second.getByRole('dialog', { name: 'Big Pump December' }).waitFor({ timeout: 10_000 })
    await second.getByRole('dialog').getByRole('button', { name: 'Close' }).click()

    // The session as the bug report sends it: its fold shows the same.
    await homeSettled(second)
    await second.getByRole('button', { name: 'Report a problem' }).click()
    await pressMainButton(second, 'Send report')
    const ticket = second.getByTestId('ticket')
    await ticket.waitFor({ timeout: 15_000 })
    const res = await fetch(`${stack().server.url}/bugReport/${await ticket.textContent()}`)
    const decoded = decodeLog(((await res.json()) as { log: unknown }).log)
    if (!decoded.ok) throw new Error(decoded.error)
    const log = decoded.log
    const types = log.events.map((e) => e.type)
    for (const t of [
      'banners/activated',
      'banners/restored',
      'banners/punkChecked',
      'banners/decided',
      'banners/shown',
      'banners/closed',
    ])
      expect(types).toContain(t)
    const folded = fold(log.events).banners
    expect(folded.saved).toMatchObject({
      current: 'bigPumpDecember',
      shows: { openLeagueIntro: 1, bigPumpDecember: 1 },
      passed: { bigPumpDecember: true },
    })
    expect(folded.showing).toBeNull()
    if (process.env.RECORD_REPLAYS === '1') {
      writeFileSync('tests/replays/banners-second-device.log.json', JSON.stringify(log, null, 1) + '\n')
      writeFileSync(
        'tests/replays/banners-second-device.expected.json',
        JSON.stringify(fold(log.events), null, 1) + '\n',
      )
    }
    await phone.close()
    await desktop.close()
  })
})
