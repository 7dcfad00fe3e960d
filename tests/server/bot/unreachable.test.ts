/**
 * The bot never blocks the server's start or crashes it: with its Bot API unreachable
 * the server starts and answers, the bot says so in the log and tries again with a doubling wait,
 * and gets going once the Bot API is there; close() does not wait for it.
 */
import { createServer as createNetServer } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { RunningServer } from '../../../server/app'
import { type BotApiStandIn, startBotApiStandIn, textMessage } from '../../../server/standins/botApi'
import { TEST_BOT, startTestServer } from '../helpers'
import { botUser, callsOf } from './helpers'

/** A port nothing listens on (taken, then let go). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })

let server: RunningServer | undefined
let standIn: BotApiStandIn | undefined
afterEach(async () => {
  await server?.close()
  await standIn?.close()
  vi.restoreAllMocks()
})

describe('an unreachable Bot API', () => {
  it('neither blocks nor breaks the server; the bot retries with backoff and starts when the API is there', async () => {
    // What the server logs (server/kernel/log.ts): each JSON line's message.
    const logged: string[] = []
    const logDestination = { write: (line: string) => void logged.push((JSON.parse(line) as { msg: string }).msg) }
    const port = await freePort()
    server = await startTestServer({
      mode: 'development',
      bot: { apiRoot: `http://127.0.0.1:${port}`, updates: { kind: 'polling' } },
      logLevel: 'info',
      logDestination,
    })
    let ready = false
    void server.bot!.ready.then(() => (ready = true))
    // Started and answering while the bot has not reached its Bot API.
    expect((await fetch(`${server.url}/health`)).status).toBe(200)
    expect(ready).toBe(false)
    await expect
      .poll(() => logged.filter((l) => l.startsWith('bot: could not start')).length, { timeout: 5_000 })
      .toBeGreaterThanOrEqual(2)
    expect(logged.find((l) => l.startsWith('bot: could not start'))).toMatch(/trying again in 1 s$/)
    expect(logged.filter((l) => l.startsWith('bot: could not start'))[1]).toMatch(/trying again in 2 s$/)

    // The Bot API comes up: the next try gets through and the bot answers.
    standIn = await startBotApiStandIn(TEST_BOT, { port })
    await server.bot!.ready
    const user = await botUser(server)
    standIn.emit(textMessage(user, '/start'))
    await callsOf(standIn, 'sendMessage', (c) => c.params.chat_id === user.id)
    expect(logged).toContain('bot: the Bot API answers again (getMe)')
  }, 30_000)

  it('does not hold close()', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server = await startTestServer({
      mode: 'development',
      bot: { apiRoot: `http://127.0.0.1:${await freePort()}`, updates: { kind: 'polling' } },
    })
    await new Promise((r) => setTimeout(r, 1_500))
    const closing = performance.now()
    await server.close()
    server = undefined
    expect(performance.now() - closing).toBeLessThan(2_000)
  }, 30_000)
})
