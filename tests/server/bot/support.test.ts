/**
 * /paysupport and /terms, which Telegram asks of a bot that takes payments (its Stars rules): each
 * answered in the user's language (Russian for a Russian client, English otherwise), through the
 * real grammY bot on long polling against the Bot API stand-in. /paysupport names the operator's
 * contact when BOT_SUPPORT_CONTACT is set, else the app's bug report.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BotRunner, createBot } from '../../../server/bot/bot'
import { STARS_TERMS_URL, TEXTS } from '../../../server/bot/texts'
import type { StarsDeps } from '../../../server/payments/stars'
import { type BotApiStandIn, startBotApiStandIn, textMessage } from '../../../server/standins/botApi'
import { useServer } from '../helpers'
import { botUser, callsOf, messagesTo, pollingBot, sleep, standInOf } from './helpers'

const CONTACT = '@switch_pay_help'
const srv = useServer({ mode: 'development', bot: { ...pollingBot, supportContact: CONTACT } })

beforeAll(async () => {
  await srv.server.bot!.ready
})

/** What the bot answered `text` from a new user of `language`, in their private chat. */
async function answerTo(text: string, language: 'en' | 'ru'): Promise<string> {
  const standIn = standInOf(srv.server)
  const user = await botUser(srv.server, language)
  standIn.emit(textMessage(user, text))
  const [reply] = await callsOf(standIn, 'sendMessage', (c) => c.params.chat_id === user.id)
  return String(reply.params.text)
}

describe('/paysupport', () => {
  it('says how to get help with a payment and how a refund is handled, with the operator’s contact (en)', async () => {
    const text = await answerTo('/paysupport', 'en')
    expect(text).toBe(TEXTS.en.paySupport(CONTACT))
    expect(text).toContain(CONTACT)
    expect(text).toMatch(/refund/i)
    expect(text).toMatch(/Telegram’s support cannot help/)
  })

  it('speaks Russian to a Russian client', async () => {
    const text = await answerTo('/paysupport', 'ru')
    expect(text).toBe(TEXTS.ru.paySupport(CONTACT))
    expect(text).toContain(CONTACT)
    expect(text).toMatch(/Возврат/)
    expect(text).not.toBe(TEXTS.en.paySupport(CONTACT))
  })

  it('is answered in a group too, addressed to the bot', async () => {
    const standIn = standInOf(srv.server)
    const user = await botUser(srv.server, 'en')
    const update = textMessage(user, `/paysupport@${standIn.botInfo.username}`)
    const groupId = -1_000_000_000_000 - user.id
    update.message = { ...update.message!, chat: { id: groupId, type: 'group', title: 'Friends' } }
    standIn.emit(update)
    const [reply] = await callsOf(standIn, 'sendMessage', (c) => c.params.chat_id === groupId)
    expect(reply.params.text).toBe(TEXTS.en.paySupport(CONTACT))
  })
})

describe('/terms', () => {
  it('states the terms of purchases: digital services, Stars, refunds, and Telegram’s terms for Stars (en)', async () => {
    const text = await answerTo('/terms', 'en')
    expect(text).toBe(TEXTS.en.terms)
    expect(text).toMatch(/digital services/)
    expect(text).toMatch(/Telegram Stars/)
    expect(text).toMatch(/Refunds/)
    expect(text).toContain(STARS_TERMS_URL)
  })

  it('speaks Russian to a Russian client', async () => {
    const text = await answerTo('/terms', 'ru')
    expect(text).toBe(TEXTS.ru.terms)
    expect(text).toMatch(/Возвраты/)
    expect(text).toContain(STARS_TERMS_URL)
  })

  it('each command is answered once', async () => {
    const standIn = standInOf(srv.server)
    const user = await botUser(srv.server, 'en')
    standIn.emit(textMessage(user, '/terms'))
    standIn.emit(textMessage(user, '/paysupport'))
    await callsOf(standIn, 'sendMessage', (c) => c.params.chat_id === user.id, 2)
    await sleep(200)
    expect(messagesTo(standIn, user.id).map((m) => m.params.text)).toEqual([
      TEXTS.en.terms,
      TEXTS.en.paySupport(CONTACT),
    ])
  })
})

describe('/paysupport without BOT_SUPPORT_CONTACT', () => {
  let standIn: BotApiStandIn
  let runner: BotRunner
  beforeAll(async () => {
    standIn = await startBotApiStandIn('7000000010:support-tests')
    // The commands read nothing of the payments: a bot without a database answers them.
    const bot = createBot({
      token: standIn.token,
      apiRoot: standIn.url,
      appUrl: () => 'http://127.0.0.1/',
      stars: {} as StarsDeps,
      log: () => {},
      botInfo: standIn.botInfo,
    })
    runner = new BotRunner(bot, { kind: 'polling', timeoutSeconds: 1 }, () => {})
    runner.start()
    await runner.ready
  })
  afterAll(async () => {
    await runner?.stop()
    await standIn?.close()
  })

  it('sends the payer to the app’s bug report, in both languages', async () => {
    for (const [id, language] of [
      [71, 'en'],
      [72, 'ru'],
    ] as const) {
      standIn.emit(textMessage({ id, is_bot: false, first_name: 'Payer', language_code: language }, '/paysupport'))
      const [reply] = await callsOf(standIn, 'sendMessage', (c) => c.params.chat_id === id)
      expect(reply.params.text).toBe(TEXTS[language].paySupport(null))
      expect(reply.params.text).toMatch(language === 'en' ? /Report a problem/ : /Сообщить о проблеме/)
    }
  })
})
