/** Guilds and alliances (server/guilds/routes.ts): ranks recomputed on the job queue, the alliance bonus on a claim (guilds.23). */
import type { ServerFeature } from '../feature'
import { allianceBonusHook } from './bonus'
import { seedDemoGuilds } from './dev'
import { GUILD_RANKS_INTERVAL_MS, defineGuildJob } from './ranks'
import { guildRoutes } from './routes'

export interface GuildsConfig {
  /** How often guild ranks' cut-offs are recomputed (server/guilds/ranks.ts); 0: only when run by hand (runDue after a send). Default 5 minutes. */
  guildRanksIntervalMs?: number
}

export const guildsFeature: ServerFeature<GuildsConfig> = {
  name: 'guilds',
  claimHooks: [allianceBonusHook],
  start({ config, db, clock, jobs }) {
    // Guild ranks' cut-offs, recomputed in batch on the queue (docs/features/guilds.md, "In batch, on the queue").
    defineGuildJob(jobs, db, () => clock.now(), config.guildRanksIntervalMs ?? GUILD_RANKS_INTERVAL_MS)
    return { api: guildRoutes(db, clock) }
  },
  // Simulated miners and alliances for the leaderboards, the demo user in one (server/guilds/dev.ts).
  demoSeed: seedDemoGuilds,
}
