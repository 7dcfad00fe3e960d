/**
 * The screens that exist, by route. The current route is state (app/navigated), not the browser
 * URL, so a replayed log shows the same screen. Only built screens are registered (no placeholders).
 */
import { type ComponentType, lazy } from 'react'
import { Home } from '../wallet/Home'
import type { FeatureName } from '../../streams/features'

/**
 * Home is in the first-screen bundle; every other screen is a chunk of its own, fetched when it is
 * first opened (the first screen's JavaScript has a budget of 150 KB gzip, issue 19).
 */
const Report = lazy(() => import('../devtools/Report').then((m) => ({ default: m.Report })))
const RefillFrom = lazy(() => import('../refill/Refill').then((m) => ({ default: m.RefillFrom })))
const RefillTo = lazy(() => import('../refill/Refill').then((m) => ({ default: m.RefillTo })))
const RefillQr = lazy(() => import('../refill/Refill').then((m) => ({ default: m.RefillQr })))
const SendToken = lazy(() => import('../send/Send').then((m) => ({ default: m.SendToken })))
const SendInfo = lazy(() => import('../send/Send').then((m) => ({ default: m.SendInfo })))
const SendConfirm = lazy(() => import('../send/Send').then((m) => ({ default: m.SendConfirm })))
const SendSuccess = lazy(() => import('../send/Send').then((m) => ({ default: m.SendSuccess })))
const SwapScreen = lazy(() => import('../swap/SwapScreen').then((m) => ({ default: m.SwapScreen })))
const ConfirmSwap = lazy(() => import('../swap/ConfirmSwap').then((m) => ({ default: m.ConfirmSwap })))
const SelectFrom = lazy(() => import('../swap/SelectFrom').then((m) => ({ default: m.SelectFrom })))
const SelectTo = lazy(() => import('../swap/SelectTo').then((m) => ({ default: m.SelectTo })))
const PresetSwapTokens = lazy(() => import('../swap/PresetSwapTokens').then((m) => ({ default: m.PresetSwapTokens })))
const Bigpump = lazy(() => import('../swap/Bigpump').then((m) => ({ default: m.Bigpump })))
const CopyTradeEntry = lazy(() => import('../copyTrade/CopyTradeEntry').then((m) => ({ default: m.CopyTradeEntry })))
const TraderAddress = lazy(() => import('../copyTrade/TraderAddress').then((m) => ({ default: m.TraderAddress })))
const ChooseNetwork = lazy(() => import('../copyTrade/ChooseNetwork').then((m) => ({ default: m.ChooseNetwork })))
const ChooseTokens = lazy(() => import('../copyTrade/ChooseTokens').then((m) => ({ default: m.ChooseTokens })))
const TraderDeposit = lazy(() => import('../copyTrade/TraderDeposit').then((m) => ({ default: m.TraderDeposit })))
const TraderSuccessfully = lazy(() => import('../copyTrade/TraderSuccessfully').then((m) => ({ default: m.TraderSuccessfully })))
const TraderArchive = lazy(() => import('../copyTrade/TraderArchive').then((m) => ({ default: m.TraderArchive })))
const TradeDetail = lazy(() => import('../copyTrade/TradeDetail').then((m) => ({ default: m.TradeDetail })))
const NotBalance = lazy(() => import('../copyTrade/NotBalance').then((m) => ({ default: m.NotBalance })))
const HistoryDetail = lazy(() => import('../wallet/HistoryDetail').then((m) => ({ default: m.HistoryDetail })))
const MiningScreen = lazy(() => import('../mining/MiningScreen').then((m) => ({ default: m.MiningScreen })))
const GuildsScreen = lazy(() => import('../guilds/GuildsScreen').then((m) => ({ default: m.GuildsScreen })))
const AllianceScreen = lazy(() => import('../guilds/AllianceScreen').then((m) => ({ default: m.AllianceScreen })))
const FriendsScreen = lazy(() => import('../friends/FriendsScreen').then((m) => ({ default: m.FriendsScreen })))
const TasksScreen = lazy(() => import('../tasks/TasksScreen').then((m) => ({ default: m.TasksScreen })))
const StakingScreen = lazy(() => import('../staking/screens').then((m) => ({ default: m.StakingScreen })))
const StakingConfigs = lazy(() => import('../staking/screens').then((m) => ({ default: m.ConfigsScreen })))
const StakingPaymentMethod = lazy(() => import('../staking/screens').then((m) => ({ default: m.PaymentMethodScreen })))
const StakingConfirm = lazy(() => import('../staking/screens').then((m) => ({ default: m.ConfirmScreen })))
const StakingSuccess = lazy(() => import('../staking/screens').then((m) => ({ default: m.SuccessDepositScreen })))
const StakingDeposits = lazy(() => import('../staking/screens').then((m) => ({ default: m.DepositsScreen })))
const PohIntro = lazy(() => import('../poh/screens').then((m) => ({ default: m.IntroScreen })))
const PohCode = lazy(() => import('../poh/screens').then((m) => ({ default: m.CodeScreen })))
const PohLoader = lazy(() => import('../poh/screens').then((m) => ({ default: m.LoaderScreen })))
const PohSuccess = lazy(() => import('../poh/screens').then((m) => ({ default: m.SuccessScreen })))
const PohFailed = lazy(() => import('../poh/screens').then((m) => ({ default: m.FailedScreen })))

export interface Screen {
  path: string
  component: ComponentType
  /** Whether the bottom menu shows on this screen. */
  menu: boolean
  /** The game feature whose state and effects the screen needs, loaded before it renders. */
  feature?: FeatureName
}

export const SCREENS: readonly Screen[] = [
  { path: '/', component: Home, menu: true },
  { path: '/report', component: Report, menu: false },
  { path: '/refill/from', component: RefillFrom, menu: false },
  { path: '/refill/to', component: RefillTo, menu: false },
  { path: '/refill/qr', component: RefillQr, menu: false },
  { path: '/send', component: SendToken, menu: false },
  { path: '/send/info', component: SendInfo, menu: false },
  { path: '/send/confirm', component: SendConfirm, menu: false },
  { path: '/send/success', component: SendSuccess, menu: false },
  { path: '/swap', component: SwapScreen, menu: false },
  { path: '/confirmSwap', component: ConfirmSwap, menu: false },
  { path: '/selectNetwork/from', component: SelectFrom, menu: false },
  { path: '/selectNetwork/to', component: SelectTo, menu: false },
  { path: '/presetSwapTokens/to', component: PresetSwapTokens, menu: false },
  { path: '/bigpump', component: Bigpump, menu: false },
  { path: '/copyTrade', component: CopyTradeEntry, menu: false },
  { path: '/copyTrade/traderAddress', component: TraderAddress, menu: false },
  { path: '/copyTrade/chooseNetwork', component: ChooseNetwork, menu: false },
  { path: '/copyTrade/chooseTokens', component: ChooseTokens, menu: false },
  { path: '/copyTrade/traderDeposit', component: TraderDeposit, menu: false },
  { path: '/copyTrade/traderSuccessfully', component: TraderSuccessfully, menu: false },
  { path: '/copyTrade/traderArchive', component: TraderArchive, menu: false },
  { path: '/copyTrade/notBalance', component: NotBalance, menu: false },
  { path: '/trade', component: TradeDetail, menu: false },
  { path: '/history/entry', component: HistoryDetail, menu: false },
  { path: '/mining', component: MiningScreen, menu: true, feature: 'mining' },
  { path: '/mining/guilds', component: GuildsScreen, menu: false, feature: 'guilds' },
  /** `:name`: one path segment, any alliance (the screen reads it from the location). */
  { path: '/mining/guilds/alliance/:name', component: AllianceScreen, menu: false, feature: 'guilds' },
  { path: '/mining/frens', component: FriendsScreen, menu: true, feature: 'friends' },
  { path: '/mining/tasks', component: TasksScreen, menu: false, feature: 'tasks' },
  /** tasks.1: one tab (the screen reads it from the location). */
  { path: '/mining/tasks/:tab', component: TasksScreen, menu: false, feature: 'tasks' },
  { path: '/mining/staking', component: StakingScreen, menu: false, feature: 'staking' },
  { path: '/mining/staking/configs', component: StakingConfigs, menu: false, feature: 'staking' },
  { path: '/mining/staking/paymentMethod', component: StakingPaymentMethod, menu: false, feature: 'staking' },
  { path: '/mining/staking/confirm', component: StakingConfirm, menu: false, feature: 'staking' },
  { path: '/mining/staking/successDeposit', component: StakingSuccess, menu: false, feature: 'staking' },
  { path: '/mining/staking/deposits', component: StakingDeposits, menu: false, feature: 'staking' },
  /** poh.5-9: each screen of the proof; the effects route between them by the status. */
  { path: '/prove', component: PohIntro, menu: false, feature: 'poh' },
  { path: '/prove/code', component: PohCode, menu: false, feature: 'poh' },
  { path: '/prove/loader', component: PohLoader, menu: false, feature: 'poh' },
  { path: '/prove/success', component: PohSuccess, menu: false, feature: 'poh' },
  { path: '/prove/failed', component: PohFailed, menu: false, feature: 'poh' },
]

/**
 * Whether a path is a screen's: the same path, whatever its letter case and a trailing slash (as
 * react-router's matchPath read them, whose 11 KB gzip the first screen no longer carries for
 * this); a `:param` segment of the screen's path matches any one non-empty segment.
 */
const normalised = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase()
function isPath(screen: string, path: string): boolean {
  const want = normalised(screen)
  const have = normalised(path)
  if (!want.includes('/:')) return want === have
  const a = want.split('/')
  const b = have.split('/')
  return a.length === b.length && a.every((segment, i) => (segment.startsWith(':') ? b[i] !== '' : segment === b[i]))
}

/** The screen for a path; an unknown path (a bad launch URL) shows home. */
export function screenFor(path: string): Screen {
  return SCREENS.find((s) => isPath(s.path, path)) ?? SCREENS[0]
}

export const hasScreen = (path: string) => SCREENS.some((s) => isPath(s.path, path))
