import { appEpics } from './app/epics'
import { feelEpics } from './app/feel'
import type { NamedEpic } from './store'
import { walletEpics } from './wallet/epics'
import { devtoolsEpics } from './devtools/epics'
import { presetLaunchEpic } from './swap/launch'
import { allianceLaunchEpic } from './guilds/launch'
import { tasksLaunchEpic } from './tasks/launch'
import { pohLaunchEpic } from './poh/launch'

/**
 * The first screen's epics, one list per feature; a lazy feature's (the game's, the wallet's flows)
 * come with its chunk (streams/features.ts). Replay mode runs none of them.
 */
export const rootEpics: readonly NamedEpic[] = [
  ...appEpics,
  ...feelEpics,
  ...walletEpics,
  ...devtoolsEpics,
  { name: 'swap/presetLaunch', epic: presetLaunchEpic },
  { name: 'guilds/launch', epic: allianceLaunchEpic },
  { name: 'tasks/launch', epic: tasksLaunchEpic },
  { name: 'poh/launch', epic: pohLaunchEpic() },
]
