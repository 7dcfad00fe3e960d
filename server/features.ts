/**
 * The server's features, in order (DESIGN §2): each brings its products, hooks, jobs, routes and
 * demo data (server/feature.ts); createApp and `npm start` loop over this list. A new feature is
 * its folder plus one line here. The order is the order hooks run in: the referral share before
 * the alliance bonus on a claim, the demo seeds friends, guilds, tasks, staking.
 */
import { airdropsFeature } from './airdrops/feature'
import { appFeature } from './app/feature'
import { copyTradeFeature } from './copyTrade/feature'
import { devtoolsFeature } from './devtools/feature'
import { friendsFeature } from './friends/feature'
import { guildsFeature } from './guilds/feature'
import { miningFeature } from './mining/feature'
import { pohFeature } from './poh/feature'
import { sendFeature } from './send/feature'
import { stakingFeature } from './staking/feature'
import { swapFeature } from './swap/feature'
import { tasksFeature } from './tasks/feature'
import { walletFeature } from './wallet/feature'

export const SERVER_FEATURES = [
  appFeature,
  walletFeature,
  sendFeature,
  swapFeature,
  copyTradeFeature,
  miningFeature,
  friendsFeature,
  guildsFeature,
  tasksFeature,
  airdropsFeature,
  stakingFeature,
  pohFeature,
  devtoolsFeature,
] as const
