/**
 * The banners' foothold in the first screen, kept to a few lines (it counts against the first
 * screen's JavaScript budget): once the first screen has rendered and the browser is idle, the
 * banners' chunk comes in (./BannerLayer.tsx), which loads the feature, lets the scheduler decide
 * (streams/banners) and draws a due banner.
 */
import { type ComponentType, useEffect, useState } from 'react'

type IdleWindow = Window & {
  requestIdleCallback?: (run: () => void, o?: { timeout: number }) => number
  cancelIdleCallback?: (handle: number) => void
}

/** The longest the banners wait for an idle moment after the first screen. */
const IDLE_TIMEOUT_MS = 3000

export function BannerHost() {
  const [Layer, setLayer] = useState<ComponentType | null>(null)
  useEffect(() => {
    let cancelled = false
    const start = () =>
      void import('./BannerLayer').then(
        (m) => !cancelled && setLayer(() => m.BannerLayer),
        (e: unknown) => console.warn('banners: chunk not loaded', e),
      )
    const w = window as IdleWindow
    const idle = w.requestIdleCallback?.(start, { timeout: IDLE_TIMEOUT_MS })
    const timeout = idle === undefined ? window.setTimeout(start, 500) : undefined
    return () => {
      cancelled = true
      if (idle !== undefined) w.cancelIdleCallback?.(idle)
      window.clearTimeout(timeout)
    }
  }, [])
  return Layer === null ? null : <Layer />
}
