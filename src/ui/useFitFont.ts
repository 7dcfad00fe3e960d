/**
 * A large figure that steps its font down until it fits its box (Telegram's wallets do the same
 * with a balance): fitted before paint, so the figure never shows cut first, and again when the
 * box's width changes (the phone turned, Telegram's window resized). Pair it with a compact form
 * (useFormat's maxChars) so that the smallest size is always enough.
 *
 * The fitting runs in a ResizeObserver's first call, which comes after the browser's own layout
 * and before its paint, not in the layout effect: measuring there forced a layout of the whole
 * screen inside React's commit (17 ms of a 30 ms first jump to the wallet home in the time-travel
 * panel), which the browser then laid out again for paint. The box's size does not follow its font
 * (a fixed height, the width of its container), so a fit does not call the observer again.
 */
import { useLayoutEffect, useRef } from 'react'

const STEP = 2

export function useFitFont<T extends HTMLElement>(text: string, largest: number, smallest: number) {
  const ref = useRef<T | null>(null)
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    const fit = () => {
      let size = largest
      el.style.fontSize = `${size}px`
      while (size - STEP >= smallest && el.scrollWidth > el.clientWidth + 1) {
        size -= STEP
        el.style.fontSize = `${size}px`
      }
    }
    // No observer (a test's DOM): fitted at once.
    if (typeof ResizeObserver === 'undefined') return void fit()
    // Only a new width refits: the font's own effect on the box (its height) must not loop.
    let width = -1
    const observer = new ResizeObserver(() => {
      if (el.clientWidth === width) return
      width = el.clientWidth
      fit()
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [text, largest, smallest])
  return ref
}
