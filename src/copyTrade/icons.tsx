/** The network and token badges of the copy-trading screens. */
import type { ChainId } from '../../domain/app/chains'
import { TokenIcon, networkLogoURI } from '../ui/TokenIcon'

/** A network's real mark (served by our server) on a round plate; the row names the network. */
export function NetworkIcon({ chainId, size = 40 }: { chainId: number | string; size?: number }) {
  return <img className="network-icon" src={networkLogoURI(chainId as ChainId)} alt="" width={size} height={size} />
}

/** A token logo with its chain as a small badge (copyTrade.47). */
export function TokenWithChain({
  logoURI,
  symbol,
  chainId,
}: {
  logoURI?: string
  symbol: string
  chainId: number | string
}) {
  return <TokenIcon src={logoURI} symbol={symbol} network={chainId as ChainId} />
}
