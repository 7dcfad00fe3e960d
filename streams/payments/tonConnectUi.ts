/**
 * The TonConnect bridge over @tonconnect/ui-react's TonConnectUI (a chunk of its own: loaded by
 * ./tonConnect.ts on first use, never by the first screen). TonConnect's dialogs (the wallets
 * list, "confirm in your wallet", sent, cancelled) are its own, in the page's language and theme.
 *
 * Nothing leaves the app's server for TonConnect's sake: the wallets list comes from the server
 * (walletsListSource), and the SDK's analytics are off.
 */
import {
  CHAIN,
  type ConnectAdditionalRequest,
  type ConnectedWallet,
  type Loadable,
  THEME,
  TonConnect,
  TonConnectUI,
  TonConnectUIError,
  type TonConnectUiOptions,
  UserRejectsError,
  type Wallet,
  type WalletsModalState,
  toUserFriendlyAddress,
} from '@tonconnect/ui-react'
import { Observable, defer } from 'rxjs'
import type { TonConnectTransaction } from '../../domain/payments/codecs'
import type { ConnectAnswer, SendAnswer, TonConnectBridge, TonConnectConfig, TonWallet } from './tonConnect'

/** What the bridge uses of TonConnectUI (a test hands a stand-in). */
export interface TonConnectUiLike {
  readonly connectionRestored: Promise<boolean>
  readonly wallet: Wallet | ConnectedWallet | null
  readonly modalState: WalletsModalState
  uiOptions: TonConnectUiOptions
  onStatusChange(callback: (wallet: ConnectedWallet | null) => void, errors?: (error: unknown) => void): () => void
  onModalStateChange(callback: (state: WalletsModalState) => void): () => void
  openModal(): Promise<void>
  closeModal(): void
  /** One wallet's own connect dialog, no list (TonConnect UI's, experimental). */
  openSingleWalletModal?(wallet: string): Promise<void>
  closeSingleWalletModal?(): void
  onSingleWalletModalStateChange?(
    callback: (state: { status: 'opened' | 'closed'; closeReason: string | null }) => void,
  ): () => void
  readonly singleWalletModalState?: { status: 'opened' | 'closed' }
  sendTransaction(transaction: {
    validUntil: number
    messages: { address: string; amount: string; payload?: string }[]
  }): Promise<{ boc: string }>
  disconnect(): Promise<void>
  /** What the next connection asks of the wallet besides its address: a ton_proof of a payload. */
  setConnectRequestParameters(parameters: Loadable<ConnectAdditionalRequest> | null): void
}

/** The page's language and light or dark look, as the app last set them on <html>. */
export function pageLook(): TonConnectUiOptions {
  const root = typeof document === 'undefined' ? null : document.documentElement
  return {
    language: root?.lang === 'ru' ? 'ru' : 'en',
    uiPreferences: { theme: root?.dataset.scheme === 'dark' ? THEME.DARK : THEME.LIGHT },
  }
}

const reasonOf = (e: unknown) => (e instanceof Error ? e.message : String(e))
const failed = (e: unknown) => ({ outcome: 'failed' as const, reason: reasonOf(e) })

export function walletOf(w: Wallet | ConnectedWallet | null): TonWallet | null {
  if (!w) return null
  const info = w as Partial<ConnectedWallet>
  const wallet: TonWallet = {
    address: toUserFriendlyAddress(w.account.address, w.account.chain === CHAIN.TESTNET),
    name: typeof info.name === 'string' ? info.name : w.device.appName,
    appName: typeof info.appName === 'string' ? info.appName : w.device.appName,
  }
  // The connect reply's ton_proof, if asked for and given (a wallet may answer it with an error).
  const item = w.connectItems?.tonProof
  if (item && 'proof' in item) {
    const { timestamp, domain, signature, payload } = item.proof
    wallet.proof = {
      timestamp,
      domain: { lengthBytes: domain.lengthBytes, value: domain.value },
      signature,
      payload,
      ...(w.account.walletStateInit ? { stateInit: w.account.walletStateInit } : {}),
    }
  }
  return wallet
}

/**
 * A refusal by the user: the wallet's "declined" (UserRejectsError, code 300), or TonConnect's own
 * dialog closed while it waited for the wallet (TonConnectUIError "Transaction was not sent").
 */
const isRefusal = (e: unknown) =>
  e instanceof UserRejectsError || (e instanceof TonConnectUIError && /not sent/i.test(e.message))

/** The bridge over a TonConnectUI; `look` is applied before each dialog. */
export function bridgeOver(ui: TonConnectUiLike, look: () => TonConnectUiOptions = pageLook): TonConnectBridge {
  return {
    wallet: () =>
      new Observable<TonWallet | null>((sub) => {
        let off = () => {}
        ui.connectionRestored.then(
          () => {
            if (sub.closed) return
            sub.next(walletOf(ui.wallet))
            off = ui.onStatusChange((w) => sub.next(walletOf(w)))
          },
          () => sub.next(null),
        )
        return () => off()
      }),

    connect: (only?: string, proofPayload?: string) =>
      new Observable<ConnectAnswer>((sub) => {
        // One wallet asked directly (its own dialog, no list), where TonConnect UI offers it.
        const single =
          only !== undefined &&
          ui.openSingleWalletModal !== undefined &&
          ui.onSingleWalletModalStateChange !== undefined
        const modalClosed = () =>
          single ? ui.singleWalletModalState?.status !== 'opened' : ui.modalState.status === 'closed'
        let done = false
        const offs: (() => void)[] = []
        // A proof is asked of this connection only: the next one asks again or not at all.
        const forget = () => {
          if (proofPayload !== undefined) ui.setConnectRequestParameters(null)
        }
        const finish = (answer: ConnectAnswer) => {
          if (done) return
          done = true
          offs.forEach((off) => off())
          forget()
          sub.next(answer)
          sub.complete()
        }
        const open = () => {
          if (done || sub.closed) return
          ui.uiOptions = look()
          if (proofPayload !== undefined)
            ui.setConnectRequestParameters({ state: 'ready', value: { tonProof: proofPayload } })
          offs.push(
            ui.onStatusChange(
              (w) => {
                const wallet = walletOf(w)
                if (wallet) finish({ outcome: 'connected', wallet })
              },
              // The wallet declined: the list stays open to try again, unless it has closed.
              (e) => (isRefusal(e) ? modalClosed() && finish({ outcome: 'rejected' }) : finish(failed(e))),
            ),
            (single ? ui.onSingleWalletModalStateChange!.bind(ui) : ui.onModalStateChange.bind(ui))((state) => {
              if (state.status === 'closed' && state.closeReason === 'action-cancelled') finish({ outcome: 'rejected' })
            }),
          )
          ;(single ? ui.openSingleWalletModal!(only) : ui.openModal()).catch((e: unknown) => finish(failed(e)))
        }
        ui.connectionRestored.then(
          () => {
            if (done || sub.closed) return
            const connected = walletOf(ui.wallet)
            if (connected && proofPayload === undefined) return finish({ outcome: 'connected', wallet: connected })
            // A ton_proof comes with a connection only: a wallet connected before is connected again.
            if (connected) return void ui.disconnect().then(open, (e: unknown) => finish(failed(e)))
            open()
          },
          (e: unknown) => finish(failed(e)),
        )
        return () => {
          if (done) return
          done = true
          offs.forEach((off) => off())
          forget()
          if (single && ui.singleWalletModalState?.status === 'opened') ui.closeSingleWalletModal?.()
          else if (ui.modalState.status === 'opened') ui.closeModal()
        }
      }),

    send: (transaction: TonConnectTransaction) =>
      defer(async (): Promise<SendAnswer> => {
        await ui.connectionRestored
        if (!ui.wallet) return { outcome: 'failed', reason: 'no wallet is connected' }
        ui.uiOptions = look()
        try {
          // Only the fields TonConnect takes: it refuses a request with any other.
          const { boc } = await ui.sendTransaction({
            validUntil: transaction.validUntil,
            messages: transaction.messages.map((m) =>
              m.payload === undefined
                ? { address: m.address, amount: m.amount }
                : { address: m.address, amount: m.amount, payload: m.payload },
            ),
          })
          return { outcome: 'sent', boc }
        } catch (e) {
          return isRefusal(e) ? { outcome: 'rejected' } : failed(e)
        }
      }),

    disconnect: () =>
      defer(async () => {
        await ui.connectionRestored
        if (ui.wallet) await ui.disconnect()
      }),
  }
}

/** One TonConnectUI per page: it owns the page's connection and dialogs. */
let instance: TonConnectUI | null = null

/** The bridge for the page (what lazyTonConnect loads). */
export function openTonConnect(config: TonConnectConfig): TonConnectBridge {
  instance ??= new TonConnectUI({
    connector: new TonConnect({
      manifestUrl: config.manifestUrl,
      walletsListSource: config.walletsListUrl,
      analytics: { mode: 'off' },
    }),
    ...(config.widgetRootId === undefined ? {} : { widgetRootId: config.widgetRootId }),
    ...pageLook(),
  })
  return bridgeOver(instance)
}
