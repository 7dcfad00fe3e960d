// @vitest-environment happy-dom
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Banner } from '../../../src/banners/Banner'
import { StoreProvider } from '../../../src/ui/store'
import { setLanguage } from '../../../src/i18n'
import { createStore } from '../../../streams/store'
import { BANNER_ORDER, type BannerKind } from '../../../domain/banners/config'
import type { AppEvent } from '../../../domain/events'
import en from '../../../locales/banners/en.json'
import ru from '../../../locales/banners/ru.json'
import { useMountPoint } from '../render'
import { actionEpic } from '../../../streams/banners/epics'
import { linkEpic } from '../../../streams/app/epics'
import { fakeDeps, fakeTelegram } from '../../streams/fakes'

const mount = useMountPoint()
const TEXTS = { en, ru } as const

function render(kind: BannerKind, language: 'en' | 'ru') {
  const store = createStore({ clock: { now: () => 1_745_000_000_000 } })
  const dispatched: AppEvent[] = []
  store.events$.subscribe((e) => dispatched.push(e))
  act(() => setLanguage(language))
  act(() =>
    mount.root.render(
      <StoreProvider store={store}>
        <Banner kind={kind} />
      </StoreProvider>,
    ),
  )
  const dialog = mount.container.querySelector('[role=dialog]') as HTMLElement
  const buttons = [...dialog.querySelectorAll('button')]
  const named = (name: string) => buttons.find((b) => (b.getAttribute('aria-label') ?? b.textContent) === name) ?? null
  return {
    store,
    dialog,
    dispatched,
    named,
    types: () => dispatched.map((e) => `${e.type} ${JSON.stringify(e.payload)}`),
  }
}

describe('a banner on the screen', () => {
  for (const language of ['en', 'ru'] as const) {
    const texts = TEXTS[language]
    for (const kind of BANNER_ORDER) {
      it(`[banners.3] ${kind} in ${language}: its title and text, close, and its call-to-action`, () => {
        const b = render(kind, language)
        const heading = b.dialog.querySelector('#banner-title')
        expect(heading?.textContent).toBe(texts[kind].title)
        expect(b.dialog.getAttribute('aria-labelledby')).toBe('banner-title')
        expect(b.dialog.textContent).toContain(texts[kind].text)
        expect(b.dialog.querySelector('svg.banner-art__svg')).not.toBeNull()
        act(() => b.named(texts[kind].action)!.click())
        act(() => b.named(texts.close)!.click())
        expect(b.types()).toEqual([
          `banners/actionTaken ${JSON.stringify({ kind, target: kind === 'punkDeposit' ? 'swap' : 'bot' })}`,
          `banners/closed ${JSON.stringify({ kind })}`,
        ])
      })
    }
  }

  it('[banners.4] [banners.9] every call-to-action opens, through Telegram, a bot link whose start parameter carries source, medium and content (all eight banners, and the badge)', () => {
    /** The start parameter read back as the app reads its own (app.16: dash-separated key/value pairs). */
    const campaign = (url: string) => {
      const u = new URL(url)
      const parts = (u.searchParams.get('start') ?? '').split('-')
      return {
        origin: u.origin,
        bot: u.pathname.slice(1),
        start: Object.fromEntries(parts.flatMap((k, i) => (i % 2 === 0 ? [[k, parts[i + 1]]] : []))),
      }
    }
    const opened: Record<string, ReturnType<typeof campaign>[]> = {}
    for (const kind of BANNER_ORDER) {
      const b = render(kind, 'en')
      const telegram = fakeTelegram()
      const running = b.store.run(
        [
          { name: 'banners/action', epic: actionEpic },
          { name: 'app/link', epic: linkEpic },
        ],
        fakeDeps({ telegram }),
      )
      act(() => b.named(TEXTS.en[kind].action)!.click())
      if (kind === 'openLeagueIntro') act(() => b.named('Claim the league badge')!.click())
      running.unsubscribe()
      expect(
        telegram.calls.filter((c) => c.startsWith('openLink:')),
        kind,
      ).toEqual([])
      opened[kind] = telegram.calls
        .filter((c) => c.startsWith('openTelegramLink:'))
        .map((c) => campaign(c.slice('openTelegramLink:'.length)))
      if (kind === 'punkDeposit') expect(b.store.getState().app.history.at(-1), kind).toBe('/swap')
    }
    const bot = (content: string) => ({
      origin: 'https://t.me',
      bot: expect.stringMatching(/^[A-Za-z0-9_]{5,32}$/),
      start: { source: 'miniapp', medium: 'banner', content },
    })
    expect(opened).toEqual({
      openLeagueIntro: [bot('openLeagueIntro'), { ...bot('openLeagueIntroBadge'), bot: 'openleague_badge_bot' }],
      bigPumpDecember: [bot('bigPumpDecember')],
      sniping: [bot('sniping')],
      earlyAirdrop: [bot('earlyAirdrop')],
      // banners.5: PUNK deposit's call-to-action is the swap, no link.
      punkDeposit: [],
      inviteContest: [bot('inviteContest')],
      newTradeFlow: [bot('newTradeFlow')],
      districtClash: [bot('districtClash')],
    })
    // Every bot is a bot (Telegram's bot names end in "bot").
    for (const links of Object.values(opened)) for (const l of links) expect(l.bot).toMatch(/bot$/i)
  })

  it('[banners.10] the open league has the badge button and the airdrop date, in each language', () => {
    const b = render('openLeagueIntro', 'en')
    expect(b.dialog.textContent).toContain('Airdrop until 17 December 2024')
    act(() => b.named('Claim the league badge')!.click())
    expect(b.types()).toEqual([`banners/actionTaken ${JSON.stringify({ kind: 'openLeagueIntro', target: 'badge' })}`])
    expect(render('openLeagueIntro', 'ru').dialog.textContent).toContain('Аирдроп до 17 декабря 2024 г.')
  })

  it('[banners.11] [banners.12] big pump fee from its translation; the invite contest prize as 15 000 USDT + 1 500 000 SWITCH', () => {
    expect(render('bigPumpDecember', 'ru').dialog.textContent).toContain(ru.bigPumpDecember.fee)
    expect(render('inviteContest', 'en').dialog.textContent).toContain('15,000 USDT + 1,500,000 SWITCH')
    expect(render('inviteContest', 'ru').dialog.textContent?.replace(/\s/g, ' ')).toContain(
      '15 000 USDT + 1 500 000 SWITCH',
    )
  })

  it('[banners.6] [banners.7] district clash plays its music looped at volume 0.05; the mute is an event and mutes it; other banners have none', () => {
    const played = vi.spyOn(HTMLAudioElement.prototype, 'play').mockImplementation(() => Promise.resolve())
    const b = render('districtClash', 'en')
    expect(played).toHaveBeenCalledTimes(1)
    played.mockRestore()
    const audio = b.dialog.querySelector('audio') as HTMLAudioElement
    expect(audio.getAttribute('src')).toBe('/banners/district-clash.wav')
    expect(audio.loop).toBe(true)
    expect(audio.volume).toBe(0.05)
    expect(b.dialog.textContent).toContain('Beta')
    act(() => b.named('Mute the music')!.click())
    expect(b.types()).toEqual([`banners/muteToggled ${JSON.stringify({ muted: true })}`])
    expect(b.store.getState().banners.saved.muted).toBe(true)
    expect(audio.muted).toBe(true)
    expect(b.named('Play the music')?.getAttribute('aria-pressed')).toBe('true')
    act(() => mount.root.render(<></>))
    for (const kind of BANNER_ORDER.filter((k) => k !== 'districtClash'))
      expect(render(kind, 'en').dialog.querySelector('audio'), kind).toBeNull()
  })
})
