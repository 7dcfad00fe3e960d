/**
 * No secret leaves the process: a server process (server/main.ts; production on PostgreSQL, dev
 * mode on the embedded database) configured with every secret it takes, logging at debug, is made
 * to fail every way it talks to the world: the Bot API goes away after the bot has started (an
 * invoice, the invite link's getMe, a refund the job queue tries again), the TON API never answers
 * (the watcher), and on PostgreSQL every database connection is ended under calls. Its calls are
 * made with init data, some of it forged, expired or signed by another bot.
 *
 * Then neither its log (stdout and stderr) nor any answer (body or header, error or not) nor its
 * metrics hold a secret, in any form (as it is, escaped in JSON, encoded in a URL), nor the
 * signature (hash, signature) of any init data sent. Each unreachable dependency was a 503, and the
 * log did have something to scrub (the failed Bot API calls' URLs hold the token).
 */
import { randomBytes } from 'node:crypto'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { SECRET_HEADER } from '../../../server/bot/bot'
import { serviceWallet } from '../../../server/payments/ton'
import { signInitData } from '../../../server/kernel/auth'
import { type BotApiStandIn, startBotApiStandIn } from '../../../server/standins/botApi'
import { type Db, openDatabase } from '../../../server/db'
import { createDatabase } from '../../postgres.mjs'
import { type ServerProcess, startServerProcess } from '../../serverProcess'
import { type User, newUser, onPostgres } from '../helpers'

const token = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`
const BOT_TOKEN = `7${Math.floor(Math.random() * 1e9)}:${token('AAH')}`
const SECRETS: Record<string, string> = {
  BOT_TOKEN,
  WALLET_SECRET: token('wallet-'),
  ADMIN_TOKEN: token('admin-'),
  METRICS_TOKEN: token('metrics-'),
  BOT_WEBHOOK_SECRET: token('hook_'),
  TON_API_KEY: token('tonkey-'),
  // Characters a URL and JSON each write their own way.
  DATABASE_PASSWORD: `p@ss:w/rd"${token('')}`,
}
const WEBHOOK_PATH = '/telegram/webhook'

/** Every form a secret may take in a line or an answer. */
const formsOf = (secret: string) => [
  ...new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret), encodeURI(secret)]),
]

describe('secrets never leave the process', { timeout: 120_000 }, () => {
  let server: ServerProcess
  let standIn: BotApiStandIn
  /** The Bot API as the server reaches it: the stand-in, until unplugged. */
  let plugged = true
  let closeBotApi: () => Promise<void> = async () => {}
  let db: Db | null = null
  /** Every answer the test got, as text (status, headers and body). */
  const answers: string[] = []
  /** Every init data string the test sent. */
  const initData: string[] = []

  async function send(
    path: string,
    o: { user?: User | null; raw?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...o.headers }
    const raw = o.raw ?? (o.user ? signInitData({ botToken: BOT_TOKEN, user: o.user }) : undefined)
    if (raw !== undefined) {
      headers.telegramRawData = raw
      initData.push(raw)
    }
    const res = await fetch(`${server.url}${path}`, {
      method: o.body === undefined ? 'GET' : 'POST',
      headers,
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    })
    const text = await res.text()
    answers.push(`${res.status} ${JSON.stringify([...res.headers])} ${text}`)
    return { status: res.status, text }
  }

  beforeAll(async () => {
    standIn = await startBotApiStandIn(BOT_TOKEN)
    const proxy = new Hono<{ Bindings: { incoming: import('node:http').IncomingMessage } }>().all('*', async (c) => {
      if (!plugged) {
        // What an unreachable host does to a request: the connection is cut.
        c.env.incoming.socket.destroy()
        return new Response(null)
      }
      const url = new URL(c.req.url)
      const body = c.req.method === 'GET' ? undefined : await c.req.arrayBuffer()
      return fetch(`${standIn.url}${url.pathname}${url.search}`, {
        method: c.req.method,
        headers: c.req.raw.headers,
        body,
      }).catch(() => new Response(null, { status: 502 }))
    })
    const http = serve({ fetch: proxy.fetch, port: 0, hostname: '127.0.0.1' })
    await new Promise<void>((resolve) => (http.listening ? resolve() : http.once('listening', () => resolve())))
    closeBotApi = () => new Promise((r) => http.close(() => r()))
    const env: Record<string, string> = {
      PORT: '0',
      LOG_LEVEL: 'debug',
      BOT_TOKEN,
      WALLET_SECRET: SECRETS.WALLET_SECRET,
      ADMIN_TOKEN: SECRETS.ADMIN_TOKEN,
      METRICS_TOKEN: SECRETS.METRICS_TOKEN,
      BOT_API_ROOT: `http://127.0.0.1:${(http.address() as { port: number }).port}`,
      BOT_WEBHOOK_SECRET: SECRETS.BOT_WEBHOOK_SECRET,
      // Nothing listens there.
      TON_API_URL: 'http://127.0.0.1:9',
      TON_API_KEY: SECRETS.TON_API_KEY,
      TON_WATCH_INTERVAL_MS: '200',
      COPY_FEED_INTERVAL_MS: '0',
    }
    if (onPostgres()) {
      // A role of its own whose password is in DATABASE_URL (the test cluster trusts every login, so the password is only carried).
      const adminUrl = process.env.TEST_PG_URL ?? inject('pgAdminUrl')
      const url = new URL(await createDatabase(adminUrl, 'secrets'))
      const admin = await openDatabase({ kind: 'postgres', url: adminUrl })
      const role = `app_${randomBytes(4).toString('hex')}`
      await admin.query(
        `CREATE ROLE ${role} LOGIN SUPERUSER PASSWORD '${SECRETS.DATABASE_PASSWORD.replace(/'/g, "''")}'`,
      )
      await admin.close()
      url.username = role
      url.password = encodeURIComponent(SECRETS.DATABASE_PASSWORD)
      db = await openDatabase({ kind: 'postgres', url: url.toString() })
      Object.assign(env, {
        NODE_ENV: 'production',
        DATABASE_URL: url.toString(),
        SERVICE_TON_ADDRESS: serviceWallet(),
        BOT_WEBHOOK_URL: `https://bot.example.com${WEBHOOK_PATH}`,
      })
    } else Object.assign(env, { NODE_ENV: 'development', DATA_DIR: ':memory:', BOT_WEBHOOK_URL: WEBHOOK_PATH })
    server = await startServerProcess(env)
  }, 120_000)

  afterAll(async () => {
    await server?.stop()
    await db?.close()
    await closeBotApi()
    await standIn?.close()
  })

  it('fails every way, and holds its secrets', async () => {
    // The bot started while the Bot API answered: its webhook is set.
    await expect.poll(() => standIn.callsOf('setWebhook').length, { timeout: 20_000 }).toBeGreaterThan(0)
    const payer = newUser({ language_code: 'en' })
    expect((await send('/mining/user', { user: payer, body: {} })).status).toBe(200)

    plugged = false
    // The Bot API away: an invoice and the invite link's getMe are 503s, try again.
    const invoice = await send('/mining/autoclaim/stars', { user: payer, body: {} })
    expect(invoice.status).toBe(503)
    expect(invoice.text).toContain('try again')
    expect((await send('/mining/invite', { user: newUser() })).status).toBe(503)
    // A Stars payment for no order: refunded by a job that the Bot API's absence fails, and tries again.
    const { chargeId: _, ...payment } = standIn.successfulPayment(
      { id: payer.id, is_bot: false, first_name: payer.first_name, language_code: 'en' },
      'no-such-order',
      100,
    )
    const hook = await fetch(`${server.url}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SECRET_HEADER]: SECRETS.BOT_WEBHOOK_SECRET },
      body: JSON.stringify({ update_id: 1, ...payment }),
    })
    answers.push(`${hook.status} ${JSON.stringify([...hook.headers])} ${await hook.text()}`)
    expect(hook.status).toBe(200)
    const wrongHook = await fetch(`${server.url}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SECRET_HEADER]: 'wrong' },
      body: '{}',
    })
    answers.push(`${wrongHook.status} ${await wrongHook.text()}`)

    // Init data forged, tampered, expired, or signed by another bot.
    const genuine = signInitData({ botToken: BOT_TOKEN, user: newUser() })
    expect(
      (await send('/tgUserWallets', { raw: genuine.replace(/auth_date=\d+/, 'auth_date=1700000000') })).status,
    ).toBe(401)
    expect(
      (
        await send('/tgUserWallets', {
          raw: signInitData({ botToken: BOT_TOKEN, user: newUser(), authDate: new Date(Date.now() - 3 * 86_400_000) }),
        })
      ).status,
    ).toBe(401)
    expect(
      (await send('/tgUserWallets', { raw: signInitData({ botToken: '123:another-bot-token', user: newUser() }) }))
        .status,
    ).toBe(401)
    expect((await send('/tgUserWallets', { raw: `${genuine}&extra=1` })).status).toBe(401)
    expect((await send('/tgUserWallets', { user: newUser() })).status).toBe(200)

    // The operator's routes, with and without their tokens.
    const metrics = await send('/metrics', { headers: { authorization: `Bearer ${SECRETS.METRICS_TOKEN}` } })
    expect(metrics.status).toBe(200)
    await send('/metrics', { headers: { authorization: 'Bearer wrong' } })
    await send('/bugReport/NOPE', { headers: { authorization: `Bearer ${SECRETS.ADMIN_TOKEN}` } })

    if (db !== null) {
      // The database's connections ended under calls: 503s, and the log says so.
      const calls = Promise.all(Array.from({ length: 20 }, () => send('/tgUserWallets', { user: newUser() })))
      await db.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      )
      await calls
      await expect.poll(() => server.output().includes('database: answering again'), { timeout: 10_000 }).toBe(true)
    }
    // The refund job has failed for want of the Bot API (its error names the URL, which holds the token); the watcher a few times.
    await expect
      .poll(() => /job payments-stars-refund \S+ failed/.test(server.output()), { timeout: 15_000 })
      .toBe(true)
    await new Promise((r) => setTimeout(r, 1_000))

    const log = server.output()
    // The log had secrets to scrub (a failed Bot API call's URL holds the token): the scrub is what kept them out.
    expect(log).toContain('[redacted]')
    const everything = [log, ...answers].join('\n')
    for (const [name, secret] of Object.entries(SECRETS)) {
      if (name === 'DATABASE_PASSWORD' && db === null) continue
      for (const form of formsOf(secret))
        expect(everything.includes(form), `${name}, in one of its forms, is in the log or an answer`).toBe(false)
    }
    for (const raw of initData) {
      const params = new URLSearchParams(raw)
      for (const field of ['hash', 'signature']) {
        const value = params.get(field)
        if (value)
          for (const form of formsOf(value))
            expect(everything.includes(form), `an init data ${field} is in the log or an answer`).toBe(false)
      }
    }
  })
})
