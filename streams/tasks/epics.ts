/**
 * The tasks feature's effects (doc 2 §2, §4, §7), one file a flow as src/tasks/ is: the list and
 * its polling (./list.ts), the daily claims (./daily.ts), the subscriptions' timers (./subscriptions.ts),
 * the airdrops (./airdrops.ts), the burn (./burn.ts), the emoji and wallet checks (./checks.ts),
 * the PUNK staking, partner wallet and open league boosts. Listed once here.
 */
import type { NamedEpic } from '../store'
import { contextEpic, pollEpic } from './list'
import { dailyBoostEpic, dailyRewardEpic, gainHapticEpic } from './daily'
import { boostToOpenEpic, openTaskEpic, restoreTimersEpic, storeTimersEpic, timerEndEpic } from './subscriptions'
import { airdropTaskEpic } from './airdrops'
import { burnEpic } from './burn'
import { emojiEpic, walletEpic } from './checks'
import { punkStakeLinkEpic, punkStakingCheckEpic, punkStakingStoreEpic } from './punkStaking'
import { partnerWalletConnectEpic, partnerWalletDownloadEpic, partnerWalletStoreEpic } from './partnerWallet'
import { openLeagueEpic } from './openLeague'

export const tasksEpics: NamedEpic[] = [
  { name: 'tasks/poll', epic: pollEpic() },
  { name: 'tasks/context', epic: contextEpic },
  { name: 'tasks/dailyReward', epic: dailyRewardEpic },
  { name: 'tasks/dailyBoost', epic: dailyBoostEpic },
  { name: 'tasks/openTask', epic: openTaskEpic },
  { name: 'tasks/storeTimers', epic: storeTimersEpic },
  { name: 'tasks/restoreTimers', epic: restoreTimersEpic },
  { name: 'tasks/timerEnd', epic: timerEndEpic },
  { name: 'tasks/boostToOpen', epic: boostToOpenEpic },
  { name: 'tasks/airdropTask', epic: airdropTaskEpic() },
  { name: 'tasks/burn', epic: burnEpic },
  { name: 'tasks/gainHaptic', epic: gainHapticEpic },
  { name: 'tasks/emoji', epic: emojiEpic },
  { name: 'tasks/wallet', epic: walletEpic },
  { name: 'tasks/punkStakeLink', epic: punkStakeLinkEpic },
  { name: 'tasks/punkStakingCheck', epic: punkStakingCheckEpic },
  { name: 'tasks/punkStakingStore', epic: punkStakingStoreEpic },
  { name: 'tasks/partnerWalletDownload', epic: partnerWalletDownloadEpic },
  { name: 'tasks/partnerWalletConnect', epic: partnerWalletConnectEpic },
  { name: 'tasks/partnerWalletStore', epic: partnerWalletStoreEpic },
  { name: 'tasks/openLeague', epic: openLeagueEpic },
]
