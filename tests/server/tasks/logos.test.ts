/**
 * Partner logos for the task and airdrop cards, served by the server from local files
 * (server/tasks/logos.ts): Bitget's mark from @web3icons/core, a neutral monogram for every other
 * partner, a 404 for a code that is no partner's; each task and airdrop names its logo. On PGlite
 * and on PostgreSQL.
 */
import { describe, expect, it } from 'vitest'
import { readMark } from '../../../server/kernel/logos'
import { newUser, useServer } from '../helpers'
import { miner, taskOf } from './helpers'

const api = useServer()
const logo = async (path: string) => {
  const res = await fetch(api.server.url + path)
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() }
}

describe('partner logos', () => {
  it("Bitget's tasks carry Bitget's real mark; another partner a monogram of its name, never a made-up mark; an unknown code is a 404", async () => {
    const bitget = await logo('/logos/partners/bitgetSite.svg')
    expect([bitget.status, bitget.type]).toEqual([200, 'image/svg+xml'])
    expect(bitget.text).toBe(await readMark('exchanges/branded/bitget'))
    const duck = await logo('/logos/partners/duckCoop.svg')
    expect(duck.status).toBe(200)
    expect(duck.text).toContain('>DC</text>')
    expect((await logo('/logos/partners/tston.svg')).text).toContain('>TO</text>')
    expect((await logo('/logos/partners/xrocket.svg')).text).toContain('>XR</text>')
    expect((await logo('/logos/partners/..%2Fsecret.svg')).status).toBe(404)
    expect((await logo('/logos/partners/subscription.svg')).status).toBe(404)
  })

  it("each task names its logo: a partner's, a swap task's network, a token's; the project's own tasks none", async () => {
    const user = newUser()
    await miner(api.server, user)
    expect((await taskOf(api.server, user, 'bitgetSite'))?.logoURI).toBe('/logos/partners/bitgetSite.svg')
    expect((await taskOf(api.server, user, 'arbSwaps'))?.logoURI).toBe('/logos/networks/42161.svg')
    expect((await taskOf(api.server, user, 'depositPunk'))?.logoURI).toBe('/logos/PUNK.svg')
    expect((await taskOf(api.server, user, 'addWallet'))?.logoURI).toBeUndefined()
    expect((await taskOf(api.server, user, 'subscription', 'subscriptions'))?.logoURI).toBeUndefined()
    for (const code of ['bitgetSite', 'arbSwaps', 'depositPunk'])
      expect((await logo((await taskOf(api.server, user, code))?.logoURI as string)).status, code).toBe(200)
  })

  it('each airdrop names its logo and what its prize pool is paid in', async () => {
    const user = newUser()
    await miner(api.server, user)
    const r = await api.call('/mining/tasks?boostType=airdrop', user)
    expect(r.status).toBe(200)
    const airdrops = (r.body as { tasks: { code: string; logoURI?: string; pricePoolSymbol?: string }[] }).tasks
    expect(airdrops.map((a) => [a.code, a.logoURI, a.pricePoolSymbol])).toEqual([
      ['tston', '/logos/partners/tston.svg', 'TON'],
      ['xrocket', '/logos/partners/xrocket.svg', 'USDT'],
    ])
  })
})
