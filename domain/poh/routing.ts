/**
 * Which /prove screen a verification in its state shows (doc 2 §4, poh.5-9), as a pure function
 * of the status the server reports and what this session knows.
 */
import type { PohInfo, PohScreen } from './events'

export const POH_PATHS: Record<PohScreen, string> = {
  intro: '/prove',
  code: '/prove/code',
  loader: '/prove/loader',
  success: '/prove/success',
  failed: '/prove/failed',
}

export const isPohPath = (path: string): boolean => path === '/prove' || path.startsWith('/prove/')

export interface PohRouteFacts {
  status: PohInfo['inProgressStatus']
  /** poh.9: the code was accepted, or the mining record says confirmProve. */
  confirmed: boolean
  /** poh.8, poh.10: try again was tapped on this failure. */
  failureSeen: boolean
  /** Paid in this session, and the server's status is still the one of the request before it. */
  awaiting: boolean
}

/**
 * A payment made in this session waits on the loader (poh.15, 17, 18) until the info shows its
 * request: whatever status the info shows until then is of the request before (a failure already
 * seen and tried again, or none), and the loader polls until it changes.
 */
export function pohScreenFor({ status, confirmed, failureSeen, awaiting }: PohRouteFacts): PohScreen {
  if (confirmed) return 'success'
  if (awaiting) return 'loader'
  switch (status) {
    case 'received':
    case 'internalInQueue':
      return 'loader'
    case 'responsing':
      return 'code'
    case 'internalError':
      if (!failureSeen) return 'failed'
      break
    case undefined:
      break
  }
  // poh.5, poh.10: nothing under way, or a failure seen: the intro.
  return 'intro'
}

/**
 * Whether the info shows the request of a payment made when the info named request `before`: a
 * later one. An answer without `attempt` (an older server) shows it once a request is under way.
 */
export function showsNewRequest(info: PohInfo, before: number | null): boolean {
  if (info.attempt !== undefined && before !== null) return info.attempt > before
  const status = info.inProgressStatus
  return status === 'received' || status === 'internalInQueue' || status === 'responsing'
}
