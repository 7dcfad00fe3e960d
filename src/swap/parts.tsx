/**
 * What the swap screens share: their texts (a bundle of their own, loaded with the screens), the
 * view of state they read, and the gas and price-impact lines of /swap and /confirmSwap.
 */
import en from '../../locales/swap/en.json'
import ru from '../../locales/swap/ru.json'
import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { Balance } from '../../domain/api/codecs/wallet'
import { CHAIN_LABELS, type ChainId } from '../../domain/app/rules'
import { formatDecimal, formatUsd, fromUnits } from '../../domain/money'
import type { SwapQuote } from '../../domain/swap/events'
import { EVM_NATIVE, TON_NATIVE, tonGasRange } from '../../domain/swap/rules'
import { heldOf, swapView } from '../../domain/swap/view'
import { LIST_BALANCE_DECIMALS } from '../../domain/wallet/rules'
import { useAppState, useDispatch } from '../app/store'
import { addTranslations } from '../i18n'
import { TokenIcon } from '../ui/TokenIcon'
import { Cell } from '../ui/kit'
import { selectSwap, selectSwapBalances } from './selectors'

addTranslations('swap', { en, ru })

export const AMOUNT_DECIMALS = 6

/** An amount in a token's smallest units, printed to 6 decimals. */
export const printed = (units: string, decimals: number, places = AMOUNT_DECIMALS) => formatDecimal(fromUnits(units, decimals), places)

export function useSwapView() {
  const swap = useAppState(selectSwap)
  const balances = useAppState(selectSwapBalances)
  const view = useMemo(() => swapView(swap, balances), [swap, balances])
  return { swap, balances, view }
}

/** Balances feed Max and the checks: load them if the swap was opened before the home screen. */
export function useBalances(loaded: boolean) {
  const dispatch = useDispatch()
  useEffect(() => {
    if (!loaded) dispatch({ type: 'wallet/refreshRequested', payload: {} })
  }, [dispatch, loaded])
}

/**
 * The gas line (swap.18, swap.25): the TON range by provider, or the printed fee with its USD; the
 * native coin the wallet holds (tokensAmount) beside it.
 */
export function GasCell({ quote, balances }: { quote: SwapQuote; balances: readonly Balance[] | null }) {
  const { t } = useTranslation()
  const native = (chainId: ChainId) => formatDecimal(heldOf(balances, { chainId, address: chainId === 'TON' ? TON_NATIVE : EVM_NATIVE }), LIST_BALANCE_DECIMALS)
  if (quote.provider !== null)
    return <Cell compact title={t('swap.gas')} subtitle={t('swap.gas-held', { amount: native('TON'), symbol: 'TON' })} after={`${tonGasRange(quote.provider)} TON`} />
  const gas = quote.gases[0]
  if (!gas) return null
  return (
    <Cell
      compact
      before={gas.logoURI ? <TokenIcon src={gas.logoURI} symbol={gas.symbol} size={24} network={gas.chainId} /> : undefined}
      title={t('swap.gas')}
      subtitle={`${CHAIN_LABELS[String(gas.chainId)]} · ${t('swap.gas-held', { amount: native(gas.chainId), symbol: gas.symbol })}`}
      after={`${gas.printAmount} ${gas.symbol}`}
      afterSubtitle={gas.amountUSD !== undefined ? formatUsd(gas.amountUSD) : undefined}
    />
  )
}

export function ImpactValue({ percent, status }: { percent: number; status: string }) {
  return <span className={`impact impact--${status}`} data-status={status}>{percent.toFixed(2)} %</span>
}
