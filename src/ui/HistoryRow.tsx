/**
 * One line of a history (wallet.15-17): the wallet's own, and the copied swaps of a copy trade. A
 * button that opens the entry's detail; its title and amounts always show whole: a
 * title wraps at its words and an amount moves under it rather than either being cut.
 */
import type { TFunction } from 'i18next'
import { useLayoutEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import type { HistoryEntry } from '../../domain/wallet/codecs'
import type { DisplayLanguage } from '../../domain/format'
import {
  type HistoryAmount,
  type HistoryLine,
  type HistoryListRef,
  entryDateTime,
  historyFigure,
  historyLine,
} from '../../domain/wallet/history'
import { shortAddress } from '../../domain/wallet/rules'
import { selectLanguage, selectTimeZone } from './selectors'
import { useAppState, useDispatch } from './store'
import type { RootState } from '../../domain/state'
import { ArrowDownIcon, ArrowUpIcon, SwapIcon } from './icons'
import { WithNetwork, useTokenOnNetwork } from './TokenIcon'

const ICONS = { deposit: ArrowDownIcon, withdrawal: ArrowUpIcon, swap: SwapIcon } as const

/**
 * Past this many characters a row's figure reads compact ('+1.23M'): with its sign and symbol it
 * then still fits beside a short title in a 320 px row. The detail shows every figure whole.
 */
export const ROW_FIGURE_MAX_CHARS = 14

/** What a row's title says: 'Received ETH', 'Sent USDT', 'ETH → USDT'. */
export const historyTitle = (line: HistoryLine, t: TFunction) =>
  line.type === 'swap' ? line.title : t(`wallet.history.${line.type}`, { symbol: line.amount.symbol })

/**
 * Where the row that opened the detail stood on the screen, so the list comes back there (the
 * back press remounts the list). Scrolling is the view's own business, so it is kept here, not in
 * the log.
 */
let returnTo: { id: string; path: string; top: number } | null = null

const selectSelectedIndex = (s: RootState) => s.wallet.selectedIndex

function Figure({ amount, language, testId }: { amount: HistoryAmount; language: DisplayLanguage; testId: string }) {
  // Two unbreakable parts: when the pair does not fit, the symbol goes under the figure, never cut.
  return (
    <span className={`history-row__figure${amount.sign === '+' ? ' amount-in' : ''}`} data-testid={testId}>
      <span>{historyFigure(amount, language, ROW_FIGURE_MAX_CHARS)}</span> <span>{amount.symbol}</span>
    </span>
  )
}

/**
 * One history entry; `inTrade`: a copied swap on its own trade's screen, where "copied" goes
 * without saying (and which list the detail reads it from: the trade's).
 */
export function HistoryRow({ entry, inTrade = false }: { entry: HistoryEntry; inTrade?: boolean }) {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const language = useAppState(selectLanguage)
  const timeZone = useAppState(selectTimeZone)
  const path = useLocation().pathname
  const navigate = useNavigate()
  const accountIndex = useAppState(selectSelectedIndex)
  const onNetwork = useTokenOnNetwork()
  const ref = useRef<HTMLButtonElement | null>(null)
  const line = inTrade ? { ...historyLine(entry), copied: false } : historyLine(entry)
  const list: HistoryListRef =
    inTrade && entry.copyTradeId !== undefined
      ? { kind: 'trade', tradeId: entry.copyTradeId }
      : { kind: 'wallet', accountIndex }

  // Back from this row's detail: the row where it was when tapped.
  useLayoutEffect(() => {
    if (returnTo === null || returnTo.id !== entry.id || returnTo.path !== path || !ref.current) return
    window.scrollBy(0, ref.current.getBoundingClientRect().top - returnTo.top)
    returnTo = null
  }, [entry.id, path])

  const open = () => {
    returnTo = { id: entry.id, path, top: ref.current?.getBoundingClientRect().top ?? 0 }
    dispatch({ type: 'wallet/historyEntryOpened', payload: { id: entry.id, list } })
    navigate('/history/entry')
  }

  const Icon = ICONS[line.type]
  const icon = (
    <span className={`history-icon history-icon--${line.type}`}>
      <Icon size={20} />
    </span>
  )
  const title = historyTitle(line, t)
  const date = entryDateTime(line.createdAt, language, timeZone)
  // The trader is on the trade's own screen; here the row only says why a swap the user did not make is there.
  // An address is shortened; a name the server gives for the other side ('SWITCH demo faucet') is not one.
  const note = line.copied
    ? t('wallet.history.copied')
    : line.counterparty
      ? /\s/.test(line.counterparty)
        ? line.counterparty
        : shortAddress(line.counterparty)
      : null
  const figure = (a: HistoryAmount) => `${historyFigure(a, language, ROW_FIGURE_MAX_CHARS)} ${a.symbol}`
  const label = [
    title,
    figure(line.amount),
    line.detail && figure(line.detail),
    line.copied ? `${note} · ${date}` : note ? `${date} · ${note}` : date,
  ]
    .filter(Boolean)
    .join(', ')
  return (
    <li data-testid="history-row" className="history-row__item">
      <button type="button" ref={ref} className="history-row" onClick={open} aria-label={label}>
        <span className="history-row__icon">
          {line.chainId === null ? (
            icon
          ) : (
            <WithNetwork chainId={line.chainId} label={onNetwork(line.amount.symbol, line.chainId)}>
              {icon}
            </WithNetwork>
          )}
        </span>
        <span className="history-row__body">
          <span className="history-row__line">
            <span className="history-row__title" data-testid="history-title">
              {title}
            </span>
            <Figure amount={line.amount} language={language} testId="history-amount" />
          </span>
          <span className="history-row__line history-row__line--sub">
            <span className="history-row__subtitle">
              {line.copied ? (
                <>
                  <span className="history-row__note">{note}</span>
                  <span className="history-row__date">{`\u00a0· ${date}`}</span>
                </>
              ) : (
                <>
                  <span className="history-row__date">{date}</span>
                  {note !== null && <span className="history-row__note">{`\u00a0· ${note}`}</span>}
                </>
              )}
            </span>
            {line.detail !== null && <Figure amount={line.detail} language={language} testId="history-detail-amount" />}
          </span>
        </span>
      </button>
    </li>
  )
}
