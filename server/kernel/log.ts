/**
 * Structured logs (issue 19, "Operations"; README, "Operations"): one JSON object per line on
 * stdout, by pino. Every line about a request carries its `requestId` (server/kernel/requests.ts).
 * The level is LOG_LEVEL; under vitest it is `silent` unless LOG_LEVEL says otherwise, so tests
 * stay quiet.
 */
import { pino, type DestinationStream, type Logger } from 'pino'

export type { Logger } from 'pino'

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

export const isLogLevel = (s: string): s is LogLevel => (LOG_LEVELS as readonly string[]).includes(s)

/** LOG_LEVEL when it names a level; else `info`, or `silent` under vitest. */
export function defaultLogLevel(env: Record<string, string | undefined> = process.env): LogLevel {
  const named = env.LOG_LEVEL
  if (named !== undefined && isLogLevel(named)) return named
  return env.VITEST ? 'silent' : 'info'
}

/**
 * A logger writing JSON lines (`level` as its name, `time` as ISO 8601, `msg`, and the line's
 * fields) to `destination`, stdout by default. An error goes in the `err` field, with its stack.
 */
export function createLogger(level: LogLevel = defaultLogLevel(), destination?: DestinationStream): Logger {
  const options = { level, timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (label: string) => ({ level: label }) } }
  return destination ? pino(options, destination) : pino(options)
}

/** The process's logger: for what runs before or outside a server (server/main.ts, modules' default callbacks). */
export const processLog: Logger = createLogger()

/**
 * A `(message, error?)` callback, the shape the server's modules take for what they have to say
 * (the job queue, the bot, the watchers), writing to `log` at `level`.
 */
export function logCallback(log: Logger, level: 'error' | 'warn' | 'info' = 'error'): (message: string, error?: unknown) => void {
  return (message, error) => (error === undefined || error === '' ? log[level](message) : log[level]({ err: error }, message))
}
