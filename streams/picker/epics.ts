/**
 * Token search (picker.1-7, 13-15): a query is sent 300 ms after the last keystroke, a network
 * change or an opening at once; a newer search cancels the request in flight (switchMap), and so
 * does it cancel a page still loading. Pages of 20.
 */
import { type Observable, catchError, debounceTime, map, merge, of, switchMap } from 'rxjs'
import { toRequestError } from '../../domain/api/errors'
import { type EventInput, ev } from '../../domain/events'
import { PICKER_PAGE_SIZE, SEARCH_DEBOUNCE_MS, pastedSearch, searchKind } from '../../domain/picker/rules'
import type { Deps } from '../deps'
import type { Epic, NamedEpic, StateObservable } from '../store'
import { ofType } from '../ofType'

function page(deps: Deps, state$: StateObservable, offset: number): Observable<EventInput> {
  const { query, chainId } = state$.value.picker
  const text = query.trim()
  const byAddress = searchKind(text) === 'address'
  return deps.api
    .call('knownTokens', {
      chainId,
      searchText: byAddress ? '' : text,
      tokenAddress: byAddress ? text : '',
      sliceProps: { limit: PICKER_PAGE_SIZE, offset },
    })
    .pipe(
      map(({ tokens, tokenAmount }) =>
        ev('picker/pageReceived', { query, chainId, offset, tokens: Object.values(tokens).flat(), total: tokenAmount }),
      ),
      catchError((e) => of(ev('picker/pageFailed', { query, chainId, offset, error: toRequestError(e) }))),
    )
}

export const searchEpic =
  (debounce = SEARCH_DEBOUNCE_MS): Epic =>
  (events$, state$, deps) =>
    merge(
      events$.pipe(ofType('picker/queryChanged'), debounceTime(debounce, deps.scheduler), map(() => 0)),
      events$.pipe(ofType('picker/opened', 'picker/networkChanged'), map(() => 0)),
      events$.pipe(ofType('picker/pageRequested'), map((e) => e.payload.offset)),
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
