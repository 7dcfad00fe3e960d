/**
 * The signature and the expiry of init data are judged by @telegram-apps/init-data-node's
 * `validate` (server/kernel/auth.ts): whatever it refuses is refused, in the words the client
 * shows, and a string it passes still meets the server's own checks (the user, a date in the future).
 */
import * as lib from '@telegram-apps/init-data-node'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { InitDataError, signInitData, validateInitData } from '../../../server/kernel/auth'

vi.mock('@telegram-apps/init-data-node', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@telegram-apps/init-data-node')>()
  return { ...actual, validate: vi.fn(actual.validate) }
})

const BOT = '7000000005:AAH-library-token'
const user = { id: 45, first_name: 'Erin' }
const DAY = 86_400
const validate = vi.mocked(lib.validate)

afterEach(() => {
  validate.mockClear()
})

describe('init data judged by the library', () => {
  it('a genuine string the library refuses is refused, in the client’s words for each of its errors', () => {
    const refusals: [() => Error, RegExp][] = [
      [() => new lib.SignatureInvalidError(), /^init data signature does not match this bot$/],
      [() => new lib.SignatureMissingError(false), /^init data has no valid hash$/],
      [() => new lib.ExpiredError(new Date(0), new Date(1000), new Date()), /^init data expired: reopen the app$/],
      [() => new lib.AuthDateInvalidError('x'), /^init data has no valid auth_date$/],
    ]
    for (const [error, message] of refusals) {
      validate.mockImplementationOnce(() => {
        throw error()
      })
      // A new string each time: one found genuine before is kept, and not asked again.
      expect(() => validateInitData(signInitData({ botToken: BOT, user }), BOT, DAY)).toThrow(message)
    }
    expect(validate).toHaveBeenCalledTimes(refusals.length)
  })

  it('is asked with the server’s max age, once per string', () => {
    const raw = signInitData({ botToken: BOT, user })
    expect(validateInitData(raw, BOT, 600).user).toEqual(user)
    expect(validateInitData(raw, BOT, 600).user).toEqual(user)
    expect(validate).toHaveBeenCalledTimes(1)
    expect(validate.mock.calls[0][0]).toBe(raw)
    expect(validate.mock.calls[0][2]).toMatchObject({ expiresIn: 600 })
  })

  it('what the library passes still meets the server’s checks: a launch in the future, an impossible user id', () => {
    expect(() =>
      validateInitData(signInitData({ botToken: BOT, user, authDate: new Date(Date.now() + 3_600_000) }), BOT, DAY),
    ).toThrow(/future/)
    expect(() =>
      validateInitData(signInitData({ botToken: BOT, user: { id: 1.5, first_name: 'Half' } }), BOT, DAY),
    ).toThrow(InitDataError)
    expect(() =>
      validateInitData(signInitData({ botToken: BOT, user: { id: -3, first_name: 'Minus' } }), BOT, DAY),
    ).toThrow(/no valid user/)
  })
})
