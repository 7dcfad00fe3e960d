/**
 * /prove/code (poh.20-26): six boxes of one digit each. A keystroke keeps the last digit typed
 * (non-digits are dropped), the caret moves on; backspace in an empty box moves back; the code is
 * checked once all six are filled. Where the code is: the comment of a transaction in the wallet's
 * history (whose entry has a copy control for it). An invalid code draws the boxes' borders red and
 * shows the bottom bar of poh.code.invalid with the tries the server says are left; the last one
 * refused says so while the failed screen, which says what to do next, comes.
 */
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { POH_MAX_WRONG_CODES } from '../../domain/poh/rules'
import { useNavigate } from 'react-router-dom'
import { useAppState, useDispatch } from '../ui/store'
import { CloseIcon } from '../ui/icons'
import { Button } from '../ui/kit'
import { HumanIcon } from './HumanIcon'
import { ScreenTitle } from './ScreenTitle'
import { selectPoh } from './selectors'
import { usePohEntered } from './hooks'
import './texts'

export function CodeScreen() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const { code, triesLeft } = useAppState(selectPoh)
  const boxes = useRef<(HTMLInputElement | null)[]>([])
  usePohEntered('code')
  useEffect(() => {
    const box = boxes.current[code.focus]
    if (box && document.activeElement !== box) box.focus()
  }, [code.focus])
  const invalid = code.check === 'invalid'
  const checking = code.check === 'checking'
  const noTries = invalid && triesLeft === 0
  const tries = triesLeft === null ? null : t('poh.code.tries', { count: triesLeft, max: POH_MAX_WRONG_CODES })
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
        {checking ? t('poh.code.checking') : !invalid && tries !== null ? tries : ''}
      </p>
      <div className="poh-where" data-testid="poh-code-where">
        <p className="poh-where__text">{t('poh.code.where')}</p>
        <Button mode="secondary" size="small" onClick={() => navigate('/')}>
          {t('poh.code.open-history')}
        </Button>
      </div>
      {invalid && (
        <div className="poh-bar" role="alert" data-testid="poh-code-invalid">
          <div className="poh-bar__text">
            <span className="poh-bar__title">
              {noTries ? t('poh.code.no-tries.title') : t('poh.code.invalid.title')}
            </span>
            <span className="poh-bar__description">
              {noTries ? t('poh.code.no-tries.description') : t('poh.code.invalid.description')}
            </span>
            {!noTries && tries !== null && (
              <span className="poh-bar__tries" data-testid="poh-code-tries">
                {tries}
              </span>
            )}
          </div>
          {!noTries && (
            <button
              type="button"
              className="poh-bar__close"
              aria-label={t('poh.code.close')}
              onClick={() => dispatch({ type: 'poh/codeErrorDismissed', payload: {} })}
            >
              <CloseIcon size={18} />
            </button>
          )}
        </div>
      )}
    </div>
  )
}
