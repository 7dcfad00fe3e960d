/**
 * Token search (picker.1-7, 13-15): a query is sent 300 ms after the last keystroke, a network
 * change or an opening at once; a newer search cancels the request in flight (switchMap), and so
 * does it cancel a page still loading. Pages of 20.
 */
import { EMPTY, type Observable, catchError, concat, debounceTime, map, merge, mergeMap, of, switchMap } from 'rxjs'
import { toRequestError } from '../../domain/api/errors'
import { type EventInput, ev } from '../../domain/events'
import { PICKER_PAGE_SIZE, SEARCH_DEBOUNCE_MS, heldFirst, pastedSearch, searchKind } from '../../domain/picker/rules'
import type { Deps } from '../deps'
import type { Epic, NamedEpic, StateObservable } from '../store'
import { ofType } from '../ofType'
import type { ChainId } from '../../domain/app/chains'
import type { RootState } from '../../domain/state'

function request(state: RootState, chainId: ChainId | null, offset: number) {
  const text = state.picker.query.trim()
  const byAddress = searchKind(text) === 'address'
  return {
    // picker.11: the rows carry the selected wallet's balances, the ones send and swap then spend from.
    accountIndex: state.wallet.selectedIndex,
    chainId,
    searchText: byAddress ? '' : text,
    tokenAddress: byAddress ? text : '',
    sliceProps: { limit: PICKER_PAGE_SIZE, offset },
  }
}

/**
 * A search limited to one network that finds nothing asks once more on every network, so the
 * picker can offer the matches elsewhere (DEGEN on Base, searched from Arbitrum). A
 * failure of that courtesy request leaves the plain empty state.
 */
function elsewhere(deps: Deps, state: RootState, query: string, chainId: ChainId): Observable<EventInput> {
  return deps.api.call('knownTokens', request(state, null, 0)).pipe(
    map(({ tokens }) =>
      ev('picker/elsewhereReceived', { query, chainId, tokens: heldFirst(Object.values(tokens).flat()) }),
    ),
    catchError(() => EMPTY),
  )
}

function page(deps: Deps, state$: StateObservable, offset: number): Observable<EventInput> {
  const state = state$.value
  const { query, chainId } = state.picker
  return deps.api.call('knownTokens', request(state, chainId, offset)).pipe(
    mergeMap(({ tokens, tokenAmount }) => {
      const found = ev('picker/pageReceived', {
        query,
        chainId,
        offset,
        tokens: heldFirst(Object.values(tokens).flat()),
        total: tokenAmount,
      })
      return offset === 0 && tokenAmount === 0 && chainId !== null && query.trim() !== ''
        ? concat(of(found), elsewhere(deps, state, query, chainId))
        : of(found)
    }),
    catchError((e) => of(ev('picker/pageFailed', { query, chainId, offset, error: toRequestError(e) }))),
  )
}

export const searchEpic =
  (debounce = SEARCH_DEBOUNCE_MS): Epic =>
  (events$, state$, deps) =>
    merge(
      events$.pipe(
        ofType('picker/queryChanged'),
        debounceTime(debounce, deps.scheduler),
        map(() => 0),
      ),
      events$.pipe(
        ofType('picker/opened', 'picker/networkChanged'),
        map(() => 0),
      ),
      events$.pipe(
        ofType('picker/pageRequested'),
        map((e) => e.payload.offset),
      ),
    ).pipe(switchMap((offset) => page(deps, state$, offset)))

/** picker.13-15: paste from the clipboard; text not starting with 0x, or a failed read, clears the search. */
export const pasteEpic: Epic = (events$, _state$, { telegram }) =>
  events$.pipe(
    ofType('picker/pasteRequested'),
    switchMap(() =>
      telegram.readClipboard().pipe(
        map((text) => ev('picker/queryChanged', { query: pastedSearch(text) })),
        catchError((e: unknown) => {
          console.warn('clipboard read failed', e)
          return of(ev('picker/queryChanged', { query: '' }))
        }),
      ),
    ),
  )

export const pickerEpics: NamedEpic[] = [
  { name: 'picker/search', epic: searchEpic() },
  { name: 'picker/paste', epic: pasteEpic },
]
