/** The UI kit: Telegram-native sections, cells, buttons, placeholders and skeletons. */
import type { ReactNode } from 'react'
import { ChevronRightIcon, SpinnerIcon } from './icons'

export function Section({ header, footer, children }: { header?: ReactNode; footer?: ReactNode; children: ReactNode }) {
  return (
    <section className="section">
      {header !== undefined && <div className="section__header">{header}</div>}
      <div className="section__body">{children}</div>
      {footer !== undefined && <div className="section__footer">{footer}</div>}
    </section>
  )
}

export interface CellProps {
  before?: ReactNode
  title: ReactNode
  subtitle?: ReactNode
  after?: ReactNode
  afterSubtitle?: ReactNode
  chevron?: boolean
  onClick?: () => void
  disabled?: boolean
  accent?: boolean
  /** A label and its value: either wraps, the value moving under the label, rather than being cut; the chevron stays beside them. */
  compact?: boolean
  label?: string
}

export function Cell({
  before,
  title,
  subtitle,
  after,
  afterSubtitle,
  chevron,
  onClick,
  disabled,
  accent,
  compact,
  label,
}: CellProps) {
  const className = [
    'cell',
    before === undefined && 'cell--plain',
    accent && 'cell--accent',
    compact && 'cell--compact',
  ]
    .filter(Boolean)
    .join(' ')
  const text = (
    <>
      {/* A title or subtitle cut short at 320 px keeps its whole text in a tooltip (a long token name). */}
      <span className="cell__main">
        <span
          className="cell__title"
          style={{ display: 'block' }}
          title={typeof title === 'string' ? title : undefined}
        >
          {title}
        </span>
        {subtitle !== undefined && (
          <span
            className="cell__subtitle"
            style={{ display: 'block' }}
            title={typeof subtitle === 'string' ? subtitle : undefined}
          >
            {subtitle}
          </span>
        )}
      </span>
      {(after !== undefined || afterSubtitle !== undefined) && (
        <span className="cell__after">
          {after !== undefined && (
            <span className="cell__after-title" style={{ display: 'block' }}>
              {after}
            </span>
          )}
          {afterSubtitle !== undefined && (
            <span className="cell__after-subtitle" style={{ display: 'block' }}>
              {afterSubtitle}
            </span>
          )}
        </span>
      )}
    </>
  )
  const body = (
    <>
      {before !== undefined && <span className="cell__before">{before}</span>}
      {compact ? <span className="cell__body">{text}</span> : text}
      {chevron && (
        <span className="cell__chevron">
          <ChevronRightIcon size={18} />
        </span>
      )}
    </>
  )
  return onClick ? (
    <button type="button" className={className} onClick={onClick} disabled={disabled} aria-label={label}>
      {body}
    </button>
  ) : (
    <div className={className}>{body}</div>
  )
}

export function Button({
  children,
  onClick,
  mode = 'primary',
  size = 'large',
  disabled,
  loading,
}: {
  children: ReactNode
  onClick?: () => void
  /** destructive: an action that ends something, in the theme's destructive colour. */
  mode?: 'primary' | 'secondary' | 'plain' | 'destructive'
  size?: 'large' | 'small'
  disabled?: boolean
  loading?: boolean
}) {
  return (
    <button
      type="button"
      className={`button button--${mode}${size === 'small' ? ' button--small' : ''}`}
      onClick={onClick}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading ? <SpinnerIcon size={20} /> : children}
    </button>
  )
}

/** A round action under the balance (Deposit, Send, Swap); dimmed and inert when disabled. */
export function ActionButton({
  icon,
  label,
  onClick,
  disabled,
}: {
  icon: ReactNode
  label: string
  onClick: () => void
  disabled?: boolean
}) {
  return (
    <button
      type="button"
      className="action"
      onClick={disabled ? undefined : onClick}
      aria-disabled={disabled || undefined}
    >
      <span className="action__icon">{icon}</span>
      <span className="action__label">{label}</span>
    </button>
  )
}

export function Skeleton({
  width,
  height,
  circle,
  style,
}: {
  width: number | string
  height: number
  circle?: boolean
  style?: React.CSSProperties
}) {
  return (
    <span
      className={`skeleton${circle ? ' skeleton--circle' : ''}`}
      style={{ width, height, ...style }}
      aria-hidden="true"
    />
  )
}

/** A skeleton standing in for a line of text, as tall as the text around it: the line keeps its height. */
export function TextSkeleton({ width }: { width: number | string }) {
  return <span className="skeleton skeleton--text" style={{ width }} aria-hidden="true" />
}

/** A cell-shaped skeleton of the same height as a token row, so nothing jumps when data lands. */
export function SkeletonCell() {
  return (
    <div className="cell" aria-hidden="true">
      <span className="cell__before">
        <Skeleton width={40} height={40} circle />
      </span>
      <span className="cell__main">
        <Skeleton width="40%" height={16} />
        <Skeleton width="25%" height={13} style={{ marginTop: 6 }} />
      </span>
      <span className="cell__after">
        <Skeleton width={72} height={16} style={{ marginLeft: 'auto' }} />
        <Skeleton width={48} height={13} style={{ marginTop: 6, marginLeft: 'auto' }} />
      </span>
    </div>
  )
}

export function Placeholder({
  icon,
  title,
  description,
  action,
  page,
}: {
  icon?: ReactNode
  title: ReactNode
  description?: ReactNode
  action?: ReactNode
  page?: boolean
}) {
  return (
    <div className={`placeholder${page ? ' placeholder--page' : ''}`} role={page ? 'alert' : undefined}>
      {icon !== undefined && <div className="placeholder__icon">{icon}</div>}
      <div className="placeholder__title">{title}</div>
      {description !== undefined && <div className="placeholder__description">{description}</div>}
      {action !== undefined && <div className="placeholder__action">{action}</div>}
    </div>
  )
}
