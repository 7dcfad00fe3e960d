import { describe, expect, it } from 'vitest'
import { Subject } from 'rxjs'
import { startRecorder, type LogStore } from '../../../streams/devtools/recorder'
import type { AppEvent } from '../../../domain/events'
import { generateSession } from '../../domain/fixtures/generate'

function memoryLogStore() {
  const saved: AppEvent[] = []
  const batches: number[] = []
  const store: LogStore = {
    load: async () => saved,
    append: async (events, keepLast) => {
      batches.push(events.length)
      saved.push(...events)
      saved.splice(0, Math.max(0, saved.length - keepLast))
    },
    clear: async () => void saved.splice(0),
  }
  return { store, saved, batches }
}

describe('recorder', () => {
  it('keeps the last N events, oldest first', () => {
    const events$ = new Subject<AppEvent>()
    const rec = startRecorder(events$, { limit: 1000 })
    const events = generateSession(5_000)
    events.forEach((e) => events$.next(e))
    expect(rec.events().length).toBe(1000)
    expect(rec.events()[0].seq).toBe(4001)
    expect(rec.events().at(-1)?.seq).toBe(5000)
  })

  it('persists in batches, not event by event', async () => {
    const { store, batches, saved } = memoryLogStore()
    const events$ = new Subject<AppEvent>()
    const rec = startRecorder(events$, { store, limit: 100, batchMs: 20 })
    generateSession(250).forEach((e) => events$.next(e))
    await new Promise((r) => setTimeout(r, 60))
    rec.stop()
    expect(batches).toEqual([250])
    expect(saved.length).toBe(100)
    expect(saved[0].seq).toBe(151)
  })

  it('records events redacted', () => {
    const events$ = new Subject<AppEvent>()
    const rec = startRecorder(events$)
    events$.next({ seq: 1, at: 1, type: 'app/effectFailed', payload: { epic: 'x', message: 'hash=abc' } })
    expect(rec.events()[0].payload).toEqual({ epic: 'x', message: 'hash=[redacted]' })
  })
})
