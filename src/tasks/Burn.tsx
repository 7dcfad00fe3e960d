/**
 * The burn screen (doc 2 §2, §4, §8; tasks.33-42): the amount, its preview (amount times the reward
 * an hour), the gas hint, Burn; the amount-burned message, then done. A refusal is worded from its
 * code (never the server's text); 4002 and 4003 turn the button into go-to-swap.
 */
import { useTranslation } from 'react-i18next'
import { AmountInput } from '../ui/AmountInput'
import { burnAmount, burnPreview } from '../../domain/tasks/selectors'
import { BURN_GAS_TON, PUNK_DECIMALS, burnErrorKey, burnNeedsSwap, taskByCode } from '../../domain/tasks/selectors'
import { useNavigate } from 'react-router-dom'
import { useAppState, useDispatch } from '../ui/store'
import { BottomSheet } from '../ui/BottomSheet'
import { CheckIcon, WarningIcon } from '../ui/icons'
import { Button } from '../ui/kit'
import { useFormat } from '../ui/useFormat'
import { selectTasks } from './selectors'
import './texts'

export function BurnSheet() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const format = useFormat()
  const s = useAppState(selectTasks)
  const burn = s.burn
  const task = burn.code === null ? undefined : taskByCode(s, burn.code)
  const close = () => dispatch({ type: 'tasks/burnClosed', payload: {} })
  const amount = burnAmount(burn.text)
  const swap = burnNeedsSwap(burn)
  return (
    <BottomSheet
      open={burn.code !== null && task !== undefined}
      onClose={close}
      label={t('mining.tasks.burn.title')}
      title={<h2 className="sheet__title">{t('mining.tasks.burn.title')}</h2>}
    >
      <div className="burn tasks">
        {burn.step === 'burned' ? (
          <div className="burn__done" role="status" data-testid="burn-done">
            <CheckIcon size={40} />
            <p>{t('mining.tasks.burn.burned', { amount: format.amount(burn.amount ?? '0', 9) })}</p>
            {burn.gained !== undefined && (
              <p className="burn__gained" data-testid="burn-gained">
                {t('mining.tasks.burn.gained', {
                  speed: format.amount(burn.gained.speed, 4),
                  hours: burn.gained.hours,
                })}
              </p>
            )}
            <Button onClick={close}>{t('mining.tasks.burn.done')}</Button>
          </div>
        ) : (
          <>
            <p className="burn__text">{t('mining.tasks.burn.text')}</p>
            <label className="field">
              <span className="field__label">{t('mining.tasks.burn.amount')}</span>
              <AmountInput
                value={burn.text}
                decimals={PUNK_DECIMALS}
                placeholder="1"
                aria-invalid={burn.text !== '' && amount === null}
                onChange={(text) => dispatch({ type: 'tasks/burnAmountChanged', payload: { text } })}
                testId="burn-amount"
              />
              {burn.text !== '' && amount === null && (
                <span className="field-error">{t('mining.tasks.burn.invalid')}</span>
              )}
            </label>
            <p className="burn__preview" data-testid="burn-preview">
              {t('mining.tasks.burn.preview', {
                speed: format.amount(amount === null ? '0' : burnPreview(amount, task?.reward ?? 0), 1),
              })}
            </p>
            <p className="burn__hint">{t('mining.tasks.burn.gas', { ton: format.amount(BURN_GAS_TON, 3) })}</p>
            {burn.error !== null && (
              <div className="notice notice--danger" role="alert" data-testid="burn-error">
                <WarningIcon size={18} />
                <span>{t(burnErrorKey(burn.error), { ton: format.amount(BURN_GAS_TON, 3) })}</span>
              </div>
            )}
            {swap ? (
              <Button
                onClick={() => {
                  close()
                  navigate('/swap')
                }}
              >
                {t('mining.tasks.burn.go-to-swap')}
              </Button>
            ) : (
              <Button
                onClick={() => dispatch({ type: 'tasks/burnTapped', payload: {} })}
                disabled={amount === null}
                loading={burn.step === 'sending'}
              >
                {t('mining.tasks.burn.confirm')}
              </Button>
            )}
          </>
        )}
      </div>
    </BottomSheet>
  )
}
