/** `npm start`: the reference server from the environment (README, "Configuration"). */
import { mkdirSync } from 'node:fs'
import { configFromEnv } from './kernel/config'
import { createServer } from './app'
import { MigrationChanged } from './db'
import { seedDemoFriends } from './friends/dev'
import { seedDemoGuilds } from './guilds/dev'
import { seedDemoTasks } from './tasks/dev'
import { seedDemoStaking } from './staking/dev'

const config = configFromEnv(process.env)
if ('error' in config) {
  console.error(config.error)
  process.exit(1)
}
if (config.database.kind === 'pglite' && config.database.dataDir) mkdirSync(config.database.dataDir, { recursive: true })

// A database whose applied migration changed: one line naming the file, exit 1 (server/db).
const server = await createServer(config).catch((e: unknown) => {
  if (!(e instanceof MigrationChanged)) throw e
  console.error(e.message)
  process.exit(1)
})
console.log(`SWITCH wallet ${config.mode} server at ${server.url}/`)
// Dev mode: the demo user's friends, once per database (server/friends/dev.ts).
if (server.demoUser) await seedDemoFriends(server, config.botToken, server.demoUser).catch((e: unknown) => console.error('demo friends not made:', e))
// Dev mode: simulated miners and alliances for the leaderboards, the demo user in one (server/guilds/dev.ts).
if (server.demoUser) await seedDemoGuilds(server, config.botToken, server.demoUser).catch((e: unknown) => console.error('demo guilds not made:', e))
// Dev mode: the demo user's tasks in each state (server/tasks/dev.ts).
if (server.demoUser) await seedDemoTasks(server, config.botToken, server.demoUser).catch((e: unknown) => console.error('demo tasks not made:', e))
// Dev mode: the demo user's staking deposits, one running, one to claim, and a soulbound-token offer (server/staking/dev.ts).
if (server.demoUser) await seedDemoStaking(server, config.botToken, server.demoUser).catch((e: unknown) => console.error('demo staking not made:', e))
if (server.demoUser) console.log(`Dev mode: open ${server.url}/ in a browser to use the wallet as demo user ${server.demoUser.first_name} (${server.demoUser.id}).`)

const stop = async () => {
  await server.close()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
