/**
 * The autoclaim modal (doc 2 §2 "Autoclaim task", §4 "Autoclaim flow"; tasks.43-52): the prices
 * (195 Stars or the TON price, tasks.51) and the ways to pay; a way tapped asks to confirm what will
 * be paid and from where (tasks.50: confirm, then success); while paying, what is happening; a
 * payment is done only when the server has granted the order. Errors show their key with a general
 * title and a go-to-swap button (tasks.45-47); success says activation takes up to 1 hour (tasks.52).
 */
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { AutoclaimWay } from '../../domain/mining/events'
import type { AutoclaimStep } from '../../domain/mining/state'
import { useNavigate } from 'react-router-dom'
import { useAppState, useDispatch } from '../ui/store'
import { BottomSheet } from '../ui/BottomSheet'
import { errorText } from '../ui/errorText'
import { SpinnerIcon, WalletIcon, WarningIcon } from '../ui/icons'
import { StarIcon, TonIcon } from '../ui/payIcons'
import { Button, Cell, Section, Skeleton } from '../ui/kit'
import { SuccessScreen } from '../ui/SuccessScreen'
import { useFormat } from '../ui/useFormat'
import type { RootState } from '../../domain/state'
import { selectSelectedIndex } from '../wallet/selectors'
import { selectMining } from './selectors'
import './texts'

/** tasks.43: in TON from this wallet, in Stars, or from a wallet of the user's own. */
const WAYS: readonly AutoclaimWay[] = ['stars', 'internal', 'external']

function Choose() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const format = useFormat()
  const { offer, offerError } = useAppState(selectMining).autoclaim
  const choose = (way: AutoclaimWay) => dispatch({ type: 'mining/autoclaimWayChosen', payload: { way } })
  if (offer === null)
    return offerError !== null ? (
      <div className="autoclaim__state" role="alert">
        <p>{t('mining.tasks.autoclaim.modal.price-failed')}</p>
        <p className="muted">{errorText(t, offerError)}</p>
        <Button mode="secondary" size="small" onClick={() => dispatch({ type: 'mining/autoclaimOpened', payload: {} })}>
          {t('errors.retry')}
        </Button>
      </div>
    ) : (
      <div aria-busy="true" aria-label={t('mining.tasks.autoclaim.modal.price-loading')}>
        <Skeleton width="90%" height={16} />
        <Skeleton width="60%" height={16} style={{ marginTop: 8, marginBottom: 16 }} />
        <Skeleton width="100%" height={56} />
      </div>
    )
  if (offer.active)
    return (
      <p className="autoclaim__text">
        {t('mining.tasks.autoclaim.modal.active', { date: offer.until === null ? '' : format.date(offer.until) })}
      </p>
    )
  const rows: Record<AutoclaimWay, { icon: ReactNode; title: string; hint: string }> = {
    stars: {
      icon: <StarIcon size={32} />,
      title: t('mining.tasks.autoclaim.modal.stars', { stars: offer.stars }),
      hint: t('mining.tasks.autoclaim.modal.stars-hint'),
    },
    internal: {
      icon: <TonIcon size={32} />,
      title: t('mining.tasks.autoclaim.modal.internal', { ton: format.amount(offer.ton, 9) }),
      hint: t('mining.tasks.autoclaim.modal.internal-hint'),
    },
    external: {
      icon: <WalletIcon size={28} />,
      title: t('mining.tasks.autoclaim.modal.external', { ton: format.amount(offer.ton, 9) }),
      hint: t('mining.tasks.autoclaim.modal.external-hint'),
    },
  }
  return (
    <>
      <p className="autoclaim__text">{t('mining.tasks.autoclaim.modal.text', { count: offer.days })}</p>
      <Section>
        {WAYS.map((way) => (
          <Cell
            key={way}
            before={rows[way].icon}
            title={rows[way].title}
            subtitle={rows[way].hint}
            chevron
            onClick={() => choose(way)}
          />
        ))}
      </Section>
    </>
  )
}

const selectTonBalance = (s: RootState) =>
  s.wallet.balances[s.wallet.selectedIndex]?.data?.find((b) => b.chainId === 'TON' && b.symbol === 'TON')
    ?.tokensAmount ?? null

/**
 * What a tap on a way will pay, and from where, before anything is ordered (as Telegram's Wallet
 * and Tonkeeper confirm a payment): the amount and its currency, the source (this app's wallet
 * with its TON balance, Telegram Stars, or the user's own wallet), what it buys; Confirm pays once
 * (mining/autoclaimPayRequested, one payment per burst of taps), Cancel goes back to the ways.
 */
function Confirm({ way }: { way: AutoclaimWay }) {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const format = useFormat()
  const { offer } = useAppState(selectMining).autoclaim
  const account = useAppState(selectSelectedIndex)
  const ton = useAppState(selectTonBalance)
  if (offer === null) return null
  const amount =
    way === 'stars'
      ? t('mining.tasks.autoclaim.modal.confirm.stars', { stars: offer.stars })
      : `${format.amount(offer.ton, 9)} TON`
  const source =
    way === 'internal'
      ? t('mining.tasks.autoclaim.modal.confirm.from-internal', { n: account + 1 })
      : way === 'stars'
        ? t('mining.tasks.autoclaim.modal.confirm.from-stars')
        : t('mining.tasks.autoclaim.modal.confirm.from-external')
  return (
    <div className="autoclaim-confirm" data-testid="autoclaim-confirm">
      <div className="autoclaim-confirm__amount">
        <span className="autoclaim-confirm__label">{t('mining.tasks.autoclaim.modal.confirm.pay')}</span>
        <span className="autoclaim-confirm__figure" data-testid="autoclaim-confirm-amount">
          {amount}
        </span>
      </div>
      <dl className="autoclaim-confirm__facts">
        <div className="autoclaim-confirm__fact">
          <dt>{t('mining.tasks.autoclaim.modal.confirm.from')}</dt>
          <dd data-testid="autoclaim-confirm-source">
            {source}
            {way === 'internal' && ton !== null && (
              <span className="autoclaim-confirm__balance">
                {t('mining.tasks.autoclaim.modal.confirm.balance', { ton: format.amount(ton, 9) })}
              </span>
            )}
          </dd>
        </div>
        <div className="autoclaim-confirm__fact">
          <dt>{t('mining.tasks.autoclaim.modal.confirm.for')}</dt>
          <dd>{t('mining.tasks.autoclaim.modal.confirm.what', { count: offer.days })}</dd>
        </div>
      </dl>
      <p className="autoclaim-confirm__hint">{t(`mining.tasks.autoclaim.modal.confirm.hint-${way}`)}</p>
      <div className="autoclaim__actions">
        <Button onClick={() => dispatch({ type: 'mining/autoclaimPayRequested', payload: { way } })}>
          {t('mining.tasks.autoclaim.modal.confirm.confirm')}
        </Button>
        <Button mode="plain" onClick={() => dispatch({ type: 'mining/autoclaimConfirmCancelled', payload: {} })}>
          {t('mining.tasks.autoclaim.modal.confirm.cancel')}
        </Button>
      </div>
    </div>
  )
}

/** While an order is made, paid and granted: what is happening now. */
function Progress({ payment }: { payment: Extract<AutoclaimStep, { step: 'ordering' | 'paying' | 'waiting' }> }) {
  const { t } = useTranslation()
  const format = useFormat()
  const ton = useAppState(selectMining).autoclaim.offer?.ton ?? ''
  const text =
    payment.step === 'ordering'
      ? t('mining.tasks.autoclaim.modal.ordering')
      : payment.step === 'paying'
        ? t(`mining.tasks.autoclaim.modal.paying-${payment.way}`, { ton: ton && format.amount(ton, 9) })
        : payment.pending
          ? t('mining.tasks.autoclaim.modal.waiting-pending')
          : t('mining.tasks.autoclaim.modal.waiting')
  return (
    <div className="autoclaim__state" role="status" aria-busy="true" data-testid="autoclaim-progress">
      <SpinnerIcon size={32} />
      <p>{text}</p>
    </div>
  )
}

/** tasks.45-47: the error's key under a general title, with a go-to-swap button; a cancelled invoice only says so. */
function Failed({ payment }: { payment: Extract<AutoclaimStep, { step: 'failed' }> }) {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const retry = (
    <Button mode="secondary" onClick={() => dispatch({ type: 'mining/autoclaimRetried', payload: {} })}>
      {t('mining.tasks.autoclaim.modal.try-again')}
    </Button>
  )
  if (payment.reason === 'cancelled')
    return (
      <div className="autoclaim__state" role="status" data-testid="autoclaim-cancelled">
        <h2 className="autoclaim__title">{t('mining.tasks.autoclaim.modal.cancelled-title')}</h2>
        <p>
          {t(
            payment.way === 'external'
              ? 'mining.tasks.autoclaim.modal.declined'
              : 'mining.tasks.autoclaim.modal.cancelled',
          )}
        </p>
        {retry}
      </div>
    )
  const message =
    payment.reason === 'failed'
      ? t('mining.tasks.autoclaim.modal.failed')
      : t(`mining.tasks.autoclaim.modal.error.${payment.reason}`)
  return (
    <div className="autoclaim__state" role="alert" data-testid="autoclaim-error">
      <WarningIcon size={32} />
      <h2 className="autoclaim__title">{t('mining.tasks.autoclaim.modal.error.title')}</h2>
      <p>{message}</p>
      <div className="autoclaim__actions">
        <Button
          onClick={() => {
            dispatch({ type: 'mining/autoclaimClosed', payload: {} })
            navigate('/swap')
          }}
        >
          {t('mining.tasks.autoclaim.modal.go-to-swap')}
        </Button>
        {retry}
      </div>
    </div>
  )
}

export function AutoclaimSheet() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const { open, payment } = useAppState(selectMining).autoclaim
  const close = () => dispatch({ type: 'mining/autoclaimClosed', payload: {} })
  return (
    <BottomSheet
      open={open && payment.step !== 'success'}
      onClose={close}
      label={t('mining.tasks.autoclaim.modal.title')}
      title={<h2 className="sheet__title">{t('mining.tasks.autoclaim.modal.title')}</h2>}
    >
      <div className="autoclaim">
        {payment.step === 'choose' ? (
          <Choose />
        ) : payment.step === 'confirm' ? (
          <Confirm way={payment.way} />
        ) : payment.step === 'failed' ? (
          <Failed payment={payment} />
        ) : payment.step === 'success' ? null : (
          <Progress payment={payment} />
        )}
      </div>
    </BottomSheet>
  )
}

/** tasks.50, tasks.52: paid and granted; activation takes up to 1 hour, the reward within 3 days. */
export function AutoclaimSuccess() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  return (
    <SuccessScreen
      title={t('mining.tasks.autoclaim.modal.success-title')}
      detail={
        <>
          {t('mining.tasks.autoclaim.modal.success-activation')}
          <br />
          {t('mining.tasks.autoclaim.modal.success-reward')}
        </>
      }
      primary={{
        text: t('mining.tasks.autoclaim.modal.done'),
        onPress: () => dispatch({ type: 'mining/autoclaimClosed', payload: {} }),
      }}
    />
  )
}
