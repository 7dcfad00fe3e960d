/**
 * How the app behaves as a Telegram client: when closing asks first, where a vertical
 * swipe must not close the app, which events are a selection (a light haptic tick).
 */
import type { EventType } from '../events'
import type { RootState } from '../state'
import { copyTradeInFlight } from '../copyTrade/journey'
import { sendInFlight } from '../send/journey'
import { swapInFlight } from '../swap/journey'
import { autoclaimBusy } from '../mining/state'
import { parseLocation } from './routes'

/**
 * Money is moving: a write under way (a checked send, a swap tapped or executing, a copy trade
 * starting), a copy trade stopping, or an autoclaim being paid (ordered, paying, or waiting for the
 * server to see the payment).
 */
export const moneyInFlight = (s: RootState): boolean =>
  sendInFlight(s.send) ||
  swapInFlight(s.swap) ||
  copyTradeInFlight(s.copyTrade) ||
  s.copyTrade.stopping !== null ||
  autoclaimBusy(s.mining)

/** Screens that scroll a list: a vertical swipe there scrolls; it must not close the app. */
export const LIST_SCREENS: ReadonlySet<string> = new Set([
  '/',
  '/send',
  '/refill/to',
  '/selectNetwork/from',
  '/selectNetwork/to',
  '/presetSwapTokens/to',
  '/copyTrade/traderArchive',
  '/trade',
])

export const scrollsList = (s: RootState): boolean => LIST_SCREENS.has(parseLocation(s.app.history.at(-1) ?? '/').path)

/** Choices made in a picker or a toggle: Telegram's selection haptic (a light tick) answers them. */
export const SELECTION_EVENTS: ReadonlySet<EventType> = new Set<EventType>([
  'picker/tokenPicked',
  'wallet/walletSelected',
  'app/languageChanged',
  'copyTrade/networkChosen',
  'copyTrade/assetChosen',
  'swap/maxToggled',
  'swap/flipped',
])
