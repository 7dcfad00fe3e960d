import { describe, expect, it } from 'vitest'
import { marbles } from '../marbles'
import { tap } from 'rxjs'
import { clockEpic, inviteEpic, pagesEpic, statsEpic } from '../../../streams/friends/epics'
import type { EventInput } from '../../../domain/events'
import { invite, page, stats } from '../../domain/friends/fixtures'
import { fakeApi, fakeDeps, storeHarness } from '../fakes'
const e = (type: string, payload: object = {}) => ({ type, payload }) as EventInput
const offline = { kind: 'network', message: 'offline' }
const got = (pageToken: string | null, answer: ReturnType<typeof page>) => ({
  type: 'friends/pageReceived',
  payload: { pageToken, answer },
})

describe('friends epics', () => {
  it(
    'entering reads the referral stats; a failure is one event and a retry reads again',
    marbles((m) => {
      const h = storeHarness([])
      let n = 0
      const api = fakeApi({
        referralStats: () => (n++ === 0 ? m.cold('5ms #', {}, offline) : m.cold('5ms (a|)', { a: stats() })),
      })
      const events$ = h.feed(m.hot('a 9ms b', { a: e('friends/entered'), b: e('friends/statsRetried') }))
      m.expect(statsEpic(events$, h.state$, fakeDeps({ api }))).toBeObservable('5ms f 9ms s', {
        f: { type: 'friends/statsFailed', payload: { error: offline } },
        s: { type: 'friends/statsReceived', payload: { stats: stats() } },
      })
      m.flush()
      expect(api.requests).toEqual([
        { name: 'referralStats', request: {} },
        { name: 'referralStats', request: {} },
      ])
    }),
  )

  it(
    '[friends.10] the first page on entering (limit 10, no token); "Show more" asks for the next with the last nextToken as pageToken',
    marbles((m) => {
      const h = storeHarness([])
      const answers: Record<string, ReturnType<typeof page>> = {
        first: page(1, 10, 't1'),
        t1: page(11, 10, 't2'),
        t2: page(21, 4, null),
      }
      const api = fakeApi({
        friends: (q: { pageToken?: string }) => m.cold('10ms (a|)', { a: answers[q.pageToken ?? 'first'] }),
      })
      const events$ = h.feed(
        m.hot('a 19ms m 19ms m 19ms m', { a: e('friends/entered'), m: e('friends/moreRequested') }),
      )
      const out$ = pagesEpic(events$, h.state$, fakeDeps({ api }))
      // the store folds the epic's own events as the real one does
      m.expect(out$.pipe(tap(h.apply))).toBeObservable('10ms a 19ms b 19ms c', {
        a: got(null, answers.first),
        b: got('t1', answers.t1),
        c: got('t2', answers.t2),
      })
      m.flush()
      expect(api.requests).toEqual([
        { name: 'friends', request: { limit: 10 } },
        { name: 'friends', request: { limit: 10, pageToken: 't1' } },
        { name: 'friends', request: { limit: 10, pageToken: 't2' } },
      ])
      // the last "Show more" came after the last page: nothing was asked
      expect(h.get().friends.list).toMatchObject({ pages: 3, nextToken: null })
      expect(h.get().friends.list.friends).toHaveLength(24)
    }),
  )

  it(
    'a double tap on "Show more" asks for the next page once; nobody is listed twice',
    marbles((m) => {
      const h = storeHarness([])
      const answers: Record<string, ReturnType<typeof page>> = { first: page(1, 10, 't1'), t1: page(11, 10, 't2') }
      const api = fakeApi({
        friends: (q: { pageToken?: string }) => m.cold('30ms (a|)', { a: answers[q.pageToken ?? 'first'] }),
      })
      const events$ = h.feed(m.hot('a 39ms (mm) 4ms m', { a: e('friends/entered'), m: e('friends/moreRequested') }))
      m.expect(pagesEpic(events$, h.state$, fakeDeps({ api })).pipe(tap(h.apply))).toBeObservable('30ms a 39ms b', {
        a: got(null, answers.first),
        b: got('t1', answers.t1),
      })
      m.flush()
      expect(api.requests.map((r) => r.request)).toEqual([{ limit: 10 }, { limit: 10, pageToken: 't1' }])
      expect(new Set(h.get().friends.list.friends.map((f) => f.firstName)).size).toBe(20)
    }),
  )

  it(
    'a failed page is one event; its retry asks for the same page; entering again starts from the first page',
    marbles((m) => {
      const h = storeHarness([])
      let failures = 1
      const api = fakeApi({
        friends: (q: { pageToken?: string }) =>
          q.pageToken === 't1' && failures-- > 0
            ? m.cold('5ms #', {}, offline)
            : m.cold('5ms (a|)', { a: q.pageToken === undefined ? page(1, 10, 't1') : page(11, 10, null) }),
      })
      const events$ = h.feed(
        m.hot('a 9ms m 9ms m 9ms b', {
          a: e('friends/entered'),
          m: e('friends/moreRequested'),
          b: e('friends/entered'),
        }),
      )
      m.expect(pagesEpic(events$, h.state$, fakeDeps({ api })).pipe(tap(h.apply))).toBeObservable(
        '5ms a 9ms f 9ms b 9ms a',
        {
          a: got(null, page(1, 10, 't1')),
          f: { type: 'friends/pageFailed', payload: { pageToken: 't1', error: offline } },
          b: got('t1', page(11, 10, null)),
        },
      )
      m.flush()
      expect(api.requests.map((r) => r.request)).toEqual([
        { limit: 10 },
        { limit: 10, pageToken: 't1' },
        { limit: 10, pageToken: 't1' },
        { limit: 10 },
      ])
    }),
  )

  it(
    'the invite link is read once a session; a failure is one event and its retry reads it',
    marbles((m) => {
      const h = storeHarness([])
      let n = 0
      const api = fakeApi({
        invite: () => (n++ === 0 ? m.cold('5ms #', {}, offline) : m.cold('5ms (a|)', { a: invite })),
      })
      const events$ = h.feed(
        m.hot('a 9ms r 9ms l a', { a: e('friends/entered'), r: e('friends/inviteRetried'), l: e('friends/left') }),
      )
      m.expect(inviteEpic(events$, h.state$, fakeDeps({ api })).pipe(tap(h.apply))).toBeObservable('5ms f 9ms i', {
        f: { type: 'friends/inviteFailed', payload: { error: offline } },
        i: { type: 'friends/inviteReceived', payload: { invite } },
      })
      m.flush()
      expect(api.requests).toHaveLength(2)
    }),
  )

  it(
    "entering reads the server's clock from the mining record's serverTime; without one, or on a failure, nothing",
    marbles((m) => {
      const h = storeHarness([])
      const answers = [{ userMining: null, serverTime: 1_700_000_000_000 }, { userMining: null }]
      let n = 0
      const api = fakeApi({
        miningUser: () => (n < 2 ? m.cold('5ms (a|)', { a: answers[n++] }) : m.cold('5ms #', {}, offline)),
      })
      const events$ = h.feed(m.hot('a 9ms a 9ms a', { a: e('friends/entered') }))
      m.expect(clockEpic(events$, h.state$, fakeDeps({ api }))).toBeObservable('5ms c', {
        c: { type: 'friends/clockRead', payload: { serverTime: 1_700_000_000_000 } },
      })
    }),
  )
})
