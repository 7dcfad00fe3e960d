/** History on the wallet home (wallet.13-17): 10 entries a page, the next page as the user scrolls. */
import { useEffect, useRef } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { HistoryEntry } from '../../domain/api/codecs/wallet'
import type { RootState } from '../../domain/state'
import { emptyHistory } from '../../domain/wallet/state'
import { type HistoryLine, historyLine } from '../../domain/wallet/history'
import { shortAddress } from '../../domain/wallet/rules'
import { useAppState, useDispatch } from '../app/store'
import { ArrowDownIcon, ArrowUpIcon, SwapIcon } from '../ui/icons'
import { Button, Cell, Placeholder, Section, SkeletonCell } from '../ui/kit'
import { errorText } from './errorText'
import { selectSelectedIndex } from './selectors'

const selectHistory = (s: RootState) => s.wallet.history[s.wallet.selectedIndex] ?? null
const NO_HISTORY = emptyHistory()

const ICONS = { deposit: ArrowDownIcon, withdrawal: ArrowUpIcon, swap: SwapIcon } as const

function formatDate(iso: string, language: string): string {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(language === 'ru' ? 'ru-RU' : 'en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })
}

function subtitle(line: HistoryLine, date: string, t: TFunction): string {
  // The trader is on the trade's own screen; here the row only says why a swap the user did not make is there.
  if (line.copied) return `${t('wallet.history.copied')} · ${date}`
  return line.counterparty ? `${date} · ${shortAddress(line.counterparty)}` : date
}

/** One history entry; also the copied swaps of a copy trade. */
export function HistoryRow({ entry, inTrade = false }: { entry: HistoryEntry; inTrade?: boolean }) {
  const { t, i18n } = useTranslation()
  const line = inTrade ? { ...historyLine(entry), copied: false } : historyLine(entry)
  const Icon = ICONS[line.type]
  return (
    <li data-testid="history-row" style={{ listStyle: 'none' }}>
      <Cell
        before={<span className={`history-icon history-icon--${line.type}`}><Icon size={20} /></span>}
        title={line.type === 'swap' ? line.title : t(`wallet.history.${line.type}`, { symbol: line.symbol })}
        subtitle={subtitle(line, formatDate(line.createdAt, i18n.language), t)}
        after={<span className={line.amount.startsWith('+') ? 'amount-in' : undefined}>{`${line.amount} ${line.symbol}`}</span>}
        afterSubtitle={line.detail ?? undefined}
      />
    </li>
  )
}

export function History() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const accountIndex = useAppState(selectSelectedIndex)
  const history = useAppState(selectHistory) ?? NO_HISTORY
  const sentinel = useRef<HTMLDivElement | null>(null)
  const canLoadMore = !history.complete && history.loadingOffset === null && history.error === null && history.entries.length > 0

  // Infinite scroll: the next page when 10 % of the loader row is visible (picker.7's threshold).
  useEffect(() => {
    const el = sentinel.current
    if (!el || !canLoadMore || typeof IntersectionObserver === 'undefined') return
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting))
          dispatch({ type: 'wallet/historyPageRequested', payload: { accountIndex, offset: history.entries.length } })
      },
      { threshold: 0.1 },
    )
    io.observe(el)
    return () => io.disconnect()
  }, [canLoadMore, dispatch, accountIndex, history.entries.length])

  const retry = () => dispatch({ type: 'wallet/historyPageRequested', payload: { accountIndex, offset: history.entries.length } })

  if (history.entries.length === 0) {
    if (history.error !== null)
      return (
        <Section header={t('wallet.history.title')}>
          <Placeholder title={t('wallet.history.failed')} description={errorText(t, history.error)} action={<Button size="small" mode="secondary" onClick={retry}>{t('errors.retry')}</Button>} />
        </Section>
      )
    if (history.complete)
      return (
        <Section header={t('wallet.history.title')}>
          <Placeholder title={t('wallet.history.empty')} description={t('wallet.history.empty-hint')} />
        </Section>
      )
    return (
      <Section header={t('wallet.history.title')}>
        {[0, 1, 2].map((i) => <SkeletonCell key={i} />)}
      </Section>
    )
  }
  return (
    <Section header={t('wallet.history.title')}>
      <ul aria-label={t('wallet.history.title')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {history.entries.map((entry) => (
          <HistoryRow key={entry.id} entry={entry} />
        ))}
      </ul>
      {history.loadingOffset !== null && <SkeletonCell />}
      {history.error !== null && <Cell compact accent title={t('wallet.history.load-more-failed')} onClick={retry} />}
      {canLoadMore && <div ref={sentinel} data-testid="history-loader" style={{ height: 24 }} />}
    </Section>
  )
}
