/**
 * Referral attribution and bonuses (doc 2 §1, §9; docs/features/friends.md, "Rules"): a user is
 * referred at first contact only, never by themselves, never in a loop; a friend's claim pays the
 * referrer 10 % and the referrer's referrer 2 % of what was claimed, once per claim, and the fixed
 * bonus once per friend by tier.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CLAIM_WINDOW_MS, HOUR_MS } from '../../../domain/mining/accrual'
import { FIXED_BONUS_UNITS, referralClaimHook, shareOf } from '../../../server/friends/bonuses'
import { attributeReferral, inviteCodeOf } from '../../../server/friends/referrals'
import { FIXED_BONUS } from '../../../server/friends/seed'
import { AUTOCLAIM } from '../../../server/mining/seed'
import type { MovableClock } from '../../../server/kernel/clock'
import { type User, newUser, useServer } from '../helpers'
import { codeOf, decodes, entriesOf, launch, nano, referrerOf, sum } from './helpers'

const api = useServer({ botUsername: 'switch_test_bot' })
const clock = () => api.server.clock as MovableClock
let keys = 0
const key = () => `friends-claim-${++keys}-${Date.now()}`
const record = async (user: User) => (await api.call('/mining/user', user)).body.userMining
const stats = async (user: User) => {
  const answer = await api.call('/mining/referralStats', user)
  expect(answer.status).toBe(200)
  decodes('referralStats', answer.body)
  return answer.body
}
/** A user who exists, with their invite code. */
const member = async (over: Partial<User> = {}) => {
  const user = newUser(over)
  expect((await launch(api.server, user, null)).status).toBe(200)
  return { user, code: await codeOf(api.server, user) }
}
/** Starts mining, lets `hours` pass, claims once with `claimKey`; what was claimed, in nano. */
async function mineAndClaim(user: User, hours = 1, claimKey = key()): Promise<bigint> {
  await api.call('/mining/user', user, {})
  clock().advance(hours * HOUR_MS)
  const answer = await api.call('/mining/claim', user, {
    idempotencyKey: claimKey,
    windowStart: (await record(user)).windowStart,
  })
  expect(answer.status).toBe(200)
  decodes('claimMining', answer.body)
  return nano(answer.body.claimed)
}

describe('the invite start parameter', () => {
  it('is ref-<code> among dash-separated key-value pairs (app.16); anything else names nobody', () => {
    expect(inviteCodeOf('ref-AB12CD34EF')).toBe('AB12CD34EF')
    expect(inviteCodeOf('swapFrom-bmF0aXZl-ref-AB12CD34EF')).toBe('AB12CD34EF')
    for (const odd of [null, '', 'ref', 'ref-', 'ref-ab12', 'ref-AB 12', 'xref-AB12CD', 'AB12CD-ref'] as const)
      expect(inviteCodeOf(odd)).toBeNull()
  })
})

describe('referral attribution', () => {
  it('every user has an invite code of their own, and the invite link carries it as ref-<code>', async () => {
    const [a, b] = [await member(), await member()]
    expect(a.code).toMatch(/^[0-9A-F]{10}$/)
    expect(a.code).not.toBe(b.code)
    const invite = await api.call('/mining/invite', a.user)
    expect(invite.status).toBe(200)
    decodes('invite', invite.body)
    expect(invite.body).toEqual({
      code: a.code,
      startParam: `ref-${a.code}`,
      link: `https://t.me/switch_test_bot?startapp=ref-${a.code}`,
    })
  })

  it('a user is referred at first contact only: a start parameter on a later call, or another one, changes nothing', async () => {
    const a = await member()
    const d = await member()
    const friend = newUser()
    expect((await launch(api.server, friend, `ref-${a.code}`)).status).toBe(200)
    expect(await referrerOf(api.server, friend)).toBe(a.user.id)
    // later launches naming someone else
    expect((await launch(api.server, friend, `ref-${d.code}`)).status).toBe(200)
    expect(await referrerOf(api.server, friend)).toBe(a.user.id)
    // a user whose first contact had no invite is nobody's friend, whatever comes later
    const plain = newUser()
    await launch(api.server, plain, null)
    await launch(api.server, plain, `ref-${a.code}`)
    expect(await referrerOf(api.server, plain)).toBeNull()
    expect(await stats(a.user)).toMatchObject({ ordinary_friends: 1, premium_friends: 0 })
    expect(await stats(d.user)).toMatchObject({ ordinary_friends: 0, premium_friends: 0 })
  })

  it('an unknown code, a malformed parameter or another key refers nobody, and the user is created all the same', async () => {
    for (const param of ['ref-0000000000', 'ref-', 'ref-<script>', 'swapFrom-bmF0aXZl-chainId-TON']) {
      const user = newUser()
      expect((await launch(api.server, user, param)).status).toBe(200)
      expect(await referrerOf(api.server, user)).toBeNull()
    }
  })

  it("nobody refers themselves: the attribution skips one's own code, and the database refuses such a row", async () => {
    const a = await member()
    await api.server.db.transaction((tx) =>
      attributeReferral(
        tx,
        { id: a.user.id, first_name: a.user.first_name },
        { startParam: `ref-${a.code}`, now: Date.now() },
      ),
    )
    expect(await referrerOf(api.server, a.user)).toBeNull()
    await expect(
      api.server.db.query(
        'INSERT INTO referrals (friend_id, referrer_id, premium, joined_at) VALUES ($1, $1, false, now())',
        [a.user.id],
      ),
    ).rejects.toThrow()
  })

  it('Premium friends (init data user.is_premium at first contact) are counted apart from ordinary ones', async () => {
    const a = await member()
    await launch(api.server, newUser({ is_premium: true }), `ref-${a.code}`)
    await launch(api.server, newUser({ is_premium: true }), `ref-${a.code}`)
    await launch(api.server, newUser(), `ref-${a.code}`)
    await launch(api.server, newUser({ is_premium: false }), `ref-${a.code}`)
    expect(await stats(a.user)).toEqual({
      premium_friends: 2,
      ordinary_friends: 2,
      friends_bonus: '0',
      friends_2_bonus: '0',
    })
    expect(await record(a.user)).toBeNull() // no mining profile yet: the counts need none
    await api.call('/mining/user', a.user, {})
    expect(await record(a.user)).toMatchObject({
      premiumFriends: 2,
      ordinaryFriends: 2,
      friendsBonus: '0',
      friends2Bonus: '0',
    })
  })

  it('no loop, whatever the order of first contacts: each user is referred at most once, by the code of their first contact if its owner existed, never by themselves, and no referrer chain cycles', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 6 }).chain((n) =>
          fc.tuple(
            fc.constant(n),
            fc.array(fc.tuple(fc.nat(n - 1), fc.option(fc.nat(n - 1), { nil: null })), {
              minLength: n,
              maxLength: 3 * n,
            }),
          ),
        ),
        async ([n, contacts]) => {
          const users = Array.from({ length: n }, () => newUser())
          const codes = new Map<number, string>()
          const expected = new Map<number, number | null>()
          for (const [who, target] of contacts) {
            const user = users[who]
            // A code can only be known once its owner exists; a not-yet-existing target is named by a code nobody holds.
            const param = target === null ? null : `ref-${codes.get(target) ?? 'FFFFFFFFFF'}`
            expect((await launch(api.server, user, param)).status).toBe(200)
            if (!codes.has(who)) {
              codes.set(who, await codeOf(api.server, user))
              expected.set(who, target !== null && target !== who && codes.has(target) ? users[target].id : null)
            }
          }
          const referrer = new Map<number, number>()
          for (const [who, want] of expected) {
            const got = await referrerOf(api.server, users[who])
            expect(got).toBe(want)
            expect(got).not.toBe(users[who].id)
            if (got !== null) referrer.set(users[who].id, got)
          }
          // Following referrers from anyone ends: no chain comes back to where it started.
          for (const start of referrer.keys()) {
            const seen = new Set<number>([start])
            for (let at = referrer.get(start); at !== undefined; at = referrer.get(at)) {
              expect(seen.has(at)).toBe(false)
              seen.add(at)
            }
          }
        },
      ),
      { numRuns: 25 },
    )
  }, 120_000)
})

describe('referral bonuses', () => {
  /** top ← middle ← friend: middle was invited by top, friend by middle. */
  async function chain(o: { middlePremium?: boolean; friendPremium?: boolean } = {}) {
    const top = await member()
    const middle = newUser({ is_premium: o.middlePremium === true })
    await launch(api.server, middle, `ref-${top.code}`)
    const friend = newUser({ is_premium: o.friendPremium === true })
    await launch(api.server, friend, `ref-${await codeOf(api.server, middle)}`)
    return { top: top.user, middle, friend }
  }

  it("[friends.1] [friends.2] [friends.3] a friend's claim pays the referrer 10 % and the referrer's referrer 2 % of what was claimed, exactly (nano, rounded down), and the fixed bonus once by tier", async () => {
    const { top, middle, friend } = await chain()
    const claimed = await mineAndClaim(friend, 2)
    expect(claimed).toBeGreaterThan(0n)
    expect(sum(await entriesOf(api.server, middle, 'referral'))).toBe((claimed * 10n) / 100n)
    expect(sum(await entriesOf(api.server, top, 'referral-2'))).toBe((claimed * 2n) / 100n)
    expect(await entriesOf(api.server, middle, 'referral-fixed')).toEqual([
      { delta: 20n * 10n ** 9n, reference: `friend:${friend.id}` },
    ])
    expect(await entriesOf(api.server, top, 'referral')).toEqual([])
    expect(await entriesOf(api.server, top, 'referral-fixed')).toEqual([])
    // a second claim: 10 % and 2 % again, no second fixed bonus
    const again = await mineAndClaim(friend, 3)
    expect(sum(await entriesOf(api.server, middle, 'referral'))).toBe((claimed * 10n) / 100n + (again * 10n) / 100n)
    expect(sum(await entriesOf(api.server, top, 'referral-2'))).toBe((claimed * 2n) / 100n + (again * 2n) / 100n)
    expect((await entriesOf(api.server, middle, 'referral-fixed')).length).toBe(1)
    // the claimer's own credit is what was claimed: the bonuses come on top, from nobody's balance
    expect(sum(await entriesOf(api.server, friend, 'claim'))).toBe(claimed + again)
    const s = await stats(middle)
    expect(s).toEqual({
      premium_friends: 0,
      ordinary_friends: 1,
      friends_bonus: expect.any(String),
      friends_2_bonus: '0',
    })
    expect(nano(s.friends_bonus)).toBe((claimed * 10n) / 100n + (again * 10n) / 100n + 20n * 10n ** 9n)
    expect(nano((await stats(top)).friends_2_bonus)).toBe((claimed * 2n) / 100n + (again * 2n) / 100n)
    // the mining record shows the same figures
    await api.call('/mining/user', middle, {})
    const r = await record(middle)
    expect({
      friendsBonus: r.friendsBonus,
      friends2Bonus: r.friends2Bonus,
      ordinaryFriends: r.ordinaryFriends,
      premiumFriends: r.premiumFriends,
    }).toEqual({
      friendsBonus: s.friends_bonus,
      friends2Bonus: '0',
      ordinaryFriends: 1,
      premiumFriends: 0,
    })
  })

  it('[friends.4] the fixed bonus has a Premium tier and an ordinary tier, from the seed, at most 60', async () => {
    expect(FIXED_BONUS).toEqual({ premium: '60', ordinary: '20' })
    expect(FIXED_BONUS_UNITS.premium).toBe(60n * 10n ** 9n)
    expect(FIXED_BONUS_UNITS.ordinary).toBeLessThan(FIXED_BONUS_UNITS.premium)
    const { top, middle } = await chain({ middlePremium: true })
    const claimed = await mineAndClaim(middle)
    expect(await entriesOf(api.server, top, 'referral-fixed')).toEqual([
      { delta: 60n * 10n ** 9n, reference: `friend:${middle.id}` },
    ])
    expect(nano((await stats(top)).friends_bonus)).toBe((claimed * 10n) / 100n + 60n * 10n ** 9n)
    expect(await stats(top)).toMatchObject({ premium_friends: 1, ordinary_friends: 0 })
  })

  it('nothing is paid of what burned: a missed window pays the referrers nothing, the claim after it pays on its own amount only', async () => {
    const { top, middle, friend } = await chain()
    await api.call('/mining/user', friend, {})
    clock().advance(7 * HOUR_MS)
    const burned = await record(friend)
    expect(nano(burned.burnedAmount)).toBeGreaterThan(0n)
    expect(await entriesOf(api.server, middle, 'referral')).toEqual([])
    expect(await entriesOf(api.server, middle, 'referral-fixed')).toEqual([])
    expect(await entriesOf(api.server, top, 'referral-2')).toEqual([])
    const answer = await api.call('/mining/claim', friend, { idempotencyKey: key(), windowStart: burned.windowStart })
    const claimed = nano(answer.body.claimed)
    expect(sum(await entriesOf(api.server, middle, 'referral'))).toBe((claimed * 10n) / 100n)
    expect(sum(await entriesOf(api.server, top, 'referral-2'))).toBe((claimed * 2n) / 100n)
  })

  it('once per claim: a retried claim key, sent again or at the same time, pays the referrers once', async () => {
    const { top, middle, friend } = await chain()
    await api.call('/mining/user', friend, {})
    clock().advance(HOUR_MS)
    const seen = await record(friend)
    const claimKey = key()
    const body = { idempotencyKey: claimKey, windowStart: seen.windowStart }
    const [a, b] = await Promise.all([api.call('/mining/claim', friend, body), api.call('/mining/claim', friend, body)])
    const c = await api.call('/mining/claim', friend, body)
    expect(a.body).toEqual(b.body)
    expect(c.body).toEqual(a.body)
    const claimed = nano(a.body.claimed)
    expect(await entriesOf(api.server, middle, 'referral')).toEqual([
      { delta: (claimed * 10n) / 100n, reference: `friend:${friend.id}:window:${seen.windowStart}` },
    ])
    expect((await entriesOf(api.server, top, 'referral-2')).length).toBe(1)
    expect((await entriesOf(api.server, middle, 'referral-fixed')).length).toBe(1)
  })

  it('claims made by the autoclaim job pay the referrers the same way, once per claim', async () => {
    const { top, middle, friend } = await chain()
    await api.call('/mining/user', friend, {})
    const order = (await api.call('/mining/autoclaim/internal', friend, {})).body as {
      data: { to: string; amount: string; comment: string }
    }
    const paid = await api.call('/transfer', friend, {
      ...order.data,
      tokenAddress: 'native',
      chainId: 'TON',
      accountIndex: 0,
      dry: false,
      idempotencyKey: key(),
    })
    expect(paid.status).toBe(200)
    for (let window = 0; window < 2; window++) {
      clock().advance(CLAIM_WINDOW_MS - AUTOCLAIM.leadMs + 1000)
      await api.server.jobs.runDue()
    }
    const claims = await entriesOf(api.server, friend, 'autoclaim')
    expect(claims).toHaveLength(2)
    expect(sum(await entriesOf(api.server, middle, 'referral'))).toBe(
      claims.reduce((a, c) => a + (c.delta * 10n) / 100n, 0n),
    )
    expect(sum(await entriesOf(api.server, top, 'referral-2'))).toBe(
      claims.reduce((a, c) => a + (c.delta * 2n) / 100n, 0n),
    )
    expect((await entriesOf(api.server, middle, 'referral-fixed')).length).toBe(1)
  })

  it('claims up one referral chain and transfers between its members, at the same moment, all succeed: every lock in ascending id order, never one that deadlocks', async () => {
    // ids chosen so that ascending id order (the ledger's) differs from the chain's order: grand < friend < middle
    const base = 20_000_000_000 + Math.floor(Math.random() * 1_000_000_000) // clear of newUser's ranges
    const grand = newUser({ id: base })
    const friend = newUser({ id: base + 500, is_premium: true })
    const middle = newUser({ id: base + 1_000 })
    await launch(api.server, grand, null)
    await launch(api.server, middle, `ref-${await codeOf(api.server, grand)}`)
    await launch(api.server, friend, `ref-${await codeOf(api.server, middle)}`)
    for (const u of [grand, middle, friend]) await api.call('/mining/user', u, {})
    const tonOf = async (u: User) => (await api.call('/tgUserWallets', u)).body[0].tonUnbouncableAddress as string
    const [friendTon, middleTon, grandTon] = [await tonOf(friend), await tonOf(middle), await tonOf(grand)]
    const send = (from: User, to: string) =>
      api.call('/transfer', from, {
        to,
        amount: '0.001',
        tokenAddress: 'native',
        chainId: 'TON',
        accountIndex: 0,
        comment: '',
        dry: false,
        idempotencyKey: key(),
      })
    for (let round = 0; round < 40; round++) {
      clock().advance(HOUR_MS)
      const seen = await Promise.all([friend, middle, grand].map(async (u) => (await record(u)).windowStart))
      const answers = await Promise.all([
        ...[friend, middle, grand].map((u, i) =>
          api.call('/mining/claim', u, { idempotencyKey: key(), windowStart: seen[i] }),
        ),
        // a claim of `friend` locks friend, middle and grand; each transfer locks its two ends
        send(friend, middleTon),
        send(middle, friendTon),
        send(grand, friendTon),
        send(friend, grandTon),
      ])
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200, 200])
    }
    const claimedBy = async (u: User) => (await entriesOf(api.server, u, 'claim')).map((e) => e.delta)
    expect(sum(await entriesOf(api.server, middle, 'referral'))).toBe(
      (await claimedBy(friend)).reduce((a, c) => a + (c * 10n) / 100n, 0n),
    )
    expect(sum(await entriesOf(api.server, grand, 'referral'))).toBe(
      (await claimedBy(middle)).reduce((a, c) => a + (c * 10n) / 100n, 0n),
    )
    expect(sum(await entriesOf(api.server, grand, 'referral-2'))).toBe(
      (await claimedBy(friend)).reduce((a, c) => a + (c * 2n) / 100n, 0n),
    )
  })

  it('the claim hook pays nothing for a user nobody referred, and nothing of a claim of nothing', async () => {
    const loner = await member()
    expect(
      await api.server.db.transaction((tx) =>
        referralClaimHook(tx, { userId: loner.user.id, claimed: 10n ** 12n, reference: 'window:x', now: Date.now() }),
      ),
    ).toEqual([])
    const { friend } = await chain()
    expect(
      await api.server.db.transaction((tx) =>
        referralClaimHook(tx, { userId: friend.id, claimed: 0n, reference: 'window:y', now: Date.now() }),
      ),
    ).toEqual([])
  })

  it('shares round down to the nano: 10 % and 2 % of amounts that do not divide', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 24n }), (claimed) => {
        const ten = shareOf(claimed, 10n)
        const two = shareOf(claimed, 2n)
        expect(ten * 10n).toBeLessThanOrEqual(claimed)
        expect((ten + 1n) * 10n).toBeGreaterThan(claimed)
        expect(two * 50n).toBeLessThanOrEqual(claimed)
        expect((two + 1n) * 50n).toBeGreaterThan(claimed)
      }),
    )
  })
})
