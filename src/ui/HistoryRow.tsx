/** One line of a history (wallet.15-17): the wallet's own, and the copied swaps of a copy trade. */
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { HistoryEntry } from '../../domain/api/codecs/wallet'
import { type HistoryLine, historyLine } from '../../domain/wallet/history'
import { shortAddress } from '../../domain/wallet/rules'
import { dateTimeText } from '../../domain/app/time'
import { selectTimeZone } from '../app/selectors'
import { useAppState } from '../app/store'
import { ArrowDownIcon, ArrowUpIcon, SwapIcon } from './icons'
import { Cell } from './kit'
import { WithNetwork, useTokenOnNetwork } from './TokenIcon'

const ICONS = { deposit: ArrowDownIcon, withdrawal: ArrowUpIcon, swap: SwapIcon } as const

function subtitle(line: HistoryLine, date: string, t: TFunction): string {
  // The trader is on the trade's own screen; here the row only says why a swap the user did not make is there.
  if (line.copied) return `${t('wallet.history.copied')} · ${date}`
  return line.counterparty ? `${date} · ${shortAddress(line.counterparty)}` : date
}

/** One history entry; `inTrade`: a copied swap on its own trade's screen, where "copied" goes without saying. */
export function HistoryRow({ entry, inTrade = false }: { entry: HistoryEntry; inTrade?: boolean }) {
  const { t, i18n } = useTranslation()
  const timeZone = useAppState(selectTimeZone)
  const line = inTrade ? { ...historyLine(entry), copied: false } : historyLine(entry)
  const Icon = ICONS[line.type]
  const onNetwork = useTokenOnNetwork()
  const icon = <span className={`history-icon history-icon--${line.type}`}><Icon size={20} /></span>
  return (
    <li data-testid="history-row" style={{ listStyle: 'none' }}>
      <Cell
        before={entry.chainId === undefined ? icon : <WithNetwork chainId={entry.chainId} label={onNetwork(line.symbol, entry.chainId)}>{icon}</WithNetwork>}
        title={line.type === 'swap' ? line.title : t(`wallet.history.${line.type}`, { symbol: line.symbol })}
        subtitle={subtitle(line, dateTimeText(line.createdAt, i18n.language, timeZone), t)}
        after={<span className={line.amount.startsWith('+') ? 'amount-in' : undefined}>{`${line.amount} ${line.symbol}`}</span>}
        afterSubtitle={line.detail ?? undefined}
      />
    </li>
  )
}
