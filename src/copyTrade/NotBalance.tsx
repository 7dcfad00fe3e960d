import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { RootState } from '../../domain/state'
import { shortAddress } from '../../domain/wallet/rules'
import { useAppState, useDispatch } from '../ui/store'
import { CopyButton } from '../ui/CopyButton'
import { WarningIcon } from '../ui/icons'
import { Placeholder, Skeleton } from '../ui/kit'
import './texts'

const selectWalletAddress = (s: RootState) =>
  s.wallet.wallets.data?.find((w) => w.accountIndex === s.copyTrade.accountIndex)?.address ?? null

/** /copyTrade/notBalance (copyTrade.61-62) */
export function NotBalance() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const address = useAppState(selectWalletAddress)
  // Opened straight from a link, the wallets are not loaded yet.
  const missing = address === null
  useEffect(() => {
    if (missing) dispatch({ type: 'wallet/refreshRequested', payload: {} })
  }, [dispatch, missing])
  return (
    <Placeholder
      page
      icon={<WarningIcon size={40} />}
      title={t('copyTrade.not-balance.title')}
      description={
        <>
          {t('copyTrade.not-balance.text')}
          <span className="address not-balance__address">
            {address ? shortAddress(address) : <Skeleton width={120} height={14} />}
          </span>
        </>
      }
      action={
        <CopyButton
          variant="button"
          target="copyTrade/not-balance-address"
          text={address}
          label={t('copyTrade.not-balance.copy')}
          failText={t('refill address copy fail')}
        />
      }
    />
  )
}
