/** The wallet chooser (wallet.19-20), whose title also counts the storage-reset taps (app.27). */
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { shortAddress } from '../../domain/wallet/rules'
import { useAppState, useDispatch } from '../ui/store'
import { BottomSheet } from '../ui/BottomSheet'
import { CheckIcon, WalletIcon } from '../ui/icons'
import { Button, Cell, Placeholder, Section, SkeletonCell } from '../ui/kit'
import { errorText } from '../ui/errorText'
import { withKeys } from '../ui/listKeys'
import { FITS, useFormat } from '../ui/useFormat'
import { selectChooserOpen, selectSelectedIndex, selectWallets } from './selectors'

export function Chooser() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const open = useAppState(selectChooserOpen)
  const wallets = useAppState(selectWallets)
  const selected = useAppState(selectSelectedIndex)
  const format = useFormat()
  const close = useCallback(() => dispatch({ type: 'wallet/chooserClosed', payload: {} }), [dispatch])
  return (
    <BottomSheet
      open={open}
      onClose={close}
      label={t('wallet.chooser.title')}
      title={
        <button
          type="button"
          className="sheet__title"
          onClick={() => dispatch({ type: 'app/resetTapped', payload: {} })}
        >
          {t('wallet.chooser.title')}
        </button>
      }
    >
      <Section>
        {wallets.data === null && wallets.error !== null && !wallets.loading ? (
          // The list could not be loaded: say why, with a retry, not skeletons for ever.
          <Placeholder
            title={t('wallet.chooser.failed')}
            description={errorText(t, wallets.error)}
            action={
              <Button
                size="small"
                mode="secondary"
                onClick={() => dispatch({ type: 'wallet/refreshRequested', payload: {} })}
              >
                {t('errors.retry')}
              </Button>
            }
          />
        ) : wallets.data === null ? (
          [0, 1, 2].map((i) => <SkeletonCell key={i} />)
        ) : (
          withKeys(wallets.data, (w) => String(w.accountIndex)).map(([key, w]) => (
            <Cell
              key={key}
              before={
                <span className="action__icon" style={{ width: 40, height: 40 }}>
                  <WalletIcon size={20} />
                </span>
              }
              title={t('wallet.account', { n: w.accountIndex + 1 })}
              subtitle={shortAddress(w.address)}
              after={format.usd(w.totalBalanceUsd, FITS.list)}
              afterSubtitle={
                w.accountIndex === selected ? (
                  <span
                    className="check"
                    style={{ justifyContent: 'flex-end' }}
                    aria-label={t('wallet.chooser.selected')}
                  >
                    <CheckIcon size={18} />
                  </span>
                ) : undefined
              }
              onClick={() => dispatch({ type: 'wallet/walletSelected', payload: { accountIndex: w.accountIndex } })}
            />
          ))
        )}
      </Section>
    </BottomSheet>
  )
}
