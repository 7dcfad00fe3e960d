/**
 * The token picker (doc 1 §2) shared by swap, send and refill: a search box, a network filter
 * row, a virtualised list (smooth with thousands of rows) that loads the next page when 10 % of the
 * loader is visible, skeletons while loading, and an empty state with a paste-address action.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import en from '../../locales/picker/en.json'
import ru from '../../locales/picker/ru.json'
import { addTranslations } from '../i18n'
import { CHAIN_LABELS, type ChainId } from '../../domain/app/chains'
import type { Token } from '../../domain/wallet/codecs'
import { LOADER_VISIBLE_SHARE, PICKED_ROUTE, type PickerPurpose } from '../../domain/picker/rules'
import type { RootState } from '../../domain/state'
import { useNavigate } from 'react-router-dom'
import { useAppState, useDispatch } from '../ui/store'
import { TokenIcon } from '../ui/TokenIcon'
import { Button, Cell, Placeholder, SkeletonCell } from '../ui/kit'
import { errorText } from '../ui/errorText'
import { listKeys, withKeys } from '../ui/listKeys'
import { FITS, PLACES, useFormat } from '../ui/useFormat'

// Its texts come with it, not with the first screen.
addTranslations('picker', { en, ru })

/** What names a token in a list: a page naming one twice still shows two rows of their own (listKeys). */
const tokenKey = (token: Token) => `${token.chainId}:${token.address}`

const ROW_HEIGHT = 64
const OVERSCAN = 8
const NETWORKS: readonly (ChainId | null)[] = [null, 1, 10, 42161, 8453, 324, 'TON']

const selectPicker = (s: RootState) => s.picker

/** Rows in view of the window's scroll, plus some either side: only those are in the DOM. */
function useWindowedRange(count: number, listRef: React.RefObject<HTMLElement | null>) {
  const [range, setRange] = useState({ start: 0, end: Math.min(count, 30) })
  useLayoutEffect(() => {
    const update = () => {
      const top = listRef.current?.getBoundingClientRect().top ?? 0
      const first = Math.max(0, Math.floor(-top / ROW_HEIGHT) - OVERSCAN)
      const last = Math.min(count, Math.ceil((window.innerHeight - top) / ROW_HEIGHT) + OVERSCAN)
      setRange((r) => (r.start === first && r.end === last ? r : { start: first, end: Math.max(first, last) }))
    }
    update()
    window.addEventListener('scroll', update, { passive: true })
    window.addEventListener('resize', update)
    return () => {
      window.removeEventListener('scroll', update)
      window.removeEventListener('resize', update)
    }
  }, [count, listRef])
  return range
}

function TokenRow({ token, onPick }: { token: Token; onPick: (t: Token) => void }) {
  const format = useFormat()
  return (
    <Cell
      before={<TokenIcon src={token.logoURI} symbol={token.symbol} network={token.chainId} />}
      title={token.symbol}
      subtitle={`${token.name} · ${CHAIN_LABELS[String(token.chainId)]}`}
      after={
        token.formattedAmount !== undefined
          ? format.amount(token.formattedAmount, PLACES.listBalance, FITS.list)
          : undefined
      }
      afterSubtitle={
        token.usdFormattedAmount !== undefined ? format.usd(token.usdFormattedAmount, FITS.list) : undefined
      }
      onClick={() => onPick(token)}
      label={`${token.symbol} ${CHAIN_LABELS[String(token.chainId)]}`}
    />
  )
}

/**
 * `networks`: the networks offered (all by default, with an "All" chip); `initialChain`: the one the
 * list starts on. The swap's to side passes the networks that pair with its from side (swap.35-36).
 */
export function TokenPicker({
  purpose,
  networks,
  initialChain = null,
}: {
  purpose: PickerPurpose
  networks?: readonly ChainId[]
  initialChain?: ChainId | null
}) {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const picker = useAppState(selectPicker)
  const listRef = useRef<HTMLDivElement | null>(null)
  const loaderRef = useRef<HTMLDivElement | null>(null)
  const { start, end } = useWindowedRange(picker.tokens.length, listRef)
  const keys = useMemo(() => listKeys(picker.tokens, tokenKey), [picker.tokens])

  useEffect(() => {
    dispatch({
      type: 'picker/opened',
      payload: initialChain === null ? { purpose } : { purpose, chainId: initialChain },
    })
  }, [dispatch, purpose, initialChain])
  const chips: readonly (ChainId | null)[] = networks ?? NETWORKS

  const more =
    picker.total !== null &&
    picker.tokens.length < picker.total &&
    picker.loadingOffset === null &&
    picker.error === null
  useEffect(() => {
    const el = loaderRef.current
    if (!el || !more || typeof IntersectionObserver === 'undefined') return
    const io = new IntersectionObserver(
      (entries) =>
        entries.some((e) => e.isIntersecting) &&
        dispatch({ type: 'picker/pageRequested', payload: { offset: picker.tokens.length } }),
      { threshold: LOADER_VISIBLE_SHARE },
    )
    io.observe(el)
    return () => io.disconnect()
  }, [more, dispatch, picker.tokens.length])

  const pick = (token: Token) => {
    dispatch({ type: 'picker/tokenPicked', payload: { purpose, token } })
    navigate(PICKED_ROUTE[purpose])
  }
  const firstLoad = picker.loadingOffset === 0 || (picker.total === null && picker.error === null)
  const network = picker.chainId === null ? null : CHAIN_LABELS[String(picker.chainId)]
  // Matches on the other networks this picker offers (the swap's to side pairs with some only).
  const elsewhere = (picker.elsewhere ?? []).filter((token) => chips.includes(token.chainId))
  const showElsewhere =
    !firstLoad && picker.error === null && picker.tokens.length === 0 && elsewhere.length > 0 && network !== null

  return (
    <div className="picker">
      <input
        className="search"
        type="search"
        inputMode="search"
        autoComplete="off"
        placeholder={t('picker.search')}
        aria-label={t('picker.search')}
        value={picker.query}
        onChange={(e) => dispatch({ type: 'picker/queryChanged', payload: { query: e.target.value } })}
      />
      <div className="chips" role="group" aria-label={t('picker.networks')}>
        {chips.length > 1 &&
          chips.map((chain) => (
            <button
              key={String(chain)}
              type="button"
              className="chip"
              aria-pressed={picker.chainId === chain}
              onClick={() => dispatch({ type: 'picker/networkChanged', payload: { chainId: chain } })}
            >
              {chain === null ? t('picker.all') : CHAIN_LABELS[String(chain)]}
            </button>
          ))}
      </div>
      {network !== null && (
        <p className="hint" data-testid="picker-limited">
          <Trans t={t} i18nKey="picker.limited" values={{ network }} components={{ strong: <strong /> }} />{' '}
          {chips.includes(null) && (
            <button
              type="button"
              className="link-button"
              onClick={() => dispatch({ type: 'picker/networkChanged', payload: { chainId: null } })}
            >
              {t('picker.search-all')}
            </button>
          )}
        </p>
      )}
      {showElsewhere && (
        <p className="hint" id="picker-elsewhere">
          {t('picker.not-on-network', { query: picker.query.trim(), network })} {t('picker.found-elsewhere')}
        </p>
      )}
      <div className="section__body">
        {firstLoad ? (
          Array.from({ length: 6 }, (_, i) => <SkeletonCell key={i} />)
        ) : picker.tokens.length === 0 && picker.error !== null ? (
          <Placeholder
            title={t('picker.failed')}
            description={errorText(t, picker.error)}
            action={
              <Button
                size="small"
                mode="secondary"
                onClick={() => dispatch({ type: 'picker/pageRequested', payload: { offset: 0 } })}
              >
                {t('errors.retry')}
              </Button>
            }
          />
        ) : showElsewhere ? (
          <div role="list" aria-labelledby="picker-elsewhere">
            {withKeys(elsewhere, tokenKey).map(([key, token]) => (
              <div key={key} role="listitem" data-testid="picker-elsewhere-row">
                <TokenRow token={token} onPick={pick} />
              </div>
            ))}
          </div>
        ) : picker.tokens.length === 0 ? (
          <Placeholder
            title={t('picker.empty')}
            description={t('picker.empty-hint')}
            action={
              <Button
                size="small"
                mode="secondary"
                onClick={() => dispatch({ type: 'picker/pasteRequested', payload: {} })}
              >
                {t('picker.paste')}
              </Button>
            }
          />
        ) : (
          <div
            ref={listRef}
            role="list"
            aria-label={t('picker.tokens')}
            data-count={picker.tokens.length}
            style={{ position: 'relative', height: picker.tokens.length * ROW_HEIGHT }}
          >
            {picker.tokens.slice(start, end).map((token, i) => (
              <div
                key={keys[start + i]}
                role="listitem"
                data-testid="picker-row"
                style={{ position: 'absolute', top: (start + i) * ROW_HEIGHT, left: 0, right: 0, height: ROW_HEIGHT }}
              >
                <TokenRow token={token} onPick={pick} />
              </div>
            ))}
          </div>
        )}
        {picker.loadingOffset !== null && picker.loadingOffset > 0 && <SkeletonCell />}
        {picker.error !== null && picker.tokens.length > 0 && (
          <Cell
            compact
            accent
            title={t('picker.load-more-failed')}
            onClick={() => dispatch({ type: 'picker/pageRequested', payload: { offset: picker.tokens.length } })}
          />
        )}
        {more && <div ref={loaderRef} data-testid="picker-loader" style={{ height: ROW_HEIGHT }} />}
      </div>
    </div>
  )
}
