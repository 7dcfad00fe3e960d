/** `npm start`: the reference server from the environment (docs/operations.md, "Configuration"). */
import { mkdirSync } from 'node:fs'
import { configFromEnv, secretsOf } from './config'
import { createServer } from './app'
import { freshStart } from './kernel/fresh'
import { MigrationChanged } from './db'
import { SERVER_FEATURES } from './features'
import { createLogger, registerSecrets } from './kernel/log'

const config = configFromEnv(process.env)
// A configuration that makes no sense: one plain line on stderr, before any logger is set up (its level is configuration too).
if ('error' in config) {
  process.stderr.write(`${config.error}\n`)
  process.exit(1)
}
// Everything this process says is a JSON line (server/kernel/log.ts), but the start-up lines
// below: plain text for the person who ran `npm start` (and for the scripts that wait for them).
// No line of this process holds a secret of its configuration (server/kernel/log.ts), from the first one on.
registerSecrets([...secretsOf(config), process.env.PGPASSWORD])
const log = createLogger(config.logLevel)
/** A start-up line for a person: on stdout as it is, and in the log. */
const say = (line: string, fields: Record<string, unknown>) => {
  process.stdout.write(`${line}\n`)
  log.info(fields, line)
}
// `npm start -- --fresh`: the demo data deleted first (server/kernel/fresh.ts).
if (process.argv.includes('--fresh')) {
  const fresh = freshStart(config)
  if (!fresh.ok) {
    process.stderr.write(`${fresh.why}\n`)
    process.exit(1)
  }
  if (fresh.said) process.stdout.write(`${fresh.said}\n`)
}
if (config.database.kind === 'pglite' && config.database.dataDir)
  mkdirSync(config.database.dataDir, { recursive: true })

// A database whose applied migration changed: one line naming the file, exit 1 (server/db).
const server = await createServer(config).catch((e: unknown) => {
  if (!(e instanceof MigrationChanged)) throw e
  process.stderr.write(`${e.message}\n`)
  process.exit(1)
})
say(`SWITCH wallet ${config.mode} server at ${server.url}/`, { url: server.url, mode: config.mode })
/**
 * Dev mode's demo data is made once per database: each seed skips what exists already. Two
 * processes starting at once on one PostgreSQL would both find nothing and both make it (the
 * simulated miners' SWITCH was credited twice), so there the seeds run under one advisory lock,
 * held by a transaction of their own while they run: the second process waits, then finds them
 * made. An embedded database belongs to this process alone.
 */
const demoSeeds = async (seed: () => Promise<void>) =>
  config.database.kind !== 'postgres'
    ? seed()
    : server.db.transaction(
        async (tx) => {
          await tx.query('SELECT pg_advisory_xact_lock(7102, 1)')
          await seed()
        },
        // The second process waits for the first one's seeds, however long they take.
        { timeoutMs: 0 },
      )
if (server.demoUser) {
  const demo = server.demoUser
  await demoSeeds(async () => {
    // Each feature's demo data (server/feature.ts demoSeed), in the list's order; one that fails is logged, the others are made.
    for (const f of SERVER_FEATURES)
      await f
        .demoSeed?.(server, config.botToken, demo)
        .catch((e: unknown) => log.error({ err: e }, `demo ${f.name} not made`))
  })
}
if (server.demoUser) {
  say(
    `Dev mode: open ${server.url}/ in a browser to use the wallet as demo user ${server.demoUser.first_name} (${server.demoUser.id}).`,
    { url: server.url, demoUserId: server.demoUser.id },
  )
  // The tour of the demo (README.md, "Tour of the demo"): one line a person can copy from.
  process.stdout.write(
    `Tour: ${server.url}/?user=new (a first visit), ?theme=dark, ?lang=ru, ?devtools (the time-travel panel); \`npm start -- --fresh\` starts the demo data anew.\n`,
  )
}

/**
 * SIGTERM (an orchestrator's stop, a deploy) or SIGINT drains: no new connection is taken, the calls
 * in flight are answered, the job queue and the bot stop, the database closes; then the process
 * exits 0. Whatever still runs after EXIT_DEADLINE_MS is left to the job leases and the client's
 * retry: the process exits 1, well inside an orchestrator's usual 10 s grace before SIGKILL.
 */
const EXIT_DEADLINE_MS = 9_500
let stopping = false
const stop = async (signal: NodeJS.Signals) => {
  if (stopping) return
  stopping = true
  const started = Date.now()
  log.info({ signal }, 'stopping: answering the calls in flight, then stopping the job queue and the bot')
  setTimeout(() => {
    log.error({ ms: Date.now() - started }, 'stopping: not drained in time; exiting')
    process.exit(1)
  }, EXIT_DEADLINE_MS).unref()
  await server.close()
  log.info({ ms: Date.now() - started }, 'stopped')
  process.exit(0)
}
process.on('SIGINT', (signal) => void stop(signal))
process.on('SIGTERM', (signal) => void stop(signal))
// A promise nobody waited for must not end a process that holds other users' calls: said, not fatal.
process.on('unhandledRejection', (e) => log.error({ err: e }, 'a promise failed with nobody waiting for it'))
