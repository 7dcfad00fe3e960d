import { describe, expect, it } from 'vitest'
import { POH_PATHS, isPohPath, pohScreenFor } from '../../../domain/poh/routing'

const facts = { status: undefined, confirmed: false, failureSeen: false, awaiting: false }

describe('PoH routing by status', () => {
  it('[poh.5] no status goes to the intro (/prove)', () => {
    expect(pohScreenFor(facts)).toBe('intro')
    expect(POH_PATHS.intro).toBe('/prove')
  })
  it('[poh.6] received or internalInQueue goes to the loader (/prove/loader)', () => {
    expect(pohScreenFor({ ...facts, status: 'received' })).toBe('loader')
    expect(pohScreenFor({ ...facts, status: 'internalInQueue' })).toBe('loader')
    expect(POH_PATHS.loader).toBe('/prove/loader')
  })
  it('[poh.7] responsing goes to the code screen (/prove/code)', () => {
    expect(pohScreenFor({ ...facts, status: 'responsing' })).toBe('code')
    expect(POH_PATHS.code).toBe('/prove/code')
  })
  it('[poh.8] internalError goes to the failed screen (/prove/failed) unless that failure was seen', () => {
    expect(pohScreenFor({ ...facts, status: 'internalError' })).toBe('failed')
    expect(pohScreenFor({ ...facts, status: 'internalError', failureSeen: true })).toBe('intro')
    expect(POH_PATHS.failed).toBe('/prove/failed')
  })
  it('[poh.9] a confirmed verification goes to success (/prove/success), whatever the status', () => {
    for (const status of [undefined, 'received', 'internalInQueue', 'responsing', 'internalError'] as const) expect(pohScreenFor({ ...facts, status, confirmed: true })).toBe('success')
    expect(POH_PATHS.success).toBe('/prove/success')
  })
  it('a payment the server does not show yet waits on the loader; a seen failure paid again too', () => {
    expect(pohScreenFor({ ...facts, awaiting: true })).toBe('loader')
    expect(pohScreenFor({ ...facts, status: 'internalError', failureSeen: true, awaiting: true })).toBe('loader')
    // an unseen failure is shown even if a payment was made before it
    expect(pohScreenFor({ ...facts, status: 'internalError', awaiting: true })).toBe('failed')
  })
  it('the /prove paths', () => {
    expect(['/prove', '/prove/code', '/prove/loader'].every(isPohPath)).toBe(true)
    expect(['/', '/mining', '/proven', '/mining/prove'].some(isPohPath)).toBe(false)
  })
})
