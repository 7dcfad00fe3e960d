/**
 * The open-league boost's sheet (doc 2 §4; tasks.63-64): claim the badge in the league's bot, then
 * trade; the step is kept in Telegram's cloud storage, and a list whose task is not completed takes
 * done back to trade.
 */
import { useTranslation } from 'react-i18next'
import { useAppState, useDispatch } from '../ui/store'
import { BottomSheet } from '../ui/BottomSheet'
import { CheckIcon } from '../ui/icons'
import { Cell, Section } from '../ui/kit'
import { selectTasks } from './selectors'
import './texts'

export function OpenLeagueSheet() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const { step, open } = useAppState(selectTasks).openLeague
  const close = () => dispatch({ type: 'tasks/openLeagueClosed', payload: {} })
  const done = (
    <span className="task-done">
      <CheckIcon size={18} />
      {t('mining.tasks.card.done')}
    </span>
  )
  const go = <span className="task-go">{t('mining.tasks.card.start')}</span>
  const title = t('mining.tasks.open-league.title')
  return (
    <BottomSheet open={open} onClose={close} label={title} title={<h2 className="sheet__title">{title}</h2>}>
      <div className="burn tasks" data-testid="open-league" data-step={step}>
        <p className="burn__text">{t('mining.tasks.open-league.text')}</p>
        <Section>
          <Cell
            title={t('mining.tasks.open-league.badge')}
            after={step === 'badge' ? go : done}
            onClick={
              step === 'badge' ? () => dispatch({ type: 'tasks/openLeagueBadgeOpened', payload: {} }) : undefined
            }
            label={step === 'badge' ? t('mining.tasks.open-league.badge') : undefined}
          />
          <Cell
            title={t('mining.tasks.open-league.trade')}
            after={step === 'done' ? done : step === 'trade' ? go : undefined}
            onClick={
              step === 'trade' ? () => dispatch({ type: 'tasks/openLeagueTradeOpened', payload: {} }) : undefined
            }
            label={step === 'trade' ? t('mining.tasks.open-league.trade') : undefined}
          />
        </Section>
        {step === 'done' && (
          <p className="burn__hint" role="status">
            {t('mining.tasks.open-league.done')}
          </p>
        )}
      </div>
    </BottomSheet>
  )
}
