/** Friends answers as the server gives them (server/friends), for the friends tests. */
import type { Friend, FriendsAnswer, InviteAnswer, ReferralStats } from '../../../domain/friends/codecs'

export const stats = (over: Partial<Record<keyof ReferralStats, unknown>> = {}): ReferralStats =>
  ({
    premium_friends: 2,
    ordinary_friends: 5,
    friends_bonus: '123.456789012',
    friends_2_bonus: '0.000000001',
    ...over,
  }) as ReferralStats

export const friend = (n: number, over: Partial<Record<keyof Friend, unknown>> = {}): Friend =>
  ({ firstName: `Friend ${n}`, gotAmount: `${n}.5`, bonus: `0.${n}5`, guild: n % 6, ...over }) as Friend

/** A page of `count` friends numbered from `from`, with its next token. */
export const page = (from: number, count: number, nextToken: string | null): FriendsAnswer => ({
  result: Array.from({ length: count }, (_, i) => friend(from + i)),
  nextToken,
})

export const invite: InviteAnswer = {
  code: 'a1b2c3d4e5',
  startParam: 'ref-a1b2c3d4e5',
  link: 'https://t.me/switch_standin_bot?startapp=ref-a1b2c3d4e5',
}
