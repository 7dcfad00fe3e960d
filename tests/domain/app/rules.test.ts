import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { APP_VERSION } from '../../../domain/app/version'
import { BOT_HOST, isProductionServer } from '../../../domain/app/production'
import { CHAIN_LABELS } from '../../../domain/app/chains'
import { MENU_ITEMS, activeMenuItem } from '../../../domain/app/menu'
import { decodeBase64Text, parseStartParam } from '../../../domain/app/startParam'
import { isMaintenanceFlag } from '../../../domain/app/maintenance'
import { readCookie, resolveLanguage } from '../../../domain/app/language'
import { registerTap, type TapRun } from '../../../domain/app/resetTaps'

const b64 = (s: string) => Buffer.from(s).toString('base64')

describe('app constants', () => {
  it('[app.1] the version string is v1.1.2', () => expect(APP_VERSION).toBe('v1.1.2'))
  it('[app.3] chain labels', () =>
    expect(CHAIN_LABELS).toEqual({ 1: 'ETH', 10: 'OP', 42161: 'ARB', TON: 'TON', 8453: 'Base', 324: 'ZKSync' }))
})

describe('production', () => {
  it('[app.9] a server URL containing the bot host means production; any other URL is not production', () => {
    for (const url of [
      `https://${BOT_HOST}`,
      `https://${BOT_HOST}/`,
      `https://api.${BOT_HOST}:8443/v2`,
      `https://${BOT_HOST.toUpperCase()}/`,
    ])
      expect(isProductionServer(url), url).toBe(true)
    for (const url of [
      'http://127.0.0.1:8080',
      'https://staging.example.org',
      'https://switch-wallet.app',
      `https://${BOT_HOST.replace('bot.', 'bot-')}`,
      '',
    ])
      expect(isProductionServer(url), url).toBe(false)
    expect(isProductionServer('https://wallet.example.com/api', 'wallet.example.com')).toBe(true)
    expect(isProductionServer('https://wallet.example.com/api', '')).toBe(false)
  })
})

describe('start_param', () => {
  it('[app.16] reads dash-separated key/value pairs', () => {
    expect(parseStartParam('tab-boosts-alliance-cats-boostToOpen-dailyReward')).toEqual({
      params: { tab: 'boosts', alliance: 'cats', boostToOpen: 'dailyReward' },
      rejected: [],
    })
  })
  it('[app.17] swapFrom and swapTo are base64-decoded addresses', () => {
    const from = '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'
    const to = 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs'
    const raw = `swapFrom-${b64(from).replace(/=+$/, '')}-swapTo-${b64(to).replace(/\//g, '_')}-chainId-42161`
    expect(parseStartParam(raw)).toEqual({ params: { swapFrom: from, swapTo: to, chainId: 42161 }, rejected: [] })
  })
  it('a swapFrom that is not base64 is rejected with a reason', () => {
    const r = parseStartParam('swapFrom-@@@@')
    expect(r.params).toEqual({})
    expect(r.rejected).toEqual([{ key: 'swapFrom', value: '@@@@', reason: 'not a base64-encoded address' }])
  })
  it('base64 that decodes to binary is rejected', () => {
    expect(decodeBase64Text(Buffer.from([0, 1, 2, 255]).toString('base64'))).toBeNull()
  })
  it('[app.18] chainId accepts exactly TON, 1, 10, 42161, 8453, 324', () => {
    for (const c of ['TON', '1', '10', '42161', '8453', '324'])
      expect(parseStartParam(`chainId-${c}`).params.chainId).toBe(c === 'TON' ? 'TON' : Number(c))
    for (const c of ['56', 'ton', '01', '137', 'ETH']) {
      const r = parseStartParam(`chainId-${c}`)
      expect(r.params.chainId).toBeUndefined()
      expect(r.rejected[0]).toMatchObject({ key: 'chainId', value: c })
      expect(r.rejected[0].reason).toMatch(/TON, 1, 10, 42161, 8453, 324/)
    }
  })
  it('an empty, missing or dangling start_param gives nothing', () => {
    expect(parseStartParam('')).toEqual({ params: {}, rejected: [] })
    expect(parseStartParam(null)).toEqual({ params: {}, rejected: [] })
    expect(parseStartParam('tab')).toEqual({
      params: {},
      rejected: [{ key: 'tab', value: '', reason: 'key without a value' }],
    })
    expect(parseStartParam('mystery-1').rejected[0].reason).toBe('unknown key')
  })
  it('base64 of any printable address round-trips', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9:_-]{1,64}$/), (address) => {
        expect(decodeBase64Text(b64(address))).toBe(address)
      }),
    )
  })
})

describe('language', () => {
  it('[app.19] the cookie comes first, then the query lang', () => {
    expect(resolveLanguage({ cookie: 'ru', query: 'en', user: 'en' })).toBe('ru')
    expect(resolveLanguage({ cookie: null, query: 'ru', user: 'en' })).toBe('ru')
  })
  it('[app.20] failing both, the Telegram user language', () => {
    expect(resolveLanguage({ cookie: null, query: null, user: 'ru' })).toBe('ru')
    expect(resolveLanguage({ cookie: 'xx', query: 'de', user: 'ru-RU' })).toBe('ru')
  })
  it('[app.21] failing all, en', () => {
    expect(resolveLanguage({})).toBe('en')
    expect(resolveLanguage({ cookie: 'fr', query: 'de', user: 'es' })).toBe('en')
  })
  it('reads the language cookie', () => {
    expect(readCookie('a=1; lang=ru; b=2', 'lang')).toBe('ru')
    expect(readCookie('a=1', 'lang')).toBeNull()
  })
})

describe('maintenance', () => {
  it("the maintenance flag (app.24) is the string 'true' and nothing else", () => {
    expect(isMaintenanceFlag('true')).toBe(true)
    for (const v of [null, undefined, 'false', 'TRUE', '1', ' true', '']) expect(isMaintenanceFlag(v)).toBe(false)
  })
})

describe('storage reset taps', () => {
  const run = (gaps: number[]) => {
    let state: TapRun | null = null
    let at = 1_000_000
    let resets = 0
    for (const gap of gaps) {
      at += gap
      const r = registerTap(state, at)
      state = r.run
      if (r.reset) resets++
    }
    return resets
  }
  it('the tap run of app.27: 25 taps each within 1 s of the previous complete it', () => {
    expect(run(Array(25).fill(1000))).toBe(1)
    expect(run(Array(25).fill(50))).toBe(1)
  })
  it('the tap run of app.27: 24 quick taps do not', () => expect(run(Array(24).fill(300))).toBe(0))
  it('the tap run of app.28: a gap over 1 s breaks it', () => {
    expect(run([...Array(12).fill(500), 1001, ...Array(12).fill(500)])).toBe(0)
    expect(run([...Array(12).fill(500), 1001, ...Array(24).fill(500)])).toBe(1)
  })
})

describe('bottom menu', () => {
  it('the menu routes: mining (/mining), frens (/mining/frens), big-pump (outside), home (/) and stats (outside)', () => {
    expect(Object.fromEntries(MENU_ITEMS.map((i) => [i.id, i.route]))).toEqual({
      mining: '/mining',
      frens: '/mining/frens',
      bigpump: null,
      home: '/',
      stats: null,
    })
  })
  it('[app.30] the longest matching route is active', () => {
    expect(activeMenuItem('/mining/frens')).toBe('frens')
    expect(activeMenuItem('/mining/tasks/boosts')).toBe('mining')
    expect(activeMenuItem('/mining')).toBe('mining')
    expect(activeMenuItem('/')).toBe('home')
  })
  it('[app.31] with no match, home is active', () => {
    expect(activeMenuItem('/swap')).toBe('home')
    expect(activeMenuItem('/miningx')).toBe('home')
  })
})
