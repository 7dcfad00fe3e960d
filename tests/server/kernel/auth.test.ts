import { describe, expect, it } from 'vitest'
import { sign, validate } from '@telegram-apps/init-data-node'
import { InitDataError, signInitData, validateInitData } from '../../../server/kernel/auth'

const BOT = '7000000001:AAH-test-token'
const user = { id: 42, first_name: 'Alice', language_code: 'en' }

describe('init data validation', () => {
  it('accepts init data signed for this bot, and names its user', () => {
    const v = validateInitData(signInitData({ botToken: BOT, user, startParam: 'tab-boosts' }), BOT, 86_400)
    expect(v.user).toEqual(user)
    expect(v.startParam).toBe('tab-boosts')
  })

  it('agrees with @telegram-apps/init-data-node both ways', () => {
    expect(() => validate(signInitData({ botToken: BOT, user }), BOT)).not.toThrow()
    const theirs = sign(
      { user: { id: 7, first_name: 'Bob' } as never, queryId: 'q', signature: 'abc' } as never,
      BOT,
      new Date(),
    )
    expect(validateInitData(theirs, BOT, 86_400).user.id).toBe(7)
  })

  it('refuses missing, tampered, foreign, expired and future init data', () => {
    const good = signInitData({ botToken: BOT, user })
    const refuse = (raw: string | null, message: RegExp, now = new Date()) =>
      expect(() => validateInitData(raw, BOT, 86_400, now)).toThrow(message)
    refuse(null, /missing/)
    refuse('', /missing/)
    refuse(good.replace('Alice', 'Mallory'), /does not match/)
    refuse(good.replace(/hash=[0-9a-f]+/, 'hash=' + 'a'.repeat(64)), /does not match/)
    refuse(good.replace(/&hash=[0-9a-f]+/, ''), /no valid hash/)
    refuse(signInitData({ botToken: '123:other-bot', user }), /does not match/)
    refuse(signInitData({ botToken: BOT, user, authDate: new Date(Date.now() - 86_401_000) }), /expired/)
    refuse(signInitData({ botToken: BOT, user, authDate: new Date(Date.now() + 3_600_000) }), /future/)
    expect(() => validateInitData(good, BOT, 86_400)).not.toThrow(InitDataError)
  })

  it('the signature field is covered by the hash like every other field', () => {
    const good = signInitData({ botToken: BOT, user })
    expect(() => validateInitData(good.replace(/signature=[^&]+/, 'signature=forged'), BOT, 86_400)).toThrow(
      /does not match/,
    )
  })
})
