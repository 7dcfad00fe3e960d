/**
 * A large figure that steps its font down until it fits its box (Telegram's wallets do the same
 * with a balance): measured before paint, so the figure never shows cut first, and again when the
 * box's width changes (the phone turned, Telegram's window resized). Pair it with a compact form
 * (useFormat's maxChars) so that the smallest size is always enough.
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
    fit()
    if (typeof ResizeObserver === 'undefined') return
    // Only a new width refits: the font's own effect on the box (its height) must not loop.
    let width = el.clientWidth
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
