/**
 * The five ranks in a carousel (guilds.4-6): arrows step one rank, a horizontal drag past 50 px
 * steps one too (left: the next rank), a shorter one springs back; both ends wrap (the reducer's
 * wrapRank). Pointer events cover mouse, pen and touch; `touch-action: pan-y` keeps vertical
 * scrolling to the page and horizontal drags to the carousel.
 */
import { type PointerEvent, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { GuildsMode, Rank } from '../../domain/guilds/events'
import { GUILD_SHARES, RANKS, swipeStep } from '../../domain/guilds/rules'
import { useDispatch } from '../ui/store'
import { ChevronRightIcon, icon } from '../ui/icons'

const ChevronLeftIcon = icon(<path d="m15 5-7 7 7 7" />)

export function RankCarousel({ rank, mode }: { rank: Rank; mode: GuildsMode }) {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const start = useRef<{ id: number; x: number } | null>(null)
  const [dx, setDx] = useState(0)
  const move = (by: 1 | -1) => dispatch({ type: 'guilds/carouselMoved', payload: { by } })

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || (e.target as Element).closest('button') !== null) return
    start.current = { id: e.pointerId, x: e.clientX }
    e.currentTarget.setPointerCapture?.(e.pointerId)
  }
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (start.current?.id === e.pointerId) setDx(e.clientX - start.current.x)
  }
  const end = (e: PointerEvent<HTMLDivElement>, cancelled: boolean) => {
    if (start.current?.id !== e.pointerId) return
    const step = cancelled ? 0 : swipeStep(e.clientX - start.current.x)
    start.current = null
    setDx(0)
    if (step !== 0) move(step)
  }

  const share = GUILD_SHARES[rank]
  return (
    <div
      className="guild-carousel"
      role="group"
      aria-roledescription="carousel"
      aria-label={t('mining.guilds.carousel')}
    >
      <button
        type="button"
        className="guild-carousel__arrow"
        onClick={() => move(-1)}
        aria-label={t('mining.guilds.previous')}
      >
        <ChevronLeftIcon size={24} />
      </button>
      <div
        className={`guild-carousel__viewport${dx !== 0 ? ' guild-carousel__viewport--dragging' : ''}`}
        data-testid="rank-carousel"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={(e) => end(e, false)}
        onPointerCancel={(e) => end(e, true)}
      >
        <div
          className="guild-carousel__slide"
          role="group"
          aria-roledescription="slide"
          aria-label={t('mining.guilds.position', { index: rank, count: RANKS.length })}
          style={{ transform: dx === 0 ? undefined : `translateX(${dx}px)` }}
        >
          <span className={`guild-badge guild-badge--${rank}`} aria-hidden="true">
            {rank}
          </span>
          <h2 className="guild-carousel__title" aria-live="polite" data-testid="rank-name">
            {t(`mining.guilds.ranks.${rank}`)}
          </h2>
          <div className="guild-carousel__share">
            {t(mode === 'individual' ? 'mining.guilds.share' : 'mining.guilds.alliance-share', { percent: share })}
          </div>
          <div className="guild-carousel__dots" aria-hidden="true">
            {RANKS.map((r) => (
              <span key={r} className={`guild-carousel__dot${r === rank ? ' guild-carousel__dot--on' : ''}`} />
            ))}
          </div>
        </div>
      </div>
      <button
        type="button"
        className="guild-carousel__arrow"
        onClick={() => move(1)}
        aria-label={t('mining.guilds.next')}
      >
        <ChevronRightIcon size={24} />
      </button>
    </div>
  )
}
