/**
 * A copy trade survives a reload (domain/app/journey.ts) with the trader, the network, the asset,
 * the deposit and the share per trade; the network's assets are asked again (streams/copyTrade
 * assetsEpic), as when it was chosen. A start without an answer brings nothing; the success screen
 * ends the journey.
 */
import type { Balance } from '../wallet/codecs'
import type { ChainId } from '../app/chains'
import type { Journey } from '../slice'
import { DEFAULT_ANTE_PERCENT, DEFAULT_DEPOSIT } from './state'
import type { CopyTradeState } from './state'

export interface CopyTradeDraft {
  traderAddress: string
  chainId: ChainId | null
  asset: Balance | null
  deposit: string
  antePercent: number
}

/** A copy trade's start sent, its answer not come. */
export const copyTradeInFlight = (s: CopyTradeState) => s.submitting

export const copyTradeJourney: Journey<CopyTradeState, CopyTradeDraft> = {
  screens: ['/copyTrade', '/trade'],
  ended: (_s, path) => path === '/copyTrade/traderSuccessfully',
  writeInFlight: copyTradeInFlight,
  pick: (s) => ({
    traderAddress: s.traderAddress,
    chainId: s.chainId,
    asset: s.asset,
    deposit: s.deposit,
    antePercent: s.antePercent,
  }),
  restore: (d, draft, route) => {
    d.accountIndex = route.accountIndex
    if (draft === undefined) return
    d.traderAddress = draft.traderAddress
    d.chainId = draft.chainId
    d.asset = draft.asset === null ? null : { ...draft.asset }
    d.deposit = draft.deposit ?? DEFAULT_DEPOSIT
    d.antePercent = draft.antePercent ?? DEFAULT_ANTE_PERCENT
    d.assets = draft.chainId === null ? null : { chainId: draft.chainId, data: null, loading: true, error: null }
  },
}
