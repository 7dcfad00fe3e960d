/** The price impact as /swap and /confirmSwap show it. */
import { useFormat } from '../ui/useFormat'

export function ImpactValue({ percent, status }: { percent: number; status: string }) {
  const format = useFormat()
  return (
    <span className={`impact impact--${status}`} data-status={status}>
      {format.fixed(percent, 2)} %
    </span>
  )
}
