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

export const friendsFeature: ServerFeature = {
  name: 'friends',
  userCreated: [attributeReferral],
  claimHooks: [referralClaimHook],
  start: ({ config, db, bot }) => ({ api: friendsRoutes(db, inviteBotName(config.botUsername, bot && (() => viaTelegram(() => bot.api.getMe())))) }),
  // The demo user's friends (server/friends/dev.ts).
  demoSeed: seedDemoFriends,
}
