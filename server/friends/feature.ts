/**
 * Friends (server/friends/routes.ts): a new user's first contact names who referred them
 * (server/friends/referrals.ts), and a claim pays the referrers their share (server/friends/bonuses.ts).
 */
import type { ServerFeature } from '../feature'
import { viaTelegram } from '../kernel/unavailable'
import { referralClaimHook } from './bonuses'
import { seedDemoFriends } from './dev'
import { attributeReferral } from './referrals'
import { friendsRoutes, inviteBotName } from './routes'

export interface FriendsConfig {
  /** The bot's @username without the @ (BOT_USERNAME), for invite links; unset: the bot's getMe. */
  botUsername?: string
}

export const friendsFeature: ServerFeature<FriendsConfig> = {
  name: 'friends',
  config: {
    fromEnv(env) {
      const botUsername = env.BOT_USERNAME?.replace(/^@/, '')
      if (botUsername !== undefined && !/^[A-Za-z][A-Za-z0-9_]{3,31}$/.test(botUsername))
        return {
          error: `BOT_USERNAME must be a Telegram bot username such as switch_wallet_bot, not "${env.BOT_USERNAME}"`,
        }
      return { botUsername }
    },
  },
  userCreated: [attributeReferral],
  claimHooks: [referralClaimHook],
  start: ({ config, db, bot }) => ({
    api: friendsRoutes(db, inviteBotName(config.botUsername, bot && (() => viaTelegram(() => bot.api.getMe())))),
  }),
  // The demo user's friends (server/friends/dev.ts).
  demoSeed: seedDemoFriends,
}
