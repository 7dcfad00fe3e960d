/**
 * /prove/code (poh.20-26): six boxes of one digit each. A keystroke keeps the last digit typed
 * (non-digits are dropped), the caret moves on; backspace in an empty box moves back; the code is
 * checked once all six are filled. An invalid code draws the boxes' borders red and shows the
 * bottom bar of poh.code.invalid.
 */
import { useEffect, useRef } from 'react'
import { useTranslation } from '../i18n'
import { useAppState, useDispatch } from '../app/store'
import { CloseIcon } from '../ui/icons'
import { HumanIcon, ScreenTitle, selectPoh, usePohEntered } from './parts'

export function CodeScreen() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const { code } = useAppState(selectPoh)
  const boxes = useRef<(HTMLInputElement | null)[]>([])
  usePohEntered('code')
  useEffect(() => {
    const box = boxes.current[code.focus]
    if (box && document.activeElement !== box) box.focus()
  }, [code.focus])
  const invalid = code.check === 'invalid'
  const checking = code.check === 'checking'
  return (
    <div className="poh" data-testid="poh-code">
      <ScreenTitle icon={<HumanIcon size={48} />} sub={t('poh.code.text')}>
        {t('poh.code.title')}
      </ScreenTitle>
      <div className="poh-boxes" role="group" aria-label={t('poh.code.title')} aria-invalid={invalid || undefined}>
        {code.digits.map((digit, index) => (
          <input
            key={index}
            ref={(el) => {
              boxes.current[index] = el
            }}
            className={`poh-box${invalid ? ' poh-box--invalid' : ''}`}
            value={digit}
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={t('poh.code.digit', { n: index + 1 })}
            readOnly={checking}
            autoFocus={index === code.focus}
            onFocus={(e) => e.currentTarget.select()}
            onChange={(e) => dispatch({ type: 'poh/codeTyped', payload: { index, text: e.currentTarget.value } })}
            onKeyDown={(e) => {
              if (e.key !== 'Backspace') return
              e.preventDefault()
              dispatch({ type: 'poh/codeBackspaced', payload: { index } })
            }}
          />
        ))}
      </div>
      <p className="poh-status" role="status">
        {checking ? t('poh.code.checking') : ''}
      </p>
      {invalid && (
        <div className="poh-bar" role="alert" data-testid="poh-code-invalid">
          <div className="poh-bar__text">
            <span className="poh-bar__title">{t('poh.code.invalid.title')}</span>
            <span className="poh-bar__description">{t('poh.code.invalid.description')}</span>
          </div>
          <button type="button" className="poh-bar__close" aria-label={t('poh.code.close')} onClick={() => dispatch({ type: 'poh/codeErrorDismissed', payload: {} })}>
            <CloseIcon size={18} />
          </button>
        </div>
      )}
    </div>
  )
}
