/** History on the wallet home (wallet.13-17): 10 entries a page, the next page as the user scrolls. */
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { RootState } from '../../domain/state'
import { emptyHistory } from '../../domain/wallet/state'
import { useAppState, useDispatch } from '../ui/store'
import { HistoryRow } from '../ui/HistoryRow'
import { Button, Cell, Placeholder, Section, SkeletonCell } from '../ui/kit'
import { errorText } from '../ui/errorText'
import { selectSelectedIndex } from './selectors'
import { withKeys } from '../ui/listKeys'

const selectHistory = (s: RootState) => s.wallet.history[s.wallet.selectedIndex] ?? null
const NO_HISTORY = emptyHistory()

export function History() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const accountIndex = useAppState(selectSelectedIndex)
  const history = useAppState(selectHistory) ?? NO_HISTORY
  const sentinel = useRef<HTMLDivElement | null>(null)
  const hasMore = !history.complete && history.error === null && history.entries.length > 0
  const canLoadMore = hasMore && history.loadingOffset === null
  // A later page shows a loading row where the list ends. The first page asked again (each entry to
  // the home) renews the rows in place: no row comes and goes, so nothing below the list moves.
  const loadingMore = history.loadingOffset !== null && history.loadingOffset > 0

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

  const retry = () =>
    dispatch({ type: 'wallet/historyPageRequested', payload: { accountIndex, offset: history.entries.length } })

  if (history.entries.length === 0) {
    if (history.error !== null)
      return (
        <Section header={t('wallet.history.title')}>
          <Placeholder
            title={t('wallet.history.failed')}
            description={errorText(t, history.error)}
            action={
              <Button size="small" mode="secondary" onClick={retry}>
                {t('errors.retry')}
              </Button>
            }
          />
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
        {[0, 1, 2].map((i) => (
          <SkeletonCell key={i} />
        ))}
      </Section>
    )
  }
  return (
    <Section header={t('wallet.history.title')}>
      <ul aria-label={t('wallet.history.title')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {withKeys(history.entries, (entry) => entry.id).map(([key, entry]) => (
          <HistoryRow key={key} entry={entry} />
        ))}
      </ul>
      {loadingMore && <SkeletonCell />}
      {history.error !== null && <Cell compact accent title={t('wallet.history.load-more-failed')} onClick={retry} />}
      {hasMore && !loadingMore && <div ref={sentinel} data-testid="history-loader" style={{ height: 24 }} />}
    </Section>
  )
}
