import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isIdempotencyKey } from '../../../domain/api/idempotencyKey'
import { idempotencyKey } from '../../../streams/idempotency'

describe('an idempotency key, as the client draws it and the server takes it', () => {
  it('every key the client draws has the shape the server takes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 4, maxLength: 4 }),
        (draws) => {
          let i = 0
          const key = idempotencyKey({ random: { next: () => draws[i++] } } as never)
          expect(isIdempotencyKey(key)).toBe(true)
        },
      ),
    )
  })

  it('8 to 100 letters, digits, - or _; nothing shorter, longer or else', () => {
    for (const key of ['burn-key-0001', 'a'.repeat(8), 'A_b-9'.repeat(20)])
      expect(isIdempotencyKey(key), key).toBe(true)
    for (const key of [
      '',
      'x',
      'short-7',
      'a'.repeat(101),
      'has space1',
      'ключ-ключ-ключ',
      'semi;colon',
      'new\nline12',
    ])
      expect(isIdempotencyKey(key), key).toBe(false)
  })
})
