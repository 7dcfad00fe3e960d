/**
 * The mining record as the wallet's home reads it too (wallet.11), apart from the game's other
 * codecs so the first screen carries only this one.
 */
import * as t from 'io-ts'
import { DecimalString } from '../api/codecs'

const Nullable = <C extends t.Mixed>(c: C) => t.union([c, t.null])

/**
 * The user mining record (mining.1), SWITCH amounts as exact decimal strings (never floats), plus
 * what the game needs to be shown right: the window start a claim names, and the burns.
 */
export const MiningUser = t.intersection([
  t.type({
    speed: DecimalString,
    gotAmount: DecimalString,
    miningAmount: DecimalString,
    dttmClaimDeadline: t.string,
    dttmLastClaim: Nullable(t.string),
    status: t.string,
    dttmLastPayment: Nullable(t.string),
    guild: t.number,
    alliance: Nullable(t.string),
    withheld: DecimalString,
    autoclaimActive: t.boolean,
    lockAmount: DecimalString,
    humanGroup: t.boolean,
    confirmProve: t.boolean,
    dttmAdded: t.string,
    friendsBonus: DecimalString,
    friends2Bonus: DecimalString,
    ordinaryFriends: t.number,
    premiumFriends: t.number,
  }),
  t.partial({
    windowStart: t.string,
    burnedAmount: DecimalString,
    lastBurn: Nullable(t.type({ amount: DecimalString, windows: t.number, from: t.string, to: t.string })),
    /** `speed` is the speed now, boosts included; this is the speed without them. */
    baseSpeed: DecimalString,
    /** Boosts counting in this window or later: extra speed from `from` to `to`. */
    boosts: t.array(t.type({ speed: DecimalString, from: t.string, to: t.string })),
  }),
])
export type MiningUser = t.TypeOf<typeof MiningUser>

/** The season (mining.12): its end, none while it runs on; the PoH appeal's deadline (mining.15). */
export const Season = t.type({ endsAt: Nullable(t.string), appealUntil: Nullable(t.string) })
export type Season = t.TypeOf<typeof Season>

/** Every mining answer carries the server's clock (epoch ms): countdowns run on it, not the phone's. */
export const MiningUserAnswer = t.intersection([
  t.type({ userMining: Nullable(MiningUser) }),
  t.partial({ serverTime: t.number, season: Season }),
])
