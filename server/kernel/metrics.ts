/**
 * Prometheus metrics (docs/operations.md, "Metrics"), one registry per server:
 * request latency per route pattern and status class, the job queue's depth and age per job name
 * (read from the jobs table on each scrape), the TON watcher's lag, Bot API errors, refused writes.
 * GET /metrics serves them: open in dev mode; in production only with METRICS_TOKEN as a bearer
 * token, else it does not exist (404).
 */
import type { Transformer } from 'grammy'
import { Hono } from 'hono'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { Db } from '../db'
import { carriesBearer } from './admin'
import type { Mode } from './config'
import { NO_SUCH_CALL } from './validate'

/** Latency buckets (seconds) around the load goal (p99 under 150 ms). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5, 10]

/** What the watcher gauge reads: seconds behind, or null while nothing is watched. */
export type LagSource = () => number | null

export class Metrics {
  readonly registry = new Registry()
  readonly requestDuration = new Histogram({
    name: 'switch_http_request_duration_seconds',
    help: 'Time from a request to its answer, by method, route pattern and status class (2xx, 4xx...)',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  })
  readonly botApiErrors = new Counter({
    name: 'switch_bot_api_errors_total',
    help: "Bot API calls that failed, by method and Telegram's error code ('network' when no answer came)",
    labelNames: ['method', 'code'] as const,
    registers: [this.registry],
  })
  readonly rateLimited = new Counter({
    name: 'switch_rate_limited_total',
    help: 'Writes refused with 429 by the per-user rate limit',
    registers: [this.registry],
  })
  readonly databaseOutages = new Counter({
    name: 'switch_database_outages_total',
    help: 'Times the database stopped answering this process (a connection lost, a statement or a connect that timed out)',
    registers: [this.registry],
  })

  constructor(o: { db: Db; now: () => number; watcherLag?: LagSource }) {
    collectDefaultMetrics({ register: this.registry, prefix: 'switch_' })
    new Gauge({
      name: 'switch_database_up',
      help: 'Whether the database answered the last statement of this process (1) or not (0)',
      registers: [this.registry],
      collect() {
        this.set(o.db.availability.available ? 1 : 0)
      },
    })
    o.db.availability.onChange((change) => {
      if (!change.available) this.databaseOutages.inc()
    })
    // One read of the jobs table per scrape for the three gauges below (they are collected at once, each awaiting it).
    type QueueRow = { name: string; due: number | string; running: number | string; oldest: Date | string | null }
    let reading: Promise<QueueRow[]> | null = null
    const queue = () =>
      (reading ??= o.db
        .query<QueueRow>(
          `SELECT name,
             count(*) FILTER (WHERE state = 'pending' AND run_at <= $1::timestamptz) AS due,
             count(*) FILTER (WHERE state = 'running') AS running,
             min(run_at) FILTER (WHERE state = 'pending' AND run_at <= $1::timestamptz) AS oldest
           FROM jobs WHERE state IN ('pending', 'running') GROUP BY name`,
          [new Date(o.now()).toISOString()],
        )
        // The database away: the scrape still answers (switch_database_up says why the queue's gauges are missing).
        .catch((): QueueRow[] => [])
        .finally(() => (reading = null)))
    const perJob = (name: string, help: string, value: (r: QueueRow) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['job'] as const,
        registers: [this.registry],
        async collect() {
          const rows = await queue()
          this.reset()
          for (const r of rows) this.set({ job: r.name }, value(r))
        },
      })
    perJob('switch_job_queue_depth', 'Jobs due by the server clock and not running, per job name', (r) => Number(r.due))
    perJob('switch_job_queue_running', 'Jobs running under a lease, per job name', (r) => Number(r.running))
    perJob(
      'switch_job_queue_oldest_due_age_seconds',
      'How long the oldest due job has waited past its due time, per job name (0 when none is due)',
      (r) => (r.oldest === null ? 0 : Math.max(0, (o.now() - new Date(r.oldest).getTime()) / 1000)),
    )
    const watcherLag = o.watcherLag
    if (watcherLag)
      new Gauge({
        name: 'switch_ton_watcher_lag_seconds',
        help: "Seconds since this process's TON watcher last read the service wallet up to its newest transaction",
        registers: [this.registry],
        collect() {
          const lag = watcherLag()
          if (lag !== null) this.set(lag)
        },
      })
  }

  /** One answered request: `route` is the pattern (`/mining/staking/deposits/:id/claim`), never the raw path. */
  observe(method: string, route: string, status: number, seconds: number): void {
    this.requestDuration.observe({ method, route, status_class: `${Math.floor(status / 100)}xx` }, seconds)
  }
}

/**
 * Counts the Bot API's failures (a grammY API transformer, installed on the bot's client: every
 * call of server/bot goes through it): Telegram's error code, or `network` when no answer came.
 */
export function countBotApiErrors(metrics: Metrics): Transformer {
  return async (prev, method, payload, signal) => {
    try {
      const answer = await prev(method, payload, signal)
      // Telegram's refusals come back as { ok: false } (grammY throws them after the transformers).
      if (!answer.ok) metrics.botApiErrors.inc({ method, code: String(answer.error_code) })
      return answer
    } catch (e) {
      metrics.botApiErrors.inc({ method, code: 'network' })
      throw e
    }
  }
}

/** GET /metrics: dev mode open; production only with METRICS_TOKEN as bearer token (no token configured: never). */
export function metricsRoutes(metrics: Metrics, mode: Mode, token: string | undefined) {
  return new Hono().get('/metrics', async (c) => {
    if (mode === 'production' && !carriesBearer(c, token)) return c.json(NO_SUCH_CALL, 404)
    return c.body(await metrics.registry.metrics(), 200, {
      'content-type': metrics.registry.contentType,
      'cache-control': 'no-store',
    })
  })
}
