/** `npm start`: the reference server from the environment (README, "Configuration"). */
import { mkdirSync } from 'node:fs'
import { configFromEnv } from './kernel/config'
import { createServer } from './app'

const config = configFromEnv(process.env)
if ('error' in config) {
  console.error(config.error)
  process.exit(1)
}
if (config.database.kind === 'pglite' && config.database.dataDir) mkdirSync(config.database.dataDir, { recursive: true })

const server = await createServer(config)
console.log(`SWITCH wallet ${config.mode} server at ${server.url}/`)
if (server.demoUser) console.log(`Dev mode: open ${server.url}/ in a browser to use the wallet as demo user ${server.demoUser.first_name} (${server.demoUser.id}).`)

const stop = async () => {
  await server.close()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
