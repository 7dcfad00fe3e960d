/**
 * What the swap screens share: their texts (a bundle of their own, loaded with the screens), the
 * view of state they read, and the gas and price-impact lines of /swap and /confirmSwap.
 */
import en from '../../locales/swap/en.json'
import ru from '../../locales/swap/ru.json'
import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { Balance } from '../../domain/api/codecs/wallet'
import { CHAIN_LABELS, type ChainId } from '../../domain/app/chains'
import { fromUnits } from '../../domain/money'
import type { SwapQuote } from '../../domain/swap/events'
import { EVM_NATIVE, TON_GAS_LOW, TON_GAS_MIN, TON_NATIVE, type TonProvider } from '../../domain/swap/rules'
import { heldOf, swapView } from '../../domain/swap/selectors'
import { useAppState, useDispatch } from '../ui/store'
import { addTranslations } from '../i18n'
import { TokenIcon } from '../ui/TokenIcon'
import { Cell } from '../ui/kit'
import { FITS, type Format, PLACES, useFormat } from '../ui/useFormat'
import { selectSwap, selectSwapBalances } from './selectors'

addTranslations('swap', { en, ru })

/** An amount in a token's smallest units, shown as a transaction amount (wallet.17: 8 decimals). */
export const printed = (format: Format, units: string, decimals: number, maxChars?: number) =>
  format.amount(fromUnits(units, decimals), PLACES.transaction, maxChars)

/** The TON network fee's range by provider (swap.23): '0.08-0.22', '0,08-0,3'. */
export const tonGasText = (format: Format, provider: TonProvider) =>
  `${format.amount(TON_GAS_LOW, PLACES.transaction)}-${format.amount(TON_GAS_MIN[provider], PLACES.transaction)}`

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
 * native coin the wallet holds (tokensAmount) beside it. Always with the coin's icon, so it takes
 * the place of the loading row exactly.
 */
export function GasCell({ quote, balances }: { quote: SwapQuote; balances: readonly Balance[] | null }) {
  const { t } = useTranslation()
  const format = useFormat()
  const native = (chainId: ChainId) =>
    format.amount(
      heldOf(balances, { chainId, address: chainId === 'TON' ? TON_NATIVE : EVM_NATIVE }),
      PLACES.listBalance,
      FITS.inline,
    )
  if (quote.provider !== null) {
    const ton = balances?.find((b) => b.chainId === 'TON' && b.address === TON_NATIVE)
    return (
      <Cell
        compact
        before={<TokenIcon src={ton?.logoURI} symbol="TON" size={24} network="TON" />}
        title={t('swap.gas')}
        subtitle={t('swap.gas-held', { amount: native('TON'), symbol: 'TON' })}
        after={`${tonGasText(format, quote.provider)} TON`}
      />
    )
  }
  const gas = quote.gases[0]
  if (!gas) return null
  return (
    <Cell
      compact
      before={<TokenIcon src={gas.logoURI} symbol={gas.symbol} size={24} network={gas.chainId} />}
      title={t('swap.gas')}
      subtitle={`${CHAIN_LABELS[String(gas.chainId)]} · ${t('swap.gas-held', { amount: native(gas.chainId), symbol: gas.symbol })}`}
      after={`${format.amount(gas.printAmount, PLACES.transaction, FITS.inline)} ${gas.symbol}`}
      afterSubtitle={gas.amountUSD !== undefined ? format.usd(gas.amountUSD) : undefined}
    />
  )
}

export function ImpactValue({ percent, status }: { percent: number; status: string }) {
  const format = useFormat()
  return (
    <span className={`impact impact--${status}`} data-status={status}>
      {format.fixed(percent, 2)} %
    </span>
  )
}
