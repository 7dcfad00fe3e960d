/** A staking screen's title. */
import type { ReactNode } from 'react'

export function ScreenTitle({ children, sub }: { children: ReactNode; sub?: ReactNode }) {
  return (
    <header className="staking-head">
      <h1 className="staking-head__title">{children}</h1>
      {sub !== undefined && <p className="staking-head__sub">{sub}</p>}
    </header>
  )
}
