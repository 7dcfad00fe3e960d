/**
 * Referral attribution by the bot's `/start ref-<code>`: a user whose first contact is the
 * bot is created there and referred by the parameter; whichever comes first, the bot or a launch,
 * decides, and nothing later changes it. The invite link names the bot by its getMe username.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { configFromEnv } from '../../../server/config'
import { textMessage } from '../../../server/standins/botApi'
import { callsOf, pollingBot, standInOf } from '../bot/helpers'
import { newUser, useServer } from '../helpers'
import { codeOf, decodes, launch, referrerOf } from './helpers'

const srv = useServer({ mode: 'development', bot: pollingBot })

beforeAll(async () => {
  await srv.server.bot!.ready
})

/** Sends `/start …` as `user` and waits for the bot's answer (attribution happens before it). */
async function start(user: ReturnType<typeof newUser>, text: string) {
  const standIn = standInOf(srv.server)
  const before = standIn.callsOf('sendMessage').filter((c) => c.params.chat_id === user.id).length
  standIn.emit(
    textMessage(
      { id: user.id, is_bot: false, first_name: user.first_name, ...(user.is_premium ? { is_premium: true } : {}) },
      text,
    ),
  )
  await callsOf(standIn, 'sendMessage', (c) => c.params.chat_id === user.id, before + 1)
}

describe('referral by the bot', () => {
  it("a new user's /start ref-<code> creates them, referred by the code's owner, Premium as Telegram says", async () => {
    const inviter = newUser()
    await launch(srv.server, inviter, null)
    const code = await codeOf(srv.server, inviter)
    const friend = newUser({ is_premium: true })
    await start(friend, `/start ref-${code}`)
    expect(await referrerOf(srv.server, friend)).toBe(inviter.id)
    const stats = await srv.call('/mining/referralStats', inviter)
    expect(stats.body).toMatchObject({ premium_friends: 1, ordinary_friends: 0 })
    // the launch that follows, with another inviter's code, changes nothing
    const other = newUser()
    await launch(srv.server, other, null)
    await launch(srv.server, friend, `ref-${await codeOf(srv.server, other)}`)
    expect(await referrerOf(srv.server, friend)).toBe(inviter.id)
  })

  it('a /start after the first contact (a launch, or a plain /start) refers nobody', async () => {
    const inviter = newUser()
    await launch(srv.server, inviter, null)
    const code = await codeOf(srv.server, inviter)
    const launched = newUser()
    await launch(srv.server, launched, null)
    await start(launched, `/start ref-${code}`)
    expect(await referrerOf(srv.server, launched)).toBeNull()
    const started = newUser()
    await start(started, '/start')
    await start(started, `/start ref-${code}`)
    expect(await referrerOf(srv.server, started)).toBeNull()
    expect((await srv.call('/mining/referralStats', inviter)).body).toMatchObject({
      premium_friends: 0,
      ordinary_friends: 0,
    })
  })

  it('a /start whose user cannot be recorded (a name the database refuses) is still answered, and creates nobody', async () => {
    const odd = newUser({ first_name: 'Nul\u0000Name' })
    await start(odd, '/start ref-0000000000')
    expect((await srv.server.db.query('SELECT 1 FROM users WHERE id = $1', [odd.id])).length).toBe(0)
  })

  it("the invite link is Telegram's link to the bot's Main Mini App, the bot named by its getMe username", async () => {
    const user = newUser()
    const answer = await srv.call('/mining/invite', user)
    expect(answer.status).toBe(200)
    decodes('invite', answer.body)
    const code = await codeOf(srv.server, user)
    expect(answer.body.link).toBe(`https://t.me/${standInOf(srv.server).botInfo.username}?startapp=ref-${code}`)
  })
})

describe('without a bot or BOT_USERNAME', () => {
  const bare = useServer()
  it('the invite link is refused plainly (409), not guessed', async () => {
    const answer = await bare.call('/mining/invite', newUser())
    expect(answer.status).toBe(409)
    expect(answer.body.message).toMatch(/BOT_USERNAME/)
  })
})

describe('BOT_USERNAME', () => {
  it('names the bot of invite links, with or without @; anything that is no bot username refuses to start with one line', () => {
    const env = { NODE_ENV: 'development' }
    expect(configFromEnv({ ...env, BOT_USERNAME: 'switch_wallet_bot' })).toMatchObject({
      botUsername: 'switch_wallet_bot',
    })
    expect(configFromEnv({ ...env, BOT_USERNAME: '@switch_wallet_bot' })).toMatchObject({
      botUsername: 'switch_wallet_bot',
    })
    expect(configFromEnv(env)).not.toHaveProperty('botUsername', expect.anything())
    for (const bad of ['', 'a b', 'https://t.me/x', 'x?startapp=1', '1bot'])
      expect(configFromEnv({ ...env, BOT_USERNAME: bad })).toEqual({
        error: expect.stringMatching(/^BOT_USERNAME must be/),
      })
  })
})
