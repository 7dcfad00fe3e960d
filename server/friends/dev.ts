/**
 * Dev mode ("Dev mode"): the demo user has friends, Premium and ordinary, who mine and
 * have claimed, and friends of friends, so the friends screen shows real data in a plain browser.
 * Everything goes through the server's own calls (signed launches carrying `ref-<code>`, the
 * profile, the claim); only the friends' first windows are moved back two hours, so they have
 * something to claim without moving the server's clock. Once per database: nothing when the demo
 * user has friends already.
 */
import type { RunningServer } from '../app'
import { type InitDataUser, signInitData } from '../kernel/auth'
import { inviteCodeOfUser, inviteParam } from './referrals'

const NAMES = [
  'Anna',
  'Boris',
  'Chen',
  'Dmitri',
  'Elena',
  'Farid',
  'Grace',
  'Hiro',
  'Ivan',
  'Julia',
  'Kemal',
  'Lena',
  'Marco',
  'Nadia',
  'Oleg',
  'Priya',
  'Quinn',
  'Rosa',
  'Sergei',
  'Tanya',
  'Umar',
  'Vera',
  'Yuki',
]
/** Friends of the first friend: the demo user gets 2 % of their claims. */
const SECOND = ['Zoe', 'Artem', 'Lina']
const FIRST_ID = 1_000_100

export async function seedDemoFriends(
  server: Pick<RunningServer, 'url' | 'db' | 'clock'>,
  botToken: string,
  demo: InitDataUser,
): Promise<void> {
  if ((await server.db.query('SELECT 1 FROM referrals WHERE referrer_id = $1 LIMIT 1', [demo.id])).length > 0) return
  const call = async (user: InitDataUser, path: string, startParam: string | null, body?: unknown) => {
    const res = await fetch(server.url + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'content-type': 'application/json',
        telegramRawData: signInitData({ botToken, user, ...(startParam ? { startParam } : {}) }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (res.status !== 200) throw new Error(`demo friends: ${path} answered ${res.status} ${await res.text()}`)
    return (await res.json()) as { userMining?: { windowStart: string } }
  }
  /** A friend of `code`'s owner who mined two hours and claimed (every third one only started). */
  const friend = async (user: InitDataUser, code: string, claims: boolean) => {
    await call(user, '/mining/user', inviteParam(code), {})
    if (!claims) return
    const from = new Date(server.clock.now() - 2 * 3_600_000).toISOString()
    await server.db.query(
      'UPDATE mining_users SET window_start = $2, accrued_at = $2, dttm_added = $2 WHERE user_id = $1',
      [user.id, from],
    )
    const { userMining } = await call(user, '/mining/user', null)
    await call(user, '/mining/claim', null, {
      idempotencyKey: `demo-friend-${user.id}`,
      windowStart: userMining?.windowStart,
    })
  }
  await call(demo, '/mining/user', null) // the demo user exists in dev mode; this makes sure
  const demoCode = await inviteCodeOfUser(server.db, demo.id)
  for (const [i, name] of NAMES.entries())
    await friend(
      { id: FIRST_ID + i, first_name: name, language_code: 'en', is_premium: i % 4 === 0 },
      demoCode,
      i % 3 !== 2,
    )
  const firstFriendCode = await inviteCodeOfUser(server.db, FIRST_ID)
  for (const [i, name] of SECOND.entries())
    await friend({ id: FIRST_ID + NAMES.length + i, first_name: name, language_code: 'en' }, firstFriendCode, true)
}
