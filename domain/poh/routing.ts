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
  /** Paid in this session, and the server's status does not show it yet. */
  awaiting: boolean
}

export function pohScreenFor({ status, confirmed, failureSeen, awaiting }: PohRouteFacts): PohScreen {
  if (confirmed) return 'success'
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
  // A payment the server has not seen yet waits on the loader (poh.15, 17, 18); else the intro (poh.5, 10).
  return awaiting ? 'loader' : 'intro'
}
