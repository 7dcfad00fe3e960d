/**
 * /prove/failed (poh.8, poh.10, poh.32): why the verification failed, in the words of the reason
 * the server gives (domain/poh/rules.ts PohFailure), and what trying again costs. A failure on the
 * service's side is tried again at no cost (the same request back in the queue); any other is a new
 * verification, paid again: Try again marks the failure seen (kept locally) and the effects take
 * the user back to the intro.
 */
import { useTranslation } from 'react-i18next'
import { POH_MAX_WRONG_CODES, pohFailureOf, retriesFree } from '../../domain/poh/rules'
import { useAppState, useDispatch } from '../ui/store'
import { errorText } from '../ui/errorText'
import { WarningIcon } from '../ui/icons'
import { Placeholder } from '../ui/kit'
import { MainButton } from '../ui/MainButton'
import { useFormat } from '../ui/useFormat'
import { selectPoh } from './selectors'
import { usePohEntered } from './hooks'
import './texts'

export function FailedScreen() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const format = useFormat()
  const { info, retry } = useAppState(selectPoh)
  usePohEntered('failed')
  const failure = pohFailureOf(info?.failure)
  const free = retriesFree(failure)
  const price = info?.tonAmount
  const next = free
    ? t('poh.failed.next-free')
    : t('poh.failed.next-paid', {
        ton: price === undefined ? '' : format.amount(price.tonAmount, 9),
        stars: price?.starAmount ?? '',
      })
  return (
    <div className="poh" data-testid="poh-failed" data-failure={failure ?? 'unknown'}>
      <Placeholder
        page
        icon={<WarningIcon size={56} />}
        title={t('poh.failed.title')}
        description={
          <>
            <span className="poh-failed__reason" data-testid="poh-failed-reason">
              {t(`poh.failed.reasons.${failure ?? 'unknown'}`, { max: POH_MAX_WRONG_CODES })}
            </span>
            <span className="poh-failed__next" data-testid="poh-failed-next">
              {next}
            </span>
          </>
        }
      />
      {retry.step === 'failed' && (
        <p className="error-text poh-failed__error" role="alert" data-testid="poh-retry-error">
          {errorText(t, retry.error)}
        </p>
      )}
      {free ? (
        <MainButton
          text={t('poh.failed.retry-free')}
          loading={retry.step === 'sending'}
          onPress={() => dispatch({ type: 'poh/retryTapped', payload: {} })}
        />
      ) : (
        <MainButton text={t('poh.failed.retry')} onPress={() => dispatch({ type: 'poh/failureSeen', payload: {} })} />
      )}
    </div>
  )
}
