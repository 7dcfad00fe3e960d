/**
 * Copy-trading effects (doc 1 §2, §4, §7): the entry's routing, the trades, the assets of a
 * network, the one start of a subscription whatever the taps, a trade's swaps, and stopping it once.
 */
import { EMPTY, catchError, concat, exhaustMap, filter, forkJoin, map, mergeMap, of, switchMap } from 'rxjs'
import { toRequestError } from '../../domain/api/errors'
import { ev } from '../../domain/events'
import {
  DEFAULT_PROTOCOLS,
  anteFraction,
  depositUnits,
  entryTarget,
  isTraderAddress,
} from '../../domain/copyTrade/rules'
import type { IntegerString } from '../../domain/api/codecs'
import type { ChainId } from '../../domain/app/chains'
import { idempotencyKey } from '../idempotency'
import type { Epic, NamedEpic } from '../store'
import { ofType } from '../ofType'

/** copyTrade.2-5: trades and balances, then on to the archive, notBalance or the address screen. */
export const entryEpic: Epic = (events$, state$, { api }) =>
  events$.pipe(
    ofType('copyTrade/entered'),
    switchMap(() => {
      const accountIndex = state$.value.copyTrade.accountIndex
      return forkJoin([api.call('copyTrades', { accountIndex }), api.call('balances', { accountIndex })]).pipe(
        mergeMap(([trades, balances]) =>
          of(
            ev('copyTrade/tradesReceived', { accountIndex, copyTrades: trades.copyTrades, tokens: trades.tokens }),
            ev('wallet/balancesReceived', { accountIndex, balances }),
            ev('app/navigated', {
              to: entryTarget(
                trades.copyTrades.length > 0,
                balances.some((b) => Number(b.tokensAmount) > 0),
              ),
              replace: true,
            }),
          ),
        ),
        catchError((e: unknown) => of(ev('copyTrade/tradesFailed', { accountIndex, error: toRequestError(e) }))),
      )
    }),
  )

export const tradesEpic: Epic = (events$, state$, { api }) =>
  events$.pipe(
    ofType('copyTrade/archiveEntered'),
    switchMap(() => {
      const accountIndex = state$.value.copyTrade.accountIndex
      return api.call('copyTrades', { accountIndex }).pipe(
        map((r) => ev('copyTrade/tradesReceived', { accountIndex, copyTrades: r.copyTrades, tokens: r.tokens })),
        catchError((e: unknown) => of(ev('copyTrade/tradesFailed', { accountIndex, error: toRequestError(e) }))),
      )
    }),
  )

/** copyTrade.6: Paste reads the clipboard; a failed read is only logged. */
export const pasteEpic: Epic = (events$, _state$, { telegram }) =>
  events$.pipe(
    ofType('copyTrade/pasteRequested'),
    switchMap(() =>
      telegram.readClipboard().pipe(
        map((text) => ev('copyTrade/addressChanged', { value: text })),
        catchError((e: unknown) => {
          console.warn('clipboard read failed', e)
          return EMPTY
        }),
      ),
    ),
  )

/** copyTrade.10: a valid address is kept and the network is next. */
export const addressEpic: Epic = (events$, state$) =>
  events$.pipe(
    ofType('copyTrade/addressSubmitted'),
    mergeMap(() =>
      isTraderAddress(state$.value.copyTrade.traderAddress)
        ? of(ev('app/navigated', { to: '/copyTrade/chooseNetwork' }))
        : EMPTY,
    ),
  )

/** copyTrade.13: the stable coins and ETH held on the chosen network. */
export const assetsEpic: Epic = (events$, state$, { api }) =>
  events$.pipe(
    ofType('copyTrade/networkChosen', 'app/journeyRestored'),
    // A restored journey asks again for the assets of the network it had chosen.
    map((e) => (e.type === 'app/journeyRestored' ? (e.payload.copyTrade?.chainId ?? null) : e.payload.chainId)),
    filter((chainId): chainId is ChainId => chainId !== null),
    switchMap((chainId) => {
      const accountIndex = state$.value.copyTrade.accountIndex
      return api.call('stableCoinsAndEth', { chainID: chainId, accountIndex }).pipe(
        map((assets) => ev('copyTrade/assetsReceived', { chainId, accountIndex, assets })),
        catchError((e: unknown) =>
          of(ev('copyTrade/assetsFailed', { chainId, accountIndex, error: toRequestError(e) })),
        ),
      )
    }),
  )

/**
 * copyTrade.30-35: the reducer lets a tap through only when every check passes; the first one
 * through is sent, with a key the server honours, and taps until its answer are ignored.
 */
export const startEpic: Epic = (events$, state$, deps) =>
  events$.pipe(
    ofType('copyTrade/startRequested'),
    exhaustMap(() => {
      const s = state$.value.copyTrade
      if (!s.submitting || !s.asset || s.chainId === null) return EMPTY
      const key = s.idempotencyKey ?? idempotencyKey(deps)
      const request = {
        accountIndex: s.accountIndex,
        chainId: s.chainId,
        followedAddress: s.traderAddress,
        ante: anteFraction(s.antePercent),
        protocols: [...DEFAULT_PROTOCOLS],
        depositInNano: depositUnits(s.deposit, s.asset.tokensCost, s.asset.decimals ?? 18) as IntegerString,
        fromToken: s.asset.address,
        idempotencyKey: key,
      }
      return concat(
        of(ev('copyTrade/startSent', { idempotencyKey: key })),
        deps.api.call('startCopyTrade', request).pipe(
          mergeMap((r) =>
            of(
              ev('copyTrade/started', { trade: r.trade }),
              ev('app/navigated', { to: '/copyTrade/traderSuccessfully' }),
            ),
          ),
          catchError((e: unknown) => {
            console.warn('copy trade start failed', e)
            return of(ev('copyTrade/startFailed', { error: toRequestError(e) }))
          }),
        ),
      )
    }),
  )

/** copyTrade.59 */
export const swapsEpic: Epic = (events$, state$, { api }) =>
  events$.pipe(
    ofType('copyTrade/tradeOpened'),
    switchMap(({ payload: { id } }) =>
      api.call('copyTradeSwaps', { accountIndex: state$.value.copyTrade.accountIndex, copyTradeId: id }).pipe(
        map((r) => ev('copyTrade/swapsReceived', { id, swaps: r.swaps })),
        catchError((e: unknown) => of(ev('copyTrade/swapsFailed', { id, error: toRequestError(e) }))),
      ),
    ),
  )

/** copyTrade.58: one stop whatever the taps; the list reloads after it. */
/**
 * Stopping ends the trade and cannot be undone: Telegram's popup asks first, in the
 * user's language (the screen's texts ride on the tap). One tap, one question, one stop: taps while
 * the popup is open or the stop runs are ignored (exhaustMap).
 */
export const stopEpic: Epic = (events$, _state$, { api, telegram }) =>
  events$.pipe(
    ofType('copyTrade/stopRequested'),
    exhaustMap(({ payload: { id, prompt } }) =>
      telegram.confirm({ message: prompt.message, ok: prompt.ok, cancel: prompt.cancel, destructive: true }).pipe(
        mergeMap((confirmed) =>
          !confirmed
            ? of(ev('copyTrade/stopDeclined', { id }))
            : concat(
                of(ev('copyTrade/stopConfirmed', { id })),
                api.call('cancelCopyTrade', { _id: id }).pipe(
                  mergeMap(() => of(ev('copyTrade/stopped', { id }), ev('copyTrade/archiveEntered', {}))),
                  catchError((e: unknown) => {
                    console.warn('copy trade stop failed', e)
                    return of(ev('copyTrade/stopFailed', { id, error: toRequestError(e) }))
                  }),
                ),
              ),
        ),
      ),
    ),
  )

export const copyTradeEpics: NamedEpic[] = [
  { name: 'copyTrade/entry', epic: entryEpic },
  { name: 'copyTrade/trades', epic: tradesEpic },
  { name: 'copyTrade/paste', epic: pasteEpic },
  { name: 'copyTrade/address', epic: addressEpic },
  { name: 'copyTrade/assets', epic: assetsEpic },
  { name: 'copyTrade/start', epic: startEpic },
  { name: 'copyTrade/swaps', epic: swapsEpic },
  { name: 'copyTrade/stop', epic: stopEpic },
]
