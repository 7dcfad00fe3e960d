import { describe, expect, it } from 'vitest'
import type { AppEvent, EventInput } from '../../../domain/events'
import { type RootState, fold } from '../../../domain/state'
import { bannerMayShow, selectBannerOnScreen } from '../../../domain/banners/gate'
import { initialSavedBanners } from '../../../domain/banners/state'
import { launch } from '../fixtures/events'

const T = 1_763_800_000_000
const at = (pairs: [number, EventInput][], over = {}): RootState =>
  fold([
    { type: 'app/launched', payload: launch(over), seq: 1, at: T } as AppEvent,
    ...pairs.map(([t, e], i) => ({ ...e, seq: i + 2, at: t }) as AppEvent),
  ])
const e = (type: string, payload: object = {}) => ({ type, payload }) as EventInput

describe('banners slice', () => {
  it('restored state merges what this device and the cloud kept', () => {
    const local = {
      ...initialSavedBanners,
      current: 'sniping' as const,
      shows: { openLeagueIntro: 1, bigPumpDecember: 1, sniping: 1 },
      lastShownAt: T - 1000,
    }
    const cloud = {
      ...initialSavedBanners,
      current: 'earlyAirdrop' as const,
      shows: { openLeagueIntro: 1, earlyAirdrop: 1 },
      lastShownAt: T - 10,
      muted: true,
      mutedAt: 5,
    }
    const s = at([[T, e('banners/restored', { local, cloud })]]).banners.saved
    expect(s).toEqual({
      ...initialSavedBanners,
      current: 'earlyAirdrop',
      shows: { openLeagueIntro: 1, bigPumpDecember: 1, sniping: 1, earlyAirdrop: 1 },
      lastShownAt: T - 10,
      muted: true,
      mutedAt: 5,
    })
  })

  it('[banners.8] a decided banner is due; shown, it counts, becomes current and starts the 24 h; district clash records the sighting', () => {
    const s = at([
      [T, e('banners/punkChecked', { listed: true })],
      [T + 5, e('banners/decided', { next: 'districtClash' })],
    ])
    expect(s.banners.due).toBe('districtClash')
    expect(s.banners.ready).toBe(true)
    const shown = at([
      [T + 5, e('banners/decided', { next: 'districtClash' })],
      [T + 9, e('banners/shown', { kind: 'districtClash' })],
    ]).banners
    expect(shown).toMatchObject({ due: null, showing: 'districtClash' })
    expect(shown.saved).toMatchObject({
      current: 'districtClash',
      shows: { districtClash: 1 },
      lastShownAt: T + 9,
      districtClashSeenAt: T + 9,
    })
    const other = at([[T + 9, e('banners/shown', { kind: 'sniping' })]]).banners.saved
    expect(other.districtClashSeenAt).toBeNull()
  })

  it("closing or acting takes the banner away and marks it passed; 'finish' is kept as the current banner; the mute flag with its time", () => {
    const base: [number, EventInput][] = [[T + 1, e('banners/shown', { kind: 'sniping' })]]
    expect(at([...base, [T + 2, e('banners/closed', { kind: 'sniping' })]]).banners).toMatchObject({
      showing: null,
      saved: { passed: { sniping: true } },
    })
    expect(at([...base, [T + 2, e('banners/actionTaken', { kind: 'sniping', target: 'bot' })]]).banners).toMatchObject({
      showing: null,
      saved: { passed: { sniping: true } },
    })
    expect(at([[T, e('banners/decided', { next: 'finish' })]]).banners).toMatchObject({
      due: null,
      saved: { current: 'finish' },
    })
    expect(at([[T, e('banners/decided', { next: null })]]).banners.due).toBeNull()
    expect(at([[T + 7, e('banners/muteToggled', { muted: true })]]).banners.saved).toMatchObject({
      muted: true,
      mutedAt: T + 7,
    })
  })
})

describe('where a banner may show', () => {
  const showing: [number, EventInput][] = [[T + 1, e('banners/shown', { kind: 'sniping' })]]

  it('on the wallet home and the mining screen, with nothing open over them', () => {
    expect(bannerMayShow(at([]))).toBe(true)
    expect(selectBannerOnScreen(at(showing))).toBe('sniping')
    expect(bannerMayShow(at([[T, e('app/navigated', { to: '/mining' })]]))).toBe(true)
    expect(bannerMayShow(at([[T, e('wallet/depositOpened')]]))).toBe(false)
    expect(bannerMayShow(at([[T, e('app/languagePickerOpened')]]))).toBe(false)
    expect(
      bannerMayShow(
        at([
          [T, e('app/languagePickerOpened')],
          [T + 1, e('app/languagePickerClosed')],
        ]),
      ),
    ).toBe(true)
  })

  it('never on a payment screen: the swap and send confirms, staking, PoH; nor anywhere but home and mining', () => {
    for (const to of [
      '/confirmSwap',
      '/send/confirm',
      '/mining/staking/confirm',
      '/mining/staking/paymentMethod',
      '/prove',
      '/swap',
      '/mining/tasks',
    ]) {
      expect(bannerMayShow(at([[T, e('app/navigated', { to })]])), to).toBe(false)
      // A banner already up steps aside there, and is back on the home.
      expect(selectBannerOnScreen(at([...showing, [T + 2, e('app/navigated', { to })]])), to).toBeNull()
    }
    expect(
      selectBannerOnScreen(
        at([...showing, [T + 2, e('app/navigated', { to: '/swap' })], [T + 3, e('app/backPressed')]]),
      ),
    ).toBe('sniping')
  })

  it('never over the maintenance screen, the PoH prompt, outside Telegram, or with money in flight', () => {
    expect(bannerMayShow(at([[T, e('app/storageLoaded', { isMaintenance: 'true' })]]))).toBe(false)
    const s = at(showing)
    expect(bannerMayShow({ ...s, poh: { ...s.poh, prompt: { ...s.poh.prompt, showing: true } } })).toBe(false)
    expect(selectBannerOnScreen({ ...s, poh: { ...s.poh, prompt: { ...s.poh.prompt, showing: true } } })).toBeNull()
    expect(bannerMayShow(at([], { insideTelegram: false }))).toBe(false)
    expect(
      bannerMayShow({
        ...s,
        mining: { ...s.mining, autoclaim: { ...s.mining.autoclaim, payment: { step: 'paying' } as never } },
      }),
    ).toBe(false)
    expect(bannerMayShow({ ...s, copyTrade: { ...s.copyTrade, stopping: 'x' as never } })).toBe(false)
    expect(bannerMayShow({ ...s, swap: { ...s.swap, executing: true } })).toBe(false)
    expect(bannerMayShow({ ...s, send: { ...s.send, isChecked: true, isLoading: true } })).toBe(false)
  })
})
