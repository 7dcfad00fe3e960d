import { useTranslation } from 'react-i18next'
import type { ChainId } from '../../domain/app/chains'
import { isTonChain } from '../../domain/swap/rules'
import { useAppState } from '../ui/store'
import { TokenPicker } from '../picker/TokenPicker'
import './texts'
import { selectSwap } from './selectors'

const EVM_NETWORKS: readonly ChainId[] = [1, 10, 42161, 8453, 324]

/** /selectNetwork/to: only tokens that pair with the from side (swap.35-36). */
export function SelectTo() {
  const { t } = useTranslation()
  const from = useAppState(selectSwap).from
  const networks = from === null ? undefined : isTonChain(from) ? (['TON'] as const) : EVM_NETWORKS
  return (
    <>
      <h1 className="title">{t('swap.pick-to')}</h1>
      {from && (
        <p className="hint">{t(isTonChain(from) ? 'swap.pairs-ton' : 'swap.pairs-evm', { symbol: from.symbol })}</p>
      )}
      <TokenPicker purpose="swapTo" networks={networks} initialChain={from === null ? null : from.chainId} />
    </>
  )
}
