/** The deposit drawer (wallet.18): the TON and the EVM address of the wallet, each with a copy button. */
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import type { RootState } from '../../domain/state'
import { useAppState, useDispatch } from '../ui/store'
import { BottomSheet } from '../ui/BottomSheet'
import { CopyButton } from '../ui/CopyButton'
import { Cell, Section, SkeletonCell } from '../ui/kit'
import { NETWORK_NAMES } from '../ui/TokenIcon'
import { selectSelectedWallet } from './selectors'
import { useNavigate } from 'react-router-dom'

const selectOpen = (s: RootState) => s.wallet.depositOpen

/** The networks the EVM address receives on (app.3), named under its title. */
const EVM_NETWORKS = [1, 10, 42161, 8453, 324].map((chainId) => NETWORK_NAMES[chainId]).join(', ')

export function DepositSheet() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const open = useAppState(selectOpen)
  const wallet = useAppState(selectSelectedWallet)
  const close = useCallback(() => dispatch({ type: 'wallet/depositClosed', payload: {} }), [dispatch])
  const navigate = useNavigate()
  return (
    <BottomSheet
      open={open}
      onClose={close}
      label={t('wallet.deposit-sheet.title')}
      title={<span className="sheet__title">{t('wallet.deposit-sheet.title')}</span>}
    >
      <Section footer={t('wallet.deposit-sheet.hint')}>
        {wallet === null ? (
          <>
            <SkeletonCell />
            <SkeletonCell />
          </>
        ) : (
          <>
            <Cell
              title={t('wallet.deposit-sheet.ton')}
              subtitle={
                <span className="address" data-testid="ton-address">
                  {wallet.tonUnbouncableAddress}
                </span>
              }
              after={
                <CopyButton
                  target="deposit-sheet/ton"
                  text={wallet.tonUnbouncableAddress}
                  failText={t('refill address copy fail')}
                  label={t('wallet.deposit-sheet.copy-ton')}
                />
              }
            />
            <Cell
              title={t('wallet.deposit-sheet.evm')}
              subtitle={
                <>
                  <span className="wrap" style={{ display: 'block' }} data-testid="evm-networks">
                    {EVM_NETWORKS}
                  </span>
                  <span className="address" data-testid="evm-address">
                    {wallet.address}
                  </span>
                </>
              }
              after={
                <CopyButton
                  target="deposit-sheet/evm"
                  text={wallet.address}
                  failText={t('refill address copy fail')}
                  label={t('wallet.deposit-sheet.copy-evm')}
                />
              }
            />
          </>
        )}
      </Section>
      <Section>
        <Cell
          compact
          accent
          title={t('wallet.deposit-sheet.by-token')}
          chevron
          onClick={() => (close(), navigate('/refill/from'))}
        />
      </Section>
    </BottomSheet>
  )
}
