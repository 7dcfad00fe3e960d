/**
 * A due banner over the whole screen (doc 2 §2, banners.1-12): its picture, title and text, a
 * close button and a call-to-action; the open league's badge link and airdrop date, big pump's fee,
 * the invite contest's prize and end, district clash's looping music with a mute that is kept.
 * This chunk (with the texts, pictures and styles) loads only when a banner shows (./BannerLayer.tsx).
 */
import { type ReactNode, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import {
  BANNER_VOLUME,
  type BannerKind,
  type BannerTarget,
  DISTRICT_CLASH_MUSIC,
  INVITE_CONTEST_END_MS,
  INVITE_CONTEST_PRIZE,
  OPEN_LEAGUE_AIRDROP_DATE,
} from '../../domain/banners/config'
import { formatCalendarDay } from '../../domain/banners/dates'
import type { RootState } from '../../domain/state'
import en from '../../locales/banners/en.json'
import ru from '../../locales/banners/ru.json'
import { useAppState, useDispatch } from '../ui/store'
import { addTranslations } from '../i18n'
import { Button } from '../ui/kit'
import { CloseIcon } from '../ui/icons'
import { useFormat } from '../ui/useFormat'
import { BannerArt } from './art'
import './banners.css'

addTranslations('banners', { en, ru })

const selectMuted = (s: RootState) => s.banners.saved.muted

/** Starts the music; a web-view that refuses sound before a tap (or has none) is left silent. */
function play(a: HTMLAudioElement) {
  try {
    void a.play()?.catch(() => undefined)
  } catch {
    /* no media here */
  }
}

/** banners.6-7: the music loops at volume 0.05 unless muted; a web-view that refuses to autoplay starts it on the first tap. */
function useMusic(muted: boolean) {
  const audio = useRef<HTMLAudioElement>(null)
  useEffect(() => {
    const a = audio.current
    if (a === null) return
    a.volume = BANNER_VOLUME
    if (muted) a.pause()
    else play(a)
  }, [muted])
  useEffect(() => () => audio.current?.pause(), [])
  const element = <audio ref={audio} src={DISTRICT_CLASH_MUSIC} loop preload="auto" muted={muted} />
  const resume = () => {
    const a = audio.current
    if (a !== null && !muted && a.paused) play(a)
  }
  return { element, resume }
}

function SpeakerIcon({ muted }: { muted: boolean }) {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
      {muted ? <path d="M17 9l5 6M22 9l-5 6" /> : <path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />}
    </svg>
  )
}

function Details({ kind }: { kind: BannerKind }) {
  const { t } = useTranslation()
  const fmt = useFormat()
  const chips: ReactNode[] = []
  if (kind === 'openLeagueIntro')
    chips.push(t('banners.openLeagueIntro.until', { date: formatCalendarDay(OPEN_LEAGUE_AIRDROP_DATE, fmt.language) }))
  if (kind === 'bigPumpDecember') chips.push(t('banners.bigPumpDecember.fee'))
  if (kind === 'inviteContest') {
    const { stablecoin, stablecoinSymbol, switch: sw } = INVITE_CONTEST_PRIZE
    chips.push(
      t('banners.inviteContest.prize', {
        stablecoin: `${fmt.amount(stablecoin, 0)} ${stablecoinSymbol}`,
        switch: fmt.amount(sw, 0),
      }),
    )
    chips.push(t('banners.inviteContest.ends', { date: fmt.date(INVITE_CONTEST_END_MS) }))
  }
  if (chips.length === 0) return null
  return (
    <ul className="banner__chips">
      {chips.map((chip, i) => (
        <li key={i} className={`banner__chip${i === 0 ? ' banner__chip--lead' : ''}`}>
          {chip}
        </li>
      ))}
    </ul>
  )
}

export function Banner({ kind }: { kind: BannerKind }) {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const muted = useAppState(selectMuted)
  const dialog = useRef<HTMLDivElement>(null)
  const music = useMusic(muted)
  const clash = kind === 'districtClash'
  useEffect(() => dialog.current?.focus(), [kind])
  const act = (target: BannerTarget) => dispatch({ type: 'banners/actionTaken', payload: { kind, target } })
  const close = () => dispatch({ type: 'banners/closed', payload: { kind } })
  return (
    <div
      ref={dialog}
      className={`banner banner--${kind}`}
      role="dialog"
      aria-modal="true"
      aria-labelledby="banner-title"
      tabIndex={-1}
      data-banner={kind}
      onPointerDown={clash ? music.resume : undefined}
      onKeyDown={(e) => e.key === 'Escape' && close()}
    >
      <div className="banner__bar">
        {clash ? (
          <>
            <button
              type="button"
              className="banner__icon-button"
              aria-label={t(muted ? 'banners.unmute' : 'banners.mute')}
              aria-pressed={muted}
              onClick={() => dispatch({ type: 'banners/muteToggled', payload: { muted: !muted } })}
            >
              <SpeakerIcon muted={muted} />
            </button>
            {music.element}
          </>
        ) : (
          <span />
        )}
        <button type="button" className="banner__icon-button" aria-label={t('banners.close')} onClick={close}>
          <CloseIcon size={22} />
        </button>
      </div>
      <div className="banner__hero">
        <BannerArt kind={kind} />
        {clash && <span className="banner__beta">{t('banners.beta')}</span>}
      </div>
      <div className="banner__body">
        <h2 id="banner-title" className="banner__title">
          {t(`banners.${kind}.title`)}
        </h2>
        <p className="banner__text">{t(`banners.${kind}.text`)}</p>
        <Details kind={kind} />
      </div>
      <div className="banner__actions">
        <Button onClick={() => act(kind === 'punkDeposit' ? 'swap' : 'bot')}>{t(`banners.${kind}.action`)}</Button>
        {kind === 'openLeagueIntro' && (
          <Button mode="secondary" onClick={() => act('badge')}>
            {t('banners.openLeagueIntro.badge')}
          </Button>
        )}
      </div>
    </div>
  )
}
