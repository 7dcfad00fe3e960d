/**
 * A later read of the mining record that comes back without one (found by the later-poll
 * bad answers): the user has a profile (read this session), so the answer is a bad one. It is said
 * as a failure and the record kept; no profile is made for them again, and no onboarding greets
 * them as a first visit (mining.3 makes one only for a user who has none).
 */
import { describe, expect, it } from 'vitest'
import { marbles } from '../marbles'
import { tap } from 'rxjs'
import { pollEpic } from '../../../streams/mining/epics'
import { loadEpic } from '../../../streams/staking/epics'
import type { EventInput } from '../../../domain/events'
import { HOUR, answerAt } from '../../domain/mining/fixtures'
import { fakeApi, fakeDeps, storeHarness } from '../fakes'
const e = (type: string, payload: object = {}) => ({ type, payload }) as EventInput
const answer = answerAt(HOUR)
const received = {
  type: 'mining/userReceived',
  payload: { userMining: answer.userMining, serverTime: answer.serverTime, season: answer.season },
}
const noProfile = { kind: 'server', status: 200, message: 'no mining profile in the answer' }

describe('a later mining record read without a profile', () => {
  it(
    'the poll after a good read: a failure, the record kept, no profile made, no onboarding; the next good poll clears it',
    marbles((m) => {
      const h = storeHarness([])
      let reads = 0
      const api = fakeApi({
        miningUser: () =>
          m.cold('10ms (a|)', {
            a: reads++ === 1 ? { userMining: null, serverTime: answer.serverTime, season: answer.season } : answer,
          }),
        createMiningUser: () => m.cold('10ms (a|)', { a: { ok: true } }),
      })
      const events$ = h.feed(m.hot('a 61s b', { a: e('mining/entered'), b: e('mining/left') }))
      const out = pollEpic()(events$, h.state$, fakeDeps({ api })).pipe(tap(h.apply))
      m.expect(out).toBeObservable('10ms r 29999ms f 29999ms r', {
        r: received,
        f: { type: 'mining/userFailed', payload: { error: noProfile } },
      })
      m.flush()
      expect(api.requests.map((r) => r.name)).toEqual(['miningUser', 'miningUser', 'miningUser'])
      expect(h.get().mining.record).not.toBeNull()
      expect(h.get().mining.onboarding).toBeNull()
      expect(h.get().mining.error).toBeNull()
    }),
  )

  it(
    'with no record held yet, an answer without a profile still makes one',
    marbles((m) => {
      const h = storeHarness([])
      let reads = 0
      const api = fakeApi({
        miningUser: () =>
          m.cold('10ms (a|)', {
            a: reads++ === 0 ? { userMining: null, serverTime: answer.serverTime, season: answer.season } : answer,
          }),
        createMiningUser: () => m.cold('10ms (a|)', { a: { ok: true } }),
      })
      const events$ = h.feed(m.hot('a 1s b', { a: e('mining/entered'), b: e('mining/left') }))
      m.expect(pollEpic()(events$, h.state$, fakeDeps({ api }))).toBeObservable('10ms g 9ms c 9ms r', {
        g: e('mining/creating'),
        c: e('mining/created'),
        r: received,
      })
      m.flush()
      expect(api.requests.map((r) => r.name)).toEqual(['miningUser', 'createMiningUser', 'miningUser'])
    }),
  )

  it(
    'a staking screen entered with the record held: an answer without one makes no profile',
    marbles((m) => {
      const h = storeHarness([received as EventInput])
      const api = fakeApi({
        // The staking reads stay out: only the record's read matters here.
        stakingConfigs: () => m.cold('-'),
        stakingTotal: () => m.cold('-'),
        stakingDeposits: () => m.cold('-'),
        stakingSbts: () => m.cold('-'),
        miningUser: () =>
          m.cold('10ms (a|)', { a: { userMining: null, serverTime: answer.serverTime, season: answer.season } }),
        createMiningUser: () => m.cold('10ms (a|)', { a: { ok: true } }),
      })
      loadEpic(h.feed(m.hot('a', { a: e('staking/entered', { screen: 'main' }) })), h.state$, fakeDeps({ api }))
        .pipe(tap(h.apply))
        .subscribe()
      m.flush()
      expect(api.requests.map((r) => r.name)).not.toContain('createMiningUser')
      expect(h.get().mining.record).not.toBeNull()
      expect(h.get().mining.onboarding).toBeNull()
    }),
  )
})
