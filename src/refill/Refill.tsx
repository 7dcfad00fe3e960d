/** Deposit (refill) flow, doc 1 §2: method list, asset picker, QR code of the address. */
import { Suspense, lazy, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import en from '../../locales/refill/en.json'
import ru from '../../locales/refill/ru.json'
import { addTranslations } from '../i18n'
import { CHAIN_LABELS } from '../../domain/app/chains'
import { refillAddress } from '../../domain/refill/rules'
import type { RootState } from '../../domain/state'
import { useNavigate } from 'react-router-dom'
import { useAppState, useDispatch } from '../ui/store'
import { TokenPicker } from '../picker/TokenPicker'
import { CopyButton } from '../ui/CopyButton'
import { TokenIcon } from '../ui/TokenIcon'
import { WalletIcon, WarningIcon } from '../ui/icons'
import { Button, Cell, Placeholder, Section, Skeleton } from '../ui/kit'
import { selectSelectedWallet } from '../wallet/selectors'

// Its texts come with it, not with the first screen.
addTranslations('refill', { en, ru })

/** The QR library is a chunk of its own, fetched only on this screen. */
const QrCode = lazy(() => import('./QrCode'))

/** /refill/from: one method, an external wallet (back goes to the main page). */
export function RefillFrom() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <>
      <h1 className="title">{t('refill.from.title')}</h1>
      <Section header={t('refill.from.methods')}>
        <Cell
          before={
            <span className="action__icon" style={{ width: 40, height: 40 }}>
              <WalletIcon size={20} />
            </span>
          }
          title={<span className="wrap">{t('refill.from.external')}</span>}
          subtitle={<span className="wrap">{t('refill.from.external-hint')}</span>}
          chevron
          onClick={() => navigate('/refill/to')}
        />
      </Section>
    </>
  )
}

/** /refill/to: pick the asset (token and network); picking goes to /refill/qr. */
export function RefillTo() {
  const { t } = useTranslation()
  return (
    <>
      <h1 className="title">{t('refill.to.title')}</h1>
      <TokenPicker purpose="refill" />
    </>
  )
}

const selectToken = (s: RootState) => s.refill.token

/** /refill/qr: the address as a QR code (size 215, lowest error correction) and as text. */
export function RefillQr() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const dispatch = useDispatch()
  const token = useAppState(selectToken)
  const wallet = useAppState(selectSelectedWallet)
  useEffect(() => {
    if (wallet === null) dispatch({ type: 'wallet/refreshRequested', payload: {} })
  }, [wallet, dispatch])
  if (token === null)
    return (
      <Placeholder
        page
        title={t('refill.qr.no-token')}
        action={<Button onClick={() => navigate('/refill/to')}>{t('refill.qr.choose')}</Button>}
      />
    )
  const network = CHAIN_LABELS[String(token.chainId)]
  const address = wallet ? refillAddress(token, wallet) : null
  return (
    <>
      <div style={{ display: 'flex', alignItems: 'center', gap: 10, justifyContent: 'center', margin: '4px 0 16px' }}>
        <TokenIcon src={token.logoURI} symbol={token.symbol} size={32} network={token.chainId} />
        <h1 className="title" style={{ margin: 0 }}>
          {t('refill.qr.title', { symbol: token.symbol, network })}
        </h1>
      </div>
      <div className="qr" data-testid="qr" data-value={address ?? undefined}>
        {address === null ? (
          <Skeleton width={215} height={215} />
        ) : (
          <Suspense fallback={<Skeleton width={215} height={215} />}>
            <QrCode value={address} />
          </Suspense>
        )}
      </div>
      <Section header={t('refill.qr.address')}>
        <Cell
          title={
            <span className="address" data-testid="refill-address">
              {address ?? '…'}
            </span>
          }
          after={
            <CopyButton
              target="refill/address-icon"
              text={address}
              failText={t('refill address copy fail')}
              label={t('refill.qr.copy-icon')}
            />
          }
        />
      </Section>
      <div className="notice" role="note">
        <WarningIcon size={18} />
        <span>{t('refill.qr.notice', { symbol: token.symbol, network })}</span>
      </div>
      <CopyButton
        target="refill/address-button"
        text={address}
        failText={t('refill address copy fail')}
        label={t('refill.qr.copy')}
        variant="button"
      />
    </>
  )
}
