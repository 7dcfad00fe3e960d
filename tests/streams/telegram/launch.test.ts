// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { deviceTimeZone, parseLaunchParams, readLaunch, schemeOf, userOf } from '../../../streams/telegram/launch'

const machine = process.env.TZ
afterEach(() => {
  if (machine === undefined) delete process.env.TZ
  else process.env.TZ = machine
})

const initData = new URLSearchParams({
  user: JSON.stringify({ id: 7, first_name: 'Ann', language_code: 'ru' }),
  auth_date: '1763800000',
  hash: 'h',
  signature: 's',
}).toString()

describe('launch parameters', () => {
  it('are read from the URL hash as Telegram passes them', () => {
    const hash =
      '#' +
      new URLSearchParams({
        tgWebAppData: initData,
        tgWebAppVersion: '8.0',
        tgWebAppPlatform: 'ios',
        tgWebAppThemeParams: '{"bg_color":"#000000"}',
        tgWebAppStartParam: 'tab-x',
      }).toString()
    expect(parseLaunchParams(hash)).toEqual({
      initDataRaw: initData,
      version: '8.0',
      platform: 'ios',
      theme: { bg_color: '#000000' },
      startParam: 'tab-x',
    })
    expect(parseLaunchParams('#tgWebAppVersion=8.0')).toBeNull()
    // the bot's /start button opens APP_URL?tgWebAppStartParam=...: the query counts when the hash has none
    expect(
      parseLaunchParams(hash.replace(/&?tgWebAppStartParam=[^&]*/, ''), '?tgWebAppStartParam=ref_42')?.startParam,
    ).toBe('ref_42')
    expect(parseLaunchParams(hash, '?tgWebAppStartParam=other')?.startParam).toBe('tab-x')
    expect(schemeOf('#000000')).toBe('dark')
  })

  it('the logged user carries no hash and no signature', () => {
    const who = userOf(initData)
    expect(who).toEqual({
      user: { id: 7, firstName: 'Ann', languageCode: 'ru' },
      authDate: 1763800000,
      startParam: null,
    })
    expect(JSON.stringify(who)).not.toMatch(/"h"|"s"|hash|signature/)
  })

  it("the launch carries the device's time zone, as Intl resolves it", () => {
    for (const zone of ['Asia/Tokyo', 'America/New_York']) {
      process.env.TZ = zone
      expect(deviceTimeZone()).toBe(zone)
      expect(readLaunch(false, false).launch.timeZone).toBe(zone)
    }
  })

  it("where the browser has Temporal, the launch's time zone is Temporal's", () => {
    const g = globalThis as { Temporal?: unknown }
    g.Temporal = { Now: { timeZoneId: () => 'Pacific/Auckland' } }
    try {
      process.env.TZ = 'Asia/Tokyo'
      expect(readLaunch(false, false).launch.timeZone).toBe('Pacific/Auckland')
    } finally {
      delete g.Temporal
    }
  })
})
