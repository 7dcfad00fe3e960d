/**
 * Servers with their bot on the Bot API stand-in (server/standins/botApi.ts), for the bot and
 * Stars tests: a test product to order and pay (the server's Payments take it through
 * config.products), users that exist, and waits on what the stand-in was asked.
 */
import { expect } from 'vitest'
import type { User } from 'grammy/types'
import type { RunningServer } from '../../../server/app'
import type { BotConfig } from '../../../server/bot/config'
import type { Product } from '../../../server/payments/orders'
import type { BotApiStandIn, StandInCall } from '../../../server/standins/botApi'
import { call, newUser as newInitUser } from '../helpers'

export const TEST_PRICE_STARS = 50

/** A product whose grants are counted and whose refusal a test can switch on per user. */
export function testProduct() {
  const grants: string[] = []
  const refused = new Set<number>()
  const product: Product = {
    price: () => ({ stars: TEST_PRICE_STARS, tonNano: 1_000_000_000n }),
    refusal: async (_tx, userId) => (refused.has(userId) ? 'You cannot buy this now.' : null),
    grant: async (_tx, order) => {
      grants.push(order.id)
    },
  }
  return { product, grants, refused }
}

export const pollingBot: BotConfig = { apiRoot: null, updates: { kind: 'polling' } }

/** A Telegram user (as updates carry one) who exists on the server. */
export async function botUser(server: RunningServer, language: 'en' | 'ru' = 'en'): Promise<User> {
  const u = newInitUser({ language_code: language })
  const answer = await call(server, '/tgUserWallets', u)
  expect(answer.status).toBe(200)
  return { id: u.id, is_bot: false, first_name: u.first_name, language_code: language }
}

export const standInOf = (server: RunningServer): BotApiStandIn => {
  const standIn = server.bot?.standIn
  if (!standIn) throw new Error('this server runs no Bot API stand-in')
  return standIn
}

/** Waits until the stand-in has `n` calls of `method` matching `where`; answers them. */
export async function callsOf(
  standIn: BotApiStandIn,
  method: string,
  where: (c: StandInCall) => boolean = () => true,
  n = 1,
  timeout = 5_000,
): Promise<StandInCall[]> {
  const matching = () => standIn.callsOf(method).filter(where)
  await expect.poll(() => matching().length, { timeout, interval: 20 }).toBeGreaterThanOrEqual(n)
  return matching()
}

/** Messages the bot sent to a chat. */
export const messagesTo = (standIn: BotApiStandIn, chatId: number) =>
  standIn.callsOf('sendMessage').filter((c) => c.params.chat_id === chatId)

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
