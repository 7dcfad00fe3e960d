/**
 * The Bot API stand-in's getChatMember (the subscription tasks): the chats the bot
 * administers answer each user's status in Telegram's shapes; a user never set is left; a chat the
 * bot does not administer is refused, as Telegram refuses it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BotApiStandIn, startBotApiStandIn } from '../../../server/standins/botApi'

const TOKEN = '4343:chat-member-tests'
let standIn: BotApiStandIn
beforeAll(async () => {
  standIn = await startBotApiStandIn(TOKEN)
})
afterAll(async () => {
  await standIn?.close()
})
const getChatMember = async (chat_id: string | number, user_id: number) => {
  const r = await fetch(`${standIn.url}/bot${TOKEN}/getChatMember`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ chat_id, user_id }),
  })
  return {
    status: r.status,
    body: (await r.json()) as { ok: boolean; result?: Record<string, unknown>; description?: string },
  }
}
const user = (id: number) => ({ id, is_bot: false, first_name: `U${id}` })

describe("the stand-in's getChatMember", () => {
  it('answers member, administrator, creator, kicked and restricted with is_member; a user never set is left', async () => {
    standIn.addChat('@news')
    standIn.setChatMember('@news', user(1), 'member')
    standIn.setChatMember('@news', user(2), 'restricted', { isMember: false })
    standIn.setChatMember('@news', user(3), 'restricted', { isMember: true })
    standIn.setChatMember('@news', user(4), 'administrator')
    standIn.setChatMember('@news', user(5), 'creator')
    standIn.setChatMember('@news', user(6), 'kicked')
    expect((await getChatMember('@news', 1)).body).toEqual({ ok: true, result: { status: 'member', user: user(1) } })
    expect((await getChatMember('@news', 2)).body.result).toMatchObject({
      status: 'restricted',
      is_member: false,
      until_date: 0,
    })
    expect((await getChatMember('@news', 3)).body.result).toMatchObject({ status: 'restricted', is_member: true })
    expect((await getChatMember('@news', 4)).body.result).toMatchObject({
      status: 'administrator',
      can_manage_chat: true,
    })
    expect((await getChatMember('@news', 5)).body.result).toMatchObject({ status: 'creator' })
    expect((await getChatMember('@news', 6)).body.result).toMatchObject({ status: 'kicked', until_date: 0 })
    expect((await getChatMember('@news', 7)).body.result).toMatchObject({ status: 'left', user: { id: 7 } })
    standIn.setChatMember('@news', user(1), 'left')
    expect((await getChatMember('@news', 1)).body.result).toMatchObject({ status: 'left' })
  })

  it('a chat the bot does not administer is a 400, as Telegram answers it', async () => {
    expect(await getChatMember('@elsewhere', 1)).toEqual({
      status: 400,
      body: { ok: false, error_code: 400, description: 'Bad Request: chat not found' },
    })
    expect((await getChatMember(-1001234, 1)).body.description).toBe('Bad Request: member list is inaccessible')
    expect((await getChatMember('@news', Number.NaN)).status).toBe(400)
    expect(standIn.callsOf('getChatMember').length).toBeGreaterThan(0)
  })
})
