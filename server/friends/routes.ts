/**
 * The friends calls (doc 2 §3, §7; friends.5, friends.9-11): referral stats from the ledger, the
 * friends list by keyset pages, and the user's invite link. Each reads the calling user's own data only.
 */
import { Hono } from 'hono'
import { endpoints } from '../../domain/api/endpoints'
import type { Db } from '../db'
import type { AppEnv } from '../kernel/auth'
import { BadRequest, decodeOrThrow, queryValues } from '../kernel/validate'
import { switchText } from '../mining/miner'
import { referralStats } from './stats'
import { inviteCodeOfUser, inviteParam } from './referrals'
import { FRIENDS_PAGE_SIZE } from './seed'

/** Where a page ends: the last friend's (joined_at, id), and whose list it is. Opaque to the client. */
export interface Cursor {
  userId: number
  joinedMs: number
  friendId: number
}
export const encodeCursor = (c: Cursor) => Buffer.from(`${c.userId}.${c.joinedMs}.${c.friendId}`).toString('base64url')
function decodeCursor(token: string, userId: number): Cursor {
  const m = /^[A-Za-z0-9_-]{1,80}$/.test(token)
    ? /^(\d{1,16})\.(\d{1,15})\.(\d{1,16})$/.exec(Buffer.from(token, 'base64url').toString())
    : null
  const cursor = m === null ? null : { userId: Number(m[1]), joinedMs: Number(m[2]), friendId: Number(m[3]) }
  if (cursor === null || cursor.userId !== userId)
    throw new BadRequest('pageToken is not a token of this list: pass the nextToken of the page before', 'pageToken')
  return cursor
}

export interface FriendRow {
  firstName: string
  gotAmount: string
  bonus: string
  guild: number
}

/**
 * friends.9-11: a page of the user's friends, oldest first. Keyset by (joined_at, friend id): a friend
 * who joins while the user pages comes after every friend already there, so no page repeats or skips one.
 */
export async function friendsPage(
  db: Db,
  userId: number,
  limit: number,
  pageToken: string | undefined,
): Promise<{ result: FriendRow[]; nextToken: string | null }> {
  const after = pageToken === undefined ? null : decodeCursor(pageToken, userId)
  const rows = await db.query<{
    friend_id: string
    joined_ms: string
    first_name: string
    got: string | null
    bonus: string
    guild: number | null
  }>(
    `SELECT r.friend_id::text AS friend_id, (extract(epoch FROM r.joined_at) * 1000)::bigint::text AS joined_ms, u.first_name,
            b.units::text AS got, r.bonus_units::text AS bonus, m.guild
     FROM referrals r
     JOIN users u ON u.id = r.friend_id
     LEFT JOIN balances b ON b.user_id = r.friend_id AND b.account_index = 0 AND b.chain_id = 'GAME' AND b.token_address = 'SWITCH'
     LEFT JOIN mining_users m ON m.user_id = r.friend_id
     WHERE r.referrer_id = $1 ${after === null ? '' : 'AND (r.joined_at, r.friend_id) > ($3::timestamptz, $4::bigint)'}
     ORDER BY r.joined_at, r.friend_id
     LIMIT $2`,
    after === null ? [userId, limit + 1] : [userId, limit + 1, new Date(after.joinedMs).toISOString(), after.friendId],
    { name: after === null ? 'friends.page' : 'friends.page.after' },
  )
  const page = rows.slice(0, limit)
  const last = page[page.length - 1]
  return {
    result: page.map((r) => ({
      firstName: r.first_name,
      gotAmount: switchText(BigInt(r.got ?? '0')),
      bonus: switchText(BigInt(r.bonus)),
      guild: r.guild ?? 0,
    })),
    nextToken:
      rows.length > limit
        ? encodeCursor({ userId, joinedMs: Number(last.joined_ms), friendId: Number(last.friend_id) })
        : null,
  }
}

/**
 * The invite link: Telegram's direct link to the bot's Main Mini App with the user's code as its
 * start parameter (core.telegram.org/api/links#main-mini-app-links), docs/features/friends.md, "Rules", says why.
 */
export const inviteLink = (botUsername: string, code: string) =>
  `https://t.me/${botUsername}?startapp=${inviteParam(code)}`

/**
 * The bot's username for invite links: BOT_USERNAME, else the bot's own getMe (asked when first
 * needed, kept once answered); null: no bot and no BOT_USERNAME.
 */
export function inviteBotName(
  configured: string | undefined,
  getMe: (() => Promise<{ username: string }>) | null,
): () => Promise<string | null> {
  let known: Promise<string | null> | null = configured === undefined ? null : Promise.resolve(configured)
  return () => {
    if (known !== null) return known
    if (getMe === null) return Promise.resolve(null)
    const asked = getMe().then((me) => me.username)
    // A failed getMe fails the calls waiting for it, and is asked again by the next call.
    known = asked
    asked.catch(() => {
      if (known === asked) known = null
    })
    return asked
  }
}

/** `botUsername`: the bot's @username without the @ (BOT_USERNAME, or the bot's getMe); null: unknown. */
export function friendsRoutes(db: Db, botUsername: () => Promise<string | null>) {
  const app = new Hono<AppEnv>()
  app.get('/mining/referralStats', async (c) => c.json(await referralStats(db, c.get('user').id)))
  app.get('/mining/friends', async (c) => {
    const q = decodeOrThrow(endpoints.friends.request, queryValues(c.req.query(), ['limit']))
    if (!Number.isInteger(q.limit) || q.limit < 1 || q.limit > FRIENDS_PAGE_SIZE)
      throw new BadRequest(`limit must be 1 to ${FRIENDS_PAGE_SIZE}`, 'limit')
    // An empty pageToken is the first page, as a client that always sends the parameter asks for it.
    return c.json(await friendsPage(db, c.get('user').id, q.limit, q.pageToken || undefined))
  })
  app.get('/mining/invite', async (c) => {
    const username = await botUsername()
    if (username === null)
      throw new BadRequest(
        'no invite link: this server knows no bot username (set BOT_USERNAME or run the bot)',
        undefined,
        409,
      )
    const code = await inviteCodeOfUser(db, c.get('user').id)
    return c.json({ code, startParam: inviteParam(code), link: inviteLink(username, code) })
  })
  return app
}
