/**
 * Proof of humanity survives a reload as a route (domain/app/journey.ts): its effects then take it
 * to the screen the server's status asks for. The code is not a draft (it is checked once, typed
 * again if needed). A payment without an answer, or paid and not yet seen by the server, brings
 * nothing back; the success screen ends it.
 */
import type { Journey } from '../slice'
import type { PohState } from './state'

export const pohJourney: Journey<PohState> = {
  screens: ['/prove'],
  ended: (_s, path) => path === '/prove/success',
  writeInFlight: (s) =>
    s.payment.step === 'sending' || s.payment.step === 'paying' || s.awaiting || s.retry.step === 'sending',
}
