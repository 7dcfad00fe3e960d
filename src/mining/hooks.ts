/** The mining screens' hooks: the clock for display (the server's, frozen while travelling in time) and SWITCH as the mining area shows it (4 decimals, mining.11). */
import { useEffect, useState } from 'react'
import { NEVER } from 'rxjs'
import { useObservableState } from 'observable-hooks'
import { switchAmountText, switchBalanceText, switchSpeedText } from '../../domain/mining/rules'
import { useAppState } from '../ui/store'
import { useTimeTravel } from '../devtools/timeTravel'
import { useFormat } from '../ui/useFormat'
import { selectServerOffset } from './selectors'

/**
 * The moment the screen shows, when it is not now: the time of the event the time-travel panel
 * stands on, or of a replayed log's last event. Null when live.
 */
function useFrozenAt(): number | null {
  const timeTravel = useTimeTravel()
  const status = useObservableState(timeTravel?.status$ ?? NEVER, null)
  if (timeTravel === null) return null
  const replay = typeof document !== 'undefined' && document.documentElement.dataset.mode === 'replay'
  const cursor = status?.cursor ?? null
  if (cursor === null && !replay) return null
  const events = timeTravel.events()
  const shown = cursor === null ? events.at(-1) : events[cursor - 1]
  return shown?.at ?? null
}

/**
 * The device's time for display only, to `resolutionMs`: it re-renders its component each time
 * the figure may change, on animation frames, and changes no state. Frozen at the moment shown
 * while travelling in time or replaying, so a replay shows what the user saw.
 */
export function useDisplayNow(resolutionMs: number): number {
  const frozenAt = useFrozenAt()
  const [tick, setTick] = useState(() => Math.floor(Date.now() / resolutionMs))
  useEffect(() => {
    if (frozenAt !== null) return
    let frame = requestAnimationFrame(function next() {
      setTick(Math.floor(Date.now() / resolutionMs))
      frame = requestAnimationFrame(next)
    })
    return () => cancelAnimationFrame(frame)
  }, [frozenAt, resolutionMs])
  return frozenAt ?? tick * resolutionMs
}

/** The server's time for display: the device's plus the offset the last answer measured. */
export function useServerNow(resolutionMs: number): number {
  const offset = useAppState(selectServerOffset)
  return useDisplayNow(resolutionMs) + offset
}

/** SWITCH as the mining area shows it: 4 decimals, cut, in the user's language (mining.11). */
export function useSwitchAmount(): (value: string, maxChars?: number) => string {
  const format = useFormat()
  return (value, maxChars) => switchAmountText(value, format.language, maxChars)
}

/** A speed, SWITCH an hour: 4 decimals at most, no zeros added (a rate, not a balance). */
export function useSwitchSpeed(): (value: string) => string {
  const format = useFormat()
  return (value) => switchSpeedText(value, format.language)
}

/** A SWITCH balance: 4 decimals, cut, zeros kept, so figures line up (mining.11). */
export function useSwitchBalance(): (value: string, maxChars?: number) => string {
  const format = useFormat()
  return (value, maxChars) => switchBalanceText(value, format.language, maxChars)
}
