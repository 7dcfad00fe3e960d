/**
 * A throw-away PostgreSQL server for the tests and the benchmarks: Debian's `postgresql` package,
 * a cluster made by initdb in a temporary directory, listening on 127.0.0.1 at a free port, stopped
 * and deleted when done. As root it runs as the `postgres` user (`runuser -u postgres --`), which
 * then owns the directory; as anyone else it runs as that user.
 *
 * Used by tests/run.mjs (one cluster for the whole `npm test`), by the server-pg vitest project's
 * global setup (when started without tests/run.mjs) and by tests/bench.
 */
import { spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0
const hasAptGet = () => spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0

/** The directory of initdb and pg_ctl: $PG_BIN, or the newest /usr/lib/postgresql/<version>/bin. */
export function postgresBin() {
  if (process.env.PG_BIN) return existsSync(join(process.env.PG_BIN, 'initdb')) ? process.env.PG_BIN : null
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions.length > 0 ? join(root, versions[0], 'bin') : null
}

export const INSTALL_HINT = 'sudo apt-get update && sudo apt-get install -y postgresql'

/**
 * Makes sure PostgreSQL's binaries are there; installs Debian's package when missing and this
 * process may (root with apt-get). Answers the bin directory, or null with a reason printed.
 */
export function ensurePostgres({ install = true } = {}) {
  let bin = postgresBin()
  if (bin) return bin
  if (!install || !isRoot() || !hasAptGet()) {
    console.error(
      `PostgreSQL is missing (no /usr/lib/postgresql/*/bin/initdb); the server tests run on it too. Run: ${INSTALL_HINT}`,
    )
    return null
  }
  console.log('\n> installing Debian postgresql for the server tests')
  const r = spawnSync('sh', ['-c', 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql'], {
    stdio: 'inherit',
  })
  bin = postgresBin()
  if (r.status !== 0 || !bin) console.error(`PostgreSQL is still missing. Run: ${INSTALL_HINT}`)
  return bin
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => resolve(port))
    })
  })
}

function pgUser() {
  const r = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' })
  const g = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' })
  if (r.status !== 0 || g.status !== 0)
    throw new Error(
      'running as root, but there is no postgres user to run PostgreSQL as (the postgresql package creates it)',
    )
  return { uid: Number(r.stdout.trim()), gid: Number(g.stdout.trim()) }
}

/**
 * Starts a cluster. Answers {url, dir, stop()}: url is a superuser connection to its `postgres`
 * database; stop() is synchronous (safe in an 'exit' handler) and may be called more than once.
 * `settings` adds server settings (`-c name=value`) to the test cluster's own.
 */
export async function startPostgres({ bin = ensurePostgres(), settings = {} } = {}) {
  if (!bin) throw new Error(`PostgreSQL is not installed. Run: ${INSTALL_HINT}`)
  const dir = mkdtempSync(join(tmpdir(), 'switch-pg-'))
  const data = join(dir, 'data')
  const asOwner = isRoot()
    ? (cmd, args) => ['runuser', ['-u', 'postgres', '--', cmd, ...args]]
    : (cmd, args) => [cmd, args]
  if (isRoot()) {
    const { uid, gid } = pgUser()
    chownSync(dir, uid, gid)
  }
  const run = (cmd, args) => {
    const [c, a] = asOwner(join(bin, cmd), args)
    const r = spawnSync(c, a, { encoding: 'utf8', cwd: dir })
    if (r.status !== 0) throw new Error(`${cmd} failed (${r.status ?? r.signal}): ${r.stderr || r.stdout}`)
  }
  let stopped = false
  const stop = () => {
    if (stopped) return
    stopped = true
    const [c, a] = asOwner(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'])
    if (existsSync(join(data, 'postmaster.pid'))) spawnSync(c, a, { stdio: 'ignore' })
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync', '--no-instructions'])
    const port = await freePort()
    // A test cluster: no durability needed, many connections (a pool per test server).
    // `settings`: more server settings as name -> value (a bench's shared_preload_libraries=pg_stat_statements).
    const extra = Object.entries(settings)
      .map(([name, value]) => ` -c ${name}=${value}`)
      .join('')
    const options = `-k ${dir} -h 127.0.0.1 -p ${port} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300${extra}`
    try {
      run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start'])
    } catch (e) {
      const log = existsSync(join(dir, 'server.log')) ? readFileSync(join(dir, 'server.log'), 'utf8') : ''
      throw new Error(`${e.message}\n${log}`, { cause: e })
    }
    const pgCtl = (args) => run('pg_ctl', ['-D', data, ...args])
    /** The postmaster and every process it started (backends, checkpointer...): what a freeze stops. */
    const processes = () => {
      const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0])
      const children = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
        .stdout.split('\n')
        .filter(Boolean)
        .map(Number)
      return [pid, ...children]
    }
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      dir,
      stop,
      // The faults a production database has (tests/server/kernel/databaseFaults.test.ts).
      stopFast: () => pgCtl(['-m', 'fast', '-w', 'stop']),
      start: () => pgCtl(['-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']),
      freeze: () => processes().forEach((pid) => process.kill(pid, 'SIGSTOP')),
      thaw: () => processes().forEach((pid) => process.kill(pid, 'SIGCONT')),
    }
  } catch (e) {
    stop()
    throw e
  }
}

/**
 * A new, empty database on the cluster at adminUrl (or a copy of the database `template`); answers
 * its URL. Each test server gets its own, so test files never see each other's rows (the cluster
 * and all of them go at the end).
 */
export async function createDatabase(adminUrl, prefix = 'test', template = undefined) {
  const { default: pg } = await import('pg')
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`)
  } finally {
    await client.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}
