/**
 * poh.16 in the TonConnect bridge: connect(only) asks that one wallet directly (TonConnect UI's
 * single-wallet dialog, no list); cancelled is rejected, unsubscribed closes it; without `only`,
 * the list as before.
 */
import { describe, expect, it } from 'vitest'
import { firstValueFrom } from 'rxjs'
import type { WalletsModalState } from '@tonconnect/ui-react'
import { type TonConnectUiLike, bridgeOver } from '../../../streams/payments/tonConnectUi'

const RAW = `0:${'ab'.repeat(32)}`
const WALLET = {
  account: { address: RAW, chain: '-239', walletStateInit: '', publicKey: '' },
  device: { appName: 'switchDemoWallet', appVersion: '1', maxProtocolVersion: 2, platform: 'browser', features: [] },
  provider: 'injected',
  name: 'Demo wallet',
  appName: 'switchDemoWallet',
}
const tick = () => new Promise((r) => setTimeout(r, 0))

function standIn() {
  const status = new Set<(w: unknown) => void>()
  const single = new Set<(s: WalletsModalState) => void>()
  const ui = {
    log: [] as string[],
    connectionRestored: Promise.resolve(true),
    wallet: null as typeof WALLET | null,
    modalState: { status: 'closed', closeReason: null } as WalletsModalState,
    singleWalletModalState: { status: 'closed', closeReason: null } as WalletsModalState,
    uiOptions: {},
    onStatusChange(cb: (w: unknown) => void) {
      status.add(cb)
      return () => status.delete(cb)
    },
    onModalStateChange: () => () => {},
    async openModal() {
      ui.log.push('openModal')
    },
    closeModal: () => ui.log.push('closeModal'),
    async openSingleWalletModal(wallet: string) {
      ui.log.push(`openSingleWalletModal:${wallet}`)
      ui.setSingle({ status: 'opened', closeReason: null })
    },
    closeSingleWalletModal() {
      ui.log.push('closeSingleWalletModal')
      ui.setSingle({ status: 'closed', closeReason: 'action-cancelled' })
    },
    onSingleWalletModalStateChange(cb: (s: WalletsModalState) => void) {
      single.add(cb)
      return () => single.delete(cb)
    },
    setSingle(s: WalletsModalState) {
      ui.singleWalletModalState = s
      single.forEach((l) => l(s))
    },
    connect(w: typeof WALLET) {
      ui.wallet = w
      status.forEach((l) => l(w))
    },
    listeners: () => status.size + single.size,
  }
  return ui
}
const over = (ui: ReturnType<typeof standIn>) => bridgeOver(ui as unknown as TonConnectUiLike, () => ({}))

describe('connecting one specific wallet', () => {
  it("[poh.16] opens that wallet's own dialog, not the list, and answers it once connected", async () => {
    const ui = standIn()
    const answer = firstValueFrom(over(ui).connect('switchDemoWallet'))
    await tick()
    expect(ui.log).toEqual(['openSingleWalletModal:switchDemoWallet'])
    ui.setSingle({ status: 'closed', closeReason: 'wallet-selected' })
    ui.connect(WALLET)
    expect(await answer).toMatchObject({ outcome: 'connected', wallet: { appName: 'switchDemoWallet' } })
    expect(ui.listeners()).toBe(0)
  })

  it('cancelled is rejected; unsubscribing closes the dialog; without a wallet named, the list', async () => {
    const ui = standIn()
    const answer = firstValueFrom(over(ui).connect('switchDemoWallet'))
    await tick()
    ui.setSingle({ status: 'closed', closeReason: 'action-cancelled' })
    expect(await answer).toEqual({ outcome: 'rejected' })
    const ui2 = standIn()
    const sub = over(ui2).connect('switchDemoWallet').subscribe()
    await tick()
    sub.unsubscribe()
    expect(ui2.log).toEqual(['openSingleWalletModal:switchDemoWallet', 'closeSingleWalletModal'])
    const ui3 = standIn()
    over(ui3).connect().subscribe()
    await tick()
    expect(ui3.log).toEqual(['openModal'])
  })
})
