/**
 * Every answer of a production server carries `X-Content-Type-Options: nosniff` and its
 * `Referrer-Policy` (server/kernel/headers.ts), whatever made it: a call, an error, a refusal, a
 * 404, a file of the build, the page, a preflight; with the page's Content-Security-Policy and the
 * files' caching as they were. A JSON 404 says the call is unknown without quoting the path back.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { TEST_BOT, newUser, useServer } from '../helpers'
import { signInitData } from '../../../server/kernel/auth'

const dist = mkdtempSync(join(tmpdir(), 'dist-'))
mkdirSync(join(dist, 'assets'))
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html><head><title>x</title><script type="module" src="/assets/app-abc123.js"></script></head><body></body></html>',
)
writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'export {}\n')
writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')

// One write a minute: the second is refused, so the 429 is among the answers too.
const srv = useServer({ mode: 'production', staticDir: dist, rateLimit: { writes: 1, windowMs: 60_000 } })

const user = newUser()
const signed = () => ({
  telegramRawData: signInitData({ botToken: TEST_BOT, user }),
  'content-type': 'application/json',
})
const HOSTILE_PATH = '/no-such-call/%3Cscript%3Ealert(1)%3C%2Fscript%3E'

describe('the headers every answer carries', () => {
  it('nosniff and strict-origin-when-cross-origin on calls, errors, refusals, 404s, files, the page and preflights', async () => {
    const get = (path: string, headers: Record<string, string> = {}) => fetch(srv.server.url + path, { headers })
    const post = (path: string, body: string, headers: Record<string, string> = signed()) =>
      fetch(srv.server.url + path, { method: 'POST', headers, body })
    const answers: [string, Response, number][] = [
      ['a call', await post('/balances', '{"accountIndex":0}'), 200],
      ['a write', await post('/userLanguage', JSON.stringify({ language: 'en', chosenAt: Date.now() })), 200],
      [
        'a write over the limit',
        await post('/userLanguage', JSON.stringify({ language: 'ru', chosenAt: Date.now() })),
        429,
      ],
      ['bad input', await post('/balances', '{"accountIndex":"x"}'), 400],
      ['no init data', await post('/balances', '{"accountIndex":0}', { 'content-type': 'application/json' }), 401],
      ['a body too large', await post('/balances', 'x'.repeat(20_000)), 413],
      ['an unknown call', await get(HOSTILE_PATH), 404],
      ['/metrics without its token', await get('/metrics'), 404],
      ['health', await get('/health'), 200],
      ['a file of the build', await get('/assets/app-abc123.js'), 200],
      ['a file outside assets', await get('/favicon.svg'), 200],
      ['the page', await get('/', { accept: 'text/html' }), 200],
      ['a client route loaded as a page', await get('/swap', { accept: 'text/html' }), 200],
      ['a token logo', await get('/logos/ETH.svg'), 200],
      [
        'a preflight',
        await fetch(srv.server.url + '/balances', {
          method: 'OPTIONS',
          headers: { origin: 'https://example.org', 'access-control-request-method': 'POST' },
        }),
        204,
      ],
      ['a HEAD', await fetch(srv.server.url + '/health', { method: 'HEAD' }), 200],
    ]
    for (const [what, r, status] of answers) {
      expect(r.status, what).toBe(status)
      expect(r.headers.get('x-content-type-options'), what).toBe('nosniff')
      expect(r.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin')
      await r.arrayBuffer()
    }
    // What the other headers say is unchanged: the page's policy, the files' caching.
    const page = answers.find(([what]) => what === 'the page')?.[1] as Response
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect(answers.find(([what]) => what === 'a file of the build')?.[1].headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    )
  })

  it('a JSON 404 says the call is unknown and quotes nothing of the path', async () => {
    const r = await fetch(srv.server.url + HOSTILE_PATH, { headers: { accept: 'application/json' } })
    expect(r.status).toBe(404)
    expect(r.headers.get('content-type')).toMatch(/^application\/json/)
    const text = await r.text()
    expect(text).not.toMatch(/script|no-such-call/i)
    expect(JSON.parse(text)).toMatchObject({ message: 'no such call' })
  })
})
