/**
 * What the copy-trading screens share: their texts (a bundle of their own, loaded with the
 * screens), the slice they read, money formats, and the network and token badges.
 */
import en from '../../locales/copyTrade/en.json'
import ru from '../../locales/copyTrade/ru.json'
import { CHAIN_LABELS, type ChainId } from '../../domain/app/rules'
import { TOKEN_DECIMALS } from '../../domain/copyTrade/rules'
import { formatDecimal, formatUsd } from '../../domain/money'
import type { RootState } from '../../domain/state'
import { addTranslations } from '../i18n'
import { TokenIcon } from '../ui/TokenIcon'
import { SkeletonCell } from '../ui/kit'

addTranslations('copyTrade', { en, ru })

export const selectCopyTrade = (s: RootState) => s.copyTrade

export const usd = (n: number) => formatUsd(n)
/** A deposit's worth in ETH: the server's exact decimal string (a number from older servers). */
export const eth = (v: string | number) => `${formatDecimal(typeof v === 'number' ? v.toFixed(6) : v, TOKEN_DECIMALS)} ETH`

/** A network's badge: its label in a coloured circle (drawn here, never fetched). */
const NETWORK_COLOURS: Record<string, string> = { 1: '#627EEA', 10: '#FF0420', 42161: '#28A0F0', 8453: '#0052FF', 324: '#4E529A' }
export function NetworkIcon({ chainId, size = 40 }: { chainId: number | string; size?: number }) {
  const label = CHAIN_LABELS[String(chainId)] ?? String(chainId)
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true">
      <circle cx="20" cy="20" r="20" fill={NETWORK_COLOURS[String(chainId)] ?? '#8e8e93'} />
      <text x="20" y="24.5" textAnchor="middle" fontSize={label.length > 3 ? 10 : 13} fontWeight="700" fill="#fff" fontFamily="system-ui, sans-serif">
        {label.slice(0, 6)}
      </text>
    </svg>
  )
}

/** A token logo with its chain as a small badge (copyTrade.47). */
export function TokenWithChain({ logoURI, symbol, chainId }: { logoURI?: string; symbol: string; chainId: number | string }) {
  return (
    <TokenIcon src={logoURI} symbol={symbol} network={chainId as ChainId} />
  )
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
