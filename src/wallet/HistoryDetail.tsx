/**
 * /history/entry: one history entry in full: what it was, the network, both amounts of
 * a swap or the amount of a transfer with 8 decimals (wallet.17), the fee, the time in the user's
 * zone, the status, the other side's address whole, and the transaction's reference. Which entry
 * is open is state (wallet/historyEntryOpened); with none (a link or a reload straight here) the
 * screen gives way to the home.
 */
import { type ReactNode, useEffect, useLayoutEffect } from 'react'
import { useTranslation } from 'react-i18next'
import en from '../../locales/historyDetail/en.json'
import ru from '../../locales/historyDetail/ru.json'
import { addTranslations } from '../i18n'
import type { ChainId } from '../../domain/app/chains'
import { type DisplayLanguage, PLACES, formatAmount } from '../../domain/format'
import { pohCodeIn } from '../../domain/poh/comment'
import type { RootState } from '../../domain/state'
import {
  type HistoryAmount,
  entryDateTime,
  historyFigure,
  historyLine,
  openHistoryEntry,
} from '../../domain/wallet/history'
import { useNavigate } from 'react-router-dom'
import { selectLanguage, selectTimeZone } from '../ui/selectors'
import { useAppState } from '../ui/store'
import { CopyButton } from '../ui/CopyButton'
import { historyTitle } from '../ui/HistoryRow'
import { NETWORK_NAMES, TokenIcon, networkLogoURI } from '../ui/TokenIcon'
import { ArrowDownIcon, ArrowUpIcon, SwapIcon } from '../ui/icons'
import { Button, Placeholder, Section } from '../ui/kit'

// Its texts come with it, not with the first screen.
addTranslations('wallet', { en: { entry: en }, ru: { entry: ru } })

const ICONS = { deposit: ArrowDownIcon, withdrawal: ArrowUpIcon, swap: SwapIcon } as const
const selectOpen = (s: RootState) => s.wallet.openEntry

/**
 * One fact of the entry: its name, and a value that wraps rather than being cut; `block`: a value
 * to read or copy whole (an address, a comment) goes under its name.
 */
function Fact({
  name,
  children,
  testId,
  copy,
  block = copy !== undefined,
}: {
  name: string
  children: ReactNode
  testId: string
  copy?: ReactNode
  block?: boolean
}) {
  return (
    <div className={`entry-fact${block ? ' entry-fact--block' : ''}`}>
      <dt className="entry-fact__name">{name}</dt>
      <dd className="entry-fact__value" data-testid={testId}>
        {children}
      </dd>
      {copy !== undefined && <dd className="entry-fact__copy">{copy}</dd>}
    </div>
  )
}

function Network({ chainId }: { chainId: ChainId }) {
  const name = NETWORK_NAMES[String(chainId)] ?? String(chainId)
  return (
    <span className="entry-network">
      <img src={networkLogoURI(chainId)} alt="" width={20} height={20} />
      <span>{name}</span>
    </span>
  )
}

/** Past this many characters the head's figure is set smaller, so a long one still fits a 320 px line. */
const HEAD_FIGURE_LONG = 14

/** The entry's amount in large type: the figure and its symbol each whole, the symbol under it when both do not fit. */
function HeadFigure({ amount, language }: { amount: HistoryAmount; language: DisplayLanguage }) {
  const figure = historyFigure(amount, language)
  const classes = [
    'entry-head__amount',
    amount.sign === '+' && 'amount-in',
    figure.length > HEAD_FIGURE_LONG && 'entry-head__amount--long',
  ]
    .filter(Boolean)
    .join(' ')
  return (
    <div className={classes} data-testid="entry-amount">
      <span className="entry-head__number">{figure}</span> <span>{amount.symbol}</span>
    </div>
  )
}

export function HistoryDetail() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const language = useAppState(selectLanguage)
  const timeZone = useAppState(selectTimeZone)
  const open = useAppState(selectOpen)
  const entry = useAppState(openHistoryEntry)
  const nothingOpen = open === null

  // A screen of its own: it starts at its top, whatever the list's scroll was.
  useLayoutEffect(() => {
    if (typeof window.scrollTo === 'function') window.scrollTo(0, 0)
  }, [])
  // Nothing was opened (a link or a reload to this path): the home, in this screen's place.
  useEffect(() => {
    if (nothingOpen) navigate('/', { replace: true })
  }, [navigate, nothingOpen])

  if (nothingOpen) return null
  if (entry === null)
    return (
      <Placeholder
        page
        title={t('wallet.entry.missing')}
        description={t('wallet.entry.missing-hint')}
        action={<Button onClick={() => navigate('/')}>{t('wallet.entry.back')}</Button>}
      />
    )

  const line = historyLine(entry)
  const Icon = ICONS[line.type]
  const figure = (a: HistoryAmount) => `${historyFigure(a, language)} ${a.symbol}`
  const logo = line.type === 'swap' ? entry.toToken?.logoURI : entry.logoURI
  const counterparty = line.type === 'deposit' ? 'from' : 'to'
  // The proof of humanity's code arrives as a comment (domain/poh/rules.ts): its six digits, to copy for the code screen.
  const pohCode = pohCodeIn(line.comment)
  return (
    <>
      <div className="entry-head">
        {logo !== undefined ? (
          <TokenIcon src={logo} symbol={line.amount.symbol} size={56} network={line.chainId ?? undefined} />
        ) : (
          <span className={`history-icon history-icon--${line.type} entry-head__icon`}>
            <Icon size={28} />
          </span>
        )}
        <h1 className="entry-head__title" data-testid="entry-title">
          {historyTitle(line, t)}
        </h1>
        <HeadFigure amount={line.amount} language={language} />
        {line.detail !== null && (
          <div className="entry-head__detail" data-testid="entry-detail-amount">
            {figure(line.detail)}
          </div>
        )}
        {line.status !== null && (
          <div className={`entry-status entry-status--${line.status}`} data-testid="entry-status">
            <span className="visually-hidden">{`${t('wallet.entry.status')}: `}</span>
            {t(`wallet.entry.statuses.${line.status}`)}
          </div>
        )}
      </div>
      <Section>
        <dl className="entry-facts">
          <Fact name={t('wallet.entry.type')} testId="entry-type">
            {t(`wallet.entry.types.${line.type}`)}
            {line.copied && ` · ${t('wallet.history.copied')}`}
          </Fact>
          <Fact name={t('wallet.entry.date')} testId="entry-date">
            {entryDateTime(line.createdAt, language, timeZone)}
          </Fact>
          {line.chainId !== null && (
            <Fact name={t('wallet.entry.network')} testId="entry-network">
              <Network chainId={line.chainId} />
            </Fact>
          )}
          {line.detail !== null ? (
            <>
              <Fact name={t('wallet.entry.paid')} testId="entry-paid">
                {figure(line.detail)}
              </Fact>
              <Fact name={t('wallet.entry.received')} testId="entry-received">
                <span className="amount-in">{figure(line.amount)}</span>
              </Fact>
            </>
          ) : (
            <Fact name={t('wallet.entry.amount')} testId="entry-value">
              <span className={line.amount.sign === '+' ? 'amount-in' : undefined}>{figure(line.amount)}</span>
            </Fact>
          )}
          {line.fee !== null && (
            <Fact name={t('wallet.entry.fee')} testId="entry-fee">
              {`${formatAmount(line.fee.value, { places: PLACES.transaction, language })} ${line.fee.symbol}`}
            </Fact>
          )}
          {line.counterparty !== null && (
            <Fact
              name={t(`wallet.entry.${counterparty}`)}
              testId="entry-address"
              copy={
                <CopyButton target="history/address" text={line.counterparty} label={t('wallet.entry.copy-address')} />
              }
            >
              <span className="address address--full">{line.counterparty}</span>
            </Fact>
          )}
          {pohCode !== null && (
            <Fact
              name={t('wallet.entry.poh-code')}
              testId="entry-poh-code"
              copy={<CopyButton target="history/pohCode" text={pohCode} label={t('wallet.entry.copy-code')} />}
            >
              <span className="entry-code">{pohCode}</span>
            </Fact>
          )}
          {line.comment !== null && (
            <Fact
              name={t('wallet.entry.comment')}
              testId="entry-comment"
              copy={<CopyButton target="history/comment" text={line.comment} label={t('wallet.entry.copy-comment')} />}
            >
              <span className="wrap">{line.comment}</span>
            </Fact>
          )}
          {line.copied && line.trader !== null && (
            <Fact
              name={t('wallet.entry.trader')}
              testId="entry-trader"
              copy={<CopyButton target="history/trader" text={line.trader} label={t('wallet.entry.copy-trader')} />}
            >
              <span className="address address--full">{line.trader}</span>
            </Fact>
          )}
          {line.txId !== null && (
            <Fact
              name={t('wallet.entry.tx-id')}
              testId="entry-tx-id"
              copy={<CopyButton target="history/txId" text={line.txId} label={t('wallet.entry.copy-tx-id')} />}
            >
              <span className="address address--full">{line.txId}</span>
            </Fact>
          )}
        </dl>
      </Section>
    </>
  )
}
