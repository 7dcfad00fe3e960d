import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ChainId } from '../../domain/app/chains'

/** Each network's name, as a badge's accessible name says it ("ETH on Arbitrum"). */
export const NETWORK_NAMES: Readonly<Record<string, string>> = {
  1: 'Ethereum',
  10: 'Optimism',
  42161: 'Arbitrum',
  8453: 'Base',
  324: 'ZKsync',
  TON: 'TON',
}

/** The network's mark, served by our server beside the token logos. */
export const networkLogoURI = (chainId: ChainId) => `/logos/networks/${encodeURIComponent(String(chainId))}.svg`

/** A stable colour for a symbol, for the initials fallback. */
function hue(symbol: string): number {
  let h = 0
  for (const ch of symbol) h = (h * 31 + ch.charCodeAt(0)) % 360
  return h
}

/** The badge's side for an icon of `size`: 45% of it (18 px on a 40 px icon), never below 12 px. */
const badgeSize = (size: number) => Math.max(12, Math.round(size * 0.45))

/**
 * Any round icon with its network's mark at the bottom right; the pair is one image named
 * `label` ("ETH on Arbitrum"). The box has the icon's size, so the badge never moves the layout.
 */
export function WithNetwork({
  chainId,
  label,
  size = 40,
  children,
}: {
  chainId: ChainId
  label: string
  size?: number
  children: ReactNode
}) {
  const [failed, setFailed] = useState(false)
  const badge = badgeSize(size)
  return (
    <span className="icon-with-network" role="img" aria-label={label} style={{ width: size, height: size }}>
      {children}
      {!failed && NETWORK_NAMES[String(chainId)] !== undefined && (
        <img
          className="network-badge"
          src={networkLogoURI(chainId)}
          alt=""
          width={badge}
          height={badge}
          onError={() => setFailed(true)}
        />
      )}
    </span>
  )
}

/** "ETH on Arbitrum", in the user's language. */
export function useTokenOnNetwork(): (symbol: string, chainId: ChainId) => string {
  const { t } = useTranslation()
  return (symbol, chainId) => {
    const network = NETWORK_NAMES[String(chainId)] ?? String(chainId)
    return t('common.token-on-network', { symbol, network })
  }
}

/**
 * A token logo at a fixed size; the symbol's initials in a circle when there is none or it fails.
 * With `network`, the network's badge sits on it and the icon is named "ETH on Arbitrum".
 */
export function TokenIcon({
  src,
  symbol,
  size = 40,
  network,
}: {
  src?: string
  symbol: string
  size?: number
  network?: ChainId
}) {
  const [failed, setFailed] = useState(false)
  const onNetwork = useTokenOnNetwork()
  const icon =
    !src || failed ? (
      <span
        className="token-icon token-icon--fallback"
        style={{ width: size, height: size, fontSize: size * 0.36, background: `hsl(${hue(symbol)} 55% 52%)` }}
        aria-hidden="true"
      >
        {symbol.slice(0, 2).toUpperCase()}
      </span>
    ) : (
      <img className="token-icon" src={src} alt="" width={size} height={size} onError={() => setFailed(true)} />
    )
  if (network === undefined) return icon
  return (
    <WithNetwork chainId={network} label={onNetwork(symbol, network)} size={size}>
      {icon}
    </WithNetwork>
  )
}
