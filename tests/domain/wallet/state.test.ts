import { describe, expect, it } from 'vitest'
import { fold } from '../../../domain/state'
import { sessionInputs, stamp } from '../fixtures/events'

describe('wallet state', () => {
  const events = stamp(sessionInputs)

  it('[wallet.20] choosing a wallet selects it and closes the chooser', () => {
    const s = fold(events)
    expect(s.wallet.selectedIndex).toBe(2)
    expect(s.wallet.chooserOpen).toBe(false)
    expect(s.wallet.balances[2].loading).toBe(true)
  })
})
