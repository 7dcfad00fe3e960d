import { describe, expect, it } from 'vitest'
import { POH_PATHS, isPohPath, pohScreenFor, showsNewRequest } from '../../../domain/poh/routing'
import { fold } from '../../../domain/state'

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
    for (const status of [undefined, 'received', 'internalInQueue', 'responsing', 'internalError'] as const)
      expect(pohScreenFor({ ...facts, status, confirmed: true })).toBe('success')
    expect(POH_PATHS.success).toBe('/prove/success')
  })
  it('a payment the server does not show yet waits on the loader, whatever the status of the request before it', () => {
    expect(pohScreenFor({ ...facts, awaiting: true })).toBe('loader')
    expect(pohScreenFor({ ...facts, status: 'internalError', failureSeen: true, awaiting: true })).toBe('loader')
    // paying forgets the failure seen: its status is still the one before, and it is not shown again
    expect(pohScreenFor({ ...facts, status: 'internalError', awaiting: true })).toBe('loader')
  })

  it('the info shows a new request once its attempt is a later one; without attempts, once one is under way', () => {
    const price = { tonAmount: '1', amount: '3', starAmount: 150 } as never
    expect(showsNewRequest({ tonAmount: price, inProgressStatus: 'internalError', attempt: 1 }, 1)).toBe(false)
    expect(showsNewRequest({ tonAmount: price, inProgressStatus: 'internalError', attempt: 2 }, 1)).toBe(true)
    expect(showsNewRequest({ tonAmount: price, inProgressStatus: 'received', attempt: 1 }, 0)).toBe(true)
    expect(showsNewRequest({ tonAmount: price }, 0)).toBe(false)
    expect(showsNewRequest({ tonAmount: price, inProgressStatus: 'internalError' }, null)).toBe(false)
    expect(showsNewRequest({ tonAmount: price, inProgressStatus: 'responsing' }, null)).toBe(true)
  })

  it("folded: paid after a failure seen, the old failure keeps the loader; the new request's own failure shows", () => {
    const price = { tonAmount: '1', amount: '3', starAmount: 150 }
    const info = (status: string, attempt: number) => ({
      type: 'poh/infoReceived',
      payload: { info: { tonAmount: price, inProgressStatus: status, attempt, failure: 'wrong-codes' } },
    })
    const screen = (events: object[]) => {
      const s = fold(events.map((e, i) => ({ seq: i + 1, at: i, ...e })) as never).poh
      return pohScreenFor({
        status: s.info?.inProgressStatus,
        confirmed: s.confirmed,
        failureSeen: s.failureSeen,
        awaiting: s.awaiting,
      })
    }
    const paid = [
      info('internalError', 1),
      { type: 'poh/failureSeen', payload: {} },
      { type: 'poh/paid', payload: { way: 'external' } },
    ]
    expect(screen(paid)).toBe('loader')
    expect(screen([...paid, info('internalError', 1)])).toBe('loader')
    expect(screen([...paid, info('internalError', 2)])).toBe('failed')
    expect(screen([...paid, info('responsing', 2)])).toBe('code')
  })
  it('the /prove paths', () => {
    expect(['/prove', '/prove/code', '/prove/loader'].every(isPohPath)).toBe(true)
    expect(['/', '/mining', '/proven', '/mining/prove'].some(isPohPath)).toBe(false)
  })
})
