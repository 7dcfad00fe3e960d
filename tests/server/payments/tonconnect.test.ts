/**
 * The external way on the server: TonConnect's manifest and icon served by the server,
 * the wallets list (dev: the demo wallet only, from 127.0.0.1; production: TonConnect's public list),
 * and in dev mode the demo wallet, page half and server half: its script in the page, its send route
 * building the message and handing it to the TON API stand-in the server started, whose transaction
 * the watcher then settles. In production none of it: no script, no route, no stand-in.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Address, Cell, loadMessage } from '@ton/core'
import { type Product, orderComment } from '../../../server/payments/orders'
import { DEV_SERVICE_TON_ADDRESS, commentOf, tonConnectTransaction } from '../../../server/payments/ton'
import { DEMO_WALLET, DEMO_WALLET_KEY } from '../../../server/standins/demoWallet'
import { newUser, useServer } from '../helpers'

const PRICE = 3_000_000_000n
const granted: string[] = []
const product: Product = {
  price: () => ({ stars: 5, tonNano: PRICE }),
  refusal: async () => null,
  grant: async (_tx, order) => void granted.push(order.id),
}

const staticDir = mkdtempSync(join(tmpdir(), 'switch-tonconnect-'))
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><html><head><title>t</title></head><body></body></html>')

const dev = useServer({ mode: 'development', products: { test: product }, staticDir })
const prod = useServer({
  mode: 'production',
  staticDir,
  serviceTonAddress: new Address(0, Buffer.alloc(32, 5)).toString(),
})
const appUrl = useServer({ mode: 'production', appUrl: 'https://wallet.example.org/app' })

const page = async (url: string) => (await fetch(url + '/', { headers: { accept: 'text/html' } })).text()

describe('TonConnect files', () => {
  it('the manifest names the app origin, its name and an icon it serves, readable from any origin', async () => {
    const res = await fetch(`${dev.server.url}/tonconnect-manifest.json`, {
      headers: { origin: 'https://elsewhere.example' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(await res.json()).toEqual({
      url: dev.server.url,
      name: 'SWITCH Wallet',
      iconUrl: `${dev.server.url}/tonconnect-icon.png`,
    })
    const icon = await fetch(`${dev.server.url}/tonconnect-icon.png`)
    expect(icon.headers.get('content-type')).toBe('image/png')
    const png = Buffer.from(await icon.arrayBuffer())
    // A PNG of 180 x 180 (TonConnect: PNG, not SVG; 180 px).
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([180, 180])
  })

  it('the manifest names APP_URL origin when it is set', async () => {
    expect(await (await fetch(`${appUrl.server.url}/tonconnect-manifest.json`)).json()).toEqual({
      url: 'https://wallet.example.org',
      name: 'SWITCH Wallet',
      iconUrl: 'https://wallet.example.org/tonconnect-icon.png',
    })
  })

  it('the dev wallets list is the demo wallet alone, in wallets-v2.json format, all on this server', async () => {
    const list = (await (await fetch(`${dev.server.url}/tonconnect-wallets.json`)).json()) as Record<string, unknown>[]
    expect(list).toEqual([
      {
        app_name: DEMO_WALLET_KEY,
        name: 'Demo wallet',
        image: `${dev.server.url}/dev/ton/demoWallet.svg`,
        about_url: `${dev.server.url}/`,
        platforms: expect.arrayContaining(['chrome', 'ios', 'android']),
        features: [{ name: 'SendTransaction', maxMessages: 1 }],
        bridge: [{ type: 'js', key: DEMO_WALLET_KEY }],
      },
    ])
    expect((await fetch(list[0].image as string)).headers.get('content-type')).toBe('image/svg+xml')
  })

  it('a production wallets list is TonConnect public one', async () => {
    const res = await fetch(`${prod.server.url}/tonconnect-wallets.json`, { redirect: 'manual' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('https://config.ton.org/wallets-v2.json')
  })
})

describe('the demo wallet (dev mode)', () => {
  it('is injected into the dev page, before the app, and never into a production page', async () => {
    const html = await page(dev.server.url)
    expect(html).toContain(`window[KEY] = { tonconnect: tonconnect }`)
    expect(html).toContain(JSON.stringify(DEMO_WALLET_KEY))
    expect(html.indexOf(DEMO_WALLET_KEY)).toBeLessThan(html.indexOf('</head>'))
    const launch = await (await fetch(`${dev.server.url}/dev/launchScript`)).text()
    expect(launch).toContain(`var SERVER = ${JSON.stringify(dev.server.url)}`)
    const production = await page(prod.server.url)
    expect(production).not.toMatch(/switchDemoWallet|demoWallet|tonconnect/i)
  })

  it('sends through the TON API stand-in the dev server started, and the watcher grants the order', async () => {
    expect(dev.server.ton.standin?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(dev.server.ton.serviceAddress).toBe(DEV_SERVICE_TON_ADDRESS)
    const user = newUser()
    await dev.call('/tgUserWallets', user)
    const order = await dev.server.payments.order(user.id, 'test', 'external')
    const tx = tonConnectTransaction(order, dev.server.ton.serviceAddress, dev.server.clock.now())
    // What the wallet shows before asking, then the send.
    const shown = await dev.call('/dev/ton/demoWallet/send', null, { ...tx, dry: true })
    expect(shown).toEqual({
      status: 200,
      body: {
        from: DEMO_WALLET.friendly,
        to: DEV_SERVICE_TON_ADDRESS,
        amount: PRICE.toString(),
        comment: orderComment(order.id),
      },
    })
    expect(
      dev.server.ton.standin?.chain.transactions(Address.parse(DEV_SERVICE_TON_ADDRESS), {
        limit: 100,
        offset: 0,
        sort: 'asc',
      }).length,
    ).toBe(0)
    const sent = await dev.call('/dev/ton/demoWallet/send', null, { messages: tx.messages, validUntil: tx.validUntil })
    expect(sent.status).toBe(200)
    const message = loadMessage(Cell.fromBase64(sent.body.boc).beginParse())
    expect(message.info).toMatchObject({ type: 'internal', bounce: false, value: { coins: PRICE } })
    expect(message.info.src?.toString()).toBe(DEMO_WALLET.address.toString())
    expect(commentOf(message.body)).toBe(orderComment(order.id))
    const seen = await dev.server.ton.watcher.poll()
    expect(seen).toEqual([expect.objectContaining({ outcome: 'granted', orderId: order.id })])
    expect(granted).toContain(order.id)
    expect((await dev.server.payments.orderOf(user.id, order.id))?.status).toBe('granted')
  })

  it('refuses what a wallet would: more than one message, a raw address, a passed validUntil, junk', async () => {
    const tx = {
      validUntil: Math.floor(dev.server.clock.now() / 1000) + 60,
      messages: [{ address: DEV_SERVICE_TON_ADDRESS, amount: '1' }],
    }
    const send = (body: unknown) => dev.call('/dev/ton/demoWallet/send', null, body)
    expect(await send({ ...tx, messages: [tx.messages[0], tx.messages[0]] })).toMatchObject({
      status: 400,
      body: { path: 'messages' },
    })
    expect(
      await send({ ...tx, messages: [{ address: Address.parse(DEV_SERVICE_TON_ADDRESS).toRawString(), amount: '1' }] }),
    ).toMatchObject({ status: 400, body: { path: 'messages.0.address' } })
    expect(await send({ ...tx, validUntil: Math.floor(dev.server.clock.now() / 1000) - 1 })).toMatchObject({
      status: 400,
      body: { path: 'validUntil' },
    })
    expect(await send({ ...tx, messages: [{ address: DEV_SERVICE_TON_ADDRESS, amount: '1.5' }] })).toMatchObject({
      status: 400,
      body: { path: 'messages.0.amount' },
    })
    expect(
      await send({ ...tx, messages: [{ address: DEV_SERVICE_TON_ADDRESS, amount: '1', payload: 'te5t' }] }),
    ).toMatchObject({ status: 400, body: { path: 'messages.0.payload' } })
  })

  it('exists in dev mode only: a production server has no demo wallet route and no stand-in', async () => {
    expect(prod.server.ton.standin).toBeNull()
    for (const path of ['/dev/ton/demoWallet.svg', '/dev/ton/demoWallet/send'])
      for (const method of ['GET', 'POST'])
        expect((await fetch(prod.server.url + path, { method })).status, `${method} ${path}`).toBe(404)
  })
})
