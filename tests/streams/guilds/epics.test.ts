/** Guilds and alliances effects (doc 2 §2-5, §7-8), on virtual time. */
import { describe, expect, it } from 'vitest'
import { marbles } from '../marbles'
import type { AppEvent, EventInput } from '../../../domain/events'
import { INVITE_COPIED_MS } from '../../../domain/guilds/rules'
import { INVITE_COPY_TARGET } from '../../../domain/guilds/state'
import {
  allianceEpic,
  boardEpic,
  inviteCopiedEpic,
  inviteLinkEpic,
  joinEpic,
  leaveEpic,
  startJoinEpic,
} from '../../../streams/guilds/epics'
import { allianceLaunchEpic } from '../../../streams/guilds/launch'
import { launch } from '../../domain/fixtures/events'
import { fakeApi, fakeDeps, fakeTelegram, storeHarness } from '../fakes'
const e = (type: string, payload: object = {}) => ({ type, payload }) as EventInput
const board = (n: number) => ({ top: [{ firstName: `Miner ${n}`, gotAmount: `${n}.5` }], userRank: null, user: null })
const allianceBoard = { top: [], allianceRank: null, alliance: null }
const offline = { kind: 'network', message: 'offline' }
const details = { name: 'ton_whales', title: 'TON Whales', totalMined: '10', users: 2, member: true }
const prompt = { message: 'Leave?', ok: 'Leave', cancel: 'Cancel' }
const launched = (startParam: string | null, authDate = 1_763_800_000) =>
  e('app/launched', launch({ startParam, authDate }))

describe('guilds epics', () => {
  it(
    "the shown rank's board loads by its rank; a newer move makes the older read stale (switchMap); a failure is one event and the epic lives on",
    marbles((m) => {
      const h = storeHarness([launched(null)])
      let n = 0
      const api = fakeApi({
        guildLeaderboard: (r: { rank: number }) =>
          n++ === 2 ? m.cold('10ms #', {}, offline) : m.cold('10ms (a|)', { a: board(r.rank) }),
      })
      // entered at rank 1, moved on at 5 ms (rank 1's read is dropped), moved on again at 30 ms (fails), refreshed at 60 ms
      const events$ = h.feed(
        m.hot('a 4ms b 24ms b 29ms c', {
          a: e('guilds/entered', { userGuild: 0 }),
          b: e('guilds/carouselMoved', { by: 1 }),
          c: e('guilds/refreshRequested'),
        }),
      )
      m.expect(boardEpic(events$, h.state$, fakeDeps({ api }))).toBeObservable('15ms x 24ms y 29ms z', {
        x: e('guilds/leaderboardReceived', { rank: 2, board: board(2) }),
        y: e('guilds/leaderboardFailed', { rank: 3, error: offline }),
        z: e('guilds/leaderboardReceived', { rank: 3, board: board(3) }),
      })
      m.flush()
      expect(api.requests).toEqual([
        { name: 'guildLeaderboard', request: { rank: 1 } },
        { name: 'guildLeaderboard', request: { rank: 2 } },
        { name: 'guildLeaderboard', request: { rank: 3 } },
        { name: 'guildLeaderboard', request: { rank: 3 } },
      ])
    }),
  )

  it(
    '[guilds.8] alliance mode loads the alliance board by rank; a refresh reloads it; so do a join and a leave',
    marbles((m) => {
      const h = storeHarness([launched(null), e('guilds/entered', { userGuild: 4 })])
      const api = fakeApi({ allianceLeaderboard: () => m.cold('10ms (a|)', { a: allianceBoard }) })
      const events$ = h.feed(
        m.hot('a 19ms b 19ms c 19ms d', {
          a: e('guilds/modeChanged', { mode: 'alliance' }),
          b: e('guilds/refreshRequested'),
          c: e('guilds/joined', { name: 'x' }),
          d: e('guilds/allianceLeft', { name: 'x' }),
        }),
      )
      const r = e('guilds/allianceBoardReceived', { rank: 4, board: allianceBoard })
      m.expect(boardEpic(events$, h.state$, fakeDeps({ api }))).toBeObservable('10ms r 19ms r 19ms r 19ms r', { r })
      m.flush()
      expect(api.requests.map((q) => q.request)).toEqual([{ rank: 4 }, { rank: 4 }, { rank: 4 }, { rank: 4 }])
    }),
  )

  it(
    'a join is POST set alliance with the name; taps while it runs are ignored (exhaustMap); a failure is joinFailed',
    marbles((m) => {
      const h = storeHarness([launched(null)])
      let n = 0
      const api = fakeApi({
        setAlliance: () =>
          n++ === 0
            ? m.cold('20ms (a|)', { a: { ok: true } })
            : m.cold('5ms #', {}, { kind: 'rejected', status: 400, message: 'bad', path: 'alliance' }),
      })
      const join = (name: string) => e('guilds/joinRequested', { name, via: 'input', launch: null })
      const events$ = h.feed(m.hot('a 4ms b 25ms c', { a: join('arb_club'), b: join('other'), c: join('bad') }))
      m.expect(joinEpic(events$, h.state$, fakeDeps({ api }))).toBeObservable('20ms j 15ms f', {
        j: e('guilds/joined', { name: 'arb_club' }),
        f: e('guilds/joinFailed', {
          name: 'bad',
          error: { kind: 'rejected', status: 400, message: 'bad', path: 'alliance' },
        }),
      })
      m.flush()
      expect(api.requests).toEqual([
        { name: 'setAlliance', request: { alliance: 'arb_club' } },
        { name: 'setAlliance', request: { alliance: 'bad' } },
      ])
    }),
  )

  it(
    "the start parameter's join (guilds.22) makes the mining profile first when there is none, then joins",
    marbles((m) => {
      const h = storeHarness([launched('alliance-ton_whales')])
      const api = fakeApi({
        miningUser: () => m.cold('5ms (a|)', { a: { userMining: null } }),
        createMiningUser: () => m.cold('5ms (a|)', { a: { ok: true } }),
        setAlliance: () => m.cold('5ms (a|)', { a: { ok: true } }),
      })
      const events$ = h.feed(
        m.hot('a', { a: e('guilds/joinRequested', { name: 'ton_whales', via: 'start', launch: 1 }) }),
      )
      m.expect(joinEpic(events$, h.state$, fakeDeps({ api }))).toBeObservable('10ms c 4ms j', {
        c: e('mining/created'),
        j: e('guilds/joined', { name: 'ton_whales' }),
      })
      m.flush()
      expect(api.requests.map((r) => r.name)).toEqual(['miningUser', 'createMiningUser', 'setAlliance'])
    }),
  )

  it(
    'with a profile already, the start join only joins',
    marbles((m) => {
      const h = storeHarness([launched('alliance-ton_whales')])
      const api = fakeApi({
        miningUser: () => m.cold('5ms (a|)', { a: { userMining: {} } }),
        setAlliance: () => m.cold('5ms (a|)', { a: { ok: true } }),
      })
      const events$ = h.feed(
        m.hot('a', { a: e('guilds/joinRequested', { name: 'ton_whales', via: 'start', launch: 1 }) }),
      )
      m.expect(joinEpic(events$, h.state$, fakeDeps({ api }))).toBeObservable('10ms j', {
        j: e('guilds/joined', { name: 'ton_whales' }),
      })
      m.flush()
      expect(api.requests.map((r) => r.name)).toEqual(['miningUser', 'setAlliance'])
    }),
  )

  it(
    "Leave asks in Telegram's popup; declined, nothing is sent; confirmed, POST set alliance with no parameter",
    marbles((m) => {
      const h = storeHarness([launched(null)])
      const answers = [false, true]
      const telegram = { ...fakeTelegram(), confirm: () => m.cold('3ms (a|)', { a: answers.shift() as boolean }) }
      const api = fakeApi({ setAlliance: () => m.cold('5ms (a|)', { a: { ok: true } }) })
      const events$ = h.feed(m.hot('a 9ms a', { a: e('guilds/leaveRequested', { name: 'ton_whales', prompt }) }))
      m.expect(leaveEpic(events$, h.state$, fakeDeps({ api, telegram }))).toBeObservable('3ms d 9ms c 4ms l', {
        d: e('guilds/leaveDeclined', { name: 'ton_whales' }),
        c: e('guilds/leaveConfirmed', { name: 'ton_whales' }),
        l: e('guilds/allianceLeft', { name: 'ton_whales' }),
      })
      m.flush()
      expect(api.requests).toEqual([{ name: 'setAlliance', request: {} }])
    }),
  )

  it(
    'a page loads its details by name, and again after a join or a leave while it shows; a failure is an event',
    marbles((m) => {
      const h = storeHarness([launched(null), e('app/navigated', { to: '/mining/guilds/alliance/ton_whales' })])
      let n = 0
      const api = fakeApi({
        alliance: () => (n++ === 2 ? m.cold('5ms #', {}, offline) : m.cold('5ms (a|)', { a: details })),
      })
      const events$ = h.feed(
        m.hot('a 9ms b 9ms c', {
          a: e('guilds/allianceOpened', { name: 'ton_whales' }),
          b: e('guilds/joined', { name: 'ton_whales' }),
          c: e('guilds/allianceLeft', { name: 'ton_whales' }),
        }),
      )
      const r = e('guilds/allianceReceived', { name: 'ton_whales', alliance: details })
      m.expect(allianceEpic(events$, h.state$, fakeDeps({ api }))).toBeObservable('5ms r 9ms r 9ms f', {
        r,
        f: e('guilds/allianceFailed', { name: 'ton_whales', error: offline }),
      })
      m.flush()
      expect(api.requests).toEqual(Array(3).fill({ name: 'alliance', request: { name: 'ton_whales' } }))
    }),
  )

  it("the server's invite link is asked when a page opens and none is known, once while it is out; its failure is only logged", () => {
    const link = 'https://t.me/switch_test_bot?startapp=ref-AB'
    marbles((m) => {
      const h = storeHarness([launched(null)])
      const api = fakeApi({ invite: () => m.cold('5ms (a|)', { a: { code: 'AB', startParam: 'ref-AB', link } }) })
      const events$ = h.feed(m.hot('a 2ms a', { a: e('guilds/allianceOpened', { name: 'x' }) }))
      m.expect(inviteLinkEpic(events$, h.state$, fakeDeps({ api }))).toBeObservable('5ms l', {
        l: e('guilds/inviteLinkReceived', { link }),
      })
      m.flush()
      expect(api.requests).toHaveLength(1)
    })()
    marbles((m) => {
      const h = storeHarness([launched(null), e('guilds/inviteLinkReceived', { link })])
      const api = fakeApi({})
      m.expect(
        inviteLinkEpic(
          h.feed(m.hot('a', { a: e('guilds/allianceOpened', { name: 'x' }) })),
          h.state$,
          fakeDeps({ api }),
        ),
      ).toBeObservable('')
      m.flush()
      expect(api.requests).toHaveLength(0)
    })()
    marbles((m) => {
      const h = storeHarness([launched(null)])
      const api = fakeApi({ invite: () => m.cold('5ms #', {}, { kind: 'rejected', status: 409, message: 'no bot' }) })
      m.expect(
        inviteLinkEpic(
          h.feed(m.hot('a', { a: e('guilds/allianceOpened', { name: 'x' }) })),
          h.state$,
          fakeDeps({ api }),
        ),
      ).toBeObservable('')
    })()
  })

  it("[guilds.20] the invite link's copied note ends 3 s after the copy; a second copy starts the 3 s again; other copies do nothing", () => {
    expect(INVITE_COPIED_MS).toBe(3000)
    marbles((m) => {
      const h = storeHarness([])
      const copied = e('app/copied', { target: INVITE_COPY_TARGET })
      const events$ = h.feed(m.hot('a 999ms a 99ms b', { a: copied, b: e('app/copied', { target: 'refill/address' }) }))
      m.expect(inviteCopiedEpic()(events$, h.state$, fakeDeps())).toBeObservable('1000ms 3000ms x', {
        x: e('guilds/inviteCopiedExpired'),
      })
    })()
  })
})

describe('the start parameter alliance (guilds.22)', () => {
  it('opens the alliance page at launch, over the guilds screen', () => {
    marbles((m) => {
      const h = storeHarness([])
      const events$ = h.feed(m.hot('a', { a: launched('alliance-ton_whales') }))
      m.expect(allianceLaunchEpic(events$, h.state$, fakeDeps())).toBeObservable('(gp)', {
        g: e('app/navigated', { to: '/mining/guilds' }),
        p: e('app/navigated', { to: '/mining/guilds/alliance/ton_whales' }),
      })
    })()
    marbles((m) => {
      const h = storeHarness([])
      m.expect(
        allianceLaunchEpic(h.feed(m.hot('a', { a: launched('ref-AB12') })), h.state$, fakeDeps()),
      ).toBeObservable('')
    })()
  })

  /** The recorded log: what recorder.events() holds, sessions before this one included. */
  const logged = (inputs: EventInput[]): AppEvent[] => inputs.map((x, i) => ({ ...x, seq: i + 1, at: i }) as AppEvent)

  it('the page it opened joins once per launch: not again on a reload (the same init data), again when the link is opened anew', () => {
    const run = (log: EventInput[], expected: string, values: Record<string, EventInput> = {}) =>
      marbles((m) => {
        const h = storeHarness([log[log.length - 1]])
        const deps = fakeDeps({ recorder: { events: () => logged(log), env: () => ({}) } })
        m.expect(
          startJoinEpic(h.feed(m.hot('a', { a: e('guilds/allianceOpened', { name: 'TON_whales' }) })), h.state$, deps),
        ).toBeObservable(expected, values)
      })()
    const first = launched('alliance-ton_whales', 100)
    const join = e('guilds/joinRequested', { name: 'ton_whales', via: 'start', launch: 100 })
    // first open: joins, carrying the launch's auth_date
    run([first], 'j', { j: join })
    // a reload: the same launch again, its join already in the log
    run([first, join, e('guilds/joined', { name: 'ton_whales' }), first], '')
    // the link opened again later: a new launch
    run([first, join, launched('alliance-ton_whales', 200)], 'j', {
      j: e('guilds/joinRequested', { name: 'ton_whales', via: 'start', launch: 200 }),
    })
    // another alliance's page, or no start parameter: nothing
    marbles((m) => {
      const h = storeHarness([first])
      m.expect(
        startJoinEpic(
          h.feed(m.hot('a', { a: e('guilds/allianceOpened', { name: 'arb_club' }) })),
          h.state$,
          fakeDeps(),
        ),
      ).toBeObservable('')
    })()
  })
})
