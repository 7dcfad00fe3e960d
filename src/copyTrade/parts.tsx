/**
 * What the copy-trading screens share: their texts (a bundle of their own, loaded with the
 * screens), the slice they read, the ETH figure, and the network and token badges.
 */
import en from '../../locales/copyTrade/en.json'
import ru from '../../locales/copyTrade/ru.json'
import type { ChainId } from '../../domain/app/chains'
import type { RootState } from '../../domain/state'
import { addTranslations } from '../i18n'
import { TokenIcon, networkLogoURI } from '../ui/TokenIcon'
import { SkeletonCell } from '../ui/kit'
import { type Format, PLACES } from '../ui/useFormat'

addTranslations('copyTrade', { en, ru })

export const selectCopyTrade = (s: RootState) => s.copyTrade

/**
 * A deposit's worth in ETH, 4 decimals (copyTrade.63): the server's exact decimal string (a number
 * from older servers).
 */
export const ethAmount = (format: Format, v: string | number, maxChars?: number) =>
  `${format.amount(typeof v === 'number' ? v.toFixed(6) : v, PLACES.listBalance, maxChars)} ETH`

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

export function LoadingList({ rows = 3 }: { rows?: number }) {
  return (
    <div className="section__body" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <SkeletonCell key={i} />
      ))}
    </div>
  )
}
