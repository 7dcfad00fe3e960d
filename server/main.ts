/** `npm start`: the reference server from the environment (README, "Configuration"). */
import { mkdirSync } from 'node:fs'
import { configFromEnv } from './kernel/config'
import { createServer } from './app'
import { MigrationChanged } from './db'
import { seedDemoFriends } from './friends/dev'
import { seedDemoGuilds } from './guilds/dev'
import { seedDemoTasks } from './tasks/dev'
import { seedDemoStaking } from './staking/dev'
import { createLogger } from './kernel/log'

const config = configFromEnv(process.env)
// A configuration that makes no sense: one plain line on stderr, before any logger is set up (its level is configuration too).
if ('error' in config) {
  process.stderr.write(`${config.error}\n`)
  process.exit(1)
}
// Everything this process says is a JSON line (server/kernel/log.ts), but the two start-up lines
// below: plain text for the person who ran `npm start` (and for the scripts that wait for them).
const log = createLogger(config.logLevel)
/** A start-up line for a person: on stdout as it is, and in the log. */
const say = (line: string, fields: Record<string, unknown>) => {
  process.stdout.write(`${line}\n`)
  log.info(fields, line)
}
if (config.database.kind === 'pglite' && config.database.dataDir) mkdirSync(config.database.dataDir, { recursive: true })

// A database whose applied migration changed: one line naming the file, exit 1 (server/db).
const server = await createServer(config).catch((e: unknown) => {
  if (!(e instanceof MigrationChanged)) throw e
  process.stderr.write(`${e.message}\n`)
  process.exit(1)
})
say(`SWITCH wallet ${config.mode} server at ${server.url}/`, { url: server.url, mode: config.mode })
// Dev mode: the demo user's friends, once per database (server/friends/dev.ts).
if (server.demoUser) await seedDemoFriends(server, config.botToken, server.demoUser).catch((e: unknown) => log.error({ err: e }, 'demo friends not made'))
// Dev mode: simulated miners and alliances for the leaderboards, the demo user in one (server/guilds/dev.ts).
if (server.demoUser) await seedDemoGuilds(server, config.botToken, server.demoUser).catch((e: unknown) => log.error({ err: e }, 'demo guilds not made'))
// Dev mode: the demo user's tasks in each state (server/tasks/dev.ts).
if (server.demoUser) await seedDemoTasks(server, config.botToken, server.demoUser).catch((e: unknown) => log.error({ err: e }, 'demo tasks not made'))
// Dev mode: the demo user's staking deposits, one running, one to claim, and a soulbound-token offer (server/staking/dev.ts).
if (server.demoUser) await seedDemoStaking(server, config.botToken, server.demoUser).catch((e: unknown) => log.error({ err: e }, 'demo staking not made'))
if (server.demoUser) say(`Dev mode: open ${server.url}/ in a browser to use the wallet as demo user ${server.demoUser.first_name} (${server.demoUser.id}).`, { url: server.url, demoUserId: server.demoUser.id })

const stop = async () => {
  log.info('stopping')
  await server.close()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
