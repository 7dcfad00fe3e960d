/** A PoH screen's title. */
import type { ReactNode } from 'react'

export function ScreenTitle({ children, sub, icon }: { children: ReactNode; sub?: ReactNode; icon?: ReactNode }) {
  return (
    <header className="poh-head">
      {icon}
      <h1 className="poh-head__title">{children}</h1>
      {sub !== undefined && <p className="poh-head__sub">{sub}</p>}
    </header>
  )
}
