/**
 * /prove/loader (poh.27-31): a spinner of 12 segments, one further every 300 ms, and the status in
 * words: the payment awaited, the request received, or in the queue. The effects poll the info
 * every 5 s and the user every 30 s while it shows, and move on when the status does.
 */
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useObservableState } from 'observable-hooks'
import { SPINNER_SEGMENTS, spinnerSegment$ } from '../../streams/poh/spinner'
import { useAppState } from '../ui/store'
import { selectPoh } from './selectors'
import { usePohEntered } from './hooks'
import './texts'

/** poh.30: the lit segment, with a fading trail behind it. */
export function SegmentSpinner({ lit, size = 88 }: { lit: number; size?: number }) {
  return (
    <svg
      className="poh-spinner"
      width={size}
      height={size}
      viewBox="0 0 88 88"
      aria-hidden="true"
      data-testid="poh-spinner"
      data-lit={lit}
    >
      {Array.from({ length: SPINNER_SEGMENTS }, (_, i) => {
        const behind = (lit - i + SPINNER_SEGMENTS) % SPINNER_SEGMENTS
        return (
          <rect
            key={i}
            x="41"
            y="6"
            width="6"
            height="20"
            rx="3"
            fill="currentColor"
            opacity={Math.max(0.15, 1 - behind * 0.16)}
            transform={`rotate(${i * (360 / SPINNER_SEGMENTS)} 44 44)`}
          />
        )
      })}
    </svg>
  )
}

export function LoaderScreen() {
  const { t } = useTranslation()
  const s = useAppState(selectPoh)
  usePohEntered('loader')
  const segment$ = useMemo(() => spinnerSegment$(), [])
  const lit = useObservableState(segment$, 0)
  const status = s.info?.inProgressStatus
  // poh.31: in the queue says so; received says it arrived; before either, the payment is awaited.
  const text =
    status === 'internalInQueue'
      ? t('poh.loader.queue')
      : status === 'received'
        ? t('poh.loader.received')
        : t('poh.loader.waiting')
  return (
    <div className="poh poh-loader" data-testid="poh-loader" aria-busy="true">
      <SegmentSpinner lit={lit} />
      <h1 className="poh-head__title">{t('poh.loader.title')}</h1>
      <p className="poh-loader__status" role="status" data-testid="poh-loader-status">
        {text}
      </p>
      <p className="poh-loader__hint">{t('poh.loader.hint')}</p>
    </div>
  )
}
