/** Init data validated once per exact string (server/kernel/auth.ts validateInitData's memory): nothing is accepted that a full check would refuse. */
import { describe, expect, it } from 'vitest'
import { VALIDATED_KEPT, signInitData, validateInitData } from '../../../server/kernel/auth'

const BOT = '7000000002:AAH-kept-token'
const user = { id: 43, first_name: 'Carol' }
const DAY = 86_400

describe('init data kept once validated', () => {
  it('the same string answers the same validated result, and is still judged by the clock and max age of each call', () => {
    const authDate = new Date(Math.floor(Date.now() / 1000) * 1000)
    const raw = signInitData({ botToken: BOT, user, authDate })
    const first = validateInitData(raw, BOT, DAY, authDate)
    expect(validateInitData(raw, BOT, DAY, authDate)).toBe(first)
    expect(first.user).toEqual(user)
    // kept, yet expired a second after its max age, and by a shorter max age at once
    expect(() => validateInitData(raw, BOT, DAY, new Date(authDate.getTime() + (DAY + 1) * 1000))).toThrow(/expired/)
    expect(() => validateInitData(raw, BOT, 10, new Date(authDate.getTime() + 11_000))).toThrow(/expired/)
    // and in the future for a clock more than a minute behind it
    expect(() => validateInitData(raw, BOT, DAY, new Date(authDate.getTime() - 61_000))).toThrow(/future/)
  })

  it('a kept string changed in any way, or sent to another bot, is checked in full and refused', () => {
    const raw = signInitData({ botToken: BOT, user })
    validateInitData(raw, BOT, DAY)
    expect(() => validateInitData(raw.replace('Carol', 'Carl'), BOT, DAY)).toThrow(/does not match/)
    expect(() =>
      validateInitData(
        raw.replace(/hash=([0-9a-f])/, (_, c: string) => `hash=${c === '0' ? '1' : '0'}`),
        BOT,
        DAY,
      ),
    ).toThrow(/does not match/)
    expect(() => validateInitData(`${raw}&start_param=ref-x`, BOT, DAY)).toThrow(/does not match/)
    expect(() => validateInitData(raw, '7000000003:AAH-other-bot', DAY)).toThrow(/does not match/)
  })

  it('what failed is not kept: a string refused as from the future passes once its time comes', () => {
    const authDate = new Date(Date.now() + 3_600_000)
    const raw = signInitData({ botToken: BOT, user, authDate })
    expect(() => validateInitData(raw, BOT, DAY)).toThrow(/future/)
    expect(validateInitData(raw, BOT, DAY, authDate).user.id).toBe(43)
  })

  it('the kept result cannot be changed by one call for the next', () => {
    const v = validateInitData(signInitData({ botToken: BOT, user }), BOT, DAY)
    expect(() => {
      ;(v.user as { id: number }).id = 1
    }).toThrow(TypeError)
    expect(() => {
      ;(v as { startParam: string | null }).startParam = 'ref-x'
    }).toThrow(TypeError)
  })

  it(`keeps at most ${VALIDATED_KEPT} strings per bot, the least recently used going first`, () => {
    const bot = '7000000004:AAH-bounded'
    const strings = Array.from({ length: VALIDATED_KEPT + 1 }, (_, i) =>
      signInitData({ botToken: bot, user: { id: i + 1, first_name: 'U' } }),
    )
    const first = validateInitData(strings[0], bot, DAY)
    const second = validateInitData(strings[1], bot, DAY)
    for (const raw of strings.slice(2, VALIDATED_KEPT)) validateInitData(raw, bot, DAY)
    // the first is used again, so the second is now the least recently used: one more string drops it
    expect(validateInitData(strings[0], bot, DAY)).toBe(first)
    validateInitData(strings[VALIDATED_KEPT], bot, DAY)
    expect(validateInitData(strings[0], bot, DAY)).toBe(first)
    const again = validateInitData(strings[1], bot, DAY)
    expect(again).not.toBe(second)
    expect(again).toEqual(second)
  })
})
