/**
 * @telegram-apps/sdk, loaded only where a Telegram host answered (./host.ts): outside Telegram (the
 * demo in a plain browser) the page needs none of it, so it is not in the first screen's script.
 * Inside Telegram, index.html starts fetching its chunk with the entry (vite.config.ts
 * `preloadLaunchScreen`), so the launch waits for no extra round trip.
 */
import type * as Sdk from './sdkParts'

export type TelegramSdk = typeof Sdk

/** The SDK's parts the app uses (./sdkParts.ts): their own chunk, fetched on the first call. */
export const loadTelegramSdk = (): Promise<TelegramSdk> => import('./sdkParts')
