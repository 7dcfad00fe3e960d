/** The seven alliance avatars (guilds.21), drawn here so no picture is fetched. */
import type { ReactElement } from 'react'
import { allianceAvatar } from '../../domain/guilds/rules'

/** The seven avatars: a colour and a figure each (guilds.21 picks one by the name). */
const AVATARS: readonly { from: string; to: string; figure: ReactElement }[] = [
  { from: '#ff9a44', to: '#fc6076', figure: <path d="M24 11 35 31H13Z" /> },
  { from: '#43cea2', to: '#185a9d', figure: <circle cx="24" cy="24" r="10" /> },
  { from: '#a18cd1', to: '#6a3093', figure: <rect x="14" y="14" width="20" height="20" rx="4" /> },
  {
    from: '#f7b733',
    to: '#e65c00',
    figure: <path d="m24 12 3.6 7.6 8.4 1-6.2 5.8 1.6 8.3L24 30.6l-7.4 4.1 1.6-8.3L12 20.6l8.4-1Z" />,
  },
  { from: '#56ccf2', to: '#2f80ed', figure: <path d="M24 12 36 24 24 36 12 24Z" /> },
  {
    from: '#ee9ca7',
    to: '#c2185b',
    figure: <path d="M24 35s-11-6.6-11-14a6 6 0 0 1 11-3.3A6 6 0 0 1 35 21c0 7.4-11 14-11 14Z" />,
  },
  { from: '#7bc67b', to: '#2e7d32', figure: <path d="M15 33V21l9-8 9 8v12h-6v-7h-6v7Z" /> },
]

/** guilds.21: the alliance's avatar, one of seven by the sum of its name's character codes. */
export function AllianceAvatar({ name, size = 40 }: { name: string; size?: number }) {
  const index = allianceAvatar(name)
  const { from, to, figure } = AVATARS[index]
  const id = `alliance-avatar-${index}`
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 48 48"
      aria-hidden="true"
      data-avatar={index}
      className="alliance-avatar"
    >
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
      </defs>
      <circle cx="24" cy="24" r="24" fill={`url(#${id})`} />
      <g fill="#fff" fillOpacity="0.92">
        {figure}
      </g>
    </svg>
  )
}
