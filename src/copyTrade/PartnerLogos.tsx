/** copyTrade.8: four partner logos, drawn here as small SVG marks (never fetched from elsewhere). */
const PARTNERS = [
  {
    name: 'Uniswap',
    colour: '#FF007A',
    mark: <path d="M13 11v9a7 7 0 0 0 14 0v-9" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" />,
  },
  {
    name: '1inch',
    colour: '#1B314F',
    mark: (
      <text
        x="20"
        y="25"
        textAnchor="middle"
        fontSize="13"
        fontWeight="800"
        fill="#fff"
        fontFamily="system-ui, sans-serif"
      >
        1in
      </text>
    ),
  },
  {
    name: 'SushiSwap',
    colour: '#FA52A0',
    mark: <path d="M10 24c4-10 16-14 20-8s-8 12-16 12c-3 0-5-2-4-4Z" fill="#fff" />,
  },
  {
    name: 'Curve',
    colour: '#2B4C9B',
    mark: <path d="M9 28c6-2 10-14 22-16" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" />,
  },
] as const

export function PartnerLogos() {
  return (
    <ul className="partners" aria-label="Partners">
      {PARTNERS.map((p) => (
        <li key={p.name} className="partners__item">
          <svg width="40" height="40" viewBox="0 0 40 40" role="img" aria-label={p.name}>
            <circle cx="20" cy="20" r="20" fill={p.colour} />
            {p.mark}
          </svg>
          <span className="partners__name">{p.name}</span>
        </li>
      ))}
    </ul>
  )
}
