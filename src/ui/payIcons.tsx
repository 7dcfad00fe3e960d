/**
 * The ways to pay's marks, in their own colours: Telegram Stars and TON from this wallet (autoclaim,
 * staking, proof of humanity). Not in icons.tsx, which the first screen loads.
 */
export const StarIcon = ({ size = 28 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
    <path d="M12 2.5l2.9 6 6.6.8-4.9 4.5 1.3 6.5L12 17l-5.9 3.3 1.3-6.5-4.9-4.5 6.6-.8z" fill="#f5a623" />
  </svg>
)

export const TonIcon = ({ size = 28 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
    <circle cx="12" cy="12" r="12" fill="#0098ea" />
    <path
      d="M7.6 7.5h8.8c.7 0 1.1.7.8 1.3l-4.5 7.8a.8.8 0 0 1-1.4 0L6.8 8.8c-.3-.6.1-1.3.8-1.3zm3.7 1.3H8.4l2.9 5.2zm1.4 0V14l2.9-5.2z"
      fill="#fff"
    />
  </svg>
)
