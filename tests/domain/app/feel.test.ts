import { describe, expect, it } from 'vitest'
import { moneyInFlight } from '../../../domain/app/feel'
import { fold } from '../../../domain/state'
import type { EventInput } from '../../../domain/events'
import { launch, stamp } from '../fixtures/events'

const session = (...inputs: EventInput[]) => fold(stamp([{ type: 'app/launched', payload: launch() }, ...inputs]))

describe('money in flight (closing confirmation)', () => {
  it('an autoclaim being paid counts until the modal is done with it', () => {
    expect(moneyInFlight(session())).toBe(false)
    const paying = session(
      { type: 'mining/autoclaimOpened', payload: {} },
      { type: 'mining/autoclaimPayRequested', payload: { way: 'internal' } },
    )
    expect(moneyInFlight(paying)).toBe(true)
  })
})
