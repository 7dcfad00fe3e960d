/**
 * The partner-exchange wallet boost's sheet (doc 2 §4, §8; tasks.59-62): download the partner's
 * wallet, then connect it over TonConnect; the step is kept locally. Another wallet app is refused
 * with 'mining.tasks.bitget-wallet.error'. The list's answer keeps the step or undoes it.
 */
import { useTranslation } from 'react-i18next'
import { useAppState, useDispatch } from '../ui/store'
import { BottomSheet } from '../ui/BottomSheet'
import { walletProofReason } from '../ui/walletProofText'
import { CheckIcon, WarningIcon } from '../ui/icons'
import { Cell, Section } from '../ui/kit'
import { selectTasks } from './selectors'
import './texts'

const ORDER = ['started', 'downloaded', 'connected'] as const

export function PartnerWalletSheet() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const w = useAppState(selectTasks).partnerWallet
  const at = ORDER.indexOf(w.step ?? 'started')
  const close = () => dispatch({ type: 'tasks/partnerWalletClosed', payload: {} })
  const done = (
    <span className="task-done">
      <CheckIcon size={18} />
      {t('mining.tasks.card.done')}
    </span>
  )
  const go = <span className="task-go">{t('mining.tasks.card.start')}</span>
  const title = t('mining.tasks.bitget-wallet.title')
  return (
    <BottomSheet open={w.open} onClose={close} label={title} title={<h2 className="sheet__title">{title}</h2>}>
      <div className="burn tasks" data-testid="partner-wallet" data-step={w.step ?? 'started'}>
        <p className="burn__text">{t('mining.tasks.bitget-wallet.text')}</p>
        <Section>
          <Cell
            title={t('mining.tasks.bitget-wallet.download')}
            after={at >= 1 ? done : go}
            onClick={at >= 1 ? undefined : () => dispatch({ type: 'tasks/partnerWalletDownloaded', payload: {} })}
            label={at >= 1 ? undefined : t('mining.tasks.bitget-wallet.download')}
          />
          <Cell
            title={t('mining.tasks.bitget-wallet.connect')}
            subtitle={w.busy ? t('mining.tasks.wallet.busy') : undefined}
            after={at >= 2 ? done : at === 1 ? go : undefined}
            onClick={
              at === 1 && !w.busy
                ? () => dispatch({ type: 'tasks/partnerWalletConnectRequested', payload: {} })
                : undefined
            }
            label={at === 1 ? t('mining.tasks.bitget-wallet.connect') : undefined}
          />
        </Section>
        {(w.refused || w.error !== null) && (
          <div className="notice notice--danger" role="alert" data-testid="partner-wallet-error">
            <WarningIcon size={18} />
            <span>
              {w.refused
                ? t('mining.tasks.bitget-wallet.error')
                : t('mining.tasks.wallet.failed', {
                    message: walletProofReason(t, w.code) ?? t('mining.tasks.wallet.unknown'),
                  })}
            </span>
          </div>
        )}
        {at === 2 && (
          <p className="burn__preview" role="status">
            {t('mining.tasks.bitget-wallet.connected')}
          </p>
        )}
      </div>
    </BottomSheet>
  )
}
