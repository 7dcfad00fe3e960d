/**
 * /mining/tasks and /mining/tasks/{tab} (doc 2 §2; tasks.1-3): the tabs bigpump, boosts,
 * subscriptions and airdrops; the start tab from the start parameter 'tab', else bigpump. The
 * shown tab's list loads on entering and every 30 s while it shows (tasks.5, airdrops.8). The burn
 * screen and the autoclaim modal (the mining feature's, tasks.43) open over it.
 */
import { useEffect, useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { DEFAULT_TAB, TASK_TABS, isTaskTab } from '../../domain/tasks/state'
import type { TaskTab } from '../../domain/tasks/events'
import type { RootState } from '../../domain/state'
import { featureLoaded, loadFeature } from '../../streams/features'
import { useAppState, useDispatch } from '../ui/store'
import { AutoclaimSheet, AutoclaimSuccess } from '../mining/Autoclaim'
import { Airdrops } from './Airdrops'
import { BurnSheet } from './Burn'
import { OpenLeagueSheet } from './OpenLeague'
import { PartnerWalletSheet } from './PartnerWallet'
import { PunkStakingSheet } from './PunkStaking'
import { TaskList } from './TaskList'
import { selectTasks } from './selectors'
import './texts'

const selectStartTab = (s: RootState) => s.app.startParams.tab
const selectAutoclaim = (s: RootState) => s.mining.autoclaim

/** tasks.1-3: the tab in the path (the route's `:tab`), else the start parameter's, else bigpump. */
function tabOf(segment: string | undefined, startTab: string | undefined): TaskTab {
  if (isTaskTab(segment)) return segment
  return isTaskTab(startTab) ? startTab : DEFAULT_TAB
}

/** The mining feature's autoclaim modal, once its chunk is in (the card's tap loads it). */
function Autoclaim() {
  const [ready, setReady] = useState(() => featureLoaded('mining'))
  useEffect(() => {
    if (!ready) void loadFeature('mining').then(() => setReady(true))
  }, [ready])
  return ready ? <AutoclaimSheet /> : null
}

export function TasksScreen() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const { tab: segment } = useParams()
  const startTab = useAppState(selectStartTab)
  const autoclaim = useAppState(selectAutoclaim)
  const tasks = useAppState(selectTasks)
  const burnOpen = tasks.burn.code !== null
  const tab = tabOf(segment, startTab)
  useEffect(() => {
    dispatch({ type: 'tasks/entered', payload: { tab } })
    return () => dispatch({ type: 'tasks/left', payload: {} })
  }, [dispatch, tab])
  if (autoclaim.open && autoclaim.payment.step === 'success') return <AutoclaimSuccess />
  const choose = (next: TaskTab) => next !== tab && navigate(`/mining/tasks/${next}`, { replace: true })
  return (
    <div className="tasks">
      <h1 className="title">{t('mining.tasks.title')}</h1>
      <div className="tasks-tabs" role="tablist" aria-label={t('mining.tasks.title')}>
        {TASK_TABS.map((item) => (
          <button
            key={item}
            type="button"
            role="tab"
            className="tasks-tabs__item"
            aria-selected={item === tab}
            onClick={() => choose(item)}
            data-testid={`tab-${item}`}
          >
            {t(`mining.tasks.tab.${item}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={t(`mining.tasks.tab.${tab}`)}>
        {tab === 'airdrops' ? <Airdrops /> : <TaskList tab={tab} />}
      </div>
      {burnOpen && <BurnSheet />}
      {tasks.punkStaking.open && <PunkStakingSheet />}
      {tasks.partnerWallet.open && <PartnerWalletSheet />}
      {tasks.openLeague.open && <OpenLeagueSheet />}
      <Autoclaim />
    </div>
  )
}
