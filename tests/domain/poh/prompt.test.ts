import { describe, expect, it } from 'vitest'
import { isProductionServer } from '../../../domain/app/production'
import {
  POH_PROMPT_CUTOFF,
  PROMPT_THROTTLE_MS,
  nextPromptAt,
  promptApplies,
  promptThrottleMs,
} from '../../../domain/poh/prompt'
import { type PohState, initialPohState } from '../../../domain/poh/state'

const info = { tonAmount: { tonAmount: '1', amount: '3', starAmount: 150 } } as PohState['info']
const due = (over: Partial<PohState> = {}): PohState => ({
  ...initialPohState,
  info,
  human: { humanGroup: true, confirmProve: false },
  stored: { lastPromptAt: null, failureSeen: false },
  ...over,
})

describe('the PoH prompt', () => {
  it('[poh.35] only a user in a human group who has not confirmed', () => {
    expect(promptApplies(due())).toBe(true)
    expect(promptApplies(due({ human: { humanGroup: false, confirmProve: false } }))).toBe(false)
    expect(promptApplies(due({ human: { humanGroup: true, confirmProve: true } }))).toBe(false)
    expect(promptApplies(due({ human: null }))).toBe(false)
    expect(promptApplies(due({ confirmed: true }))).toBe(false)
  })
  it('[poh.36] only once the info is loaded', () => {
    expect(promptApplies(due({ info: null }))).toBe(false)
    expect(nextPromptAt(due({ info: null }), false)).toBeNull()
  })
  it('[poh.37] only before the cutoff: a window opening at or after it is no prompt', () => {
    const cutoff = 1_000_000
    expect(nextPromptAt(due({ stored: { lastPromptAt: cutoff - 60_001, failureSeen: false } }), false, cutoff)).toBe(
      cutoff - 1,
    )
    expect(
      nextPromptAt(due({ stored: { lastPromptAt: cutoff - 60_000, failureSeen: false } }), false, cutoff),
    ).toBeNull()
    expect(POH_PROMPT_CUTOFF).toBe(Date.parse('2027-06-30T00:00:00Z'))
  })
  it('[poh.38] [poh.39] 12 hours in production (a bot-host server, app.9), 1 minute otherwise, after the last prompt', () => {
    expect(PROMPT_THROTTLE_MS).toEqual({ production: 43_200_000, other: 60_000 })
    expect(promptThrottleMs(isProductionServer('https://bot.switch-wallet.app/api'))).toBe(43_200_000)
    expect(promptThrottleMs(isProductionServer('http://127.0.0.1:8080'))).toBe(60_000)
    const at = 1_700_000_000_000
    expect(nextPromptAt(due({ stored: { lastPromptAt: at, failureSeen: false } }), true)).toBe(at + 43_200_000)
    expect(nextPromptAt(due({ stored: { lastPromptAt: at, failureSeen: false } }), false)).toBe(at + 60_000)
  })
  it("the last prompt comes from local storage (this session's once shown); none until storage is read", () => {
    expect(nextPromptAt(due(), false)).toBe(0)
    expect(nextPromptAt(due({ stored: null }), false)).toBeNull()
    expect(
      nextPromptAt(
        due({ stored: { lastPromptAt: 5, failureSeen: false }, prompt: { showing: false, lastShownAt: 100 } }),
        false,
      ),
    ).toBe(60_100)
    expect(nextPromptAt(due({ prompt: { showing: true, lastShownAt: 100 } }), false)).toBeNull()
  })
})
