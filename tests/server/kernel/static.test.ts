/**
 * The built app as the server sends it: precompressed copies (made at build time by vite.config.ts
 * precompress) in the encoding the client accepts, brotli first, `vary: accept-encoding`; hashed
 * assets cached for a year, index.html never; the favicon.
 */
import { describe, expect, it } from 'vitest'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'
import { useServer } from '../helpers'
import { acceptedEncodings, pickEncoding } from '../../../server/kernel/static'
import { precompress } from '../../../vite.config'

const dist = mkdtempSync(join(tmpdir(), 'dist-'))
mkdirSync(join(dist, 'assets'))
// Above 1 KB, as the built page with its stylesheet inline is: it goes compressed.
const INDEX = `<!doctype html><html><head><title>x</title><link rel="icon" href="/favicon.svg"><script type="module" src="/assets/app-abc123.js"></script><style>${'.c{color:red}'.repeat(100)}</style></head><body></body></html>`
writeFileSync(join(dist, 'index.html'), INDEX)
const APP = `console.log(${JSON.stringify('a wallet '.repeat(400))})\n`
writeFileSync(join(dist, 'assets', 'app-abc123.js'), APP)
// The three copies differ by a marker, so a test sees which one was sent.
writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(APP + '//br'))
writeFileSync(join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(APP + '//gz'))
const CSS = `.a{color:red}${'.b{margin:0}'.repeat(200)}`
writeFileSync(join(dist, 'assets', 'style-def456.css'), CSS)
writeFileSync(join(dist, 'assets', 'style-def456.css.gz'), gzipSync(CSS + '/*gz*/'))
writeFileSync(join(dist, 'assets', 'tiny-0a1b2c.js'), 'export{}')
writeFileSync(join(dist, 'favicon.svg'), readFileSync('public/favicon.svg'))

const srv = useServer({ mode: 'production', staticDir: dist })

interface Raw {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** A GET (or HEAD) whose body is the bytes on the wire: fetch would decode them. */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(srv.server.url + path, { method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

const IMMUTABLE = 'public, max-age=31536000, immutable'

describe('static files: precompressed copies', () => {
  it('sends the brotli copy to a client that takes br, with the asset caching', async () => {
    const r = await raw('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' })
    expect(r.status).toBe(200)
    expect(r.headers['content-encoding']).toBe('br')
    expect(r.headers.vary).toBe('accept-encoding')
    expect(r.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(r.headers['cache-control']).toBe(IMMUTABLE)
    expect(Number(r.headers['content-length'])).toBe(r.body.length)
    expect(brotliDecompressSync(r.body).toString()).toBe(APP + '//br')
  })

  it('sends the gzip copy to a client that takes gzip and not br', async () => {
    for (const accept of ['gzip', 'gzip, deflate', 'br;q=0, gzip', 'x-gzip', 'deflate, gzip;q=0.5']) {
      const r = await raw('/assets/app-abc123.js', { 'accept-encoding': accept })
      expect(r.headers['content-encoding'], accept).toBe('gzip')
      expect(r.headers.vary, accept).toBe('accept-encoding')
      expect(r.headers['cache-control'], accept).toBe(IMMUTABLE)
      expect(gunzipSync(r.body).toString(), accept).toBe(APP + '//gz')
    }
  })

  it('prefers brotli whatever the order, and * takes it', async () => {
    for (const accept of ['br, gzip', 'gzip;q=1, br;q=0.1', '*']) {
      const r = await raw('/assets/app-abc123.js', { 'accept-encoding': accept })
      expect(r.headers['content-encoding'], accept).toBe('br')
    }
  })

  it('sends the file as it is to a client that takes neither, still varying on accept-encoding', async () => {
    for (const accept of [undefined, '', 'identity', 'deflate', 'br;q=0, gzip;q=0', '*;q=0', 'gzip;q=0.0']) {
      const r = await raw('/assets/app-abc123.js', accept === undefined ? {} : { 'accept-encoding': accept })
      expect(r.headers['content-encoding'], accept).toBeUndefined()
      expect(r.headers.vary, accept).toBe('accept-encoding')
      expect(r.headers['cache-control'], accept).toBe(IMMUTABLE)
      expect(r.body.toString(), accept).toBe(APP)
    }
  })

  it('a file with a gzip copy only: gzip even to a client that prefers br', async () => {
    const r = await raw('/assets/style-def456.css', { 'accept-encoding': 'br, gzip' })
    expect(r.headers['content-encoding']).toBe('gzip')
    expect(r.headers['content-type']).toBe('text/css; charset=utf-8')
    expect(gunzipSync(r.body).toString()).toBe(CSS + '/*gz*/')
    const brOnly = await raw('/assets/style-def456.css', { 'accept-encoding': 'br' })
    expect(brOnly.headers['content-encoding']).toBeUndefined()
    expect(brOnly.body.toString()).toBe(CSS)
  })

  it('a file without copies (too small to compress) is sent as it is, without vary', async () => {
    const r = await raw('/assets/tiny-0a1b2c.js', { 'accept-encoding': 'br, gzip' })
    expect(r.status).toBe(200)
    expect(r.headers['content-encoding']).toBeUndefined()
    expect(r.headers.vary).toBeUndefined()
    expect(r.headers['cache-control']).toBe(IMMUTABLE)
    expect(r.body.toString()).toBe('export{}')
  })

  it('HEAD has the same headers and no body', async () => {
    const r = await raw('/assets/app-abc123.js', { 'accept-encoding': 'br' }, 'HEAD')
    expect(r.status).toBe(200)
    expect(r.headers['content-encoding']).toBe('br')
    expect(r.headers.vary).toBe('accept-encoding')
    expect(r.body.length).toBe(0)
  })

  it('fetch, as a browser would, gets the original text back', async () => {
    const r = await fetch(srv.server.url + '/assets/app-abc123.js', { headers: { 'accept-encoding': 'br' } })
    expect(await r.text()).toBe(APP + '//br')
  })
})

describe('static files: the page and the favicon', () => {
  it('index.html is never cached and goes compressed, brotli first, at / and at a client route', async () => {
    for (const path of ['/', '/index.html', '/swap', '/copyTrade/traderArchive?x=1']) {
      const br = await raw(path, { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' })
      expect(br.status, path).toBe(200)
      expect(br.headers['cache-control'], path).toBe('no-store')
      expect(br.headers['content-type'], path).toBe('text/html; charset=utf-8')
      expect(br.headers.vary, path).toBe('accept-encoding')
      expect(br.headers['content-encoding'], path).toBe('br')
      expect(brotliDecompressSync(br.body).toString(), path).toBe(INDEX)
      const gz = await raw(path, { accept: 'text/html', 'accept-encoding': 'gzip' })
      expect(gz.headers['content-encoding'], path).toBe('gzip')
      expect(gz.headers['cache-control'], path).toBe('no-store')
      expect(gunzipSync(gz.body).toString(), path).toBe(INDEX)
      const plain = await raw(path, { accept: 'text/html' })
      expect(plain.headers['content-encoding'], path).toBeUndefined()
      expect(plain.headers['cache-control'], path).toBe('no-store')
      expect(plain.body.toString(), path).toBe(INDEX)
    }
  })

  it('answers that are no page are left as they are', async () => {
    const r = await raw('/no-such-call', { 'accept-encoding': 'br, gzip' })
    expect(r.status).toBe(404)
    expect(r.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(r.body.toString())).toEqual({ message: 'no such call', requestId: r.headers['x-request-id'] })
    const call = await raw('/tgUserWallets', { accept: 'text/html', 'accept-encoding': 'br' })
    expect(call.status).toBe(401)
    expect(call.headers['content-encoding']).toBeUndefined()
  })

  it("a browser's navigation to a screen whose path is also a call's gets the page; the call still needs init data", async () => {
    const navigation = {
      accept: 'text/html,application/xhtml+xml',
      'sec-fetch-mode': 'navigate',
      'sec-fetch-dest': 'document',
    }
    for (const path of ['/mining/tasks', '/mining/tasks/boosts', '/mining/guilds']) {
      const page = await raw(path, navigation)
      expect(page.status, path).toBe(200)
      expect(page.headers['content-type'], path).toBe('text/html; charset=utf-8')
      expect(page.body.toString(), path).toBe(INDEX)
    }
    // the same path fetched (no navigation) is the call, refused without init data
    expect((await raw('/mining/tasks', { accept: 'text/html', 'sec-fetch-mode': 'cors' })).status).toBe(401)
    expect((await raw('/mining/tasks?boostType=general', { accept: 'application/json' })).status).toBe(401)
  })

  it('serves /favicon.svg as SVG, revalidated (not under the hashed assets)', async () => {
    const r = await raw('/favicon.svg')
    expect(r.status).toBe(200)
    expect(r.headers['content-type']).toBe('image/svg+xml')
    expect(r.headers['cache-control']).toBe('no-cache')
    expect(r.body.toString()).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
  })

  it('the build copies public/favicon.svg, the icon index.html links', () => {
    expect(readFileSync('index.html', 'utf8')).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml" />')
    expect(existsSync('public/favicon.svg')).toBe(true)
  })
})

describe('Accept-Encoding', () => {
  it('reads names and q values', () => {
    expect([...acceptedEncodings('gzip, deflate;q=0.5, BR ; q=0')]).toEqual([
      ['gzip', 1],
      ['deflate', 0.5],
      ['br', 0],
    ])
    expect([...acceptedEncodings(undefined)]).toEqual([])
  })

  it('picks brotli first, then gzip, only among the copies there are', () => {
    const both = () => true
    expect(pickEncoding('gzip, br', both)).toEqual({ suffix: '.br', encoding: 'br' })
    expect(pickEncoding('gzip, br', (s) => s === '.gz')).toEqual({ suffix: '.gz', encoding: 'gzip' })
    expect(pickEncoding('br', (s) => s === '.gz')).toBeNull()
    expect(pickEncoding('*, br;q=0', both)).toEqual({ suffix: '.gz', encoding: 'gzip' })
    expect(pickEncoding('identity', both)).toBeNull()
  })
})

describe('the build step (vite.config.ts precompress)', () => {
  it('writes x.br and x.gz beside each text asset above 1 KB, not beside maps, html or small files', async () => {
    const out = mkdtempSync(join(tmpdir(), 'build-'))
    mkdirSync(join(out, 'assets'))
    const files: Record<string, string> = {
      'assets/index-a1.js': 'let x = 1;\n'.repeat(300),
      'assets/index-a1.css': '.x{color:red}\n'.repeat(200),
      'assets/index-a1.js.map': '{"mappings":"' + 'AAAA,'.repeat(500) + '"}',
      'assets/small-b2.js': 'export const y = 2',
      'index.html': '<!doctype html>' + '<p>x</p>'.repeat(300),
    }
    for (const [name, text] of Object.entries(files)) writeFileSync(join(out, name), text)
    const plugin = precompress() as Plugin & {
      writeBundle: (this: unknown, o: { dir: string }, b: Record<string, unknown>) => Promise<void>
    }
    expect(plugin.apply).toBe('build')
    await plugin.writeBundle.call({}, { dir: out }, Object.fromEntries(Object.keys(files).map((f) => [f, {}])))
    for (const name of ['assets/index-a1.js', 'assets/index-a1.css']) {
      expect(brotliDecompressSync(readFileSync(join(out, name + '.br'))).toString(), name).toBe(files[name])
      expect(gunzipSync(readFileSync(join(out, name + '.gz'))).toString(), name).toBe(files[name])
      expect(readFileSync(join(out, name + '.br')).length, name).toBeLessThan(files[name].length / 4)
    }
    for (const name of ['assets/index-a1.js.map', 'assets/small-b2.js', 'index.html']) {
      expect(existsSync(join(out, name + '.br')), name).toBe(false)
      expect(existsSync(join(out, name + '.gz')), name).toBe(false)
    }
  })
})
