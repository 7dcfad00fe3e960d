/**
 * The one union of everything that can happen in the app (DESIGN §3).
 * Each feature declares an event map `{ 'feature/pastTense': Payload }`; the union is built from
 * their intersection, so `switch (event.type)` narrows the payload and is exhaustive.
 */
import { type AppEvents, appEventTypes } from './app/events'
import { type WalletEvents, walletEventTypes } from './wallet/events'
import { type DevtoolsEvents, devtoolsEventTypes } from './devtools/events'
import { type PickerEvents, pickerEventTypes } from './picker/events'
import { type SendEvents, sendEventTypes } from './send/events'
import { type SwapEvents, swapEventTypes } from './swap/events'
import { type CopyTradeEvents, copyTradeEventTypes } from './copyTrade/events'
import { type MiningEvents, miningEventTypes } from './mining/events'
import { type FriendsEvents, friendsEventTypes } from './friends/events'
import { type GuildsEvents, guildsEventTypes } from './guilds/events'
import { type TasksEvents, tasksEventTypes } from './tasks/events'
import { type StakingEvents, stakingEventTypes } from './staking/events'
import { type PohEvents, pohEventTypes } from './poh/events'
import { type BannersEvents, bannersEventTypes } from './banners/events'

export type EventMap = AppEvents & WalletEvents & DevtoolsEvents & PickerEvents & SendEvents & SwapEvents & CopyTradeEvents & MiningEvents & FriendsEvents & GuildsEvents & TasksEvents & StakingEvents & PohEvents & BannersEvents
export type EventType = keyof EventMap

/** What an intent or an effect hands to `dispatch`: the store stamps `seq` and `at`. */
export type EventInput = { [K in EventType]: { type: K; payload: EventMap[K] } }[EventType]

/** A logged event: the envelope `{seq, at, type, payload}`; payloads are plain JSON. */
export type AppEvent = { [K in EventType]: { seq: number; at: number; type: K; payload: EventMap[K] } }[EventType]

export type EventOf<K extends EventType> = Extract<AppEvent, { type: K }>

/** Builds an event input with its payload type checked against the map. */
export const ev = <K extends EventType>(type: K, payload: EventMap[K]): EventInput =>
  ({ type, payload }) as EventInput

/** The feature an event belongs to: the part of its type before the slash. */
export const featureOf = (type: string): string => type.slice(0, type.indexOf('/'))

/** Every event type there is, at run time. */
export const EVENT_TYPES: ReadonlySet<string> = new Set([
  ...Object.keys(appEventTypes),
  ...Object.keys(walletEventTypes),
  ...Object.keys(devtoolsEventTypes),
  ...Object.keys(pickerEventTypes),
  ...Object.keys(sendEventTypes),
  ...Object.keys(swapEventTypes),
  ...Object.keys(copyTradeEventTypes),
  ...Object.keys(miningEventTypes),
  ...Object.keys(friendsEventTypes),
  ...Object.keys(guildsEventTypes),
  ...Object.keys(tasksEventTypes),
  ...Object.keys(stakingEventTypes),
  ...Object.keys(pohEventTypes),
  ...Object.keys(bannersEventTypes),
])
