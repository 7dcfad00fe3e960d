/** A staking period's icon. */

const PERIOD_COLORS: Record<string, string> = {
  '3mhp': '#f5a623',
  '3m': '#34c759',
  '6m': '#30b0c7',
  '1y': '#007aff',
  '5y': '#af52de',
  '100y': '#ff2d55',
  allIn: '#ff9500',
}

/** staking.1: each period's own icon: a ring with its length inside. */
export function PeriodIcon({ period, size = 40 }: { period: string; size?: number }) {
  const label = { '3mhp': '3+', '3m': '3', '6m': '6', '1y': '1Y', '5y': '5Y', '100y': '∞', allIn: 'ALL' }[period] ?? '?'
  const color = PERIOD_COLORS[period] ?? '#8e8e93'
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" className="period-icon">
      <circle cx="20" cy="20" r="18" fill={color} opacity="0.16" />
      <circle
        cx="20"
        cy="20"
        r="15"
        fill="none"
        stroke={color}
        strokeWidth="3"
        strokeDasharray={period === '3mhp' ? '6 3' : undefined}
      />
      <text
        x="20"
        y="24.5"
        textAnchor="middle"
        fontSize={label.length > 2 ? 10 : 13}
        fontWeight="700"
        fill="currentColor"
      >
        {label}
      </text>
    </svg>
  )
}
