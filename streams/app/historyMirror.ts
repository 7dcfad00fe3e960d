/**
 * In a plain browser (dev mode, npm start) the browser's history follows the route state, so its
 * own Back and Forward work as Telegram's back button does instead of leaving the app.
 *
 * The mirrored stack is the route history, plus one entry while a sheet is open (Back closes it
 * first, as the back button does). Each browser entry stores its index and the stack up to it.
 * When the route changes, the browser is brought in step: entries are pushed, the current one
 * replaced, or the browser is sent back (history.go) to where they part; the popstate that answers
 * our own go() is only bookkeeping. A Back of the user's becomes app/backPressed (one per step),
 * a Forward app/navigated to the entry's location; the reducer decides where they lead, and the
 * browser then follows the state. Inside Telegram the mirror is off (deps.history.enabled): the
 * host's back button drives, and nothing navigates twice.
 */
import {
  EMPTY,
  Observable,
  Subject,
  debounceTime,
  distinctUntilChanged,
  filter,
  ignoreElements,
  map,
  merge,
  tap,
} from 'rxjs'
import { sheetOpen } from '../../domain/app/back'
import { type EventInput, ev } from '../../domain/events'
import type { RootState } from '../../domain/state'
import type { BrowserHistory } from '../deps'
import type { Epic } from '../store'

/** The mirrored entry of an open sheet: it has no route of its own. */
export const SHEET_ENTRY = '#sheet'

export interface MirroredEntry {
  switchRoute: { index: number; stack: string[] }
}

const entryOf = (state: unknown): MirroredEntry['switchRoute'] | null => {
  const r = (state as Partial<MirroredEntry> | null)?.switchRoute
  return r && Number.isInteger(r.index) && Array.isArray(r.stack) && r.stack.length === r.index + 1 ? r : null
}

export const mirroredStack = (s: RootState): string[] =>
  sheetOpen(s) ? [...s.app.history, SHEET_ENTRY] : s.app.history

export const historyMirrorEpic: Epic = (_events$, state$, { history, scheduler }) => {
  if (!history.enabled) return EMPTY
  const h: BrowserHistory = history
  // Where the browser is: the index of its current entry and the stack that entry stores.
  const start = entryOf(h.current())
  let index = start?.index ?? 0
  let stack: string[] = start?.stack ?? []
  /** A go() of ours is under way: its popstate is not the user's. */
  let travelling = false
  const resync$ = new Subject<void>()

  const write = (want: readonly string[], i: number, mode: 'push' | 'replace') => {
    const entry: MirroredEntry = { switchRoute: { index: i, stack: want.slice(0, i + 1) } }
    if (mode === 'push') h.push(entry)
    else h.replace(entry)
    index = i
    stack = entry.switchRoute.stack
  }

  const sync = () => {
    if (travelling) return
    const want = mirroredStack(state$.value)
    const top = want.length - 1
    let parted = 0
    while (parted <= Math.min(index, top) && stack[parted] === want[parted]) parted++
    // Everything the browser has up to its entry agrees: push the rest, or go back to the top.
    const goTo = parted > Math.min(index, top) ? top : parted
    if (index > goTo) {
      travelling = true
      h.go(goTo - index)
      return
    }
    if (parted <= top && parted === index) write(want, index, 'replace')
    for (let i = index + 1; i <= top; i++) write(want, i, 'push')
  }

  const pops$ = new Observable<EventInput>((sub) =>
    h.onPop((state) => {
      const landed = entryOf(state)
      if (landed === null) return
      const from = index
      index = landed.index
      stack = landed.stack
      if (travelling) travelling = false
      else if (landed.index < from) for (let i = landed.index; i < from; i++) sub.next(ev('app/backPressed', {}))
      else if (landed.index > from && landed.stack[landed.index] !== SHEET_ENTRY)
        sub.next(ev('app/navigated', { to: landed.stack[landed.index] }))
      resync$.next()
    }),
  )

  const syncs$ = merge(
    state$.pipe(
      // A journey awaited (streams/app/journey.ts) is not a route yet: the browser keeps its entries until it lands.
      filter((s) => s.app.launched && !s.app.journeyAwaited),
      map((s) => mirroredStack(s).join('\n')),
      distinctUntilChanged(),
    ),
    resync$,
  ).pipe(
    // A launch, a restored journey or several back steps arrive together: the browser follows once.
    debounceTime(0, scheduler),
    tap(sync),
    ignoreElements(),
  )
  return merge(pops$, syncs$)
}
