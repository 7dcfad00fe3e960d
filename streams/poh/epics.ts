/**
 * PoH effects (doc 2 §4, §7): what local storage held, the info (at load, on every
 * /prove screen, every 5 s on the loader with the user every 30 s), the price check when a way is
 * chosen, the payment its way, the code check, the route the status asks for, and the prompt on
 * the shell. poh.34: network errors are only logged (and the screens show their error states).
 */
import {
  EMPTY,
  type Observable,
  catchError,
  concat,
  defer,
  distinctUntilChanged,
  exhaustMap,
  filter,
  ignoreElements,
  map,
  merge,
  mergeMap,
  of,
  switchMap,
  take,
  tap,
  timer,
} from 'rxjs'
import { isLeft } from 'fp-ts/Either'
import { TonConnectTransaction } from '../../domain/payments/codecs'
import { toRequestError } from '../../domain/api/errors'
import { interruptionMayShow } from '../../domain/app/interruptions'
import { type EventInput, ev } from '../../domain/events'
import { invoiceStatus } from '../../domain/mining/rules'
import { codeComplete, codeOf } from '../../domain/poh/code'
import type { PohWay } from '../../domain/poh/events'
import { FAILURE_SEEN_STORAGE_KEY, POH_PROMPT_CUTOFF, PROMPT_STORAGE_KEY, nextPromptAt } from '../../domain/poh/prompt'
import { POH_PATHS, isPohPath, pohScreenFor } from '../../domain/poh/routing'
import { triesLeftOf } from '../../domain/poh/rules'
import type { PohState } from '../../domain/poh/state'
import type { RootState } from '../../domain/state'
import type { Deps } from '../deps'
import { writeKeys } from '../idempotency'
import { logged } from '../logged'
import { ofType } from '../ofType'
import type { Epic, NamedEpic } from '../store'

/** poh.28-29 */
export const INFO_POLL_MS = 5_000
export const USER_POLL_MS = 30_000

/**
 * poh.16: the one wallet the external way uses (TonConnect's app_name): Telegram's own Wallet in
 * production (TonConnect's public list names it so). Outside production it is the one wallet of the
 * dev server's list, its demo wallet, which TonConnect connects to directly: null, so the
 * production bundle names nothing of the dev wallet.
 */
export const POH_WALLET: { production: string; other: string | null } = { production: 'telegram-wallet', other: null }

const loadInfo = ({ api }: Pick<Deps, 'api'>) =>
  api.call('pohInfo', {}).pipe(
    map((info) => ev('poh/infoReceived', { info })),
    catchError(logged('PoH info', (error) => ev('poh/infoFailed', { error }))),
  )

const loadUser = ({ api }: Pick<Deps, 'api'>) =>
  api.call('miningUser', {}).pipe(
    mergeMap(({ userMining }) =>
      userMining
        ? of(ev('poh/userReceived', { humanGroup: userMining.humanGroup, confirmProve: userMining.confirmProve }))
        : EMPTY,
    ),
    catchError(logged('mining record', (error) => ev('poh/userFailed', { error }))),
  )

const readNumber = (text: string | null) => {
  const n = text === null ? NaN : Number(text)
  return Number.isFinite(n) ? n : null
}

/** poh.40, poh.10: what local storage holds, once, as the feature starts. */
export const storageReadEpic: Epic = (_events$, _state$, { storage }) =>
  defer(() =>
    of(
      ev('poh/storageRead', {
        lastPromptAt: readNumber(storage.get(PROMPT_STORAGE_KEY)),
        failureSeen: storage.get(FAILURE_SEEN_STORAGE_KEY) !== null,
      }),
    ),
  )

/** Keeps the prompt's time and the seen failure in local storage (a new attempt forgets the failure). */
export const storageWriteEpic: Epic = (events$, state$, { storage }) =>
  events$.pipe(
    ofType('poh/promptShown', 'poh/failureSeen', 'poh/infoReceived', 'poh/paid'),
    tap((e) => {
      if (e.type === 'poh/promptShown') storage.set(PROMPT_STORAGE_KEY, String(e.payload.at))
      else if (e.type === 'poh/failureSeen') storage.set(FAILURE_SEEN_STORAGE_KEY, '1')
      else if (!state$.value.poh.failureSeen) storage.remove(FAILURE_SEEN_STORAGE_KEY)
    }),
    ignoreElements(),
  )

/** poh.3, poh.36: the info loads as the feature starts (the prompt waits for it) and on each /prove screen. */
export const infoEpic: Epic = (events$, _state$, deps) =>
  merge(of(null), events$.pipe(ofType('poh/entered'))).pipe(switchMap(() => loadInfo(deps)))

/** poh.28-29: on the loader, the info every 5 s and the user every 30 s, until another screen shows. */
export const loaderPollEpic =
  (infoMs = INFO_POLL_MS, userMs = USER_POLL_MS): Epic =>
  (events$, _state$, deps) =>
    events$.pipe(
      ofType('poh/entered', 'poh/left'),
      switchMap((e) =>
        e.type === 'poh/entered' && e.payload.screen === 'loader'
          ? merge(
              timer(infoMs, infoMs, deps.scheduler).pipe(exhaustMap(() => loadInfo(deps))),
              timer(userMs, userMs, deps.scheduler).pipe(exhaustMap(() => loadUser(deps))),
            )
          : EMPTY,
      ),
    )

const currentPath = (s: RootState) => (s.app.history[s.app.history.length - 1] ?? '/').split('?')[0]

/** poh.5-9: where the state says a /prove screen should be. */
export const pohPathOf = (s: PohState) =>
  POH_PATHS[
    pohScreenFor({
      status: s.info?.inProgressStatus,
      confirmed: s.confirmed || s.human?.confirmProve === true,
      failureSeen: s.failureSeen,
      awaiting: s.awaiting,
    })
  ]

/**
 * poh.5-10: while a /prove screen shows, each new fact (the info, a payment, the code accepted,
 * the failure seen) takes it to the screen the status asks for, in its place.
 */
export const routeEpic: Epic = (events$, state$) =>
  events$.pipe(
    ofType('poh/infoReceived', 'poh/retried', 'poh/paid', 'poh/confirmed', 'poh/failureSeen', 'poh/userReceived'),
    mergeMap(() => {
      const s = state$.value
      const path = currentPath(s)
      if (!isPohPath(path) || s.poh.info === null) return EMPTY
      const to = pohPathOf(s.poh)
      return to === path ? EMPTY : of(ev('app/navigated', { to, replace: true }))
    }),
  )

/** poh.13: choosing a way fires the price check (a newer choice makes the older one's answer stale). */
export const priceCheckEpic: Epic = (events$, _state$, { api }) =>
  events$.pipe(
    ofType('poh/wayChosen'),
    switchMap(({ payload: { way } }) =>
      api.call('pohPriceCheck', {}).pipe(
        map(() => ev('poh/priceChecked', { way })),
        catchError(logged('PoH price check', (error) => ev('poh/priceCheckFailed', { way, error }))),
      ),
    ),
  )

const walletFailed = (reason: string) => {
  console.warn('the wallet could not pay for PoH', reason)
  return of(ev('poh/walletFailed', { reason }))
}

/**
 * poh.15-16: the transaction goes through one specific wallet (`wallet`, TonConnect's app_name),
 * with no connection step when it is the one connected; otherwise that wallet alone is asked to
 * connect (its own dialog, no list), in place of any other wallet connected.
 */
function payExternally(deps: Deps, result: unknown, wallet: string | null): Observable<EventInput> {
  const decoded = TonConnectTransaction.decode(result)
  if (isLeft(decoded)) return walletFailed('the answer carries no transaction')
  const transaction = decoded.right
  const send = () =>
    deps.tonConnect
      .send(transaction)
      .pipe(
        mergeMap((s) =>
          s.outcome === 'sent'
            ? of(ev('poh/transactionSent', {}), ev('poh/paid', { way: 'external' }))
            : s.outcome === 'rejected'
              ? of(ev('poh/walletDeclined', {}))
              : walletFailed(s.reason),
        ),
      )
  const connectThenSend = () =>
    deps.tonConnect
      .connect(wallet ?? undefined)
      .pipe(
        mergeMap((c) =>
          c.outcome === 'connected'
            ? send()
            : c.outcome === 'rejected'
              ? of(ev('poh/walletDeclined', {}))
              : walletFailed(c.reason),
        ),
      )
  return deps.tonConnect.wallet().pipe(
    take(1),
    mergeMap((connected) =>
      connected === null
        ? connectThenSend()
        : wallet === null || connected.appName === wallet
          ? send()
          : concat(deps.tonConnect.disconnect().pipe(ignoreElements()), defer(connectThenSend)),
    ),
  )
}

/** poh.17: the invoice opens; paid (or pending: the server settles it) is the loader. */
const payByStars = (deps: Deps, payUrl: string): Observable<EventInput> =>
  deps.telegram.openInvoice(payUrl).pipe(
    take(1),
    mergeMap((raw) => {
      const status = invoiceStatus(raw)
      const closed = ev('poh/invoiceClosed', { status })
      return status === 'paid' || status === 'pending' ? of(closed, ev('poh/paid', { way: 'star' })) : of(closed)
    }),
  )

/**
 * poh.14-19: Verify sends the way with a key drawn here (one tap burst, one transaction); the
 * answer is paid its way, or its message shows in the sheet. The same way tapped again after a
 * failure with no answer goes with the same key (the first may have been paid).
 */
export const payEpic =
  (wallet: string | null = POH_WALLET.other): Epic =>
  (events$, state$, deps) => {
    const keys = writeKeys(deps)
    return events$.pipe(
      ofType('poh/verifyTapped'),
      exhaustMap(() => {
        const payment = state$.value.poh.payment
        if (payment.step !== 'open' && payment.step !== 'failed') return EMPTY
        const way: PohWay = payment.way
        const key = keys.keyFor({ way })
        return concat(
          of(ev('poh/transactionRequested', { way, idempotencyKey: key })),
          deps.api.call('pohTransaction', { payType: way, idempotencyKey: key }).pipe(
            tap(() => keys.settled()),
            mergeMap((answer): Observable<EventInput> => {
              if ('message' in answer) return of(ev('poh/transactionFailed', { way, message: answer.message }))
              if (way === 'internal') return of(ev('poh/paid', { way }))
              if (way === 'star')
                return typeof answer.result.payUrl === 'string'
                  ? payByStars(deps, answer.result.payUrl)
                  : walletFailed('the answer carries no invoice')
              return payExternally(deps, answer.result, wallet)
            }),
            // A refusal (4xx) carries the server's message: the sheet shows it (poh.19).
            catchError((e: unknown) => {
              console.warn('PoH transaction failed', e)
              const error = toRequestError(e)
              keys.failed(error)
              return of(ev('poh/transactionFailed', { way, message: error.message }))
            }),
          ),
        )
      }),
    )
  }

/**
 * poh.24-26: once the sixth box is filled the code is checked, once per filled code. The last try
 * refused (no tries left, domain/poh/rules.ts) failed the request: the info is read again, and the
 * route takes the user to the failed screen, which says what they can do.
 */
export const codeEpic: Epic = (events$, state$, deps) =>
  events$.pipe(
    ofType('poh/codeTyped'),
    filter(() => state$.value.poh.code.check === 'typing' && codeComplete(state$.value.poh.code.digits)),
    exhaustMap(() => {
      const code = codeOf(state$.value.poh.code.digits)
      return concat(
        of(ev('poh/codeSubmitted', { code })),
        deps.api.call('pohCheckCode', { code }).pipe(
          map(() => ev('poh/confirmed', {})),
          catchError((e: unknown) => {
            console.warn('PoH code check failed', e)
            const error = toRequestError(e)
            return concat(of(ev('poh/codeRejected', { error })), triesLeftOf(error) === 0 ? loadInfo(deps) : EMPTY)
          }),
        ),
      )
    }),
  )

/** Try again at no cost (domain/poh/rules.ts retriesFree): one call per tap burst (a write); its refusal shows on the failed screen. */
export const retryEpic: Epic = (events$, _state$, { api }) =>
  events$.pipe(
    ofType('poh/retryTapped'),
    exhaustMap(() =>
      api.call('pohRetry', {}).pipe(
        map((info) => ev('poh/retried', { info })),
        catchError(logged('PoH retry', (error) => ev('poh/retryFailed', { error }))),
      ),
    ),
  )

export interface PromptOptions {
  /** app.9: whether the mining service is production's. */
  production: boolean
  cutoff?: number
}

/**
 * poh.35-40: the prompt opens when it is due: at once the first time, then not before the
 * throttle window has passed since the last one (this session's or the one local storage keeps),
 * before the cutoff only, never over a /prove screen (it leads there), and only when the app's one
 * rule for interruptions lets it (domain/app/interruptions.ts: at most one per open, never during a
 * payment or a verification flow). Read from the state, so a flow that starts puts the prompt off
 * and one that ends lets it come.
 */
export const promptEpic =
  ({ production, cutoff = POH_PROMPT_CUTOFF }: PromptOptions): Epic =>
  (_events$, state$, { clock, scheduler }) =>
    state$.pipe(
      map((s) =>
        isPohPath(currentPath(s)) || !interruptionMayShow(s, 'pohPrompt')
          ? null
          : nextPromptAt(s.poh, production, cutoff),
      ),
      distinctUntilChanged(),
      switchMap((at) => {
        if (at === null) return EMPTY
        const due = Math.max(at, clock.now())
        if (due >= cutoff) return EMPTY
        return timer(due - clock.now(), scheduler).pipe(map(() => ev('poh/promptShown', { at: clock.now() })))
      }),
    )

export const pohEpics = (prompt: PromptOptions): readonly NamedEpic[] => [
  { name: 'poh/storageRead', epic: storageReadEpic },
  { name: 'poh/storageWrite', epic: storageWriteEpic },
  { name: 'poh/info', epic: infoEpic },
  { name: 'poh/loaderPoll', epic: loaderPollEpic() },
  { name: 'poh/route', epic: routeEpic },
  { name: 'poh/priceCheck', epic: priceCheckEpic },
  { name: 'poh/pay', epic: payEpic(prompt.production ? POH_WALLET.production : POH_WALLET.other) },
  { name: 'poh/code', epic: codeEpic },
  { name: 'poh/retry', epic: retryEpic },
  { name: 'poh/prompt', epic: promptEpic(prompt) },
]
