/**
 * `npm run replay -- [options] FILE`: a support engineer's way from a recorded log to the user's
 * screen.
 *   --headless FILE       fold the log and print the final state as JSON on stdout
 *   --headless --at N FILE  the state after event seq N
 *   --ticket ID           fetch the log of bug report ID from the server (--server URL, default
 *                         http://127.0.0.1:8080; ADMIN_TOKEN is sent in production)
 *   FILE (no --headless)  serve the built app on 127.0.0.1 in replay mode with that log
 * A file that is not a valid log exits 1 with one line saying what is wrong.
 */
import { readFileSync } from 'node:fs'
import { decodeLog, type RecordedLog } from '../domain/log'
import { assessLog } from '../domain/devtools/assess'
import { fold } from '../domain/state'
import { loadAllFeatures } from '../streams/features'

// Every feature's handlers, as replay mode loads them before it folds.
await loadAllFeatures()
import { serveReplay } from './replayServer'

interface Args {
  headless: boolean
  at: number | null
  ticket: string | null
  server: string
  port: number
  file: string | null
}

function parseArgs(argv: string[]): Args {
  const a: Args = { headless: false, at: null, ticket: null, server: 'http://127.0.0.1:8080', port: 8090, file: null }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    const value = () => {
      const v = argv[++i]
      if (v === undefined) fail(`${arg} needs a value`)
      return v
    }
    if (arg === '--headless') a.headless = true
    else if (arg === '--at') {
      const v = value()
      if (!/^\d+$/.test(v)) fail(`--at takes an event seq (a whole number), not "${v}"`)
      a.at = Number(v)
    } else if (arg === '--ticket') a.ticket = value()
    else if (arg === '--server') a.server = value()
    else if (arg === '--port') a.port = Number(value())
    else if (arg.startsWith('--')) fail(`unknown option ${arg}`)
    else a.file = arg
  }
  if (a.file === null && a.ticket === null) fail('usage: npm run replay -- [--headless [--at N]] FILE | --ticket ID')
  return a
}

function fail(message: string): never {
  console.error(`replay: ${message}`)
  process.exit(1)
}

async function readLog(a: Args): Promise<RecordedLog> {
  let text: string
  if (a.ticket !== null) {
    const headers: Record<string, string> = {}
    if (process.env.ADMIN_TOKEN) headers.authorization = `Bearer ${process.env.ADMIN_TOKEN}`
    const res = await fetch(`${a.server}/bugReport/${encodeURIComponent(a.ticket)}`, { headers }).catch((e: Error) =>
      fail(`cannot reach ${a.server}: ${e.message}`),
    )
    text = await res.text()
    if (!res.ok) fail(`ticket ${a.ticket}: the server answered ${res.status} ${text.slice(0, 200)}`)
    const body = JSON.parse(text) as { log?: unknown }
    text = JSON.stringify(body.log ?? body)
  } else {
    try {
      text = readFileSync(a.file as string, 'utf8')
    } catch (e) {
      fail(`cannot read ${a.file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`)
    }
  }
  const decoded = decodeLog(text)
  if (!decoded.ok) fail(decoded.error)
  return decoded.log
}

async function main() {
  const a = parseArgs(process.argv.slice(2))
  const log = await readLog(a)
  const verdict = assessLog(log)
  if (!verdict.replayable) fail(verdict.message)
  if (verdict.warning) console.error(`replay: ${verdict.warning}`)
  if (a.headless) {
    const events = a.at === null ? log.events : log.events.filter((e) => e.seq <= (a.at as number))
    if (a.at !== null && !log.events.some((e) => e.seq === a.at))
      fail(`--at ${a.at}: the log holds seq ${log.events[0]?.seq ?? '-'} to ${log.events.at(-1)?.seq ?? '-'}`)
    process.stdout.write(JSON.stringify(fold(events), null, 2) + '\n')
    return
  }
  await serveReplay(log, a.port)
}

main().catch((e: Error) => fail(e.message))
