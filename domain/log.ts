/**
 * The export format of a recorded session (DESIGN §3):
 * `{ format: 1, app: "v1.1.2", recordedAt, env, events }`. `decodeLog` accepts exactly that and
 * says plainly what is wrong with anything else.
 */
import * as t from 'io-ts'
import { isLeft } from 'fp-ts/es6/Either'
import { APP_VERSION } from './app/version'
import type { AppEvent } from './events'
import { EVENT_TYPES } from './features'
import { describeErrors } from './api/describe'

export const LOG_FORMAT = 1

const Envelope = t.type({
  seq: t.number,
  at: t.number,
  type: t.string,
  payload: t.unknown,
})

const LogFile = t.type({
  format: t.number,
  app: t.string,
  recordedAt: t.union([t.string, t.number]),
  env: t.UnknownRecord,
  // Each event is checked once, by checkEvents: a t.array(Envelope) here decoded 20 000 events twice.
  events: t.UnknownArray,
})

export interface RecordedLog {
  format: 1
  app: string
  recordedAt: string | number
  env: Record<string, unknown>
  events: AppEvent[]
}

export type LogDecodeResult = { ok: true; log: RecordedLog } | { ok: false; error: string }

export function decodeLog(input: unknown): LogDecodeResult {
  if (typeof input === 'string') {
    try {
      input = JSON.parse(input)
    } catch (e) {
      return {
        ok: false,
        error: `not a log: the file is not valid JSON (${(e as Error).message.replace(/\s+/g, ' ')})`,
      }
    }
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { ok: false, error: 'not a log: expected a JSON object with format, app, recordedAt, env and events' }
  const format = (input as { format?: unknown }).format
  if (format !== LOG_FORMAT)
    return { ok: false, error: `unknown log format ${JSON.stringify(format)}: this app reads format ${LOG_FORMAT}` }
  const decoded = LogFile.decode(input)
  if (isLeft(decoded)) return { ok: false, error: `not a log: ${describeErrors(decoded.left)}` }
  const problem = checkEvents(decoded.right.events)
  if (problem !== null) return { ok: false, error: problem }
  return { ok: true, log: { ...decoded.right, format: LOG_FORMAT, events: decoded.right.events as AppEvent[] } }
}

/** What `Envelope` accepts, without building its decoded copy. */
const isEnvelope = (e: unknown): boolean => {
  if (typeof e !== 'object' || e === null || Array.isArray(e)) return false
  const { seq, at, type } = e as Record<string, unknown>
  return typeof seq === 'number' && typeof at === 'number' && typeof type === 'string'
}

/** Why a list of events is not a replayable log, or null when it is. */
export function checkEvents(events: readonly unknown[]): string | null {
  for (let i = 0; i < events.length; i++) {
    // The envelope's shape by hand (a replay checks 20 000 of them); the codec says what is wrong.
    if (isEnvelope(events[i])) continue
    const decoded = Envelope.decode(events[i])
    if (isLeft(decoded)) return `event ${i} is not an event: ${describeErrors(decoded.left)}`
  }
  const list = events as { seq: number; type: string; payload: unknown }[]
  for (let i = 0; i < list.length; i++) {
    const e = list[i]
    if (!EVENT_TYPES.has(e.type)) return `event ${i} (seq ${e.seq}) has an unknown type "${e.type}"`
    if (i > 0 && e.seq !== list[i - 1].seq + 1)
      return `event ${i} has seq ${e.seq} after ${list[i - 1].seq}: seq must increase by one`
    if (typeof e.payload !== 'object' || e.payload === null || Array.isArray(e.payload))
      return `event ${i} (seq ${e.seq}, ${e.type}) has no payload object`
  }
  return null
}

export function encodeLog(events: readonly AppEvent[], env: Record<string, unknown>, recordedAt: string): RecordedLog {
  return { format: LOG_FORMAT, app: APP_VERSION, recordedAt, env, events: [...events] }
}
