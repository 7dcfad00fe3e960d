import * as t from 'io-ts'

/** A string of the form '123' or '0.000123': an exact token amount, never a float (DESIGN §3). */
export interface DecimalStringBrand {
  readonly DecimalString: unique symbol
}
export const DecimalString = t.brand(
  t.string,
  (s): s is t.Branded<string, DecimalStringBrand> => /^\d+(\.\d+)?$/.test(s),
  'DecimalString',
)
export type DecimalString = t.TypeOf<typeof DecimalString>

/** A non-negative integer as a string: an amount in the token's smallest unit. */
export interface IntegerStringBrand {
  readonly IntegerString: unique symbol
}
export const IntegerString = t.brand(
  t.string,
  (s): s is t.Branded<string, IntegerStringBrand> => /^\d+$/.test(s),
  'IntegerString',
)
export type IntegerString = t.TypeOf<typeof IntegerString>

/** app.3: EVM chain ids are numbers, TON is the string 'TON'. */
export const ChainIdC = t.union([
  t.literal('TON'),
  t.literal(1),
  t.literal(10),
  t.literal(42161),
  t.literal(8453),
  t.literal(324),
])
export type ChainIdC = t.TypeOf<typeof ChainIdC>

/**
 * A token's decimals: a whole number from 0 to 255 (ERC-20's uint8). Amounts are scaled by 10 to
 * this power as bigints, which a fraction, a negative or a huge number (1e300) would break.
 */
/** The most decimals a token may have: what the contract's codecs take (ERC-20's uint8). */
export const MAX_TOKEN_DECIMALS = 255
export const TokenDecimals = t.refinement(
  t.number,
  (n) => Number.isInteger(n) && n >= 0 && n <= MAX_TOKEN_DECIMALS,
  'TokenDecimals',
)

/** Any finite JSON number. */
export const FiniteNumber = t.refinement(t.number, Number.isFinite, 'FiniteNumber')

/** The body of a 4xx answer: a message, and for field errors the path of the field (send.7); a code and its text's values where the server gives them. */
export const ApiErrorBody = t.intersection([
  t.type({ message: t.string }),
  t.partial({
    path: t.union([t.string, t.array(t.union([t.string, t.number]))]),
    code: t.union([t.string, t.number]),
    params: t.record(t.string, t.string),
  }),
])
export type ApiErrorBody = t.TypeOf<typeof ApiErrorBody>

/** The answer of a call that only says it was done (several features' calls). */
export const Ok = t.type({ ok: t.literal(true) })

/** An answer whose shape the spec does not show: any JSON object. */
export const AnyObject = t.UnknownRecord

export const Empty = t.type({})
