/** Codecs of the wallet calls (doc 1 §3, §7; rules wallet.1, wallet.2, wallet.6, wallet.13-16). */
import * as t from 'io-ts'
import { ChainIdC, DecimalString, FiniteNumber, IntegerString, TokenDecimals } from '../api/codecs'

export const Token = t.intersection([
  t.type({
    address: t.string,
    chainId: ChainIdC,
    decimals: TokenDecimals,
    logoURI: t.string,
    name: t.string,
    symbol: t.string,
  }),
  t.partial({
    /** The user's amount of it, in token units, as a decimal string. */
    formattedAmount: DecimalString,
    usdFormattedAmount: FiniteNumber,
    priceUsd: FiniteNumber,
  }),
])
export type Token = t.TypeOf<typeof Token>

export const Wallet = t.type({
  accountIndex: t.number,
  address: t.string,
  tonUnbouncableAddress: t.string,
  totalBalanceUsd: FiniteNumber,
})
export type Wallet = t.TypeOf<typeof Wallet>
export const Wallets = t.array(Wallet)

export const BalancesRequest = t.type({ accountIndex: t.number })

/** wallet.6-7: one entry per (address, chainId); tokensAmount in token units, exact. */
export const Balance = t.intersection([
  t.type({
    address: t.string,
    chainId: ChainIdC,
    tokensAmount: DecimalString,
    usdAmount: FiniteNumber,
    tokensCost: FiniteNumber,
  }),
  t.partial({ decimals: TokenDecimals, symbol: t.string, logoURI: t.string, name: t.string }),
])
export type Balance = t.TypeOf<typeof Balance>
export const Balances = t.array(Balance)

export const TotalBalanceQuery = t.partial({ boostNotification: t.literal(1), accountIndex: t.number })
export const TotalBalance = t.type({
  totalBalanceUsd: FiniteNumber,
  hasTrades: t.boolean,
  isNotifyForBoost: t.boolean,
})
export type TotalBalance = t.TypeOf<typeof TotalBalance>

export const HistoryQuery = t.type({ limit: t.number, offset: t.number, accountIndex: t.number })

const HistoryToken = t.intersection([
  t.type({ symbol: t.string, decimals: TokenDecimals }),
  t.partial({ address: t.string, chainId: ChainIdC, logoURI: t.string, name: t.string }),
])

/** Where a transaction stands; the reference ledger records an entry only once it is done. */
export const HistoryStatus = t.union([t.literal('pending'), t.literal('completed'), t.literal('failed')])
export type HistoryStatus = t.TypeOf<typeof HistoryStatus>

/** wallet.15-16: amounts are big integers in the smallest unit, scaled by the token's decimals. */
export const HistoryEntry = t.intersection([
  t.type({
    id: t.string,
    type: t.union([t.literal('swap'), t.literal('deposit'), t.literal('withdrawal')]),
    createdAt: t.string,
  }),
  t.partial({
    fromToken: HistoryToken,
    toToken: HistoryToken,
    fromAmount: IntegerString,
    toAmount: IntegerString,
    asset: t.string,
    amount: IntegerString,
    decimals: TokenDecimals,
    symbol: t.string,
    to: t.string,
    from: t.string,
    chainId: ChainIdC,
    /** A swap copied by a copy trade: the trade and the trader it followed. */
    copyTradeId: t.string,
    trader: t.string,
    /**
     * Not in the spec's list (wallet.15); what an entry's detail shows. The network fee
     * the wallet paid, in the network's own coin (`feeSymbol`), as the transfer answer gives it.
     */
    fee: DecimalString,
    feeSymbol: t.string,
    status: HistoryStatus,
    /** The server's reference of the transaction, to quote to support. */
    txId: t.string,
    /** A transfer's comment, as the sender wrote it. */
    comment: t.string,
    logoURI: t.string,
  }),
])
export type HistoryEntry = t.TypeOf<typeof HistoryEntry>
export const HistoryPage = t.array(HistoryEntry)

/** send.*: the dry run and the real send; `idempotencyKey` makes one confirm one transfer. */
export const TransferRequest = t.intersection([
  t.type({
    to: t.string,
    amount: t.string,
    tokenAddress: t.string,
    chainId: ChainIdC,
    accountIndex: t.number,
    comment: t.string,
    dry: t.boolean,
  }),
  t.partial({ idempotencyKey: t.string }),
])
export type TransferRequest = t.TypeOf<typeof TransferRequest>
export const TransferResult = t.intersection([
  t.type({ ok: t.literal(true) }),
  t.partial({ fee: DecimalString, feeSymbol: t.string, txId: t.string, total: DecimalString }),
])
export type TransferResult = t.TypeOf<typeof TransferResult>
