/** The recorder, for the screens that export the log as a file. */
import { type ReactNode, createContext, useContext } from 'react'
import type { Recorder } from '../../streams/devtools/recorder'

const RecorderContext = createContext<Recorder | null>(null)

export function RecorderProvider({ recorder, children }: { recorder: Recorder; children: ReactNode }) {
  return <RecorderContext.Provider value={recorder}>{children}</RecorderContext.Provider>
}

export const useRecorder = (): Recorder | null => useContext(RecorderContext)
