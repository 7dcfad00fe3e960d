import { describe, expect, it } from 'vitest'
import { idempotencyKey } from '../../streams/idempotency'

describe('idempotency keys', () => {
  it('come from the injected random source: 32 hex digits, the same draws give the same key', () => {
    expect(idempotencyKey({ random: { next: () => 0 } })).toBe('0'.repeat(32))
    const draws = [0.5, 0.25, 0.999999999, 0.0001]
    const key = () => {
      let i = 0
      return idempotencyKey({ random: { next: () => draws[i++ % draws.length] } })
    }
    expect(key()).toMatch(/^[0-9a-f]{32}$/)
    expect(key()).toBe(key())
    expect(key().slice(0, 8)).toBe('80000000')
  })
})
