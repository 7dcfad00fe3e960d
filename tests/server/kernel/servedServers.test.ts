/**
 * Server lists for the page's client at run time (failover in the browser suite): a
 * dev-mode server writes them into its page, asked at every load; a production server refuses to
 * start with them, so its page's calls go only where its build and its policy say.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, createServer } from '../../../server/app'
import type { ClientServers } from '../../../server/kernel/config'
import { servedServersMeta } from '../../../server/kernel/static'
import { SERVED_SERVERS_META } from '../../../domain/api/endpoint'
import { testConfig } from '../helpers'

const dist = mkdtempSync(join(tmpdir(), 'dist-served-'))
writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>t</title></head><body></body></html>')
const page = async (server: RunningServer, path = '/') =>
  (await fetch(server.url + path, { headers: { accept: 'text/html' } })).text()
const metaOf = (html: string, name: string) =>
  new RegExp(`<meta name="${name}" content="([^"]*)">`).exec(html)?.[1] ?? null

describe('server lists written into the dev page', () => {
  let lists: ClientServers = { wallet: ['http://127.0.0.1:1', 'http://127.0.0.1:2'], mining: ['http://127.0.0.1:3'] }
  let dev: RunningServer
  beforeAll(async () => {
    dev = await createServer(await testConfig({ staticDir: dist, clientServers: () => lists }))
  }, 120_000)
  afterAll(async () => {
    await dev?.close()
  })

  it("each service's list in its <meta>, in the head before anything else, asked again at every load, on every page path", async () => {
    const first = await page(dev)
    expect(metaOf(first, SERVED_SERVERS_META.wallet)).toBe('http://127.0.0.1:1,http://127.0.0.1:2')
    expect(metaOf(first, SERVED_SERVERS_META.mining)).toBe('http://127.0.0.1:3')
    expect(first.indexOf('<meta name="switch:')).toBe(first.indexOf('<head>') + '<head>'.length)
    lists = { mining: ['https://mining.example/api'] }
    for (const path of ['/', '/index.html', '/mining']) {
      const html = await page(dev, path)
      expect(metaOf(html, SERVED_SERVERS_META.wallet), path).toBeNull()
      expect(metaOf(html, SERVED_SERVERS_META.mining), path).toBe('https://mining.example/api')
    }
  })

  it('a server that is no http(s) URL, or would need escaping in the page, is refused', () => {
    for (const bad of [
      'javascript:alert(1)',
      'ftp://x.example',
      '127.0.0.1:80',
      'http://a.example/"><script>',
      'http://a.example/,http://b.example',
      'http://a.example/?a=1&b=2',
    ])
      expect(() => servedServersMeta({ wallet: [bad] }), bad).toThrow(
        `clientServers.wallet: "${bad}" is not an http(s) URL`,
      )
    expect(servedServersMeta({ wallet: [], mining: undefined })).toBe('')
  })
})

describe('a production server', () => {
  it('refuses to start with server lists for its page', async () => {
    await expect(
      createServer(
        await testConfig({
          mode: 'production',
          staticDir: dist,
          clientServers: () => ({ wallet: ['http://127.0.0.1:1'] }),
        }),
      ),
    ).rejects.toThrow(
      'clientServers is for dev mode and tests only: a production page uses the server lists of its build',
    )
  })
})
