import { describe, expect, it } from 'vitest'
import { marbles } from '../marbles'
import { NEVER, of, tap } from 'rxjs'
import {
  CLOUD_WAIT_MS,
  activationEpic,
  actionEpic,
  displayEpic,
  persistEpic,
  scheduleEpic,
} from '../../../streams/banners/epics'
import { BANNER_SPACING_MS, PUNK_SWAP_START_PARAM, PUNK_TOKEN, bannerLink } from '../../../domain/banners/config'
import { BANNERS_STORAGE_KEY, type SavedBanners, initialSavedBanners } from '../../../domain/banners/state'
import { serializeSaved } from '../../../domain/banners/saved'
import type { EventInput } from '../../../domain/events'
import { fakeApi, fakeDeps, fakeTelegram, memoryStorage, storeHarness } from '../fakes'
import { launch } from '../../domain/fixtures/events'
const e = (type: string, payload: object = {}) => ({ type, payload }) as EventInput
const DAY = 24 * 60 * 60 * 1000
const launched = e('app/launched', launch())
const punk = { address: PUNK_TOKEN.address, chainId: 'TON', symbol: 'PUNK', name: '$PUNK', decimals: 9, logoURI: '' }
const kept = (over: Partial<SavedBanners>): SavedBanners => ({ ...initialSavedBanners, ...over })

describe('banner epics', () => {
  it('[banners.13] the 24 h spacing: a banner at once, the next 24 h after it showed, none in between', () => {
    expect(BANNER_SPACING_MS).toBe(DAY)
    marbles((m) => {
      const h = storeHarness([launched], () => m.scheduler.now())
      // Ready at 0: decided at once; the banner shows at 10 ms; the next decision 24 h after that.
      const events$ = h.feed(
        m.hot('a 9ms b', {
          a: e('banners/punkChecked', { listed: true }),
          b: e('banners/shown', { kind: 'openLeagueIntro' }),
        }),
      )
      const out$ = scheduleEpic(events$, h.state$, fakeDeps({ clock: { now: () => m.scheduler.now() } })).pipe(
        tap((x) => h.apply(x)),
      )
      m.expect(out$).toBeObservable(`a ${DAY + 9}ms b`, {
        a: e('banners/decided', { next: 'openLeagueIntro' }),
        b: e('banners/decided', { next: 'bigPumpDecember' }),
      })
    })()
  })

  it(
    '[banners.13] a banner shown earlier today (kept from another session): nothing until 24 h after it',
    marbles((m) => {
      const shownAt = -5 * 60 * 60 * 1000 // five hours before this session's 0
      const h = storeHarness(
        [
          launched,
          e('banners/restored', {
            local: kept({ current: 'openLeagueIntro', shows: { openLeagueIntro: 1 }, lastShownAt: shownAt }),
            cloud: null,
          }),
        ],
        () => m.scheduler.now(),
      )
      const events$ = h.feed(m.hot('a', { a: e('banners/punkChecked', { listed: true }) }))
      m.expect(scheduleEpic(events$, h.state$, fakeDeps({ clock: { now: () => m.scheduler.now() } }))).toBeObservable(
        `${19 * 60 * 60 * 1000}ms b`,
        { b: e('banners/decided', { next: 'bigPumpDecember' }) },
      )
    }),
  )

  it(
    'activation reads local storage and the cloud, and whether PUNK is listed; then the facts enter together',
    marbles((m) => {
      const local = kept({
        current: 'sniping',
        shows: { openLeagueIntro: 1, bigPumpDecember: 1, sniping: 1 },
        lastShownAt: 10,
      })
      const cloud = kept({ current: 'earlyAirdrop', shows: { earlyAirdrop: 1 }, lastShownAt: 20 })
      const telegram = {
        ...fakeTelegram(),
        cloudGet: (key: string) =>
          key === BANNERS_STORAGE_KEY ? m.cold('40ms (c|)', { c: serializeSaved(cloud) }) : NEVER,
      }
      const api = fakeApi({ presetTokens: () => m.cold('25ms (r|)', { r: { from: null, to: punk, presets: [] } }) })
      const storage = memoryStorage({ [BANNERS_STORAGE_KEY]: serializeSaved(local) })
      const h = storeHarness([launched])
      const events$ = h.feed(m.hot('a', { a: e('banners/activated') }))
      m.expect(activationEpic()(events$, h.state$, fakeDeps({ telegram, api, storage }))).toBeObservable('40ms (rp)', {
        r: e('banners/restored', { local, cloud }),
        p: e('banners/punkChecked', { listed: true }),
      })
      m.flush()
      expect(api.requests).toEqual([{ name: 'presetTokens', request: { startParam: PUNK_SWAP_START_PARAM } }])
    }),
  )

  it('a cloud that never answers is given up after 3 s; a failed PUNK check is not listed; nothing kept is null', () => {
    expect(CLOUD_WAIT_MS).toBe(3000)
    marbles((m) => {
      const telegram = { ...fakeTelegram(), cloudGet: () => NEVER }
      const api = fakeApi({ presetTokens: () => m.cold('10ms #', {}, { kind: 'network', message: 'down' }) })
      const h = storeHarness([launched])
      const events$ = h.feed(m.hot('a', { a: e('banners/activated') }))
      m.expect(
        activationEpic()(
          events$,
          h.state$,
          fakeDeps({ telegram, api, storage: memoryStorage({ [BANNERS_STORAGE_KEY]: '{broken' }) }),
        ),
      ).toBeObservable('3s (rp)', {
        r: e('banners/restored', { local: null, cloud: null }),
        p: e('banners/punkChecked', { listed: false }),
      })
    })()
  })

  it(
    'a due banner shows once the screen is one it may cover: not on the swap, then back on the home',
    marbles((m) => {
      const h = storeHarness([launched, e('app/navigated', { to: '/swap' }), e('banners/decided', { next: 'sniping' })])
      const state$ = h.state$
      m.hot('10ms a', { a: e('app/backPressed') }).subscribe((x) => h.apply(x))
      const out$ = displayEpic(NEVER, state$, fakeDeps()).pipe(tap((x) => h.apply(x)))
      m.expect(out$).toBeObservable('10ms s', { s: e('banners/shown', { kind: 'sniping' }) })
    }),
  )

  it(
    '[banners.5] [banners.9] actions: the bot link with its campaign, the badge bot, the swap with PUNK to buy',
    marbles((m) => {
      const events$ = storeHarness([launched]).feed(
        m.hot('a b c', {
          a: e('banners/actionTaken', { kind: 'sniping', target: 'bot' }),
          b: e('banners/actionTaken', { kind: 'openLeagueIntro', target: 'badge' }),
          c: e('banners/actionTaken', { kind: 'punkDeposit', target: 'swap' }),
        }),
      )
      m.expect(actionEpic(events$, storeHarness([]).state$, fakeDeps())).toBeObservable('a b (cd)', {
        a: e('app/linkOpened', { url: bannerLink('sniping', 'bot') }),
        b: e('app/linkOpened', { url: bannerLink('openLeagueIntro', 'badge') }),
        c: e('app/navigated', { to: '/swap' }),
        d: e('swap/presetRequested', { startParam: PUNK_SWAP_START_PARAM }),
      })
    }),
  )

  it(
    'the kept state goes to local storage on each change and to the cloud when it differs',
    marbles((m) => {
      const storage = memoryStorage()
      const written: string[] = []
      const telegram = {
        ...fakeTelegram(),
        cloudSet: (key: string, value: string) => {
          written.push(`${key}=${value}`)
          return of(undefined)
        },
      }
      const h = storeHarness([launched], () => 500)
      const events$ = h.feed(
        m.hot('a b c d', {
          a: e('banners/restored', { local: null, cloud: null }),
          b: e('banners/decided', { next: null }),
          c: e('banners/shown', { kind: 'openLeagueIntro' }),
          d: e('banners/muteToggled', { muted: true }),
        }),
      )
      m.expect(persistEpic(events$, h.state$, fakeDeps({ storage, telegram }))).toBeObservable('')
      m.flush()
      const final = kept({
        current: 'openLeagueIntro',
        shows: { openLeagueIntro: 1 },
        lastShownAt: 500,
        muted: true,
        mutedAt: 500,
      })
      expect(storage.get(BANNERS_STORAGE_KEY)).toBe(serializeSaved(final))
      // Four changes, three different texts: the second (nothing decided) is not written again.
      expect(written).toEqual([
        `banners=${serializeSaved(initialSavedBanners)}`,
        `banners=${serializeSaved(kept({ current: 'openLeagueIntro', shows: { openLeagueIntro: 1 }, lastShownAt: 500 }))}`,
        `banners=${serializeSaved(final)}`,
      ])
    }),
  )
})
