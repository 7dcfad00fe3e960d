import { describe, expect, it } from 'vitest'
import { fold } from '../../../domain/state'
import type { AppEvent, EventInput } from '../../../domain/events'
import { hasMoreFriends, nextPageToken } from '../../../domain/friends/state'
import { launch, stamp } from '../fixtures/events'
import { invite, page, stats } from './fixtures'

const T = 1_763_800_000_000
const friends = (inputs: EventInput[]) =>
  fold(stamp([{ type: 'app/launched', payload: launch() }, ...inputs], T)).friends
const entered: EventInput = { type: 'friends/entered', payload: {} }
const more: EventInput = { type: 'friends/moreRequested', payload: {} }
const got = (pageToken: string | null, answer: ReturnType<typeof page>): EventInput => ({
  type: 'friends/pageReceived',
  payload: { pageToken, answer },
})
const offline = { kind: 'network', message: 'offline' } as const

describe('friends state', () => {
  it('entering asks for the stats, the first page and the invite; each lands on its own', () => {
    const s = friends([entered])
    expect(s).toMatchObject({ statsLoading: true, inviteLoading: true, list: { loading: null, pages: 0, friends: [] } })
    const after = friends([
      entered,
      { type: 'friends/statsReceived', payload: { stats: stats() } },
      { type: 'friends/inviteReceived', payload: { invite } },
      got(null, page(1, 10, 't1')),
    ])
    expect(after).toMatchObject({
      stats: stats(),
      statsLoading: false,
      invite,
      inviteLoading: false,
      list: { pages: 1, nextToken: 't1', loading: undefined },
    })
    expect(after.list.friends).toHaveLength(10)
  })

  it('"Show more" asks for the page after the last, with the last nextToken; the pages add up in order; the last page ends it', () => {
    let s = friends([entered, got(null, page(1, 10, 't1')), more])
    expect(s.list.loading).toBe('t1')
    s = friends([
      entered,
      got(null, page(1, 10, 't1')),
      more,
      got('t1', page(11, 10, 't2')),
      more,
      got('t2', page(21, 3, null)),
    ])
    expect(s.list.friends.map((f) => f.firstName)).toEqual(Array.from({ length: 23 }, (_, i) => `Friend ${i + 1}`))
    expect(s.list).toMatchObject({ pages: 3, nextToken: null, loading: undefined })
    expect(hasMoreFriends(s.list)).toBe(false)
    expect(nextPageToken(s.list)).toBeUndefined()
    // nothing more to ask for
    expect(friends([entered, got(null, page(1, 3, null)), more]).list.loading).toBeUndefined()
  })

  it('a second "Show more" while a page is out asks nothing; a repeated or stale answer adds nobody twice', () => {
    const s = friends([
      entered,
      got(null, page(1, 10, 't1')),
      more,
      more,
      got('t1', page(11, 10, 't2')),
      got('t1', page(11, 10, 't2')),
      got(null, page(1, 10, 't1')),
    ])
    expect(s.list.friends).toHaveLength(20)
    expect(new Set(s.list.friends.map((f) => f.firstName)).size).toBe(20)
    expect(s.list.nextToken).toBe('t2')
  })

  it('entering again starts the list over, and keeps the invite link (it does not change)', () => {
    const s = friends([
      entered,
      { type: 'friends/inviteReceived', payload: { invite } },
      got(null, page(1, 10, 't1')),
      { type: 'friends/left', payload: {} },
      entered,
    ])
    expect(s.list).toMatchObject({ friends: [], pages: 0, loading: null })
    expect(s).toMatchObject({ invite, inviteLoading: false })
    expect(
      friends([
        entered,
        got(null, page(1, 10, 't1')),
        { type: 'friends/left', payload: {} },
        entered,
        got(null, page(1, 10, 't1')),
      ]).list.friends,
    ).toHaveLength(10)
  })

  it('the stats, the list and the invite fail and retry apart', () => {
    const failed = friends([
      entered,
      { type: 'friends/statsFailed', payload: { error: offline } },
      { type: 'friends/pageFailed', payload: { pageToken: null, error: offline } },
      { type: 'friends/inviteFailed', payload: { error: offline } },
    ])
    expect(failed).toMatchObject({
      statsLoading: false,
      statsError: offline,
      inviteLoading: false,
      inviteError: offline,
      list: { loading: undefined, error: offline, pages: 0 },
    })
    const retried = friends([
      entered,
      { type: 'friends/statsFailed', payload: { error: offline } },
      { type: 'friends/pageFailed', payload: { pageToken: null, error: offline } },
      { type: 'friends/inviteFailed', payload: { error: offline } },
      { type: 'friends/statsRetried', payload: {} },
      more,
      { type: 'friends/inviteRetried', payload: {} },
    ])
    // the list's retry asks for the first page again
    expect(retried).toMatchObject({
      statsLoading: true,
      statsError: null,
      inviteLoading: true,
      inviteError: null,
      list: { loading: null, error: null },
    })
    // a later page that failed is asked again with the same token, the friends shown kept
    const later = friends([
      entered,
      got(null, page(1, 10, 't1')),
      more,
      { type: 'friends/pageFailed', payload: { pageToken: 't1', error: offline } },
    ])
    expect(later.list).toMatchObject({ error: offline, pages: 1, loading: undefined })
    expect(hasMoreFriends(later.list)).toBe(true)
    expect(
      friends([
        entered,
        got(null, page(1, 10, 't1')),
        more,
        { type: 'friends/pageFailed', payload: { pageToken: 't1', error: offline } },
        more,
      ]).list,
    ).toMatchObject({ loading: 't1', error: null, friends: page(1, 10, 't1').result })
    // stats already shown stay while a refresh fails
    expect(
      friends([
        entered,
        { type: 'friends/statsReceived', payload: { stats: stats() } },
        entered,
        { type: 'friends/statsFailed', payload: { error: offline } },
      ]),
    ).toMatchObject({ stats: stats(), statsError: offline })
  })

  it("the server's clock offset comes from the answer's serverTime and the event's own time", () => {
    const s = fold([
      { type: 'app/launched', payload: launch(), seq: 1, at: T } as AppEvent,
      { type: 'friends/clockRead', payload: { serverTime: T + 5000 + 90_000 }, seq: 2, at: T + 5000 } as AppEvent,
    ]).friends
    expect(s.serverOffset).toBe(90_000)
    expect(friends([]).serverOffset).toBeNull()
  })
})
