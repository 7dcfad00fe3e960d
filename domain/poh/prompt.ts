/**
 * The PoH prompt on the shell (doc 2 §4, poh.35-40): whom it applies to, until when, and how often.
 */
import type { PohState } from './state'

/**
 * poh.37: the prompt applies before this instant only. The spec names no date (it is not shown);
 * chosen here once (docs/features/poh.md, "On the client"): the end of June 2027, UTC.
 */
export const POH_PROMPT_CUTOFF = Date.parse('2027-06-30T00:00:00Z')

/** poh.38-39: at most once per 12 hours in production (app.9), once a minute otherwise. */
export const PROMPT_THROTTLE_MS = { production: 12 * 60 * 60 * 1000, other: 60 * 1000 } as const
export const promptThrottleMs = (production: boolean): number =>
  production ? PROMPT_THROTTLE_MS.production : PROMPT_THROTTLE_MS.other

/** poh.40: where the last prompt's time (epoch ms) is kept. */
export const PROMPT_STORAGE_KEY = 'switch-wallet/poh-prompted-at'
/** poh.10: a failure seen (try again) is kept until a new attempt. */
export const FAILURE_SEEN_STORAGE_KEY = 'switch-wallet/poh-failure-seen'

/** poh.35-36: a user in a human group who has not confirmed, once the info is loaded. */
export const promptApplies = (s: PohState): boolean =>
  s.human !== null && s.human.humanGroup && !s.human.confirmProve && !s.confirmed && s.info !== null

/** The last prompt: this session's, else the one local storage remembers. */
export const lastPromptAt = (s: PohState): number | null => s.prompt.lastShownAt ?? s.stored?.lastPromptAt ?? null

/**
 * When the prompt is next due (epoch ms; at or before now: at once), or null: it does not apply,
 * shows already, storage is not read yet, or the next window opens after the cutoff.
 */
export function nextPromptAt(s: PohState, production: boolean, cutoff: number = POH_PROMPT_CUTOFF): number | null {
  if (!promptApplies(s) || s.prompt.showing || s.stored === null) return null
  const last = lastPromptAt(s)
  const at = last === null ? 0 : last + promptThrottleMs(production)
  return at < cutoff ? at : null
}
