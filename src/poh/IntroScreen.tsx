/**
 * /prove, the intro (poh.11-19): what the proof gives, the three ways to verify with their cost,
 * and the bottom sheet of the chosen way: its cost in TON with the dollar estimate, or in Stars,
 * and Verify. Choosing a way fires the price check; a failed transaction's message shows in the
 * sheet. Paid, the effects move on to the loader.
 */
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { PohWay } from '../../domain/poh/events'
import type { PohState } from '../../domain/poh/state'
import { useAppState, useDispatch } from '../ui/store'
import { BottomSheet } from '../ui/BottomSheet'
import { WalletIcon } from '../ui/icons'
import { Button, Cell, Section } from '../ui/kit'
import { useFormat } from '../ui/useFormat'
import { StarIcon, TonIcon } from '../ui/payIcons'
import { HumanIcon } from './HumanIcon'
import { PohLoadFailed, PohLoading } from './LoadStates'
import { ScreenTitle } from './ScreenTitle'
import { selectPoh } from './selectors'
import { usePohEntered } from './hooks'
import './texts'

/** poh.11: wallet-connect, the app itself, Stars. */
const WAYS: readonly PohWay[] = ['external', 'internal', 'star']
const TON_PLACES = 9

function PaySheet({ s }: { s: PohState }) {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const format = useFormat()
  const payment = s.payment
  if (payment.step === 'closed' || s.info === null) return null
  const price = s.info.tonAmount
  const way = payment.way
  const busy = payment.step === 'sending' || payment.step === 'paying'
  return (
    <BottomSheet
      open
      label={t('poh.sheet.title')}
      title={<span className="sheet__title">{t('poh.sheet.title')}</span>}
      onClose={() => dispatch({ type: 'poh/sheetClosed', payload: {} })}
    >
      <div className="poh-sheet" data-testid="poh-sheet">
        <div className="poh-cost">
          <span className="poh-cost__label">{t('poh.sheet.cost')}</span>
          {way === 'star' ? (
            <span className="poh-cost__figure" data-testid="poh-cost">
              {t('poh.sheet.stars', { stars: price.starAmount })}
            </span>
          ) : (
            <>
              <span className="poh-cost__figure" data-testid="poh-cost">
                {t('poh.sheet.ton', { ton: format.amount(price.tonAmount, TON_PLACES) })}
              </span>
              <span className="poh-cost__usd" data-testid="poh-cost-usd">
                {t('poh.sheet.usd', { usd: format.usd(Number(price.amount)) })}
              </span>
            </>
          )}
        </div>
        <p className="poh-sheet__hint">{busy ? t('poh.sheet.paying') : t(`poh.sheet.hint.${way}`)}</p>
        {payment.step === 'failed' && (
          <p className="poh-sheet__error" role="alert" data-testid="poh-sheet-error">
            {payment.message ?? t('poh.sheet.failed')}
          </p>
        )}
        <Button loading={busy} onClick={() => dispatch({ type: 'poh/verifyTapped', payload: {} })}>
          {t('poh.sheet.verify')}
        </Button>
      </div>
    </BottomSheet>
  )
}

export function IntroScreen() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const format = useFormat()
  const s = useAppState(selectPoh)
  usePohEntered('intro')
  if (s.info === null) return s.infoError !== null ? <PohLoadFailed screen="intro" /> : <PohLoading />
  const price = s.info.tonAmount
  const ton = format.amount(price.tonAmount, TON_PLACES)
  const rows: Record<PohWay, { icon: ReactNode; title: string; hint: string }> = {
    external: {
      icon: <WalletIcon size={28} />,
      title: t('poh.ways.external'),
      hint: t('poh.ways.external-hint', { ton }),
    },
    internal: { icon: <TonIcon />, title: t('poh.ways.internal'), hint: t('poh.ways.internal-hint', { ton }) },
    star: { icon: <StarIcon />, title: t('poh.ways.star'), hint: t('poh.ways.star-hint', { stars: price.starAmount }) },
  }
  return (
    <div className="poh" data-testid="poh-intro">
      <ScreenTitle icon={<HumanIcon />} sub={t('poh.subtitle')}>
        {t('poh.title')}
      </ScreenTitle>
      <Section header={t('poh.ways.title')}>
        {WAYS.map((way) => (
          <Cell
            key={way}
            before={rows[way].icon}
            title={rows[way].title}
            subtitle={rows[way].hint}
            chevron
            label={`${rows[way].title}, ${rows[way].hint}`}
            onClick={() => dispatch({ type: 'poh/wayChosen', payload: { way } })}
          />
        ))}
      </Section>
      <PaySheet s={s} />
    </div>
  )
}
