/**
 * Each banner's picture, drawn here as SVG (no image files): shapes filled from the banner's two
 * accent colours and the theme's own (classes in banners.css), so it sits in Telegram's light and
 * dark themes alike. Decorative: the banner's title says what it is.
 */
import type { ReactNode } from 'react'
import type { BannerKind } from '../../domain/banners/config'

const Star = ({ x, y, r, className = 'b' }: { x: number; y: number; r: number; className?: string }) => (
  <path
    className={className}
    d={`M${x} ${y - r}L${x + r * 0.3} ${y - r * 0.3}L${x + r} ${y}L${x + r * 0.3} ${y + r * 0.3}L${x} ${y + r}L${x - r * 0.3} ${y + r * 0.3}L${x - r} ${y}L${x - r * 0.3} ${y - r * 0.3}Z`}
  />
)

const Coin = ({ x, y, r, label }: { x: number; y: number; r: number; label: string }) => (
  <g>
    <circle className="a-deep" cx={x} cy={y + r * 0.12} r={r} />
    <circle className="a" cx={x} cy={y} r={r} />
    <circle className="ring" cx={x} cy={y} r={r * 0.76} />
    <text className="glyph" x={x} y={y + r * 0.36} fontSize={r} textAnchor="middle">
      {label}
    </text>
  </g>
)

const ART: Record<BannerKind, ReactNode> = {
  openLeagueIntro: (
    <>
      <rect className="s" x="70" y="150" width="60" height="34" rx="6" />
      <rect className="s" x="190" y="158" width="60" height="26" rx="6" />
      <rect className="a-soft" x="125" y="136" width="70" height="48" rx="6" />
      <path className="b" d="M132 46h56v22c0 18-12 32-28 32s-28-14-28-32z" />
      <path className="a" d="M138 46h44v20c0 14-10 26-22 26s-22-12-22-26z" />
      <path
        className="b"
        fill="none"
        strokeWidth="6"
        d="M132 54h-14c0 16 8 24 18 26M188 54h14c0 16-8 24-18 26"
        style={{ fill: 'none', stroke: 'var(--art-b)' }}
      />
      <rect className="b" x="154" y="98" width="12" height="18" />
      <rect className="a" x="140" y="114" width="40" height="10" rx="3" />
      <path className="w" d="M150 58h20l-10 18z" />
      <path className="a-deep" d="M160 76v-18" style={{ stroke: 'var(--art-a)', strokeWidth: 2 }} />
      <Star x={96} y={52} r={9} />
      <Star x={228} y={40} r={7} />
      <Star x={244} y={96} r={5} className="a" />
      <Star x={80} y={108} r={5} className="a" />
    </>
  ),
  bigPumpDecember: (
    <>
      {[40, 70, 100, 130, 160, 190, 220, 250].map((x, i) => {
        const top = 150 - i * 12 - (i % 2) * 14
        return (
          <rect key={x} className={i % 3 === 1 ? 'h' : 'a-soft'} x={x} y={top} width="14" height={184 - top} rx="3" />
        )
      })}
      <path
        className="b"
        d="M40 150 100 118 150 128 210 78 262 56"
        style={{
          fill: 'none',
          stroke: 'var(--art-b)',
          strokeWidth: 5,
          strokeLinecap: 'round',
          strokeLinejoin: 'round',
        }}
      />
      <g transform="translate(232 40) rotate(40)">
        <path className="s" d="M0-30c14 10 18 30 14 50H-14c-4-20 0-40 14-50z" />
        <circle className="a" cx="0" cy="-6" r="7" />
        <path className="a" d="M-14 12l-10 16 12-4zM14 12l10 16-12-4z" />
        <path className="b" d="M-8 22h16l-8 22z" />
      </g>
      {[
        [60, 40],
        [120, 30],
        [180, 52],
        [90, 80],
      ].map(([x, y]) => (
        <g key={`${x}-${y}`} className="flake" transform={`translate(${x} ${y})`}>
          <path d="M0-8V8M-7-4 7 4M-7 4 7-4" />
        </g>
      ))}
    </>
  ),
  sniping: (
    <>
      <Coin x={160} y={100} r={34} label="$" />
      <circle className="line-a" cx="160" cy="100" r="62" />
      <circle className="line-a thin" cx="160" cy="100" r="44" />
      <path className="line-a" d="M160 24v30M160 146v30M84 100h30M206 100h30" />
      <circle className="b" cx="160" cy="100" r="4" />
      <path className="b" d="M236 44l14-14 4 10 10 4-14 14z" />
      <path
        className="h"
        d="M60 168h40M220 168h40"
        style={{ stroke: 'var(--hint)', strokeWidth: 3, strokeLinecap: 'round' }}
      />
    </>
  ),
  earlyAirdrop: (
    <>
      <ellipse className="s" cx="76" cy="150" rx="40" ry="14" />
      <ellipse className="s" cx="250" cy="140" rx="34" ry="12" />
      <ellipse className="s" cx="230" cy="52" rx="26" ry="9" />
      <path
        className="a"
        d="M100 70c0-34 27-52 60-52s60 18 60 52c-10-8-20-8-30 0-10-8-20-8-30 0-10-8-20-8-30 0-10-8-20-8-30 0z"
      />
      <path className="b" d="M130 70c0-30 14-50 30-52 16 2 30 22 30 52-10-8-20-8-30 0-10-8-20-8-30 0z" />
      <path className="line-h" d="M100 70l46 56M220 70l-46 56M130 70l22 56M190 70l-22 56" />
      <Coin x={160} y={140} r={22} label="S" />
    </>
  ),
  punkDeposit: (
    <>
      <rect className="s" x="96" y="104" width="128" height="78" rx="14" />
      <rect className="a-soft" x="110" y="118" width="100" height="50" rx="8" />
      <circle className="line-a" cx="160" cy="143" r="14" />
      <path className="line-a" d="M160 129v-6M160 163v-6M146 143h-6M180 143h-6" />
      <Coin x={118} y={62} r={22} label="P" />
      <Coin x={168} y={42} r={18} label="P" />
      <Coin x={210} y={74} r={20} label="P" />
      <path className="b" d="M248 120l14-24 14 24h-8v30h-12v-30z" />
      <path className="b" d="M60 150l10-18 10 18h-6v22h-8v-22z" />
    </>
  ),
  inviteContest: (
    <>
      <rect className="a" x="116" y="86" width="88" height="84" rx="8" />
      <rect className="b" x="108" y="70" width="104" height="24" rx="6" />
      <rect className="w" x="152" y="70" width="16" height="100" />
      <path className="b" d="M160 70c-14-26-40-22-34-6 4 8 20 8 34 6zM160 70c14-26 40-22 34-6-4 8-20 8-34 6z" />
      {[
        [62, 112],
        [258, 112],
      ].map(([x, y]) => (
        <g key={x}>
          <circle className="s" cx={x} cy={y - 18} r="14" />
          <path className="s" d={`M${x - 22} ${y + 26}c0-18 10-28 22-28s22 10 22 28z`} />
        </g>
      ))}
      {[
        [90, 40, 'a'],
        [230, 36, 'b'],
        [250, 64, 'a'],
        [70, 70, 'b'],
        [196, 30, 'a'],
        [120, 32, 'b'],
      ].map(([x, y, c]) => (
        <rect
          key={`${x}-${y}`}
          className={String(c)}
          x={Number(x)}
          y={Number(y)}
          width="8"
          height="8"
          rx="2"
          transform={`rotate(30 ${x} ${y})`}
        />
      ))}
    </>
  ),
  newTradeFlow: (
    <>
      <rect className="s" x="40" y="46" width="240" height="50" rx="14" />
      <rect className="s" x="40" y="112" width="240" height="50" rx="14" />
      <circle className="a" cx="70" cy="71" r="14" />
      <circle className="b" cx="70" cy="137" r="14" />
      <rect className="h" x="94" y="64" width="70" height="8" rx="4" />
      <rect className="h" x="94" y="130" width="54" height="8" rx="4" />
      <rect className="a-soft" x="206" y="62" width="56" height="18" rx="9" />
      <rect className="a-soft" x="206" y="128" width="56" height="18" rx="9" />
      <circle className="a" cx="160" cy="104" r="20" />
      <path className="glyph-line" d="M153 94v18l-5-5M167 114V96l5 5" />
    </>
  ),
  districtClash: (
    <>
      {[
        [30, 110, 30],
        [64, 80, 26],
        [94, 120, 22],
        [120, 60, 34],
        [158, 96, 24],
        [186, 70, 30],
        [220, 116, 24],
        [248, 88, 40],
      ].map(([x, top, w], i) => (
        <g key={x}>
          <rect className={i % 2 === 0 ? 'a-deep' : 'b-deep'} x={x} y={top} width={w} height={184 - top} rx="2" />
          {Array.from({ length: Math.floor((176 - top) / 16) }, (_, row) => (
            <rect
              key={row}
              className={(row + i) % 3 === 0 ? 'b' : 'win'}
              x={x + 6}
              y={top + 8 + row * 16}
              width={w - 12}
              height="6"
              rx="1"
            />
          ))}
        </g>
      ))}
      <rect className="ground" x="0" y="182" width="320" height="18" />
      <path className="a" d="M74 30h2v50h-2zM76 30h28l-8 8 8 8H76z" />
      <path className="b" d="M266 24h2v64h-2zM266 24h-28l8 8-8 8h28z" />
      <path className="bolt" d="M168 14l-20 34h14l-8 28 24-38h-14l8-24z" />
    </>
  ),
}

export function BannerArt({ kind }: { kind: BannerKind }) {
  return (
    <svg className="banner-art__svg" viewBox="0 0 320 200" aria-hidden="true" focusable="false">
      {ART[kind]}
    </svg>
  )
}
