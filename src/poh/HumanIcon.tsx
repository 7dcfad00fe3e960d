/** The proof's mark. */

/** The proof's mark: a person inside a shield. */
export const HumanIcon = ({ size = 56 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 56 56" aria-hidden="true" className="poh-mark">
    <path d="M28 4 8 11v14c0 13 8.6 22.7 20 27 11.4-4.3 20-14 20-27V11L28 4Z" fill="currentColor" opacity="0.14" />
    <path
      d="M28 4 8 11v14c0 13 8.6 22.7 20 27 11.4-4.3 20-14 20-27V11L28 4Z"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinejoin="round"
    />
    <circle cx="28" cy="22" r="6" fill="currentColor" />
    <path
      d="M17 39c1.8-6 6-9 11-9s9.2 3 11 9"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
      strokeLinecap="round"
    />
  </svg>
)
