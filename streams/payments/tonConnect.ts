/**
 * TonConnect as epics see it (the external way; DESIGN §4, §5): connect a wallet of the
 * user's own, ask it to send a transaction, and hear what it answered, each as an Observable that
 * emits one plain answer (JSON, ready to be an event's payload) and completes. Failures are answers
 * too, never errors, so an epic lives on.
 *
 * @tonconnect/ui-react (its TonConnectUI) and everything it brings load on the first call, as a
 * chunk of their own (./tonConnectUi): the first screen carries only this file.
 *
 * Wallet approval is not payment: `sent` means the wallet says it sent; the order is granted when
 * the server's TON watcher sees the transaction on chain, so an epic asks the server after it.
 */
import { type Observable, catchError, defer, from, of, switchMap } from 'rxjs'
import type { TonConnectTransaction, TonProof } from '../../domain/payments/codecs'

/** A wallet connected over TonConnect. */
export interface TonWallet {
  /** The account, user-friendly and non-bounceable (UQ...). */
  address: string
  /** The wallet's name as the connect dialog listed it ('Tonkeeper', 'Demo wallet'). */
  name: string
  /** TonConnect's app_name of the wallet ('tonkeeper'). */
  appName: string
  /**
   * The wallet's ton_proof, when the connection asked for one and the wallet gave it, with the
   * account's state init beside it: what the server links a wallet with (docs/payments.md).
   */
  proof?: TonProof
}

/** What connect() answers: a wallet, the user closed the list (or declined in the wallet and gave up), or why not. */
export type ConnectAnswer =
  { outcome: 'connected'; wallet: TonWallet } | { outcome: 'rejected' } | { outcome: 'failed'; reason: string }

/**
 * What send() answers: the wallet says it sent (the signed message as a base64 BOC), the user
 * declined in the wallet or closed TonConnect's dialog, or why it could not ask (no wallet
 * connected, a transaction the wallet or TonConnect refused, TonConnect not loading).
 */
export type SendAnswer =
  { outcome: 'sent'; boc: string } | { outcome: 'rejected' } | { outcome: 'failed'; reason: string }

export interface TonConnectBridge {
  /** The connected wallet now, and again on every change (null: none); loads TonConnect. */
  wallet(): Observable<TonWallet | null>
  /**
   * Opens TonConnect's list of wallets, unless one is connected already (then answers it at once).
   * `only`: the app_name of the one wallet to connect, asked directly instead of the list (PoH,
   * poh.16). `proofPayload`: the server's one-time payload, for the wallet to sign in a ton_proof;
   * a proof comes only with a new connection, so a wallet connected already is disconnected first.
   * Unsubscribing closes the list.
   */
  connect(only?: string, proofPayload?: string): Observable<ConnectAnswer>
  /** Asks the connected wallet to send the transaction (TonConnect draws its own waiting and result dialogs). */
  send(transaction: TonConnectTransaction): Observable<SendAnswer>
  /** Forgets the connected wallet. */
  disconnect(): Observable<void>
}

export interface TonConnectConfig {
  /** The app's manifest: the server serves it (`<server>/tonconnect-manifest.json`). */
  manifestUrl: string
  /**
   * The wallets the connect dialog lists (`<server>/tonconnect-wallets.json`): in dev mode the demo
   * wallet alone, from the server, so nothing leaves it; in production TonConnect's public list.
   */
  walletsListUrl: string
  /** Where TonConnect's dialogs go: a `div` at the end of the body by default. */
  widgetRootId?: string
}

/** The config for a server (the mining service's first: payments are a mining-service thing). */
export const tonConnectConfig = (server: string): TonConnectConfig => ({
  manifestUrl: `${server.replace(/\/+$/, '')}/tonconnect-manifest.json`,
  walletsListUrl: `${server.replace(/\/+$/, '')}/tonconnect-wallets.json`,
})

const reasonOf = (e: unknown) => (e instanceof Error ? e.message : String(e))

/**
 * The bridge, with TonConnect loaded on first use (`load` is the dynamic import; a test passes its
 * own). A chunk that fails to load is a `failed` answer, and the next call tries again.
 */
export function lazyTonConnect(
  config: TonConnectConfig,
  load: () => Promise<{ openTonConnect(config: TonConnectConfig): TonConnectBridge }> = () => import('./tonConnectUi'),
): TonConnectBridge {
  let loading: Promise<TonConnectBridge> | null = null
  const bridge = () => {
    loading ??= load()
      .then((m) => m.openTonConnect(config))
      .catch((e: unknown) => {
        loading = null
        throw e
      })
    return loading
  }
  const use = <T>(f: (b: TonConnectBridge) => Observable<T>) => defer(() => from(bridge())).pipe(switchMap(f))
  const failed = (e: unknown) => of({ outcome: 'failed' as const, reason: `TonConnect did not load: ${reasonOf(e)}` })
  return {
    // Not loaded, nothing connected.
    wallet: () => use((b) => b.wallet()).pipe(catchError(() => of(null))),
    connect: (only, proofPayload) => use((b) => b.connect(only, proofPayload)).pipe(catchError(failed)),
    send: (transaction) => use((b) => b.send(transaction)).pipe(catchError(failed)),
    disconnect: () => use((b) => b.disconnect()).pipe(catchError(() => of(undefined))),
  }
}
