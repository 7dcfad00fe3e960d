/**
 * Staking effects (doc 2 §4, §7): what the staking screens read, the deposit (one per
 * tap, with its key) paid its way and followed until the server has granted its order, the
 * refresh after it, the deposit claim, and the soulbound token's claim over TonConnect.
 * staking.35: network errors are only logged (and shown as the screens' error states).
 */
import {
  EMPTY,
  type Observable,
  catchError,
  concat,
  exhaustMap,
  filter,
  ignoreElements,
  map,
  merge,
  mergeMap,
  of,
  switchMap,
  takeWhile,
  tap,
  timer,
} from 'rxjs'
import type { DecimalString } from '../../domain/api/codecs'
import type { StakingDepositAnswer } from '../../domain/staking/codecs'
import { type RequestError, toRequestError } from '../../domain/api/errors'
import { journeyOwner } from '../../domain/app/journey'
import { parseLocation } from '../../domain/app/routes'
import { type EventInput, ev } from '../../domain/events'
import { ORDER_POLL_MS, invoiceStatus } from '../../domain/mining/rules'
import type { StakingWay } from '../../domain/staking/events'
import { depositReady, depositWay } from '../../domain/staking/deposit'
import { parseAmount } from '../../domain/staking/rules'
import type { Deps } from '../deps'
import { linkProvenWallet } from '../payments/walletProof'
import { writeKeys } from '../idempotency'
import { loadMiningUser } from '../mining/record'
import { orderStatus } from '../payments/orders'
import { logged } from '../logged'
import { ofType } from '../ofType'
import type { Epic, NamedEpic } from '../store'

const loadConfigs = ({ api }: Pick<Deps, 'api'>) =>
  api.call('stakingConfigs', {}).pipe(
    map((a) => ev('staking/configsReceived', { configs: a.configs })),
    catchError(logged('staking configs', (error) => ev('staking/configsFailed', { error }))),
  )
const loadTotal = ({ api }: Pick<Deps, 'api'>) =>
  api.call('stakingTotal', {}).pipe(
    map((a) => ev('staking/totalReceived', { totalAmount: a.totalAmount })),
    catchError(logged('staking total', (error) => ev('staking/totalFailed', { error }))),
  )
const loadDeposits = ({ api }: Pick<Deps, 'api'>) =>
  api.call('stakingDeposits', {}).pipe(
    map((a) => ev('staking/depositsReceived', { deposits: a.deposits, serverTime: a.serverTime })),
    catchError(logged('staking deposits', (error) => ev('staking/depositsFailed', { error }))),
  )
const loadSbts = ({ api }: Pick<Deps, 'api'>) =>
  api.call('stakingSbts', {}).pipe(
    map((list) => ev('staking/sbtsReceived', { periods: list.map((x) => x.stakingPeriod) })),
    catchError(logged('staking tokens', (error) => ev('staking/sbtsFailed', { error }))),
  )

/**
 * staking.2, .4, .36, .44: a staking screen reads the configs, the total, the deposits, the tokens
 * and the user; so does a journey brought back into staking (it may land on the payment method or
 * the confirm screen, which do not read them themselves).
 */
export const loadEpic: Epic = (events$, state$, deps) =>
  events$.pipe(
    ofType('staking/entered', 'app/journeyRestored'),
    filter(
      (e) =>
        e.type === 'staking/entered' || journeyOwner(parseLocation(e.payload.history.at(-1) ?? '/').path) === 'staking',
    ),
    switchMap(() =>
      merge(loadConfigs(deps), loadTotal(deps), loadDeposits(deps), loadSbts(deps), loadMiningUser(deps, state$.value)),
    ),
  )

/** staking.34: after a deposit (and a claim) the totals, the deposits, the tokens and the user are read again. */
export const refreshEpic: Epic = (events$, state$, deps) =>
  events$.pipe(
    ofType('staking/deposited', 'staking/claimed'),
    switchMap(() => merge(loadTotal(deps), loadDeposits(deps), loadSbts(deps), loadMiningUser(deps, state$.value))),
  )

type Answer = Exclude<StakingDepositAnswer, { error: string }>

/**
 * staking.29: the internal way pays the order by the transfer call, dry first, then for real with
 * its own key: one key per order (`keyOf`), so an order met again (the same deposit retried) is paid once.
 */
function payInternally(
  deps: Deps,
  orderId: string,
  transfer: NonNullable<Answer['internal']>,
  accountIndex: number,
  keyOf: (orderId: string) => string,
): Observable<EventInput> {
  const request = { ...transfer, accountIndex }
  return deps.api.call('transfer', { ...request, dry: true }).pipe(
    mergeMap(() => {
      const key = keyOf(orderId)
      return concat(
        of(ev('staking/transferChecked', { orderId, idempotencyKey: key })),
        deps.api
          .call('transfer', { ...request, dry: false, idempotencyKey: key })
          .pipe(map(() => ev('staking/transferred', { orderId }))),
      )
    }),
  )
}

const declined = () => of(ev('staking/walletDeclined', {}))
const walletFailed = (reason: string) => {
  console.warn('TonConnect could not pay', reason)
  return of(ev('staking/walletFailed', { reason }))
}

/** What the deposit's answer asks next, by way (staking.29-31). */
function followAnswer(
  deps: Deps,
  answer: StakingDepositAnswer,
  way: StakingWay | null,
  accountIndex: number,
  keyOf: (orderId: string) => string,
): Observable<EventInput> {
  if ('error' in answer)
    return of(ev('staking/depositFailed', { error: { kind: 'rejected', status: 400, message: answer.error } }))
  if (answer.deposit !== undefined || way === null)
    return of(ev('staking/deposited', { deposit: answer.deposit ?? null }))
  const orderId = answer.orderId
  if (orderId === undefined)
    return of(ev('staking/depositFailed', { error: { kind: 'decode', message: 'no order', path: 'orderId' } }))
  const ordered = of(ev('staking/depositOrdered', { way, orderId }))
  if (way === 'internal' && answer.internal !== undefined)
    return concat(ordered, payInternally(deps, orderId, answer.internal, accountIndex, keyOf))
  if (way === 'stars' && answer.telegramLink !== undefined)
    return concat(
      ordered,
      deps.telegram
        .openInvoice(answer.telegramLink)
        .pipe(map((status) => ev('staking/invoiceClosed', { orderId, status: invoiceStatus(status) }))),
    )
  if (way === 'external' && answer.transaction !== undefined)
    return concat(
      ordered,
      deps.tonConnect
        .send(answer.transaction)
        .pipe(
          mergeMap((s) =>
            s.outcome === 'sent'
              ? of(ev('staking/transactionSent', { orderId }))
              : s.outcome === 'rejected'
                ? declined()
                : walletFailed(s.reason),
          ),
        ),
    )
  return of(ev('staking/depositFailed', { error: { kind: 'decode', message: `no payment for ${way}`, path: way } }))
}

/**
 * staking.28-32: one deposit per tap burst (exhaustMap), with a key drawn here, so a retry of the
 * same call makes one deposit. An external payment connects the wallet first, so the order's
 * transaction is fresh when the wallet is asked. The same deposit tapped again after a failure with
 * no answer goes with the same key (the first may have been made).
 */
export const depositEpic: Epic = (events$, state$, deps) => {
  const keys = writeKeys(deps)
  const transferKeys = writeKeys(deps)
  const keyOf = (orderId: string) => transferKeys.keyFor({ orderId })
  return events$.pipe(
    ofType('staking/depositTapped'),
    exhaustMap(() => {
      const s = state$.value.staking
      if (!depositReady(s) || s.form.configPeriod === null) return EMPTY
      const period = s.form.configPeriod
      const way = depositWay(s, period)
      const amount = (parseAmount(s.form.amount) ?? '0') as DecimalString
      const key = keys.keyFor({ amount, period, way })
      const accountIndex = state$.value.wallet.selectedIndex
      const answered = (error?: RequestError) => (error === undefined ? keys.settled() : keys.failed(error))
      const call = () =>
        deps.api
          .call('stakingDeposit', { amount, period, idempotencyKey: key, ...(way !== null ? { type: way } : {}) })
          .pipe(
            tap({ next: () => answered(), error: (e: unknown) => answered(toRequestError(e)) }),
            mergeMap((answer) => followAnswer(deps, answer, way, accountIndex, keyOf)),
          )
      const pay =
        way === 'external'
          ? deps.tonConnect
              .connect()
              .pipe(
                mergeMap((c) =>
                  c.outcome === 'rejected' ? declined() : c.outcome === 'failed' ? walletFailed(c.reason) : call(),
                ),
              )
          : call()
      return concat(
        of(ev('staking/depositRequested', { idempotencyKey: key, amount, period, way })),
        pay.pipe(catchError(logged('staking deposit', (error) => ev('staking/depositFailed', { error })))),
      )
    }),
  )
}

/**
 * A paid deposit exists once its order is granted: after the invoice is paid (or pending), the
 * transfer made or the transaction approved, the order is asked after until it is settled; granted
 * is the deposit made.
 */
export const orderPollEpic =
  (pollMs = ORDER_POLL_MS): Epic =>
  (events$, state$, { api, scheduler }) =>
    events$.pipe(
      ofType('staking/invoiceClosed', 'staking/transferred', 'staking/transactionSent'),
      filter(() => state$.value.staking.deposit.step === 'waiting'),
      switchMap(({ payload: { orderId } }) =>
        timer(0, pollMs, scheduler).pipe(
          exhaustMap(() => orderStatus(api, orderId)),
          takeWhile((order) => order.status === 'open', true),
          mergeMap((order) =>
            order.status === 'granted'
              ? of(ev('staking/orderChecked', { order }), ev('staking/deposited', { deposit: null }))
              : of(ev('staking/orderChecked', { order })),
          ),
        ),
      ),
    )

/** Claiming an unlocked deposit: one call per deposit at a time (the server pays once; again is a 409). */
export const claimEpic: Epic = (events$, _state$, { api }) =>
  events$.pipe(
    ofType('staking/claimTapped'),
    exhaustMap(({ payload: { id } }) =>
      api.call('claimStakingDeposit', { id }).pipe(
        map((answer) => ev('staking/claimed', { answer })),
        catchError(logged('staking claim', (error) => ev('staking/claimFailed', { id, error }))),
      ),
    ),
  )

/** A claimed deposit is felt: Telegram's success haptic as the stake and reward come back. */
export const claimHapticEpic: Epic = (events$, _state$, { telegram }) =>
  events$.pipe(
    ofType('staking/claimed'),
    tap(() => telegram.hapticSuccess()),
    ignoreElements(),
  )

/**
 * staking.47-50: the wallet connected and linked with its ton_proof (streams/payments/walletProof.ts:
 * the token is minted only to a wallet the user proved), GET the mint's transaction for the period (to
 * that wallet's address: the token is bound to it), the wallet sends it; any failure says why (or
 * nothing: the card's default text), and the wallet is disconnected.
 */
export const sbtClaimEpic: Epic = (events$, _state$, deps) =>
  events$.pipe(
    ofType('staking/sbtClaimTapped'),
    exhaustMap(({ payload: { stakingPeriod } }) => {
      const fail = (message: string | null, error?: RequestError) =>
        concat(
          of(ev('staking/sbtClaimFailed', { message, ...(error !== undefined ? { error } : {}) })),
          deps.tonConnect.disconnect().pipe(ignoreElements()),
        )
      return linkProvenWallet(deps).pipe(
        mergeMap((a) => {
          if (a.outcome === 'rejected' || a.outcome === 'refused') return fail(null)
          // A refused link shows the server's (or the client's) reason by its code.
          if (a.outcome === 'failed')
            return fail(
              a.message,
              a.error ??
                (a.code !== undefined
                  ? { kind: 'rejected', status: 400, message: a.message, code: a.code }
                  : undefined),
            )
          return deps.api
            .call('claimSbt', { stakingPeriod, address: a.wallet.address })
            .pipe(
              mergeMap(({ orderId, ...transaction }) =>
                concat(
                  of(ev('staking/sbtOrdered', { stakingPeriod, orderId })),
                  deps.tonConnect
                    .send(transaction)
                    .pipe(
                      mergeMap((s) =>
                        s.outcome === 'sent'
                          ? of(ev('staking/sbtTransactionSent', { orderId }))
                          : fail(s.outcome === 'failed' ? s.reason : null),
                      ),
                    ),
                ),
              ),
            )
        }),
        catchError((e: unknown) => {
          console.warn('SBT claim failed', e)
          const error = toRequestError(e)
          return fail(error.message || null, error)
        }),
      )
    }),
  )

/** The mint is granted when the server's watcher sees it: its order is asked after, and the tokens read again. */
export const sbtOrderPollEpic =
  (pollMs = ORDER_POLL_MS): Epic =>
  (events$, _state$, deps) =>
    events$.pipe(
      ofType('staking/sbtTransactionSent'),
      switchMap(({ payload: { orderId } }) =>
        timer(0, pollMs, deps.scheduler).pipe(
          exhaustMap(() => orderStatus(deps.api, orderId)),
          takeWhile((order) => order.status === 'open', true),
          mergeMap((order) =>
            order.status === 'granted'
              ? concat(of(ev('staking/sbtOrderChecked', { order })), loadSbts(deps))
              : of(ev('staking/sbtOrderChecked', { order })),
          ),
        ),
      ),
    )

export const stakingEpics: readonly NamedEpic[] = [
  { name: 'staking/load', epic: loadEpic },
  { name: 'staking/refresh', epic: refreshEpic },
  { name: 'staking/deposit', epic: depositEpic },
  { name: 'staking/orderPoll', epic: orderPollEpic() },
  { name: 'staking/claim', epic: claimEpic },
  { name: 'staking/claimHaptic', epic: claimHapticEpic },
  { name: 'staking/sbtClaim', epic: sbtClaimEpic },
  { name: 'staking/sbtOrderPoll', epic: sbtOrderPollEpic() },
]
