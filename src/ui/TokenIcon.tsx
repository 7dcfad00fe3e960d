import { useState } from 'react'

/** A stable colour for a symbol, for the initials fallback. */
function hue(symbol: string): number {
  let h = 0
  for (const ch of symbol) h = (h * 31 + ch.charCodeAt(0)) % 360
  return h
}

/** A token logo at a fixed size; the symbol's initials in a circle when there is none or it fails. */
export function TokenIcon({ src, symbol, size = 40 }: { src?: string; symbol: string; size?: number }) {
  const [failed, setFailed] = useState(false)
  if (!src || failed)
    return (
      <span
        className="token-icon token-icon--fallback"
        style={{ width: size, height: size, fontSize: size * 0.36, background: `hsl(${hue(symbol)} 55% 52%)` }}
        aria-hidden="true"
      >
        {symbol.slice(0, 2).toUpperCase()}
      </span>
    )
  return <img className="token-icon" src={src} alt="" width={size} height={size} onError={() => setFailed(true)} />
}
