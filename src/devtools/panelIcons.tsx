/** The time-travel panel's controls, drawn as SVG: font glyphs (⏮ ◀ ⊘) are missing from some systems' fonts. */
import { icon } from '../ui/icons'

export const ToStartIcon = icon(
  <>
    <path d="M6 5v14" />
    <path d="m18 6-8 6 8 6V6Z" />
  </>,
)
export const StepBackIcon = icon(<path d="m16 5-9 7 9 7V5Z" />)
export const StepForwardIcon = icon(<path d="m8 5 9 7-9 7V5Z" />)
export const SkipIcon = icon(
  <>
    <circle cx="12" cy="12" r="8" />
    <path d="m6.5 17.5 11-11" />
  </>,
)
export const RestoreIcon = icon(
  <>
    <path d="M4 12a8 8 0 1 0 2.3-5.6" />
    <path d="M4 4v4h4" />
  </>,
)
