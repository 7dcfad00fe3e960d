/**
 * The browser test's page (tests/e2e/tonconnect.test.ts): the app's own TonConnect bridge
 * (streams/payments/tonConnect.ts, loading @tonconnect/ui-react lazily as the app does), against
 * the server that serves this page, handed to the test as `window.tonBridge`.
 */
import { firstValueFrom } from 'rxjs'
import type { TonConnectTransaction } from '../../../domain/payments/codecs'
import { type TonWallet, lazyTonConnect, tonConnectConfig } from '../../../streams/payments/tonConnect'

const bridge = lazyTonConnect(tonConnectConfig(location.origin))
const seen: (TonWallet | null)[] = []

declare global {
  interface Window {
    tonBridge: unknown
  }
}

window.tonBridge = {
  connect: () => firstValueFrom(bridge.connect()),
  send: (transaction: TonConnectTransaction) => firstValueFrom(bridge.send(transaction)),
  disconnect: () => firstValueFrom(bridge.disconnect(), { defaultValue: undefined }),
  watch: () => void bridge.wallet().subscribe((w) => seen.push(w)),
  seen: () => seen,
  loaded: () =>
    [...document.scripts].map((s) => s.src).concat(performance.getEntriesByType('resource').map((r) => r.name)),
}
