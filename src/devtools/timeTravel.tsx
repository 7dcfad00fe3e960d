/** The time-travel controller for the panel; absent where the panel is not allowed. */
import { type ReactNode, createContext, useContext } from 'react'
import type { TimeTravel } from '../../streams/devtools/timeTravel'

const TimeTravelContext = createContext<TimeTravel | null>(null)

export function TimeTravelProvider({ timeTravel, children }: { timeTravel: TimeTravel | null; children: ReactNode }) {
  return <TimeTravelContext.Provider value={timeTravel}>{children}</TimeTravelContext.Provider>
}

export const useTimeTravel = () => useContext(TimeTravelContext)
