/** The report upload sends the newest part of the recorded log that the server takes. */
import { describe, expect, it } from 'vitest'
import { lastValueFrom, of, toArray } from 'rxjs'
import { reportEpic } from '../../../streams/devtools/epics'
import type { AppEvent } from '../../../domain/events'
import { REPORT_ENVELOPE_BYTES, REPORT_MAX_BYTES } from '../../../domain/devtools/upload'
import { generateSession } from '../../domain/fixtures/generate'
import { fakeApi, fakeDeps, storeHarness } from '../fakes'

describe('reportEpic', () => {
  it('uploads a long session cut to its newest events, and names the ticket', async () => {
    const recorded = generateSession(20_000)
    const api = fakeApi({ bugReport: () => of({ ticket: 'SW-ABCDEFGH' }) })
    const deps = fakeDeps({ api, recorder: { events: () => recorded, env: () => ({ platform: 'test' }) } })
    const { state$ } = storeHarness([])
    const tap = { type: 'devtools/reportRequested', payload: {}, seq: 1, at: 0 } as AppEvent
    const out = await lastValueFrom(reportEpic(of(tap), state$, deps).pipe(toArray()))
    expect(out).toEqual([{ type: 'devtools/reportSent', payload: { ticket: 'SW-ABCDEFGH' } }])
    const { log } = api.requests[0].request as { log: { events: AppEvent[]; env: object } }
    expect(log.events.at(-1)).toBe(recorded.at(-1))
    expect(log.events.length).toBeLessThan(recorded.length)
    expect(new TextEncoder().encode(JSON.stringify({ log })).length).toBeLessThanOrEqual(
      REPORT_MAX_BYTES - REPORT_ENVELOPE_BYTES + 1024,
    )
  })
})
