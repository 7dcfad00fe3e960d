/**
 * The one amount field of the app (app.12; domain/amount.ts): a change that would leave anything but
 * digits and one separator, or more decimals than the token has, is refused whole and the field keeps
 * what it held; a comma becomes a dot and pasted spaces go. A refusal is said to a screen reader and
 * shown by a short shake of the field (a colour flash when the user asks for reduced motion).
 */
import { type Ref, useState } from 'react'
import { useTranslation } from 'react-i18next'
import en from '../../locales/amount/en.json'
import ru from '../../locales/amount/ru.json'
import { addTranslations } from '../i18n'
import { type AmountRefusal, typedAmount } from '../../domain/amount'

// Its texts come with it, not with the first screen.
addTranslations('amount', { en, ru })

export interface AmountInputProps {
  value: string
  /** The token's decimals (2 for a dollar amount): more are refused as typed. */
  decimals: number
  /** Called with the accepted text only (a refused change never reaches the screen's event). */
  onChange: (text: string) => void
  onBlur?: () => void
  id?: string
  className?: string
  placeholder?: string
  disabled?: boolean
  'aria-label'?: string
  'aria-invalid'?: boolean
  'aria-describedby'?: string
  inputRef?: Ref<HTMLInputElement>
  testId?: string
}

export function AmountInput({
  value,
  decimals,
  onChange,
  onBlur,
  id,
  className = 'search',
  placeholder = '0',
  disabled,
  inputRef,
  testId,
  ...aria
}: AmountInputProps) {
  const { t } = useTranslation()
  // The last refusal and a count that restarts the shake on each one; cleared by the next accepted change.
  const [refusal, setRefusal] = useState<{ reason: AmountRefusal; n: number } | null>(null)
  return (
    <>
      <input
        ref={inputRef}
        id={id}
        className={`${className} amount-input${refusal === null ? '' : ` amount-input--refused amount-input--refused-${refusal.n % 2}`}`}
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        disabled={disabled}
        value={value}
        aria-label={aria['aria-label']}
        aria-invalid={aria['aria-invalid'] || undefined}
        aria-describedby={aria['aria-describedby']}
        data-testid={testId}
        onBlur={onBlur}
        onChange={(e) => {
          const next = typedAmount(value, e.target.value, decimals)
          if (next.refused !== null) {
            setRefusal((r) => ({ reason: next.refused as AmountRefusal, n: (r?.n ?? 0) + 1 }))
            // A controlled field goes back to `value` by itself: nothing reaches the screen.
            return
          }
          setRefusal(null)
          if (next.text !== value) onChange(next.text)
        }}
      />
      <span className="visually-hidden" role="status" aria-live="polite">
        {refusal === null ? '' : t(`amount.refused.${refusal.reason}`, { decimals })}
      </span>
    </>
  )
}
