/**
 * Any answer a codec takes, as a fast-check arbitrary read off the io-ts codec itself: every
 * optional field present or not, every union's member, lists empty or long, text and numbers of
 * any kind the type allows (odd dates, huge and negative numbers), exact amounts of any size. A
 * refinement this file does not know fails loudly, so a new kind of field gets a generator here.
 */
import fc from 'fast-check'
import type * as t from 'io-ts'
import { type Json, ODD_STRINGS } from './mutations'

type AnyCodec = t.Mixed & {
  _tag?: string
  props?: Record<string, AnyCodec>
  types?: AnyCodec[]
  type?: AnyCodec
  domain?: AnyCodec
  codomain?: AnyCodec
  value?: Json
}

const digits = (max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: max })
const integerText = fc.oneof(fc.bigInt({ min: 0n, max: 10n ** 30n }).map(String), digits(80))
const decimalText = fc.oneof(
  integerText,
  fc.tuple(integerText, digits(40)).map(([w, f]) => `${w}.${f}`),
)
const finite = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, 1e21, -1e300, 1e300, Number.MAX_SAFE_INTEGER + 2),
)
const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(...ODD_STRINGS),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom('2026-11-22T08:00:00.000Z', 'https://t.me/x'),
)

/** Refinements and brands by name: the kinds of field the contract uses. */
const REFINEMENTS: Record<string, fc.Arbitrary<Json>> = {
  DecimalString: decimalText,
  IntegerString: integerText,
  FiniteNumber: finite,
  TokenDecimals: fc.integer({ min: 0, max: 255 }),
}

const cache = new WeakMap<AnyCodec, fc.Arbitrary<Json>>()

export function arbitraryOf(codec: AnyCodec): fc.Arbitrary<Json> {
  const known = cache.get(codec)
  if (known) return known
  const made = derive(codec)
  cache.set(codec, made)
  return made
}

function derive(codec: AnyCodec): fc.Arbitrary<Json> {
  switch (codec._tag) {
    case 'InterfaceType':
    case 'StrictType':
      return fc.record(Object.fromEntries(Object.entries(codec.props!).map(([k, c]) => [k, arbitraryOf(c)])))
    case 'PartialType':
      return fc.record(Object.fromEntries(Object.entries(codec.props!).map(([k, c]) => [k, arbitraryOf(c)])), {
        requiredKeys: [],
      }) as fc.Arbitrary<Json>
    case 'IntersectionType':
      return fc.tuple(...codec.types!.map(arbitraryOf)).map((parts) => Object.assign({}, ...parts) as Json)
    case 'UnionType':
      return fc.oneof(...codec.types!.map(arbitraryOf))
    case 'ArrayType':
      return fc.array(arbitraryOf(codec.type!), { maxLength: 4 })
    case 'DictionaryType':
      return fc.dictionary(arbitraryOf(codec.domain!) as fc.Arbitrary<string>, arbitraryOf(codec.codomain!), {
        maxKeys: 3,
      })
    case 'LiteralType':
      return fc.constant(codec.value as Json)
    case 'StringType':
      return text
    case 'NumberType':
      return finite
    case 'BooleanType':
      return fc.boolean()
    case 'NullType':
      return fc.constant(null)
    case 'UndefinedType': // a key a partial codec must not carry: absent from the JSON
      return fc.constant(undefined) as unknown as fc.Arbitrary<Json>
    case 'AnyDictionaryType':
      return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>, {
        maxKeys: 3,
      })
    case 'ExactType':
    case 'ReadonlyType':
      return arbitraryOf(codec.type!)
    case 'RefinementType': {
      const named = REFINEMENTS[codec.name]
      if (named === undefined)
        throw new Error(`no generator for the refinement ${codec.name}: add one to tests/src/badAnswers/derive.ts`)
      return named
    }
    default:
      throw new Error(
        `no generator for the codec ${codec.name} (${codec._tag}): add one to tests/src/badAnswers/derive.ts`,
      )
  }
}
