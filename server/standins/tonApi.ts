/**
 * A local stand-in of a TON HTTP API in toncenter v3's shape (DESIGN §7, "Stand-ins"), for tests and
 * dev mode: the service wallet's transactions for the TON watcher, and a way to pay. It listens on
 * 127.0.0.1 only; dev mode (`npm start`) starts it in-process and points the watcher at it, a
 * production server never starts it (it reads TON_API_URL, toncenter by default).
 *
 * - GET /api/v3/transactions?account=&start_lt=&end_lt=&limit=&offset=&sort= : an account's
 *   transactions as toncenter v3 answers them (the fields the watcher reads, and the usual others).
 * - POST /api/v3/message {boc}: takes an internal message (what the dev demo wallet builds: a
 *   transfer with a comment) and makes it a transaction on its destination's list at once. The
 *   real call takes signed external messages and the chain does the rest; the stand-in skips the
 *   wallet contract and the blocks.
 * - POST /control/transactions: adds any incoming transaction to an account (underpaid, unknown
 *   comment, repeated, bounced, aborted), for tests and a person trying the watcher.
 * - POST /api/v3/runGetMethod {address, method: 'get_public_key', stack: []}: a deployed wallet's
 *   key, for the wallets POST /control/wallets {address, publicKey (hex)} has deployed; any other
 *   account or method answers exit code -13, as an account with no such code does. The server reads
 *   it to check a wallet's ton_proof that carries no state init (server/payments/tonProof.ts).
 *
 * Its time is the server's clock (dev mode's can move ahead); its transactions live in memory.
 */
import { createHash } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Address, Cell, loadMessage } from '@ton/core'
import { type Context, Hono } from 'hono'
import type { Clock } from '../kernel/clock'
import { commentCell, commentOf } from '../payments/ton'
import { processLog } from '../kernel/log'

export interface StandinMessage {
  hash: string
  source: string | null
  destination: string | null
  value: string | null
  fwd_fee: string | null
  ihr_fee: string | null
  created_lt: string | null
  created_at: string | null
  opcode: string | null
  ihr_disabled: boolean | null
  bounce: boolean | null
  bounced: boolean | null
  import_fee: string | null
  message_content: { hash: string; body: string; decoded: { type: 'text_comment'; comment: string } | null }
  init_state: null
}

/** One transaction as toncenter v3 answers it. */
export interface StandinTransaction {
  account: string
  hash: string
  lt: string
  now: number
  mc_block_seqno: number
  trace_id: string
  prev_trans_hash: string
  prev_trans_lt: string
  orig_status: 'active'
  end_status: 'active'
  total_fees: string
  description: {
    type: 'ord'
    aborted: boolean
    destroyed: boolean
    credit_first: boolean
    storage_ph: { storage_fees_collected: string; status_change: 'unchanged' }
    credit_ph: { credit: string }
    compute_ph: { skipped: boolean; success: boolean; exit_code: number }
    action: {
      success: boolean
      valid: boolean
      no_funds: boolean
      status_change: 'unchanged'
      result_code: number
      tot_actions: number
      msgs_created: number
    }
  }
  block_ref: { workchain: number; shard: string; seqno: number }
  in_msg: StandinMessage | null
  out_msgs: StandinMessage[]
  account_state_before: null
  account_state_after: null
}

/** What a test or a person adds with POST /control/transactions. */
export interface AddTransaction {
  /** The receiving account, any form. */
  account: string
  /** The sender, any form; a fixed outside address by default. */
  from?: string
  /** Nanotons, a decimal string. */
  value: string
  /** A text comment (op 0); none: an empty body. */
  comment?: string | null
  /** The message came back to its sender: no money in. */
  bounced?: boolean
  /** The transaction failed (its value bounced back to the sender). */
  aborted?: boolean
  /** The transaction's hash (base64); by default made from its contents. Giving one twice replays a transaction. */
  hash?: string
}

/** The sender of transactions added without one. */
export const OUTSIDE_SENDER = new Address(
  0,
  createHash('sha256').update('switch-wallet/ton-standin/outside-sender').digest(),
).toRawString()
const FIRST_LT = 48_000_000_000_000n
const LT_STEP = 1_000n
const ZERO_HASH = Buffer.alloc(32).toString('base64')

/** toncenter names accounts in raw form with upper-case hex. */
const raw = (a: Address) => `${a.workChain}:${a.hash.toString('hex').toUpperCase()}`
const sha256b64 = (s: string) => createHash('sha256').update(s).digest('base64')

export class BadInput extends Error {}

function parseAccount(text: unknown, field: string): Address {
  if (typeof text !== 'string' || text.length > 100) throw new BadInput(`${field}: not a TON address`)
  try {
    return Address.parse(text.trim())
  } catch {
    throw new BadInput(`${field}: not a TON address`)
  }
}

/** The stand-in's chain: every account's transactions, in lt order. */
export class TonChain {
  private lt = FIRST_LT
  private seqno = 40_000_000
  private readonly accounts = new Map<string, StandinTransaction[]>()
  /** Deployed wallets' public keys, by raw account. */
  private readonly walletKeys = new Map<string, Buffer>()

  constructor(private readonly clock: Clock) {}

  private nextLt(): bigint {
    this.lt += LT_STEP
    return this.lt
  }

  private message(o: {
    from: string
    to: string
    value: bigint
    body: Cell
    bounce: boolean
    bounced: boolean
    lt: bigint
    now: number
  }): StandinMessage {
    const comment = commentOf(o.body)
    const op = o.body.bits.length >= 32 ? o.body.beginParse().loadUint(32) : null
    return {
      hash: sha256b64(`msg:${o.from}:${o.to}:${o.value}:${o.lt}:${o.body.hash().toString('hex')}`),
      source: o.from,
      destination: o.to,
      value: o.value.toString(),
      fwd_fee: '0',
      ihr_fee: '0',
      created_lt: (o.lt - 1n).toString(),
      created_at: String(o.now),
      opcode: op === null ? null : `0x${op.toString(16).padStart(8, '0')}`,
      ihr_disabled: true,
      bounce: o.bounce,
      bounced: o.bounced,
      import_fee: null,
      message_content: {
        hash: o.body.hash().toString('base64'),
        body: o.body.toBoc().toString('base64'),
        decoded: comment === null ? null : { type: 'text_comment', comment },
      },
      init_state: null,
    }
  }

  /** Records an incoming message as a transaction on `to`'s list. */
  private receive(o: {
    to: Address
    from: Address
    value: bigint
    body: Cell
    bounce: boolean
    bounced: boolean
    aborted: boolean
    hash?: string
  }): StandinTransaction {
    const account = raw(o.to)
    const list = this.accounts.get(account) ?? []
    const lt = this.nextLt()
    const now = Math.floor(this.clock.now() / 1000)
    const inMsg = this.message({
      from: raw(o.from),
      to: account,
      value: o.value,
      body: o.body,
      bounce: o.bounce,
      bounced: o.bounced,
      lt,
      now,
    })
    // A failed transaction sends a bounceable message's value back.
    const out =
      o.aborted && o.bounce
        ? [
            this.message({
              from: account,
              to: raw(o.from),
              value: o.value,
              body: Cell.EMPTY,
              bounce: false,
              bounced: true,
              lt: lt + 1n,
              now,
            }),
          ]
        : []
    const prev = list.at(-1)
    const tx: StandinTransaction = {
      account,
      hash: o.hash ?? sha256b64(`tx:${account}:${lt}:${inMsg.hash}`),
      lt: lt.toString(),
      now,
      mc_block_seqno: ++this.seqno,
      trace_id: inMsg.hash,
      prev_trans_hash: prev?.hash ?? ZERO_HASH,
      prev_trans_lt: prev?.lt ?? '0',
      orig_status: 'active',
      end_status: 'active',
      total_fees: '0',
      description: {
        type: 'ord',
        aborted: o.aborted,
        destroyed: false,
        credit_first: !o.bounce,
        storage_ph: { storage_fees_collected: '0', status_change: 'unchanged' },
        credit_ph: { credit: o.value.toString() },
        compute_ph: { skipped: false, success: !o.aborted, exit_code: o.aborted ? 33 : 0 },
        action: {
          success: !o.aborted,
          valid: true,
          no_funds: false,
          status_change: 'unchanged',
          result_code: 0,
          tot_actions: out.length,
          msgs_created: out.length,
        },
      },
      block_ref: { workchain: o.to.workChain, shard: '8000000000000000', seqno: this.seqno },
      in_msg: inMsg,
      out_msgs: out,
      account_state_before: null,
      account_state_after: null,
    }
    list.push(tx)
    this.accounts.set(account, list)
    return tx
  }

  /** A transaction added by hand (POST /control/transactions). */
  add(input: AddTransaction): StandinTransaction {
    const to = parseAccount(input.account, 'account')
    const from = parseAccount(input.from ?? OUTSIDE_SENDER, 'from')
    if (typeof input.value !== 'string' || !/^\d{1,30}$/.test(input.value))
      throw new BadInput('value: nanotons, a decimal string of digits')
    if (
      input.comment !== undefined &&
      input.comment !== null &&
      (typeof input.comment !== 'string' || input.comment.length > 1000)
    )
      throw new BadInput('comment: text of at most 1000 characters')
    if (input.hash !== undefined && (typeof input.hash !== 'string' || !/^[A-Za-z0-9+/=_-]{1,100}$/.test(input.hash)))
      throw new BadInput('hash: base64 text')
    const body = typeof input.comment === 'string' ? commentCell(input.comment) : Cell.EMPTY
    return this.receive({
      to,
      from,
      value: BigInt(input.value),
      body,
      bounce: false,
      bounced: input.bounced === true,
      aborted: input.aborted === true,
      hash: input.hash,
    })
  }

  /** An internal message as a BOC (POST /api/v3/message): it arrives at its destination at once. */
  submit(boc: string): { message: Cell; transaction: StandinTransaction } {
    let cell: Cell
    try {
      cell = Cell.fromBase64(boc)
    } catch {
      throw new BadInput('boc: not a bag of cells in base64')
    }
    let message: ReturnType<typeof loadMessage>
    try {
      message = loadMessage(cell.beginParse())
    } catch {
      throw new BadInput('boc: not a message')
    }
    if (message.info.type !== 'internal')
      throw new BadInput(
        'boc: the stand-in takes internal messages (a transfer from a wallet), not signed external ones',
      )
    const { src, dest, value, bounce, bounced } = message.info
    const tx = this.receive({
      to: dest,
      from: src,
      value: value.coins,
      body: message.body,
      bounce,
      bounced,
      aborted: false,
    })
    return { message: cell, transaction: tx }
  }

  /** A wallet deployed at `address` with `publicKey` (32 bytes): its get_public_key answers it. */
  deployWallet(address: Address, publicKey: Buffer): void {
    if (publicKey.length !== 32) throw new BadInput('publicKey: 32 bytes in hex')
    this.walletKeys.set(raw(address), publicKey)
  }

  publicKeyOf(address: Address): Buffer | null {
    return this.walletKeys.get(raw(address)) ?? null
  }

  /** An account's transactions as GET /api/v3/transactions selects them. */
  transactions(
    account: Address,
    q: { startLt?: bigint; endLt?: bigint; limit: number; offset: number; sort: 'asc' | 'desc' },
  ): StandinTransaction[] {
    const all = (this.accounts.get(raw(account)) ?? []).filter(
      (tx) =>
        (q.startLt === undefined || BigInt(tx.lt) >= q.startLt) && (q.endLt === undefined || BigInt(tx.lt) <= q.endLt),
    )
    const ordered = q.sort === 'asc' ? all : [...all].reverse()
    return ordered.slice(q.offset, q.offset + q.limit)
  }
}

export interface TonApiStandinOptions {
  clock: Clock
  /** When set, every call needs it as X-API-Key (or the api_key query value), as toncenter's paid tiers do. */
  apiKey?: string
}

const error = (c: Context, status: 400 | 401 | 404 | 422, message: string) => c.json({ error: message }, status)
const uint = (v: string | undefined, field: string, max: bigint): bigint | undefined => {
  if (v === undefined) return undefined
  if (!/^\d{1,20}$/.test(v) || BigInt(v) > max) throw new BadInput(`${field}: a whole number from 0 to ${max}`)
  return BigInt(v)
}

export function tonApiStandinApp(chain: TonChain, o: Pick<TonApiStandinOptions, 'apiKey'> = {}) {
  const app = new Hono()
  app.onError((e, c) =>
    e instanceof BadInput
      ? error(c, 422, e.message)
      : (processLog.error({ err: e }, 'TON API stand-in'), c.json({ error: 'internal error' }, 500)),
  )
  app.use('*', async (c, next) => {
    if (o.apiKey !== undefined && c.req.header('x-api-key') !== o.apiKey && c.req.query('api_key') !== o.apiKey)
      return error(c, 401, 'API key does not exist')
    return next()
  })
  app.get('/api/v3/transactions', (c) => {
    const account = parseAccount(c.req.query('account'), 'account')
    const sort = c.req.query('sort') ?? 'desc'
    if (sort !== 'asc' && sort !== 'desc') throw new BadInput('sort: asc or desc')
    const limit = Number(uint(c.req.query('limit'), 'limit', 1000n) ?? 10n)
    const offset = Number(uint(c.req.query('offset'), 'offset', 1_000_000n) ?? 0n)
    const transactions = chain.transactions(account, {
      startLt: uint(c.req.query('start_lt'), 'start_lt', 2n ** 64n),
      endLt: uint(c.req.query('end_lt'), 'end_lt', 2n ** 64n),
      limit: Math.max(1, limit),
      offset,
      sort,
    })
    const book: Record<string, { user_friendly: string; domain: null }> = {}
    for (const tx of transactions)
      for (const m of [tx.in_msg, ...tx.out_msgs])
        for (const a of [m?.source, m?.destination, tx.account])
          if (a)
            book[a] = { user_friendly: Address.parse(a).toString({ bounceable: false, urlSafe: true }), domain: null }
    return c.json({ transactions, address_book: book })
  })
  app.post('/api/v3/message', async (c) => {
    const body = await c.req.json().catch(() => null)
    if (body === null || typeof body !== 'object' || typeof (body as { boc?: unknown }).boc !== 'string')
      throw new BadInput('a JSON body {"boc": "<base64>"}')
    const { message } = chain.submit((body as { boc: string }).boc)
    const hash = message.hash().toString('base64')
    return c.json({ message_hash: hash, message_hash_norm: hash })
  })
  app.post('/api/v3/runGetMethod', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { address?: unknown; method?: unknown } | null
    if (body === null || typeof body !== 'object') throw new BadInput('a JSON body {"address", "method", "stack"}')
    const account = parseAccount(body.address, 'address')
    const key = body.method === 'get_public_key' ? chain.publicKeyOf(account) : null
    if (key === null) return c.json({ gas_used: 0, exit_code: -13, stack: [] })
    return c.json({ gas_used: 1_000, exit_code: 0, stack: [{ type: 'num', value: `0x${key.toString('hex')}` }] })
  })
  app.post('/control/wallets', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { address?: unknown; publicKey?: unknown } | null
    if (
      body === null ||
      typeof body !== 'object' ||
      typeof body.publicKey !== 'string' ||
      !/^[0-9a-fA-F]{64}$/.test(body.publicKey)
    )
      throw new BadInput('a JSON body {"address", "publicKey": 64 hex digits}')
    chain.deployWallet(parseAccount(body.address, 'address'), Buffer.from(body.publicKey, 'hex'))
    return c.json({ ok: true })
  })
  app.post('/control/transactions', async (c) => {
    const body = await c.req.json().catch(() => null)
    if (body === null || typeof body !== 'object')
      throw new BadInput('a JSON body: {account, value, comment?, from?, bounced?, aborted?, hash?}')
    return c.json(chain.add(body as AddTransaction))
  })
  app.notFound((c) => error(c, 404, `the TON API stand-in has no ${c.req.method} ${c.req.path}`))
  return app
}

export interface TonApiStandin {
  /** Where it listens: http://127.0.0.1:<port>. */
  url: string
  chain: TonChain
  close(): Promise<void>
}

/** Starts the stand-in on 127.0.0.1 (a free port unless one is given). */
export async function startTonApiStandin(o: TonApiStandinOptions & { port?: number }): Promise<TonApiStandin> {
  const chain = new TonChain(o.clock)
  const server = serve({ fetch: tonApiStandinApp(chain, o).fetch, port: o.port ?? 0, hostname: '127.0.0.1' })
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    chain,
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeIdleConnections' in server) server.closeIdleConnections()
        server.close(() => resolve())
      }),
  }
}
