/**
 * The PUNK staking boost's sheet (doc 2 §4, §8; tasks.53-57): connect a TON wallet, stake PUNK in
 * the staking bot, then check; the step is kept locally. A check with no wallet goes back to the
 * first step, with no or too little PUNK staked back to the second, each with its own message.
 */
import { useTranslation } from 'react-i18next'
import { useAppState, useDispatch } from '../ui/store'
import { BottomSheet } from '../ui/BottomSheet'
import { walletProofReason } from '../ui/walletProofText'
import { errorText } from '../ui/errorText'
import { CheckIcon, WarningIcon } from '../ui/icons'
import { Button, Cell, Section } from '../ui/kit'
import { selectTasks } from './selectors'
import './texts'

const ORDER = ['not-connected', 'connected', 'staked', 'checked'] as const

export function PunkStakingSheet() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const s = useAppState(selectTasks)
  const p = s.punkStaking
  const at = ORDER.indexOf(p.step)
  const close = () => dispatch({ type: 'tasks/punkStakingClosed', payload: {} })
  const done = (
    <span className="task-done">
      <CheckIcon size={18} />
      {t('mining.tasks.card.done')}
    </span>
  )
  return (
    <BottomSheet
      open={p.open}
      onClose={close}
      label={t('mining.tasks.punk-staking.title')}
      title={<h2 className="sheet__title">{t('mining.tasks.punk-staking.title')}</h2>}
    >
      <div className="burn tasks" data-testid="punk-staking" data-step={p.step}>
        <p className="burn__text">{t('mining.tasks.punk-staking.text')}</p>
        <Section>
          <Cell
            title={t('mining.tasks.punk-staking.connect')}
            subtitle={
              s.wallet.error !== null
                ? t('mining.tasks.wallet.failed', {
                    message: walletProofReason(t, s.wallet.code) ?? t('mining.tasks.wallet.unknown'),
                  })
                : undefined
            }
            after={at >= 1 ? done : <span className="task-go">{t('mining.tasks.card.start')}</span>}
            onClick={
              at >= 1 || s.wallet.busy ? undefined : () => dispatch({ type: 'tasks/walletRequested', payload: {} })
            }
            label={at >= 1 ? undefined : t('mining.tasks.punk-staking.connect')}
          />
          <Cell
            title={t('mining.tasks.punk-staking.stake')}
            after={
              at >= 2 ? done : at === 1 ? <span className="task-go">{t('mining.tasks.card.start')}</span> : undefined
            }
            onClick={at === 1 ? () => dispatch({ type: 'tasks/punkStakeOpened', payload: {} }) : undefined}
            label={at === 1 ? t('mining.tasks.punk-staking.stake') : undefined}
          />
        </Section>
        {p.failure !== null && (
          <div className="notice notice--danger" role="alert" data-testid="punk-staking-error">
            <WarningIcon size={18} />
            <span>{t(`mining.tasks.punk-staking.error.${p.failure}`)}</span>
          </div>
        )}
        {p.error !== null && (
          <div className="notice notice--danger" role="alert">
            <WarningIcon size={18} />
            <span>
              {t('mining.tasks.punk-staking.failed')} {errorText(t, p.error)}
            </span>
          </div>
        )}
        {p.step === 'checked' ? (
          <p className="burn__preview" role="status">
            {t('mining.tasks.punk-staking.checked')}
          </p>
        ) : (
          <Button
            onClick={() => dispatch({ type: 'tasks/punkStakingCheckRequested', payload: {} })}
            disabled={at < 2}
            loading={p.checking}
          >
            {t('mining.tasks.punk-staking.check')}
          </Button>
        )}
      </div>
    </BottomSheet>
  )
}
