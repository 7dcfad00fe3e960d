// @vitest-environment happy-dom
import { act } from 'react'
import { describe, expect, it } from 'vitest'
import { Banner } from '../../../src/banners/Banner'
import { StoreProvider } from '../../../src/ui/store'
import { setLanguage } from '../../../src/i18n'
import { createStore } from '../../../streams/store'
import { BANNER_ORDER, type BannerKind } from '../../../domain/banners/config'
import type { AppEvent } from '../../../domain/events'
import en from '../../../locales/banners/en.json'
import ru from '../../../locales/banners/ru.json'
import { useMountPoint } from '../render'

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
  return { store, dialog, dispatched, named, types: () => dispatched.map((e) => `${e.type} ${JSON.stringify(e.payload)}`) }
}

describe('a banner on the screen', () => {
  for (const language of ['en', 'ru'] as const) {
    const texts = TEXTS[language]
    for (const kind of BANNER_ORDER) {
      it(`[banners.3] [banners.4] ${kind} in ${language}: its title and text, close, and its call-to-action`, () => {
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

  it('[banners.9] [banners.10] the open league has the badge link and the airdrop date, in each language', () => {
    const b = render('openLeagueIntro', 'en')
    expect(b.dialog.textContent).toContain('Airdrop until 17 December 2024')
    act(() => b.named('Claim the league badge')!.click())
    expect(b.types()).toEqual([`banners/actionTaken ${JSON.stringify({ kind: 'openLeagueIntro', target: 'badge' })}`])
    expect(render('openLeagueIntro', 'ru').dialog.textContent).toContain('Аирдроп до 17 декабря 2024 г.')
  })

  it('[banners.11] [banners.12] big pump fee from its translation; the invite contest prize as 15 000 USDT + 1 500 000 SWITCH', () => {
    expect(render('bigPumpDecember', 'ru').dialog.textContent).toContain(ru.bigPumpDecember.fee)
    expect(render('inviteContest', 'en').dialog.textContent).toContain('15,000 USDT + 1,500,000 SWITCH')
    expect(render('inviteContest', 'ru').dialog.textContent?.replace(/\s/g, ' ')).toContain('15 000 USDT + 1 500 000 SWITCH')
  })

  it('[banners.6] [banners.7] district clash loops its music at volume 0.05; the mute is an event and mutes it', () => {
    const b = render('districtClash', 'en')
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
  })
})
