/** The Telegram bridge for the few UI actions that are not state changes (open a link, copy). */
import { type ReactNode, createContext, useContext } from 'react'
import type { TelegramBridge } from '../../streams/deps'

const TelegramContext = createContext<TelegramBridge | null>(null)

export function TelegramProvider({ bridge, children }: { bridge: TelegramBridge; children: ReactNode }) {
  return <TelegramContext.Provider value={bridge}>{children}</TelegramContext.Provider>
}

export function useTelegram(): TelegramBridge | null {
  return useContext(TelegramContext)
}
