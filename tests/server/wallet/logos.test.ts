/** Token and network logos: the real marks of @web3icons/core, served from this server; the letter circle where there is none. */
import { request } from 'node:http'
import { describe, expect, it } from 'vitest'
import ETH_MARK from '@web3icons/core/svgs/tokens/branded/ETH.svg.js'
import USDC_MARK from '@web3icons/core/svgs/tokens/branded/USDC.svg.js'
import TON_NETWORK_MARK from '@web3icons/core/svgs/networks/branded/ton.svg.js'
import ZKSYNC_NETWORK_MARK from '@web3icons/core/svgs/networks/branded/zksync.svg.js'
import { logoSvg } from '../../../server/kernel/catalogue'
import { NETWORK_MARKS, isPlainSvg } from '../../../server/kernel/logos'
import { useServer } from '../helpers'

const api = useServer()

async function get(path: string) {
  const res = await fetch(api.server.url + path)
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    cache: res.headers.get('cache-control'),
    csp: res.headers.get('content-security-policy'),
    body: await res.text(),
  }
}

/** A GET with the path exactly as written: fetch would resolve `..` before sending it. */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  const url = new URL(api.server.url)
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method: 'GET' }, (res) => {
      let body = ''
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

const networkMark = async (name: string) =>
  ((await import(`@web3icons/core/svgs/networks/branded/${name}.svg.js`)) as { default: string }).default

describe('token logos', () => {
  it('a token the package has a mark for is served that mark, not the letter circle', async () => {
    for (const [symbol, mark] of [
      ['ETH', ETH_MARK],
      ['USDC', USDC_MARK],
    ] as const) {
      const r = await get(`/logos/${symbol}.svg`)
      expect(r, symbol).toMatchObject({ status: 200, type: 'image/svg+xml', cache: 'public, max-age=86400' })
      expect(r.body).toBe(mark.trim())
      expect(r.body).not.toBe(logoSvg(symbol))
    }
  })

  it('TON is the TON mark (as the package files it) and ZK the ZKsync mark', async () => {
    expect((await get('/logos/TON.svg')).body).toBe(TON_NETWORK_MARK.trim())
    expect((await get('/logos/ZK.svg')).body).toBe(ZKSYNC_NETWORK_MARK.trim())
  })

  it('a symbol without a mark keeps its letter circle', async () => {
    for (const symbol of ['PUNK', 'tsTON', 'NOPE']) {
      const r = await get(`/logos/${symbol}.svg`)
      expect(r, symbol).toMatchObject({ status: 200, type: 'image/svg+xml', body: logoSvg(symbol) })
    }
  })

  it('a logo can never run as a page: nosniff and a sandboxing policy', async () => {
    const res = await fetch(`${api.server.url}/logos/ETH.svg`)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/)
  })
})

describe('network logos', () => {
  it('each network has its mark at /logos/networks/<chainKey>.svg', async () => {
    expect(Object.keys(NETWORK_MARKS).sort()).toEqual(['1', '10', '324', '42161', '8453', 'TON'])
    for (const [key, name] of Object.entries(NETWORK_MARKS)) {
      const r = await get(`/logos/networks/${key}.svg`)
      expect(r, key).toMatchObject({ status: 200, type: 'image/svg+xml', cache: 'public, max-age=86400' })
      expect(r.body, key).toBe((await networkMark(name)).trim())
      expect(isPlainSvg(r.body), key).toBe(true)
    }
  })

  it('an unknown network is a 404', async () => {
    for (const key of ['56', 'ethereum', 'ton', '__proto__', 'constructor', 'toString'])
      expect((await get(`/logos/networks/${key}.svg`)).status, key).toBe(404)
  })
})

describe('no path traversal', () => {
  it('a path that climbs out is a letter circle or a 404, never a file of the server', async () => {
    const paths = [
      '/logos/..%2Fpackage.json',
      '/logos/..%2F..%2Fpackage.json.svg',
      '/logos/%2e%2e%2f%2e%2e%2fserver%2fapp.ts',
      '/logos/networks/..%2F..%2Fpackage.json',
      '/logos/networks/%2e%2e%2fETH.svg',
      '/logos/networks/../../package.json',
      '/logos/../package.json',
      '/logos/..%5c..%5cpackage.json',
    ]
    for (const path of paths) {
      const r = await rawGet(path)
      expect(r.status, path).not.toBe(500)
      expect(r.body, path).not.toMatch(/"devDependencies"|"scripts"|import |web3icons/)
      if (r.status === 200) expect(r.body, path).toMatch(/^<svg[^>]*><circle /)
    }
  })
})

describe('isPlainSvg', () => {
  it('refuses what could run or reach out, takes plain drawing', () => {
    expect(isPlainSvg(ETH_MARK)).toBe(true)
    expect(
      isPlainSvg(
        '<svg xmlns="http://www.w3.org/2000/svg"><defs><clipPath id="a"/></defs><g clip-path="url(#a)"/></svg>',
      ),
    ).toBe(true)
    for (const bad of [
      '<svg><script>alert(1)</script></svg>',
      '<svg onload="alert(1)"></svg>',
      '<svg><foreignObject><div/></foreignObject></svg>',
      '<svg><image href="https://evil.example/x.png"/></svg>',
      '<svg><use href="https://evil.example/x.svg#a"/></svg>',
      '<svg><path fill="url(https://evil.example/p)"/></svg>',
      '<svg><a href="javascript:alert(1)"><path/></a></svg>',
      '<!DOCTYPE svg [<!ENTITY x "y">]><svg></svg>',
      '<svg><style>@import url(https://evil.example/c.css)</style></svg>',
      'not an svg',
    ])
      expect(isPlainSvg(bad), bad).toBe(false)
  })
})
