/** How events change the copyTrade slice (its shape and initial state: ./state.ts). */
import { parseLocation, queryParam } from '../app/routes'
import type { Handlers } from '../slice'
import { parseWalletIndex } from '../wallet/rules'
import { DEFAULT_ANTE_PERCENT, DEFAULT_DEPOSIT, canStart, isTraderAddress, maxDeposit, sanitizeUsd } from './rules'
import { type CopyTradeState, depositAssets, availableUsd } from './state'

const loadTrades = (d: CopyTradeState) => {
  d.tradesLoading = true
  d.tradesError = null
}

export const copyTradeHandlers: Handlers<CopyTradeState> = {
  'app/launched': (d, e) => {
    const index = parseWalletIndex(queryParam(parseLocation(e.payload.location).search, 'selectedWalletIndex'))
    if (index !== null) d.accountIndex = index
  },
  'wallet/walletSelected': (d, e) => {
    if (d.accountIndex === e.payload.accountIndex) return
    d.accountIndex = e.payload.accountIndex
    d.trades = null
    d.tokens = []
    d.swaps = {}
    d.assets = null
    d.asset = null
  },
  'copyTrade/entered': loadTrades,
  'copyTrade/archiveEntered': loadTrades,
  'copyTrade/tradesReceived': (d, e) => {
    if (e.payload.accountIndex !== d.accountIndex) return
    d.trades = [...e.payload.copyTrades]
    d.tokens = [...e.payload.tokens]
    d.tradesLoading = false
  },
  'copyTrade/tradesFailed': (d, e) => {
    if (e.payload.accountIndex !== d.accountIndex) return
    d.tradesLoading = false
    d.tradesError = e.payload.error
  },
  'copyTrade/addressChanged': (d, e) => {
    d.traderAddress = e.payload.value.trim()
    d.addressInvalid = false
  },
  'copyTrade/addressSubmitted': (d) => {
    d.addressInvalid = !isTraderAddress(d.traderAddress)
  },
  'copyTrade/networkChosen': (d, e) => {
    d.chainId = e.payload.chainId
    d.assets = { chainId: e.payload.chainId, data: null, loading: true, error: null }
    d.asset = null
  },
  'copyTrade/assetsReceived': (d, e) => {
    if (!d.assets || d.assets.chainId !== e.payload.chainId || e.payload.accountIndex !== d.accountIndex) return
    d.assets = { chainId: e.payload.chainId, data: depositAssets(e.payload.assets), loading: false, error: null }
  },
  'copyTrade/assetsFailed': (d, e) => {
    if (!d.assets || d.assets.chainId !== e.payload.chainId) return
    d.assets = { ...d.assets, loading: false, error: e.payload.error }
  },
  'copyTrade/assetChosen': (d, e) => {
    d.asset = { ...e.payload.asset }
    d.deposit = DEFAULT_DEPOSIT
    d.antePercent = DEFAULT_ANTE_PERCENT
    d.submitError = null
    d.idempotencyKey = null
  },
  'copyTrade/depositChanged': (d, e) => {
    d.deposit = sanitizeUsd(e.payload.value)
    d.submitError = null
  },
  'copyTrade/maxPressed': (d) => {
    d.deposit = maxDeposit(availableUsd(d))
    d.submitError = null
  },
  'copyTrade/anteChanged': (d, e) => {
    d.antePercent = Math.max(0, Math.min(100, Math.round(e.payload.percent / 10) * 10))
  },
  'copyTrade/startRequested': (d) => {
    // copyTrade.30: a failing submission is ignored; a passing one is sent once (exhaustMap).
    if (d.submitting || !d.asset || !canStart(d.deposit, d.antePercent, availableUsd(d))) return
    d.submitting = true
    d.submitError = null
  },
  'copyTrade/startSent': (d, e) => {
    d.idempotencyKey = e.payload.idempotencyKey
  },
  'copyTrade/started': (d, e) => {
    d.submitting = false
    d.started = e.payload.trade
    d.trades = [e.payload.trade, ...(d.trades ?? []).filter((t) => t._id !== e.payload.trade._id)]
    d.traderAddress = ''
    d.idempotencyKey = null
  },
  'copyTrade/startFailed': (d, e) => {
    d.submitting = false
    d.submitError = e.payload.error
  },
  'copyTrade/tradeOpened': (d, e) => {
    d.swaps[e.payload.id] = { data: d.swaps[e.payload.id]?.data ?? null, loading: true, error: null }
    d.stopError = null
  },
  'copyTrade/swapsReceived': (d, e) => {
    d.swaps[e.payload.id] = { data: [...e.payload.swaps], loading: false, error: null }
  },
  'copyTrade/swapsFailed': (d, e) => {
    d.swaps[e.payload.id] = { data: d.swaps[e.payload.id]?.data ?? null, loading: false, error: e.payload.error }
  },
  'copyTrade/stopRequested': (d) => {
    d.stopError = null
  },
  // Stopping ends the trade: only a confirmed stop is sent, and shows progress.
  'copyTrade/stopConfirmed': (d, e) => {
    if (d.stopping !== null) return
    d.stopping = e.payload.id
  },
  'copyTrade/stopped': (d, e) => {
    d.stopping = null
    // copyTrade.58: the trade gets its deactivation time (the event's) and moves to the history.
    // A new object: the old one may be an event's payload, which is never written to.
    const at = new Date(e.at).toISOString()
    if (d.trades)
      d.trades = d.trades.map((t) =>
        t._id === e.payload.id && t.dttmDeactivated === undefined ? { ...t, dttmDeactivated: at } : t,
      )
  },
  'copyTrade/stopFailed': (d, e) => {
    d.stopping = null
    d.stopError = e.payload.error
  },
}
