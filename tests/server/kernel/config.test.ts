/**
 * The mode is named, never guessed; production has its own secrets.
 * `NODE_ENV` must be exactly `production` or `development`; `npm start` names `development` when it
 * is unset, so the two commands of README.md still give the demo.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { configFromEnv } from '../../../server/config'
import { DEFAULT_WALLET_SECRET } from '../../../server/kernel/addresses'

const SERVICE_TON = 'UQBBJBB3HagsujBqVfqeDUPJ0kXjgTPLWPFFffuNXNiJLxtF'
const PROD = {
  NODE_ENV: 'production',
  BOT_TOKEN: '1:prod',
  WALLET_SECRET: 'a-real-secret',
  DATABASE_URL: 'postgres://db.internal/switch',
  SERVICE_TON_ADDRESS: SERVICE_TON,
  BOT_WEBHOOK_URL: 'https://wallet.example/telegram/webhook',
  BOT_WEBHOOK_SECRET: 'a-webhook-secret',
}

describe('configuration', () => {
  it('runs the demo only when development is named', () => {
    expect(configFromEnv({ NODE_ENV: 'development' })).toMatchObject({
      mode: 'development',
      port: 8080,
      host: '127.0.0.1',
      database: { kind: 'pglite', dataDir: './data' },
    })
    expect(configFromEnv(PROD)).toMatchObject({ mode: 'production', botToken: '1:prod', walletSecret: 'a-real-secret' })
  })

  it('refuses an unknown or missing mode with one line naming the accepted values', () => {
    for (const NODE_ENV of [
      'Production',
      'PRODUCTION',
      'prod',
      'production ',
      'dev',
      'Development',
      'test',
      '',
      undefined,
    ]) {
      const config = configFromEnv({ ...PROD, NODE_ENV })
      expect(config, String(NODE_ENV)).toEqual({
        error: expect.stringMatching(
          /^NODE_ENV must be exactly "production" or "development" \(.*\): refusing to start$/,
        ),
      })
      expect((config as { error: string }).error).not.toContain('\n')
    }
  })

  it('production refuses to start without a bot token', () => {
    expect(configFromEnv({ ...PROD, BOT_TOKEN: undefined })).toEqual({
      error: expect.stringMatching(/BOT_TOKEN is required/),
    })
  })

  it('production refuses to start without WALLET_SECRET, or with the public default', () => {
    for (const WALLET_SECRET of [undefined, '', DEFAULT_WALLET_SECRET])
      expect(configFromEnv({ ...PROD, WALLET_SECRET })).toEqual({
        error: expect.stringMatching(/^WALLET_SECRET is required in production .*refusing to start/),
      })
    expect(configFromEnv({ NODE_ENV: 'development' })).toMatchObject({ mode: 'development', walletSecret: undefined })
  })

  it('production refuses to start on the embedded database: it needs DATABASE_URL (PGlite cannot fsync)', () => {
    for (const DATABASE_URL of [undefined, ''])
      expect(configFromEnv({ ...PROD, DATABASE_URL })).toEqual({
        error: expect.stringMatching(/^DATABASE_URL is required in production .*refusing to start/),
      })
    expect(configFromEnv(PROD)).toMatchObject({ database: { kind: 'postgres', url: 'postgres://db.internal/switch' } })
    expect(configFromEnv({ NODE_ENV: 'development' })).toMatchObject({ database: { kind: 'pglite' } })
  })

  it('production refuses to start without SERVICE_TON_ADDRESS; the TON settings are checked (docs/payments.md, "TON payments and TonConnect")', () => {
    for (const SERVICE_TON_ADDRESS of [undefined, '', ' '])
      expect(configFromEnv({ ...PROD, SERVICE_TON_ADDRESS })).toEqual({
        error: expect.stringMatching(/^SERVICE_TON_ADDRESS is required in production .*refusing to start/),
      })
    expect(configFromEnv({ ...PROD, SERVICE_TON_ADDRESS: 'alice.ton' })).toEqual({
      error: expect.stringMatching(/^SERVICE_TON_ADDRESS must be a TON address/),
    })
    expect(configFromEnv(PROD)).toMatchObject({
      serviceTonAddress: SERVICE_TON,
      tonApi: { url: 'https://toncenter.com' },
      tonWatchIntervalMs: 10_000,
    })
    expect(
      configFromEnv({
        ...PROD,
        TON_API_URL: 'https://testnet.toncenter.com',
        TON_API_KEY: 'k',
        TON_WATCH_INTERVAL_MS: '0',
      }),
    ).toMatchObject({ tonApi: { url: 'https://testnet.toncenter.com', apiKey: 'k' }, tonWatchIntervalMs: 0 })
    // Dev mode: the in-process stand-in and the dev service wallet.
    expect(configFromEnv({ NODE_ENV: 'development' })).toMatchObject({
      serviceTonAddress: undefined,
      tonApi: undefined,
    })
    for (const [name, value] of [
      ['TON_API_URL', 'toncenter.com'],
      ['TON_WATCH_INTERVAL_MS', '1.5'],
      ['TON_WATCH_INTERVAL_MS', '-1'],
      ['APP_URL', 'ftp://x'],
    ])
      expect(configFromEnv({ NODE_ENV: 'development', [name]: value }), `${name}=${value}`).toEqual({
        error: expect.stringMatching(new RegExp(`^${name} must`)),
      })
  })

  it('checks the other settings', () => {
    expect(configFromEnv({ NODE_ENV: 'development', DATABASE_URL: 'postgres://x' })).toMatchObject({
      database: { kind: 'postgres', url: 'postgres://x' },
    })
    expect(configFromEnv({ NODE_ENV: 'development', PORT: 'abc' })).toEqual({ error: expect.stringMatching(/PORT/) })
    expect(configFromEnv({ NODE_ENV: 'development' })).toMatchObject({ requestTimeoutMs: 30_000 })
    expect(configFromEnv({ NODE_ENV: 'development', REQUEST_TIMEOUT_MS: '5000' })).toMatchObject({
      requestTimeoutMs: 5000,
    })
    expect(configFromEnv({ NODE_ENV: 'development', REQUEST_TIMEOUT_MS: 'soon' })).toEqual({
      error: expect.stringMatching(/REQUEST_TIMEOUT_MS/),
    })
  })
})

/** The server command of `npm start` (what follows the build), as package.json has it. */
const startCommand = (
  JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }
).scripts.start.replace(/^vite build && /, '')

let child: ChildProcess | undefined
afterEach(() => {
  if (child?.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL')
})

/** Runs a shell command as npm would, until it prints `until` or exits; the first lines of its output. */
function run(
  command: string,
  env: Record<string, string | undefined>,
  until: RegExp,
): Promise<{ code: number | null; out: string; err: string }> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => k !== 'NODE_ENV' && !k.startsWith('VITEST')),
  )
  const merged = Object.fromEntries(
    Object.entries({
      ...base,
      PATH: `node_modules/.bin:${process.env.PATH}`,
      PORT: '0',
      DATA_DIR: ':memory:',
      COPY_FEED_INTERVAL_MS: '0',
      ...env,
    }).filter((e): e is [string, string] => e[1] !== undefined),
  )
  return new Promise((resolve) => {
    const p = spawn('sh', ['-c', command], { env: merged, detached: true })
    child = p
    let out = ''
    let err = ''
    const check = () => {
      if (until.test(out)) {
        process.kill(-(p.pid as number), 'SIGKILL')
        resolve({ code: null, out, err })
      }
    }
    p.stdout.on('data', (d: Buffer) => ((out += d.toString()), check()))
    p.stderr.on('data', (d: Buffer) => (err += d.toString()))
    p.on('exit', (code) => resolve({ code, out, err }))
  })
}

describe('the server process', () => {
  it('npm start gives the demo when NODE_ENV is unset', async () => {
    expect(startCommand).toMatch(/NODE_ENV=\$\{NODE_ENV:-development\}/)
    const r = await run(startCommand, { NODE_ENV: undefined }, /Dev mode: open/)
    expect(r.out).toMatch(/SWITCH wallet development server at http:\/\/127\.0\.0\.1:\d+\//)
  }, 60_000)

  it('a misspelt mode refuses to start, through npm start too, with one line', async () => {
    for (const [command, NODE_ENV] of [
      [startCommand, 'Production'],
      ['tsx server/main.ts', undefined],
      ['tsx server/main.ts', 'staging'],
    ] as const) {
      const r = await run(command, { NODE_ENV, BOT_TOKEN: '1:x', WALLET_SECRET: 's' }, /server at/)
      expect(r.code, `${command} with NODE_ENV=${NODE_ENV}`).toBe(1)
      expect(r.out).toBe('')
      expect(r.err.trim().split('\n')).toEqual([
        expect.stringMatching(/^NODE_ENV must be exactly "production" or "development"/),
      ])
    }
  }, 60_000)

  it('production without WALLET_SECRET refuses to start with one line', async () => {
    const r = await run(startCommand, { NODE_ENV: 'production', BOT_TOKEN: '1:x' }, /server at/)
    expect(r.code).toBe(1)
    expect(r.err.trim().split('\n')).toEqual([expect.stringMatching(/^WALLET_SECRET is required in production/)])
  }, 60_000)
})
