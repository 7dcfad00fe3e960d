/**
 * The reference bot server: the call contract of the spec over a simulated ledger, Telegram
 * init-data validation, and the built mini-app, from one origin.
 */
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { bodyLimit } from 'hono/body-limit'
import { InitDataError, type InitDataUser, validateInitData } from './auth'
import { loadCatalogue, logoSvg } from './catalogue'
import type { ServerConfig } from './config'
import { type Db, openDatabase } from './db'
import { InsufficientBalance, useBalanceCache } from './ledger'
import { reportRoutes, supportRoutes } from './routes/support'
import { type AppEnv, walletRoutes } from './routes/wallet'
import { demoLaunchScript, readIndex, staticFiles } from './static'
import { Users } from './users'
import { BadRequest } from './validate'

export type { ServerConfig } from './config'

export interface RunningServer {
  url: string
  port: number
  db: Db
  demoUser?: InitDataUser
  close(): Promise<void>
}

export const DEMO_USER: InitDataUser = { id: 1_000_001, first_name: 'Demo', language_code: 'en' }
export const INIT_DATA_HEADER = 'telegramRawData'

export async function createApp(config: ServerConfig, db: Db) {
  const dev = config.mode === 'development'
  const catalogue = await loadCatalogue(db)
  const users = new Users(db, catalogue, dev)
  if (dev) await users.ensure(DEMO_USER)

  const app = new Hono<AppEnv>()
  app.onError((err, c) => {
    if (err instanceof BadRequest) return c.json({ message: err.message, ...(err.path ? { path: err.path } : {}) }, 400)
    if (err instanceof InitDataError) return c.json({ message: err.message }, 401)
    if (err instanceof InsufficientBalance) return c.json({ message: 'not enough balance', path: 'amount' }, 400)
    console.error('server error', err)
    return c.json({ message: 'server error' }, 500)
  })
  app.notFound((c) => c.json({ message: `no such call: ${c.req.method} ${c.req.path}` }, 404))
  app.use('*', cors({ origin: (o) => o, allowHeaders: [INIT_DATA_HEADER, 'x-client', 'walletindex', 'content-type', 'authorization'], maxAge: 600 }))
  app.use('*', bodyLimit({ maxSize: 8 * 1024 * 1024, onError: (c) => c.json({ message: 'request body too large' }, 413) }))

  app.get('/logos/:file', (c) => {
    const symbol = decodeURIComponent(c.req.param('file')).replace(/\.svg$/, '')
    return c.body(logoSvg(symbol), 200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' })
  })
  app.get('/health', (c) => c.json({ ok: true, mode: config.mode }))
  app.route('/', supportRoutes(db, config.mode, config.adminToken))
  app.all('/dev/*', async (c, next) => (dev ? next() : c.json({ message: 'not found' }, 404)))
  // For `npm run dev`: the page served by Vite gets the same demo launch parameters.
  app.get('/dev/launchScript', (c) => c.text(demoLaunchScript(config.botToken, DEMO_USER)))

  if (config.staticDir !== null) {
    const dir = config.staticDir ?? 'dist'
    const index = readIndex(dir)
    const page = () => (index === null ? null : dev ? index.replace('<head>', `<head>${demoLaunchScript(config.botToken, DEMO_USER)}`) : index)
    app.use('*', staticFiles(dir, page))
  }

  // Every call below needs genuine, fresh init data; the user is who it says, nothing else.
  app.use('*', async (c, next) => {
    const valid = validateInitData(c.req.header(INIT_DATA_HEADER), config.botToken, config.authMaxAgeSeconds)
    await users.ensure(valid.user)
    c.set('user', valid.user)
    await next()
  })
  app.route('/', walletRoutes(db, catalogue, users))
  app.route('/', reportRoutes(db))
  return app
}

export async function createServer(config: ServerConfig): Promise<RunningServer> {
  const db = await openDatabase(config.database)
  useBalanceCache(config.database.kind === 'pglite')
  const app = await createApp(config, db)
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host })
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`,
    port,
    db,
    demoUser: config.mode === 'development' ? DEMO_USER : undefined,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await db.close()
    },
  }
}
