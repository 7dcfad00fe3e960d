/** The app's icons, drawn as local SVG (never hot-linked). 24 px by default, currentColor. */
import type { SVGProps } from 'react'

type IconProps = SVGProps<SVGSVGElement> & { size?: number }

export const icon =
  (paths: React.ReactNode, viewBox = '0 0 24 24') =>
  ({ size = 24, ...rest }: IconProps) => (
    <svg
      width={size}
      height={size}
      viewBox={viewBox}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...rest}
    >
      {paths}
    </svg>
  )

export const HomeIcon = icon(
  <>
    <path d="M3 10.5 12 3l9 7.5" />
    <path d="M5 9.5V20h5v-6h4v6h5V9.5" />
  </>,
)
export const MiningIcon = icon(
  <>
    <path d="M12 2 4 8l8 14 8-14-8-6Z" />
    <path d="M4 8h16M12 2l-3 6 3 14 3-14-3-6" />
  </>,
)
export const FriendsIcon = icon(
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c.6-3.6 3.3-5.5 6.5-5.5s5.9 1.9 6.5 5.5" />
    <circle cx="17" cy="9" r="2.5" />
    <path d="M17 14.5c2.3 0 4 1.4 4.5 4" />
  </>,
)
export const RocketIcon = icon(
  <>
    <path d="M12 15c-1.5-1.5-3-3-3-3s1-6 8-9c0 0 1 5-2 10l-3 2Z" />
    <path d="M9 12H5l2-4h4M12 15v4l4-2v-4" />
    <path d="M6 16c-1.5 1-2 4-2 4s3-.5 4-2" />
  </>,
)
export const ChartIcon = icon(
  <>
    <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />
  </>,
)
export const ArrowDownIcon = icon(
  <>
    <path d="M12 4v16M5 13l7 7 7-7" />
  </>,
)
export const ArrowUpIcon = icon(
  <>
    <path d="M12 20V4M5 11l7-7 7 7" />
  </>,
)
export const SwapIcon = icon(
  <>
    <path d="M7 4v16M3 8l4-4 4 4M17 20V4M13 16l4 4 4-4" />
  </>,
)
export const CopyIcon = icon(
  <>
    <rect x="8" y="8" width="12" height="12" rx="2.5" />
    <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
  </>,
)
export const ChevronRightIcon = icon(<path d="m9 5 7 7-7 7" />)
export const ChevronLeftIcon = icon(<path d="m15 5-7 7 7 7" />)
export const ChevronDownIcon = icon(<path d="m6 9 6 6 6-6" />)
export const CloseIcon = icon(<path d="M6 6l12 12M18 6 6 18" />)
export const ScanIcon = icon(
  <>
    <path d="M4 8.5V6a2 2 0 0 1 2-2h2.5M15.5 4H18a2 2 0 0 1 2 2v2.5M20 15.5V18a2 2 0 0 1-2 2h-2.5M8.5 20H6a2 2 0 0 1-2-2v-2.5" />
    <path d="M4 12h16" />
  </>,
)
export const CheckIcon = icon(<path d="m5 12.5 4.5 4.5L19 7.5" />)
export const WalletIcon = icon(
  <>
    <rect x="3" y="6" width="18" height="14" rx="3" />
    <path d="M3 10h18M16 15h2" />
    <path d="M6 6V5a2 2 0 0 1 2.6-1.9L17 6" />
  </>,
)
export const WarningIcon = icon(
  <>
    <path d="M12 3 2 20h20L12 3Z" />
    <path d="M12 10v4M12 17.5v.01" />
  </>,
)
export const BugIcon = icon(
  <>
    <rect x="7" y="8" width="10" height="12" rx="5" />
    <path d="M12 8v12M4 13h3M17 13h3M5 8l2.5 2M19 8l-2.5 2M5 19l2.5-2M19 19l-2.5-2M9 5.5 10 7M15 5.5 14 7" />
  </>,
)
export const ToolsIcon = icon(
  <>
    <path d="M14.5 6.5a4 4 0 0 0 5 5L21 13l-8 8-3-3 8-8-1.5-1.5a4 4 0 0 0-5-5L14 6Z" />
    <path d="m3 21 6-6" />
  </>,
)
export const SpinnerIcon = ({ size = 24 }: { size?: number }) => (
  <svg className="spinner" width={size} height={size} viewBox="0 0 24 24" fill="none" aria-hidden="true">
    <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
    <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
  </svg>
)

/** The SWITCH mark: two arrows turning into each other in a round badge. */
export const SwitchLogo = ({ size = 64 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
    <defs>
      <linearGradient id="switch-logo-g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stopColor="#3ea6ff" />
        <stop offset="1" stopColor="#7a5cff" />
      </linearGradient>
    </defs>
    <circle cx="32" cy="32" r="32" fill="url(#switch-logo-g)" />
    <path
      d="M20 26h20l-5-5M44 38H24l5 5"
      fill="none"
      stroke="#fff"
      strokeWidth="4.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
)
