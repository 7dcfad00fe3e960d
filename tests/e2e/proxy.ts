/**
 * A loopback HTTP proxy that stands first in the page's server lists, in front of the test server
 * (failover in the browser suite). It passes requests through until the request a fault
 * is armed for comes; then it dies (every live socket destroyed, no longer listening) or hangs
 * (accepts, never answers: that request and every one after it), either before forwarding that
 * request or once the server has answered it (the server did the work; the client never hears).
 */
import {
  Agent,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  createServer,
  request as forward,
} from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export interface SeenRequest {
  method: string
  /** Path and query. */
  path: string
  body: string
}

export interface Fault {
  kind: 'kill' | 'hang'
  /** The request it strikes at. */
  at: (r: SeenRequest) => boolean
  /** Before that request reaches the server, or once the server has answered it (the answer dropped). */
  moment: 'beforeForwarding' | 'afterAnswer'
}

export interface FrontProxy {
  readonly url: string
  /** Every request that reached the proxy, in order (with what it did about it). */
  readonly seen: (SeenRequest & { outcome: 'passed' | 'killed' | 'hung' })[]
  /**
   * Arms a fault for the next request it matches; resolves with that request once struck (with
   * `afterAnswer`, once the server has answered it too).
   */
  arm(fault: Fault): Promise<SeenRequest>
  /** After a kill or a hang: hung requests dropped, listening again on the same port, passing everything. */
  revive(): Promise<void>
  close(): Promise<void>
}

interface Armed {
  fault: Fault
  struck(r: SeenRequest): void
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })

/** Starts the proxy on a free loopback port, forwarding to `target` (an origin: http://127.0.0.1:port). */
export async function startFrontProxy(target: string): Promise<FrontProxy> {
  const upstream = new URL(target)
  const agent = new Agent({ keepAlive: true })
  const sockets = new Set<Socket>()
  const hung = new Set<ServerResponse>()
  const seen: FrontProxy['seen'] = []
  let state: 'passing' | 'hanging' | 'dead' = 'passing'
  let armed: Armed | null = null

  /** The server's answer to a request, whole. */
  const ask = (req: IncomingMessage, body: Buffer) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const out = forward(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: upstream.host },
          agent,
        },
        (res) => {
          readBody(res).then((b) => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: b }), reject)
        },
      )
      out.on('error', reject)
      out.end(body)
    })

  const die = () => {
    state = 'dead'
    server.close()
    for (const s of sockets) s.destroy()
    sockets.clear()
    hung.clear()
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req)
    const request: SeenRequest = { method: req.method ?? 'GET', path: req.url ?? '/', body: body.toString('utf8') }
    if (state !== 'passing') {
      seen.push({ ...request, outcome: 'hung' })
      hung.add(res)
      return
    }
    const strike = armed !== null && armed.fault.at(request) ? armed : null
    if (strike === null) {
      seen.push({ ...request, outcome: 'passed' })
      const answer = await ask(req, body).catch(() => null)
      if (answer === null) return void res.destroy()
      res.writeHead(answer.status, answer.headers)
      res.end(answer.body)
      return
    }
    armed = null
    const { kind, moment } = strike.fault
    seen.push({ ...request, outcome: kind === 'kill' ? 'killed' : 'hung' })
    // A server that stops answering stops for every request from this one on.
    if (kind === 'hang') {
      state = 'hanging'
      hung.add(res)
    }
    if (moment === 'afterAnswer') await ask(req, body)
    if (kind === 'kill') die()
    strike.struck(request)
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy())
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve((server.address() as AddressInfo).port)
      })
    })
  const port = await listen(0)

  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    arm(fault) {
      return new Promise<SeenRequest>((struck) => {
        armed = { fault, struck }
      })
    },
    async revive() {
      armed = null
      for (const res of hung) res.destroy()
      hung.clear()
      if (state === 'dead') await listen(port)
      state = 'passing'
    },
    async close() {
      if (state !== 'dead') die()
      agent.destroy()
    },
  }
}
