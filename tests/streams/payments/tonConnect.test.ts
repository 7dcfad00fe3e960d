/**
 * The TonConnect bridge (streams/payments): loaded on first use only, once, and again after a
 * chunk that failed to load; over TonConnectUI (a stand-in here; the real one in the browser test
 * tests/e2e/tonconnect.test.ts) it answers connect and send with one plain answer each: connected
 * (user-friendly address), sent (the BOC), rejected (declined in the wallet, or TonConnect's dialog
 * closed), failed (why). Unsubscribing closes the wallets list.
 */
import { describe, expect, it } from 'vitest'
import { firstValueFrom, lastValueFrom, take, toArray } from 'rxjs'
import { Address } from '@ton/core'
import { THEME, TonConnectUIError, UserRejectsError, type WalletsModalState } from '@tonconnect/ui-react'
import { type TonConnectBridge, lazyTonConnect, tonConnectConfig } from '../../../streams/payments/tonConnect'
import { type TonConnectUiLike, bridgeOver } from '../../../streams/payments/tonConnectUi'
import { fakeTonConnect } from './fakeTonConnect'

const RAW = `0:${'ab'.repeat(32)}`
const FRIENDLY = new Address(0, Buffer.alloc(32, 0xab)).toString({ bounceable: false, urlSafe: true })
const WALLET = {
  account: { address: RAW, chain: '-239', walletStateInit: '', publicKey: '' },
  device: { appName: 'switchDemoWallet', appVersion: '1', maxProtocolVersion: 2, platform: 'browser', features: [] },
  provider: 'injected',
  name: 'Demo wallet',
  appName: 'switchDemoWallet',
}
const TX = {
  validUntil: 1_900_000_000,
  messages: [{ address: FRIENDLY, amount: '1500000000', payload: 'te6cckEBAQEAAgAAAEysuc0=' }],
} as Parameters<TonConnectBridge['send']>[0]

/** A TonConnectUI stand-in the test drives: a wallet that connects, a list that closes, errors. */
function fakeUi(o: { wallet?: typeof WALLET | null; send?: () => Promise<{ boc: string }> } = {}) {
  const statusListeners = new Set<(w: unknown) => void>()
  const errorListeners = new Set<(e: unknown) => void>()
  const modalListeners = new Set<(s: WalletsModalState) => void>()
  const ui = {
    log: [] as string[],
    options: [] as unknown[],
    sentRequests: [] as unknown[],
    connectionRestored: Promise.resolve(true),
    wallet: (o.wallet ?? null) as typeof WALLET | null,
    modalState: { status: 'closed', closeReason: null } as WalletsModalState,
    set uiOptions(v: unknown) {
      ui.options.push(v)
    },
    onStatusChange(cb: (w: unknown) => void, errors?: (e: unknown) => void) {
      statusListeners.add(cb)
      if (errors) errorListeners.add(errors)
      return () => {
        statusListeners.delete(cb)
        if (errors) errorListeners.delete(errors)
      }
    },
    onModalStateChange(cb: (s: WalletsModalState) => void) {
      modalListeners.add(cb)
      return () => modalListeners.delete(cb)
    },
    async openModal() {
      ui.log.push('openModal')
      ui.setModal({ status: 'opened', closeReason: null })
    },
    closeModal() {
      ui.log.push('closeModal')
      ui.setModal({ status: 'closed', closeReason: 'action-cancelled' })
    },
    setModal(s: WalletsModalState) {
      ui.modalState = s
      modalListeners.forEach((l) => l(s))
    },
    connectWallet(w: typeof WALLET | null) {
      ui.wallet = w
      statusListeners.forEach((l) => l(w))
    },
    fail(e: unknown) {
      errorListeners.forEach((l) => l(e))
    },
    sendTransaction(request: unknown) {
      ui.sentRequests.push(request)
      return o.send ? o.send() : Promise.resolve({ boc: 'te6-sent' })
    },
    async disconnect() {
      ui.log.push('disconnect')
      ui.connectWallet(null)
    },
    requestParameters: [] as unknown[],
    setConnectRequestParameters(p: unknown) {
      ui.requestParameters.push(p)
    },
    listeners: () => statusListeners.size + modalListeners.size,
  }
  return ui
}
const LOOK = { language: 'ru' as const, uiPreferences: { theme: THEME.DARK } }
const over = (ui: ReturnType<typeof fakeUi>) => bridgeOver(ui as unknown as TonConnectUiLike, () => LOOK)
const tick = () => new Promise((r) => setTimeout(r, 0))

describe('connect', () => {
  it('answers a wallet already connected at once, without opening the list', async () => {
    const ui = fakeUi({ wallet: WALLET })
    expect(await firstValueFrom(over(ui).connect())).toEqual({
      outcome: 'connected',
      wallet: { address: FRIENDLY, name: 'Demo wallet', appName: 'switchDemoWallet' },
    })
    expect(ui.log).toEqual([])
  })

  it('opens the list in the page language and theme, and answers the wallet the user connects', async () => {
    const ui = fakeUi()
    const answer = firstValueFrom(over(ui).connect())
    await tick()
    expect(ui.log).toEqual(['openModal'])
    expect(ui.options).toEqual([LOOK])
    ui.setModal({ status: 'closed', closeReason: 'wallet-selected' })
    ui.connectWallet(WALLET)
    expect(await answer).toEqual({
      outcome: 'connected',
      wallet: { address: FRIENDLY, name: 'Demo wallet', appName: 'switchDemoWallet' },
    })
    expect(ui.listeners()).toBe(0)
  })

  it('answers rejected when the user closes the list, also after declining in the wallet', async () => {
    const ui = fakeUi()
    const answer = lastValueFrom(over(ui).connect().pipe(toArray()))
    await tick()
    // Declined in the wallet while the list is open: the user may pick again.
    ui.fail(new UserRejectsError())
    await tick()
    ui.setModal({ status: 'closed', closeReason: 'action-cancelled' })
    expect(await answer).toEqual([{ outcome: 'rejected' }])
    // Declined after the list closed on the wallet chosen: nothing more to wait for.
    const ui2 = fakeUi()
    const answer2 = firstValueFrom(over(ui2).connect())
    await tick()
    ui2.setModal({ status: 'closed', closeReason: 'wallet-selected' })
    ui2.fail(new UserRejectsError())
    expect(await answer2).toEqual({ outcome: 'rejected' })
  })

  it('answers failed with the reason for any other error', async () => {
    const ui = fakeUi()
    const answer = firstValueFrom(over(ui).connect())
    await tick()
    ui.fail(new Error('Wallet connected to a wrong network'))
    expect(await answer).toEqual({ outcome: 'failed', reason: 'Wallet connected to a wrong network' })
  })

  it("asks the wallet for a ton_proof of the server's payload with this connection only, and answers the proof with the account's state init", async () => {
    const ui = fakeUi()
    const answer = firstValueFrom(over(ui).connect(undefined, 'ab'.repeat(32)))
    await tick()
    expect(ui.requestParameters).toEqual([{ state: 'ready', value: { tonProof: 'ab'.repeat(32) } }])
    const proof = {
      timestamp: 1_763_800_000,
      domain: { lengthBytes: 9, value: '127.0.0.1' },
      payload: 'ab'.repeat(32),
      signature: 'c2ln',
    }
    ui.connectWallet({
      ...WALLET,
      account: { ...WALLET.account, walletStateInit: 'te6init' },
      connectItems: { tonProof: { name: 'ton_proof', proof } },
    } as never)
    expect(await answer).toEqual({
      outcome: 'connected',
      wallet: {
        address: FRIENDLY,
        name: 'Demo wallet',
        appName: 'switchDemoWallet',
        proof: { ...proof, stateInit: 'te6init' },
      },
    })
    // the next connection asks for no proof with a stale payload
    expect(ui.requestParameters.at(-1)).toBeNull()
  })

  it('a proof comes with a new connection only: a wallet connected already is disconnected and connected again; a wallet that refuses the proof answers none', async () => {
    const ui = fakeUi({ wallet: WALLET })
    const answer = firstValueFrom(over(ui).connect(undefined, 'cd'.repeat(32)))
    await tick()
    expect(ui.log).toEqual(['disconnect', 'openModal'])
    ui.connectWallet({
      ...WALLET,
      connectItems: { tonProof: { name: 'ton_proof', error: { code: 400, message: 'Method is not supported' } } },
    } as never)
    expect(await answer).toEqual({
      outcome: 'connected',
      wallet: { address: FRIENDLY, name: 'Demo wallet', appName: 'switchDemoWallet' },
    })
    // no proof asked: the connected wallet answers at once, and no request parameters are touched
    const again = fakeUi({ wallet: WALLET })
    expect(await firstValueFrom(over(again).connect())).toMatchObject({ outcome: 'connected' })
    expect(again.requestParameters).toEqual([])
    expect(again.log).toEqual([])
  })

  it('closes the list and stops listening when unsubscribed', async () => {
    const ui = fakeUi()
    const sub = over(ui).connect().subscribe()
    await tick()
    sub.unsubscribe()
    expect(ui.log).toEqual(['openModal', 'closeModal'])
    expect(ui.listeners()).toBe(0)
  })
})

describe('send', () => {
  it('sends only the fields TonConnect takes and answers the BOC', async () => {
    const ui = fakeUi({ wallet: WALLET })
    const extra = { ...TX, messages: [{ ...TX.messages[0], note: 'x' }], network: '-239' } as unknown as typeof TX
    expect(await firstValueFrom(over(ui).send(extra))).toEqual({ outcome: 'sent', boc: 'te6-sent' })
    expect(ui.sentRequests).toEqual([
      {
        validUntil: TX.validUntil,
        messages: [{ address: FRIENDLY, amount: '1500000000', payload: 'te6cckEBAQEAAgAAAEysuc0=' }],
      },
    ])
    expect(ui.options).toEqual([LOOK])
  })

  it('answers rejected when the wallet declines or TonConnect dialog is closed, failed otherwise', async () => {
    const answer = (send: () => Promise<{ boc: string }>) =>
      firstValueFrom(over(fakeUi({ wallet: WALLET, send })).send(TX))
    expect(await answer(() => Promise.reject(new UserRejectsError()))).toEqual({ outcome: 'rejected' })
    expect(await answer(() => Promise.reject(new TonConnectUIError('Transaction was not sent')))).toEqual({
      outcome: 'rejected',
    })
    expect(await answer(() => Promise.reject(new Error('SendTransactionRequest validation failed')))).toEqual({
      outcome: 'failed',
      reason: 'SendTransactionRequest validation failed',
    })
    const none = fakeUi()
    expect(await firstValueFrom(over(none).send(TX))).toEqual({ outcome: 'failed', reason: 'no wallet is connected' })
    expect(none.sentRequests).toEqual([])
  })
})

describe('the connected wallet', () => {
  it('is told once the connection is restored, then on every change; disconnect forgets it', async () => {
    const ui = fakeUi({ wallet: WALLET })
    const bridge = over(ui)
    const seen = lastValueFrom(bridge.wallet().pipe(take(2), toArray()))
    await tick()
    await firstValueFrom(bridge.disconnect(), { defaultValue: undefined })
    expect(await seen).toEqual([{ address: FRIENDLY, name: 'Demo wallet', appName: 'switchDemoWallet' }, null])
    expect(ui.log).toEqual(['disconnect'])
  })
})

describe('loading lazily', () => {
  it('loads nothing until used, then once; a chunk that failed is a failed answer and is loaded again next time', async () => {
    let loads = 0
    let fail = true
    const inner = fakeTonConnect()
    const bridge = lazyTonConnect(tonConnectConfig('http://127.0.0.1:8080/'), async () => {
      loads++
      if (fail) throw new Error('Failed to fetch dynamically imported module')
      return {
        openTonConnect: (config) => (
          expect(config).toEqual({
            manifestUrl: 'http://127.0.0.1:8080/tonconnect-manifest.json',
            walletsListUrl: 'http://127.0.0.1:8080/tonconnect-wallets.json',
          }),
          inner
        ),
      }
    })
    expect(loads).toBe(0)
    expect(await firstValueFrom(bridge.connect())).toEqual({
      outcome: 'failed',
      reason: 'TonConnect did not load: Failed to fetch dynamically imported module',
    })
    expect(await firstValueFrom(bridge.wallet())).toBeNull()
    expect(loads).toBe(2)
    fail = false
    expect(await firstValueFrom(bridge.connect())).toMatchObject({ outcome: 'connected' })
    expect(await firstValueFrom(bridge.send(TX))).toMatchObject({ outcome: 'sent' })
    expect(loads).toBe(3)
    expect(inner.calls).toEqual(['connect', 'send'])
    expect(inner.sent).toEqual([TX])
  })
})
