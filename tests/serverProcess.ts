/**
 * The reference server as an OS process of its own, started the way `npm start` starts it
 * (`node --import tsx server/main.ts`, configured by its environment): for the tests of several
 * server processes on one PostgreSQL. A direct child of the test, so its pid is the
 * server's: SIGKILL is a crash, SIGTERM a clean stop.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
/** The first line main.ts prints once it listens. */
const LISTENING = /^SWITCH wallet \w+ server at (http:\/\/\S+?)\/?$/m
/** Dev mode's last start-up line: the demo data is made. */
const DEMO_READY = /^Dev mode: open /m
/** What is kept of a process's output, for a failure's message. */
const KEEP_CHARS = 200_000

export interface ServerProcess {
  /** Where it listens, without a trailing slash. */
  readonly url: string
  readonly pid: number
  /** Resolves once the process is gone, with its exit code or the signal that ended it. */
  readonly exited: Promise<number | string>
  /** The last of what it printed (stdout and stderr). */
  output(): string
  /** SIGKILL: the process dies at once, as in a crash (nothing is flushed, closed or rolled forward). */
  kill(): Promise<void>
  /** SIGTERM: main.ts closes the server, its jobs and its database connections, then exits. */
  stop(): Promise<void>
}

const running = new Set<ChildProcess>()
// A test runner that exits with servers still up (a failed beforeAll) leaves no process behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

/**
 * Starts server/main.ts with `env` over this process's environment; resolves once it listens (in
 * dev mode, once its demo data is made too). Fails with what it printed if it exits or takes longer
 * than `timeoutMs` first.
 */
export async function startServerProcess(
  env: Record<string, string>,
  o: { timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  let text = ''
  const keep = (chunk: Buffer) => {
    text = (text + chunk.toString('utf8')).slice(-KEEP_CHARS)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child)
      resolve(code ?? signal ?? 'unknown')
    }),
  )
  const dev = (env.NODE_ENV ?? process.env.NODE_ENV) === 'development'
  const timeoutMs = o.timeoutMs ?? 90_000
  const url = await new Promise<string>((resolve, reject) => {
    let ready = false
    const timer = setTimeout(() => fail(`did not start within ${timeoutMs / 1000} s`), timeoutMs)
    const fail = (why: string) => {
      if (ready) return
      ready = true
      clearTimeout(timer)
      child.stdout?.off('data', look)
      child.kill('SIGKILL')
      reject(new Error(`server process ${child.pid} ${why}; it printed:\n${text.slice(-4_000)}`))
    }
    const look = () => {
      const listening = LISTENING.exec(text)
      if (ready || !listening || (dev && !DEMO_READY.test(text))) return
      ready = true
      clearTimeout(timer)
      child.stdout?.off('data', look)
      resolve(listening[1])
    }
    child.stdout?.on('data', look)
    void exited.then((end) => fail(`exited (${end}) before it was ready`))
  })
  const signal = async (s: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(s)
    await exited
  }
  return {
    url,
    pid: child.pid as number,
    exited,
    output: () => text,
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
  }
}
