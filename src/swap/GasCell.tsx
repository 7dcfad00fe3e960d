/** The gas line of /swap and /confirmSwap. */
import { useTranslation } from 'react-i18next'
import type { Balance } from '../../domain/wallet/codecs'
import { CHAIN_LABELS, type ChainId } from '../../domain/app/chains'
import type { SwapQuote } from '../../domain/swap/events'
import { EVM_NATIVE, TON_NATIVE } from '../../domain/swap/rules'
import { heldOf } from '../../domain/swap/selectors'
import { TokenIcon } from '../ui/TokenIcon'
import { Cell } from '../ui/kit'
import { FITS, PLACES, useFormat } from '../ui/useFormat'
import { tonGasText } from './format'

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
