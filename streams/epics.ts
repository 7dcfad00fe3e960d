import { appEpics } from './app/epics'
import { feelEpics } from './app/feel'
import type { NamedEpic } from './store'
import { walletEpics } from './wallet/epics'
import { devtoolsEpics } from './devtools/epics'
import { pickerEpics } from './picker/epics'
import { sendEpics } from './send/epics'
import { swapEpics } from './swap/epics'
import { copyTradeEpics } from './copyTrade/epics'
import { allianceLaunchEpic } from './guilds/launch'
import { tasksLaunchEpic } from './tasks/launch'
import { pohLaunchEpic } from './poh/launch'

/**
 * The first screen's epics, one list per feature; a game feature's come with its chunk
 * (streams/features.ts). Replay mode runs none of them.
 */
export const rootEpics: readonly NamedEpic[] = [...appEpics, ...feelEpics, ...walletEpics, ...devtoolsEpics, ...pickerEpics, ...sendEpics, ...swapEpics, ...copyTradeEpics, { name: 'guilds/launch', epic: allianceLaunchEpic }, { name: 'tasks/launch', epic: tasksLaunchEpic }, { name: 'poh/launch', epic: pohLaunchEpic() }]
