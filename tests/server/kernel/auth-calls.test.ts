/**
 * Init data at the door of every call (server/kernel/auth.ts, validated by
 * @telegram-apps/init-data-node): what a caller with init data of another bot, an expired launch, a
 * changed field or no `signature` is answered. On PGlite and PostgreSQL (the call records its user).
 */
import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { signInitData } from '../../../server/kernel/auth'
import { TEST_BOT, newUser, useServer } from '../helpers'

const api = useServer()
const withInitData = (raw: string) => api.call('/tgUserWallets', null, undefined, { headers: { telegramRawData: raw } })

/** Telegram's algorithm written out here, independently of the server and its library: for strings the server's signer will not make. */
function signByHand(fields: Record<string, string>, botToken: string): string {
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest()
  const check = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n')
  return new URLSearchParams({ ...fields, hash: createHmac('sha256', secret).update(check).digest('hex') }).toString()
}

describe('a call with init data the server does not take', () => {
  it('is answered 401 with a sentence saying why: signed for another bot, expired, a field changed after signing', async () => {
    const user = newUser({ language_code: 'en' })
    expect((await withInitData(signInitData({ botToken: TEST_BOT, user }))).status).toBe(200)

    const otherBot = await withInitData(signInitData({ botToken: '7000000099:another-bot', user }))
    expect(otherBot).toEqual({ status: 401, body: { message: 'init data signature does not match this bot' } })

    const expired = await withInitData(
      signInitData({ botToken: TEST_BOT, user, authDate: new Date(Date.now() - 86_401_000) }),
    )
    expect(expired).toEqual({ status: 401, body: { message: 'init data expired: reopen the app' } })

    const genuine = signInitData({ botToken: TEST_BOT, user: newUser({ first_name: 'Alice' }) })
    const tampered = await withInitData(genuine.replace('Alice', 'Mallory'))
    expect(tampered).toEqual({ status: 401, body: { message: 'init data signature does not match this bot' } })
    const noHash = await withInitData(genuine.replace(/&?hash=[0-9a-f]+/, ''))
    expect(noHash).toEqual({ status: 401, body: { message: 'init data has no valid hash' } })
  })

  it('is answered 401 when it is signed but carries no signature field (the client SDK refuses such launch data too)', async () => {
    const user = newUser()
    const fields = { query_id: 'AAtest', user: JSON.stringify(user), auth_date: String(Math.floor(Date.now() / 1000)) }
    // The same fields with a signature field pass: the refusal is about the missing field alone.
    expect((await withInitData(signByHand({ ...fields, signature: 'sig' }, TEST_BOT))).status).toBe(200)
    const answer = await withInitData(signByHand(fields, TEST_BOT))
    expect(answer.status).toBe(401)
    expect(answer.body.message).toMatch(/^init data is signed but malformed/)
  })
})
