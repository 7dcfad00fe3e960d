/** Send, doc 1 §2: token, then address, amount and comment; a dry run; the confirm screen; success. */
import { useEffect } from 'react'
import en from '../../locales/send/en.json'
import ru from '../../locales/send/ru.json'
import { useTranslation } from 'react-i18next'
import { addTranslations } from '../i18n'
import { CHAIN_LABELS } from '../../domain/app/chains'
import { qrScannerAvailable } from '../../domain/app/telegram'
import { compareDecimal, fromUnits, toUnits } from '../../domain/money'
import { COMMENT_MAX_LENGTH, commentError, tonFeeText, usdOfAmount } from '../../domain/send/rules'
import { amountRefusal, canConfirm } from '../../domain/send/rules'
import type { RootState } from '../../domain/state'
import { shortAddress } from '../../domain/wallet/rules'
import { useNavigate } from 'react-router-dom'
import { useAppState, useDispatch } from '../ui/store'
import { LINKS } from '../app/links'
import { TokenPicker } from '../picker/TokenPicker'
import { TokenIcon } from '../ui/TokenIcon'
import { CloseIcon, ScanIcon } from '../ui/icons'
import { Button, Cell, Placeholder, Section } from '../ui/kit'
import { errorText } from '../ui/errorText'
import { MainButton } from '../ui/MainButton'
import { SuccessScreen } from '../ui/SuccessScreen'
import { AmountInput } from '../ui/AmountInput'
import { FITS, PLACES, useFormat } from '../ui/useFormat'

// The send form's own texts (Paste, the scanner, what they bring), loaded with its screens.
addTranslations('send', { en, ru })

const selectSend = (s: RootState) => s.send
/** The balance of the chosen token in the selected wallet, as an exact decimal string. */
/** A USD price from the selected wallet's balances, for the send token's chain: display only. */
const priceOnChain = (s: RootState, address: (chainId: string | number) => string): number | undefined => {
  const token = s.send.token
  if (!token) return undefined
  const wanted = address(token.chainId).toLowerCase()
  return s.wallet.balances[s.wallet.selectedIndex]?.data?.find(
    (b) => b.chainId === token.chainId && b.address.toLowerCase() === wanted,
  )?.tokensCost
}
/** The price of the token sent, and of the chain's coin that pays the fee. */
const selectTokenPrice = (s: RootState) => s.send.token?.priceUsd ?? priceOnChain(s, () => s.send.token?.address ?? '')
const selectFeePrice = (s: RootState) =>
  priceOnChain(s, (chainId) => (chainId === 'TON' ? 'native' : '0x0000000000000000000000000000000000000000'))

const selectBalance = (s: RootState) => {
  const token = s.send.token
  if (!token) return '0'
  const held = s.wallet.balances[s.wallet.selectedIndex]?.data?.find(
    (b) => b.chainId === token.chainId && b.address.toLowerCase() === token.address.toLowerCase(),
  )
  return held?.tokensAmount ?? '0'
}

/** /send: choose the token (picker.17: picking leads to /send/info). */
export function SendToken() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  useEffect(() => {
    dispatch({ type: 'send/started', payload: {} })
  }, [dispatch])
  return (
    <>
      <h1 className="title">{t('send.choose')}</h1>
      <TokenPicker purpose="send" />
    </>
  )
}

/** The network fee shown before sending (send.17): fixed texts on TON, the server's estimate elsewhere. */
function feeText(send: RootState['send']): { amount: string; symbol: string } | null {
  if (!send.token) return null
  const ton = tonFeeText(send.token)
  return ton === null ? send.fee : { amount: ton, symbol: 'TON' }
}

const selectScanner = (s: RootState) => qrScannerAvailable(s.app)

/**
 * The recipient's field, as Telegram's Wallet has it: Paste beside its label, a clear button once
 * it holds text and, where Telegram has a QR scanner, its button. What Paste and the scanner bring
 * fills the field (streams/send/epics.ts); anything that is no address says so under it.
 */
function AddressInput({ balance, placeholder }: { balance: string; placeholder: string }) {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const send = useAppState(selectSend)
  const scanner = useAppState(selectScanner)
  const invalid = send.errors.to !== undefined
  const filled = send.to !== ''
  return (
    <div className="address-input" data-actions={Number(filled) + Number(scanner)}>
      <input
        id="send-to"
        className="search"
        value={send.to}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={invalid}
        aria-describedby={invalid ? 'send-to-error' : undefined}
        onChange={(e) => dispatch({ type: 'send/addressChanged', payload: { value: e.target.value } })}
        onBlur={() => dispatch({ type: 'send/fieldBlurred', payload: { field: 'to', balance } })}
      />
      <div className="address-input__actions">
        {filled && (
          <button
            type="button"
            className="icon-button"
            aria-label={t('send.clear-address')}
            onClick={() => dispatch({ type: 'send/addressChanged', payload: { value: '' } })}
          >
            <CloseIcon size={16} />
          </button>
        )}
        {scanner && (
          <button
            type="button"
            className="icon-button address-input__scan"
            aria-label={t('send.scan')}
            onClick={() => dispatch({ type: 'send/scanRequested', payload: { caption: t('send.scan-caption') } })}
          >
            <ScanIcon size={20} />
          </button>
        )}
      </div>
    </div>
  )
}

/** /send/info: address, amount, comment (send.1-7). */
export function SendInfo() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const send = useAppState(selectSend)
  const balance = useAppState(selectBalance)
  const format = useFormat()
  if (!send.token)
    return (
      <Placeholder
        page
        title={t('send.no-token')}
        action={<Button onClick={() => navigate('/send')}>{t('send.choose')}</Button>}
      />
    )
  const token = send.token
  // An error is an i18n key (the spec's send.error.*, the amount's amount.*) or the server's own text.
  const message = (e: string) =>
    e.startsWith('send.error.') || e.startsWith('amount.')
      ? t(e, { symbol: token.symbol, decimals: token.decimals, max: COMMENT_MAX_LENGTH })
      : e
  const error = (field: 'to' | 'amount', id?: string) => {
    // A refused amount shows whatever brought it (typed, or a draft restored after a reload).
    const e = send.errors[field] ?? (field === 'amount' ? amountRefusal(send) : undefined)
    if (e === undefined) return null
    // amount.zero is a hint, not a refusal: "0" is also how "0.5" starts
    return (
      <div
        id={id}
        className={e === 'amount.zero' ? 'hint' : 'field-error'}
        role={e === 'amount.zero' ? undefined : 'alert'}
      >
        {message(e)}
      </div>
    )
  }
  const comment = commentError(send.comment)
  const amountInvalid = send.errors.amount !== undefined || amountRefusal(send) !== undefined
  // Max is on while the amount is the whole balance; pressed again it clears, as the swap's does (swap.31).
  const maxOn = toUnits(send.amount, token.decimals) !== null && compareDecimal(send.amount, balance) === 0
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        dispatch({ type: 'send/checkRequested', payload: { balance } })
      }}
    >
      <Section header={t('send.token')}>
        <Cell
          before={<TokenIcon src={token.logoURI} symbol={token.symbol} network={token.chainId} />}
          title={token.symbol}
          subtitle={CHAIN_LABELS[String(token.chainId)]}
          after={format.amount(balance, PLACES.listBalance, FITS.cellWithChevron)}
          chevron
          onClick={() => navigate('/send')}
        />
      </Section>
      <div className="field">
        <div className="field__label">
          <label htmlFor="send-to">{t('send.address')}</label>
          <button
            type="button"
            className="link-button"
            onClick={() => dispatch({ type: 'send/pasteRequested', payload: {} })}
          >
            {t('send.paste')}
          </button>
        </div>
        <AddressInput
          balance={balance}
          placeholder={token.chainId === 'TON' ? t('send.address-ton') : t('send.address-evm')}
        />
        {error('to', 'send-to-error')}
      </div>
      <div className="field">
        <div className="field__label">
          <label htmlFor="send-amount">{t('send.amount')}</label>
          <button
            type="button"
            className="chip chip--small chip--toggle"
            aria-pressed={maxOn}
            onClick={() => dispatch({ type: 'send/amountChanged', payload: { value: maxOn ? '' : balance } })}
          >
            {t('send.max', { amount: format.amount(balance, PLACES.listBalance, FITS.inline), symbol: token.symbol })}
          </button>
        </div>
        <AmountInput
          id="send-amount"
          value={send.amount}
          decimals={token.decimals}
          aria-invalid={amountInvalid}
          aria-describedby={amountInvalid ? 'send-amount-error' : undefined}
          onChange={(value) => dispatch({ type: 'send/amountChanged', payload: { value } })}
          onBlur={() => dispatch({ type: 'send/fieldBlurred', payload: { field: 'amount', balance } })}
        />
        {error('amount', 'send-amount-error')}
      </div>
      <label className="field">
        <span className="field__label">{t('send.comment')}</span>
        <input
          className="search"
          value={send.comment}
          placeholder={t('send.comment-hint')}
          aria-invalid={comment !== undefined || undefined}
          onChange={(e) => dispatch({ type: 'send/commentChanged', payload: { value: e.target.value } })}
        />
        {comment !== undefined && (
          <div className="field-error" role="alert">
            {message(comment)}
          </div>
        )}
      </label>
      {send.error !== null && (
        <p className="error-text" role="alert">
          {errorText(t, send.error)}
        </p>
      )}
      <MainButton
        text={t('send.continue')}
        disabled={!canConfirm(send)}
        loading={send.isLoading}
        onPress={() => dispatch({ type: 'send/checkRequested', payload: { balance } })}
      />
    </form>
  )
}

/** /send/confirm: recipient, comment, fee, total and balance after (send.16); confirm sends (send.18). */
export function SendConfirm() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const send = useAppState(selectSend)
  const balance = useAppState(selectBalance)
  const prices = { token: useAppState(selectTokenPrice), fee: useAppState(selectFeePrice) }
  const format = useFormat()
  if (!send.token || !send.isChecked)
    return (
      <Placeholder
        page
        title={t('send.no-draft')}
        action={<Button onClick={() => navigate('/send/info')}>{t('send.back-to-draft')}</Button>}
      />
    )
  const token = send.token
  const fee = feeText(send)
  // Exact sums: the fee counts against the amount only when it is paid in the same token.
  const sameToken = fee !== null && fee.symbol === token.symbol
  const decimals = Math.max(token.decimals, 9)
  const units = (v: string) => toUnits(v, decimals) ?? 0n
  const total = fromUnits(units(send.amount) + (sameToken ? units(fee.amount) : 0n), decimals)
  const after = fromUnits(units(balance) - units(total), decimals)
  // USD for display only: the token's price and the fee coin's, from the wallet's balances.
  const amountUsd = usdOfAmount(send.amount, prices.token)
  const feeUsd = fee === null ? null : usdOfAmount(fee.amount, sameToken ? prices.token : prices.fee)
  const totalUsd = amountUsd === null || (fee !== null && feeUsd === null) ? null : amountUsd + (feeUsd ?? 0)
  return (
    <>
      <h1 className="title">
        {t('send.confirm-title', {
          amount: format.amount(send.amount, PLACES.transaction, FITS.total),
          symbol: token.symbol,
        })}
      </h1>
      <Section>
        {/* The whole address, wrapped, as it will be paid to: a shortened one can hide a look-alike. */}
        <Cell
          compact
          title={t('send.recipient')}
          subtitle={
            <span className="address address--full" data-testid="send-recipient">
              {send.to}
            </span>
          }
        />
        <Cell compact title={t('send.network')} after={CHAIN_LABELS[String(token.chainId)] ?? String(token.chainId)} />
        {send.comment !== '' && (
          <Cell
            compact
            title={t('send.comment')}
            subtitle={
              <span className="wrap" data-testid="send-comment">
                {send.comment}
              </span>
            }
          />
        )}
        <Cell
          compact
          title={t('send.fee')}
          after={
            fee ? (
              <FigureWithUsd
                testId="send-fee"
                figure={`≈ ${format.amount(fee.amount, PLACES.transaction, FITS.cell)} ${fee.symbol}`}
                usd={feeUsd}
              />
            ) : (
              '—'
            )
          }
        />
        <Cell
          compact
          title={t('send.total')}
          after={
            <FigureWithUsd
              testId="send-total"
              figure={`${format.amount(total, PLACES.transaction, FITS.cell)} ${token.symbol}`}
              usd={totalUsd}
            />
          }
        />
        <Cell
          compact
          title={t('send.balance-after')}
          after={
            !after.startsWith('-') ? (
              <span data-testid="send-balance-after">
                {format.amount(after, PLACES.transaction, FITS.cell)} {token.symbol}
              </span>
            ) : (
              t('send.not-enough')
            )
          }
        />
      </Section>
      {send.error !== null && (
        <p className="error-text" role="alert">
          {errorText(t, send.error)}
        </p>
      )}
      <MainButton
        text={t('send.send')}
        loading={send.isLoading}
        onPress={() => dispatch({ type: 'send/confirmRequested', payload: {} })}
      />
    </>
  )
}

/** An amount with its USD value under it, so both fit a 320 px row beside their title. */
function FigureWithUsd({ figure, usd, testId }: { figure: string; usd: number | null; testId: string }) {
  const format = useFormat()
  return (
    <span className="figure-stack">
      <span data-testid={testId}>{figure}</span>
      {usd !== null && (
        <span className="muted" data-testid={`${testId}-usd`}>
          {format.usd(usd, FITS.cell)}
        </span>
      )}
    </span>
  )
}

/** /send/success (send.19): what left, to whom; Done, or the bot to follow it. */
export function SendSuccess() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const format = useFormat()
  const send = useAppState(selectSend)
  return (
    <SuccessScreen
      title={t('send.success')}
      figure={
        send.token ? `${format.amount(send.amount, PLACES.transaction, FITS.total)} ${send.token.symbol}` : undefined
      }
      detail={send.token ? t('send.success-detail', { to: shortAddress(send.to) }) : undefined}
      primary={{ text: t('send.done'), onPress: () => void navigate('/') }}
      links={[
        {
          text: t('send.view-in-bot'),
          onPress: () => dispatch({ type: 'app/linkOpened', payload: { url: LINKS.bot } }),
        },
      ]}
    />
  )
}
