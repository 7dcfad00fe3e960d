/** The guilds slice: the carousel, boards kept through failures (guilds.24), joins, leaves, pages, the 'copied' note. */
import { describe, expect, it } from 'vitest'
import { fold } from '../../../domain/state'
import type { EventInput } from '../../../domain/events'
import { inputName, inviteLinkOf, isMemberOf, pageOf } from '../../../domain/guilds/selectors'
import { INVITE_COPY_TARGET } from '../../../domain/guilds/state'
import { launch, stamp } from '../fixtures/events'

const T = 1_763_800_000_000
const guilds = (inputs: EventInput[]) => fold(stamp([{ type: 'app/launched', payload: launch() }, ...inputs], T)).guilds
const e = (type: string, payload: object = {}) => ({ type, payload }) as EventInput
const board = { top: [{ firstName: 'Ada', gotAmount: '12.5' }], userRank: 7, user: { firstName: 'Me', gotAmount: '1' } }
const allianceBoard = (mine: string | null) => ({
  top: [{ name: 'ton_whales', title: 'TON Whales', totalMined: '100', users: 3 }],
  allianceRank: mine === null ? null : 2,
  alliance: mine === null ? null : { name: mine, title: mine, totalMined: '5', users: 1 },
})
const failed = { kind: 'network', message: 'offline' }

describe('guilds state', () => {
  it("the carousel starts at the user's own rank, then goes where it is moved, wrapping (guilds.5)", () => {
    expect(guilds([e('guilds/entered', { userGuild: 3 })]).rank).toBe(3)
    expect(guilds([e('guilds/entered', { userGuild: 0 })]).rank).toBe(1)
    expect(guilds([e('guilds/entered', { userGuild: 5 }), e('guilds/carouselMoved', { by: 1 })]).rank).toBe(1)
    expect(guilds([e('guilds/entered', { userGuild: 0 }), e('guilds/carouselMoved', { by: -1 })]).rank).toBe(5)
    // once moved, coming back to the screen keeps the rank shown
    expect(
      guilds([
        e('guilds/entered', { userGuild: 2 }),
        e('guilds/carouselMoved', { by: 1 }),
        e('guilds/exited'),
        e('guilds/entered', { userGuild: 2 }),
      ]).rank,
    ).toBe(3)
  })

  it('a failed load keeps the last board (guilds.24); with none, the board is marked failed (not loading) for the quiet placeholder', () => {
    const kept = guilds([
      e('guilds/entered', { userGuild: 1 }),
      e('guilds/leaderboardReceived', { rank: 1, board }),
      e('guilds/refreshRequested'),
      e('guilds/leaderboardFailed', { rank: 1, error: failed }),
    ])
    expect(kept.individual[1]).toEqual({ data: board, loading: false, failed: true })
    const none = guilds([
      e('guilds/entered', { userGuild: 1 }),
      e('guilds/leaderboardFailed', { rank: 1, error: failed }),
    ])
    expect(none.individual[1]).toEqual({ data: null, loading: false, failed: true })
    // a refresh shows loading again over the kept data
    expect(
      guilds([
        e('guilds/entered', { userGuild: 1 }),
        e('guilds/leaderboardReceived', { rank: 1, board }),
        e('guilds/refreshRequested'),
      ]).individual[1],
    ).toEqual({ data: board, loading: true, failed: false })
  })

  it("alliance mode: the board names the user's alliance; a join makes it the member's and clears the input; a leave clears it", () => {
    let s = guilds([
      e('guilds/modeChanged', { mode: 'alliance' }),
      e('guilds/allianceBoardReceived', { rank: 1, board: allianceBoard(null) }),
    ])
    expect(s.member).toBeNull()
    s = guilds([
      e('guilds/modeChanged', { mode: 'alliance' }),
      e('guilds/inputChanged', { text: 'https://t.me/Arb_Club' }),
    ])
    expect(inputName(s)).toBe('Arb_Club')
    s = guilds([
      e('guilds/inputChanged', { text: 't.me/Arb_Club' }),
      e('guilds/joinRequested', { name: 'Arb_Club', via: 'input', launch: null }),
      e('guilds/joined', { name: 'Arb_Club' }),
    ])
    expect(s).toMatchObject({ input: '', joining: null, member: 'Arb_Club' })
    expect(isMemberOf(s, 'arb_club')).toBe(true)
    expect(
      isMemberOf(
        guilds([e('guilds/joined', { name: 'arb_club' }), e('guilds/allianceLeft', { name: 'arb_club' })]),
        'arb_club',
      ),
    ).toBe(false)
  })

  it('an empty or unusable input names no alliance (Join stays disabled, guilds.12)', () => {
    for (const text of ['', '   ', '@', 'https://t.me/', 'a b'])
      expect(inputName(guilds([e('guilds/inputChanged', { text })]))).toBeNull()
  })

  it('a failed join is kept with its name until the input changes', () => {
    const s = guilds([
      e('guilds/inputChanged', { text: 'x' }),
      e('guilds/joinRequested', { name: 'x', via: 'input', launch: null }),
      e('guilds/joinFailed', { name: 'x', error: failed }),
    ])
    expect(s.joinError).toEqual({ name: 'x', error: failed })
    expect(s.joining).toBeNull()
    expect(
      guilds([e('guilds/joinFailed', { name: 'x', error: failed }), e('guilds/inputChanged', { text: 'y' })]).joinError,
    ).toBeNull()
  })

  it('an alliance page: loading, its details by name whatever the case, a 404 told apart from other failures', () => {
    const details = { name: 'ton_whales', title: 'TON Whales', totalMined: '10', users: 2, member: false }
    expect(pageOf(guilds([e('guilds/allianceOpened', { name: 'ton_whales' })]), 'ton_whales')).toEqual({
      data: null,
      loading: true,
      failed: false,
      notFound: false,
    })
    const s = guilds([
      e('guilds/allianceOpened', { name: 'TON_whales' }),
      e('guilds/allianceReceived', { name: 'TON_whales', alliance: details }),
    ])
    expect(pageOf(s, 'ton_whales')?.data).toEqual(details)
    expect(isMemberOf(s, 'ton_whales')).toBe(false)
    const missing = guilds([
      e('guilds/allianceOpened', { name: 'nobody' }),
      e('guilds/allianceFailed', {
        name: 'nobody',
        error: { kind: 'rejected', status: 404, message: 'no such alliance', path: 'name' },
      }),
    ])
    expect(pageOf(missing, 'nobody')).toMatchObject({ failed: true, notFound: true })
    const offline = guilds([
      e('guilds/allianceOpened', { name: 'x' }),
      e('guilds/allianceFailed', { name: 'x', error: failed }),
    ])
    expect(pageOf(offline, 'x')).toMatchObject({ failed: true, notFound: false })
  })

  it("the invite link is the server's with the alliance's start parameter; the copied note shows on this control's copy only, until it expires", () => {
    const s = guilds([e('guilds/inviteLinkReceived', { link: 'https://t.me/switch_test_bot?startapp=ref-AB12' })])
    expect(inviteLinkOf(s, 'ton_whales')).toBe('https://t.me/switch_test_bot?startapp=alliance-ton_whales')
    expect(inviteLinkOf(guilds([]), 'ton_whales')).toBeNull()
    expect(guilds([e('app/copied', { target: 'refill/address' })]).inviteCopied).toBe(false)
    expect(guilds([e('app/copied', { target: INVITE_COPY_TARGET })]).inviteCopied).toBe(true)
    expect(
      guilds([e('app/copied', { target: INVITE_COPY_TARGET }), e('guilds/inviteCopiedExpired')]).inviteCopied,
    ).toBe(false)
  })
})
