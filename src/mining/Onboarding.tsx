/**
 * mining.10: three steps on the first visit (the profile was just made): what mining is, the claim
 * every 6 hours and its burn, and how to mine faster. Next on Telegram's main button; Skip closes.
 */
import { useTranslation } from 'react-i18next'
import { ONBOARDING_STEPS } from '../../domain/mining/rules'
import { useDispatch } from '../ui/store'
import { ChartIcon, SwitchLogo, icon } from '../ui/icons'
import { Button } from '../ui/kit'
import { MainButton } from '../ui/MainButton'

const ClockIcon = icon(
  <>
    <circle cx="12" cy="13" r="8" />
    <path d="M12 9v4l2.5 2.5M9 2.5h6M12 2.5V5" />
  </>,
)
const ART = [<SwitchLogo key="1" size={96} />, <ClockIcon key="2" size={72} />, <ChartIcon key="3" size={72} />]

export function Onboarding({ step }: { step: number }) {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const n = step + 1
  const last = n === ONBOARDING_STEPS
  const close = () => dispatch({ type: 'mining/onboardingClosed', payload: {} })
  return (
    <section className="onboarding" aria-label={t('mining.onboarding.label')} data-testid="onboarding">
      <div className="onboarding__skip">
        {!last && (
          <Button mode="plain" size="small" onClick={close}>
            {t('mining.onboarding.skip')}
          </Button>
        )}
      </div>
      <div className={`onboarding__art onboarding__art--${n}`}>{ART[step]}</div>
      <h1 className="onboarding__title">{t(`mining.onboarding.${n}.title`)}</h1>
      <p className="onboarding__text">{t(`mining.onboarding.${n}.text`)}</p>
      <div
        className="onboarding__dots"
        role="img"
        aria-label={t('mining.onboarding.step', { n, total: ONBOARDING_STEPS })}
      >
        {Array.from({ length: ONBOARDING_STEPS }, (_, i) => (
          <span key={i} className={`onboarding__dot${i === step ? ' onboarding__dot--on' : ''}`} />
        ))}
      </div>
      <MainButton
        text={last ? t('mining.onboarding.start') : t('mining.onboarding.next')}
        onPress={() => (last ? close() : dispatch({ type: 'mining/onboardingStepped', payload: { step: step + 1 } }))}
      />
    </section>
  )
}
