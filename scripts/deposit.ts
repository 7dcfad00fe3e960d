/**
 * `npm run deposit -- --user ID --chain C --token T --amount A [--account N] [--server URL]`:
 * credits a user's wallet as an incoming transfer would (the reference server's deposit simulator).
 * Chain: 1, 10, 42161, 8453, 324 or TON; token: a symbol (USDT) or a contract address.
 * A dev-mode tool: a production server has no deposit simulator.
 */
const args = new Map<string, string>()
const argv = process.argv.slice(2)
for (let i = 0; i < argv.length; i += 2) args.set(argv[i].replace(/^--/, ''), argv[i + 1] ?? '')

function fail(message: string): never {
  console.error(`deposit: ${message}`)
  process.exit(1)
}

const need = (k: string) =>
  args.get(k) || fail(`--${k} is required (usage: npm run deposit -- --user ID --chain C --token T --amount A)`)
const chain = need('chain')
const body = {
  userId: Number(need('user')),
  chainId: chain === 'TON' ? 'TON' : Number(chain),
  token: need('token'),
  amount: need('amount'),
  accountIndex: Number(args.get('account') ?? 0),
}
const server = args.get('server') ?? 'http://127.0.0.1:8080'
const res = await fetch(`${server}/admin/deposit`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
}).catch((e: Error) => fail(`cannot reach ${server}: ${e.message}`))
const answer = (await res.json()) as { message?: string; credited?: string }
if (res.status === 404)
  fail(`${server} has no deposit simulator: it runs in production mode (the simulator is dev mode only)`)
if (!res.ok) fail(`${res.status} ${answer.message ?? ''}`)
console.log(`credited ${answer.credited} to user ${body.userId}, wallet ${body.accountIndex + 1}`)

export {}
