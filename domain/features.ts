/**
 * The one list of the app's slices, one line a feature (each declared in domain/<feature>/slice.ts).
 * From it come the root state's shape and its initial state (./state.ts), the union of every event
 * (./events.ts), the names a recorded log may hold (./log.ts), and which features load later with
 * their chunks (`FeatureName`, loaded by streams/features.ts).
 */
import type { PayloadsOf } from './slice'
import { appSlice } from './app/slice'
import { walletSlice } from './wallet/slice'
import { devtoolsSlice } from './devtools/slice'
import { pickerSlice } from './picker/slice'
import { refillSlice } from './refill/slice'
import { sendSlice } from './send/slice'
import { swapSlice } from './swap/slice'
import { copyTradeSlice } from './copyTrade/slice'
import { miningSlice } from './mining/slice'
import { friendsSlice } from './friends/slice'
import { guildsSlice } from './guilds/slice'
import { tasksSlice } from './tasks/slice'
import { stakingSlice } from './staking/slice'
import { pohSlice } from './poh/slice'
import { bannersSlice } from './banners/slice'

/** The features' slices; the app's own (the kernel: launch, routes, settings) stands apart, first. */
export const FEATURE_SLICES = [
  walletSlice,
  devtoolsSlice,
  pickerSlice,
  refillSlice,
  sendSlice,
  swapSlice,
  copyTradeSlice,
  miningSlice,
  friendsSlice,
  guildsSlice,
  tasksSlice,
  stakingSlice,
  pohSlice,
  bannersSlice,
] as const

export const SLICES = [appSlice, ...FEATURE_SLICES] as const

type AnySlice = (typeof SLICES)[number]

/** The whole state: each slice's state under its name. */
export type RootState = { [S in AnySlice as S['name']]: S['initialState'] }

/** The features whose handlers (and epics, and screens) come later, with their chunks. */
export type FeatureName = Extract<AnySlice, { lazy: true }>['name']

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never

/** Every feature's events, type to payload (the union built from it: ./events.ts). */
export type AllEvents = PayloadsOf<UnionToIntersection<AnySlice['events']>>

/** Every event type there is, at run time: a recorded log holding any other is refused (./log.ts). */
export const EVENT_TYPES: ReadonlySet<string> = new Set(SLICES.flatMap((slice) => Object.keys(slice.events)))
