/**
 * The bot on long polling against the Bot API stand-in ("The reference server is also
 * the bot"): /start answers with a button that opens the mini-app, the start parameter passed
 * through as Telegram passes one (tgWebAppStartParam), in the user's language; every update is
 * handled once.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { TEXTS } from '../../../server/bot/texts'
import { textMessage } from '../../../server/standins/botApi'
import { useServer } from '../helpers'
import { botUser, callsOf, messagesTo, pollingBot, sleep, standInOf } from './helpers'

const srv = useServer({ mode: 'development', bot: pollingBot })

beforeAll(async () => {
  await srv.server.bot!.ready
})

type Button = { text: string; web_app?: { url: string }; url?: string }
const buttonOf = (params: Record<string, unknown>): Button =>
  (params.reply_markup as { inline_keyboard: Button[][] }).inline_keyboard[0][0]

describe('/start', () => {
  it('answers with a button that opens the mini-app, passing the start parameter through (en)', async () => {
    const standIn = standInOf(srv.server)
    const user = await botUser(srv.server, 'en')
    standIn.emit(textMessage(user, '/start ref_abc-123'))
    const [reply] = await callsOf(standIn, 'sendMessage', (c) => c.params.chat_id === user.id)
    expect(reply.params.text).toBe(TEXTS.en.welcome)
    const button = buttonOf(reply.params)
    expect(button.text).toBe('Open SWITCH')
    expect(button.web_app?.url).toBe(`${srv.server.url}/?tgWebAppStartParam=ref_abc-123`)
  })

  it('speaks Russian to a Russian client, with the start parameter', async () => {
    const standIn = standInOf(srv.server)
    const user = await botUser(srv.server, 'ru')
    standIn.emit(textMessage(user, '/start swapFrom-bmF0aXZl-chainId-TON'))
    const [reply] = await callsOf(standIn, 'sendMessage', (c) => c.params.chat_id === user.id)
    expect(reply.params.text).toBe(TEXTS.ru.welcome)
    expect(buttonOf(reply.params)).toEqual({
      text: 'Открыть SWITCH',
      web_app: { url: `${srv.server.url}/?tgWebAppStartParam=swapFrom-bmF0aXZl-chainId-TON` },
    })
  })

  it('without a parameter, or with one a mini-app cannot take, opens the app plainly', async () => {
    const standIn = standInOf(srv.server)
    const [plain, odd] = [await botUser(srv.server), await botUser(srv.server)]
    standIn.emit(textMessage(plain, '/start'))
    standIn.emit(textMessage(odd, '/start a%20b<script>'))
    const [a] = await callsOf(standIn, 'sendMessage', (c) => c.params.chat_id === plain.id)
    const [b] = await callsOf(standIn, 'sendMessage', (c) => c.params.chat_id === odd.id)
    expect(buttonOf(a.params).web_app?.url).toBe(`${srv.server.url}/`)
    expect(buttonOf(b.params).web_app?.url).toBe(`${srv.server.url}/`)
  })

  it('in a group, leads to the private chat with the parameter as a deep link', async () => {
    const standIn = standInOf(srv.server)
    const user = await botUser(srv.server)
    const update = textMessage(user, `/start@${standIn.botInfo.username} grp1`)
    const groupId = -1_000_000_000_000 - user.id
    update.message = { ...update.message!, chat: { id: groupId, type: 'group', title: 'Friends' } }
    standIn.emit(update)
    const [reply] = await callsOf(standIn, 'sendMessage', (c) => c.params.chat_id === groupId)
    expect(reply.params.text).toBe(TEXTS.en.welcomeGroup)
    expect(buttonOf(reply.params)).toEqual({
      text: 'Open the bot',
      url: `https://t.me/${standIn.botInfo.username}?start=grp1`,
    })
  })
})

describe('long polling', () => {
  it('consumes each update once: every /start is answered exactly once, and confirmed', async () => {
    const standIn = standInOf(srv.server)
    const users = [await botUser(srv.server), await botUser(srv.server), await botUser(srv.server)]
    const ids = users.map((u) => standIn.emit(textMessage(u, '/start')))
    for (const u of users) await callsOf(standIn, 'sendMessage', (c) => c.params.chat_id === u.id)
    // More polls go by (a later update forces one): nothing is handled again.
    const later = await botUser(srv.server)
    standIn.emit(textMessage(later, '/start'))
    await callsOf(standIn, 'sendMessage', (c) => c.params.chat_id === later.id)
    await sleep(200)
    for (const u of users) expect(messagesTo(standIn, u.id)).toHaveLength(1)
    // The bot asked past each of them: Telegram would not send them again.
    const offsets = standIn.callsOf('getUpdates').map((c) => Number(c.params.offset ?? 0))
    expect(Math.max(...offsets)).toBeGreaterThan(Math.max(...ids))
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b))
  })

  it('asks only for the updates it handles', async () => {
    const first = standInOf(srv.server).callsOf('getUpdates')[0]
    expect(first.params.allowed_updates).toEqual(['message', 'pre_checkout_query'])
  })
})
