/**
 * Structured logs (docs/operations.md, "Logs"): one JSON object per line on
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
 * The process's secrets (server/app.ts registers them from its configuration: the bot token, the
 * wallet secret, the admin, metrics and webhook tokens, the TON API key, the database password).
 * No log line holds one: every line is scrubbed as it is written, whatever field, message, error,
 * stack or URL carries it (a failed Bot API call's error names its URL, and the URL holds the
 * token), in each form it can take there: as it is, escaped in JSON, encoded in a URL.
 */
const secrets = new Set<string>()
/** Needles of every form of every secret, longest first (a secret inside another is found in the longer one's place). */
let needles: string[] = []
/** Shorter than this is no secret worth the name (and would blot out ordinary words). */
const MIN_SECRET_LENGTH = 6
export const REDACTED = '[redacted]'

export function registerSecrets(values: readonly (string | null | undefined)[]): void {
  for (const v of values) if (v && v.length >= MIN_SECRET_LENGTH) secrets.add(v)
  const forms = new Set<string>()
  for (const secret of secrets)
    for (const form of [secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret), encodeURI(secret)])
      forms.add(form)
  needles = [...forms].sort((a, b) => b.length - a.length)
}

/**
 * Init data's signatures (its `hash` and `signature` fields, in a query string, as it is or encoded)
 * prove a user's launch: logged, they could be replayed within the init data's lifetime.
 */
const INIT_DATA_SIGNATURE = /((?:^|[?&\s"'])(?:hash|signature)(?:=|%3D))[A-Za-z0-9_%+/=-]{16,}/g

/** `text` with every registered secret and init data signature replaced by [redacted]. */
export function scrubSecrets(text: string): string {
  let out = text
  for (const needle of needles) if (out.includes(needle)) out = out.split(needle).join(REDACTED)
  return out.replace(INIT_DATA_SIGNATURE, `$1${REDACTED}`)
}

/** Fields that hold credentials by name, wherever a line carries them (a second guard: the scrub above catches their values too). */
const REDACT_PATHS = [
  'authorization',
  'telegramRawData',
  'headers.authorization',
  'headers.telegramRawData',
  'headers["x-telegram-bot-api-secret-token"]',
  'password',
  'token',
  'secret',
  'apiKey',
  '*.password',
  '*.token',
  '*.secret',
  '*.apiKey',
]

/**
 * A logger writing JSON lines (`level` as its name, `time` as ISO 8601, `msg`, and the line's
 * fields) to `destination`, stdout by default. An error goes in the `err` field, with its stack.
 * Every line is scrubbed of the registered secrets before it is written.
 */
export function createLogger(level: LogLevel = defaultLogLevel(), destination?: DestinationStream): Logger {
  const options = {
    level,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    redact: { paths: REDACT_PATHS, censor: REDACTED },
  }
  const out = destination ?? pino.destination({ dest: 1, sync: true })
  return pino(options, { write: (line: string) => out.write(scrubSecrets(line)) })
}

/** The process's logger: for what runs before or outside a server (server/main.ts, modules' default callbacks). */
export const processLog: Logger = createLogger()

/**
 * A `(message, error?)` callback, the shape the server's modules take for what they have to say
 * (the job queue, the bot, the watchers), writing to `log` at `level`.
 */
export function logCallback(
  log: Logger,
  level: 'error' | 'warn' | 'info' = 'error',
): (message: string, error?: unknown) => void {
  return (message, error) =>
    error === undefined || error === '' ? log[level](message) : log[level]({ err: error }, message)
}
