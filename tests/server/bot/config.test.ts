/**
 * The bot's settings (docs/operations.md, "Opening it in Telegram"): dev mode runs the stand-in and long
 * polling unless told otherwise; production talks to Telegram and names how updates arrive, and a
 * server never runs the stand-in in production.
 */
import { describe, expect, it } from 'vitest'
import { botConfigFromEnv } from '../../../server/bot/config'
import { configFromEnv } from '../../../server/config'
import { serverBot } from '../../../server/bot/serve'
import type { Db } from '../../../server/db'
import type { Jobs } from '../../../server/kernel/jobs'
import type { Payments } from '../../../server/payments/orders'

const WEBHOOK = { BOT_WEBHOOK_URL: 'https://wallet.example/telegram/webhook', BOT_WEBHOOK_SECRET: 'Secret_1-x' }

describe('bot configuration', () => {
  it('dev mode: the in-process stand-in and long polling by default', () => {
    expect(botConfigFromEnv({}, 'development')).toEqual({ apiRoot: null, updates: { kind: 'polling' } })
    expect(botConfigFromEnv({ BOT_POLLING: 'off' }, 'development')).toEqual({ apiRoot: null, updates: { kind: 'off' } })
    expect(botConfigFromEnv({ BOT_API_ROOT: 'https://api.telegram.org/' }, 'development')).toEqual({
      apiRoot: 'https://api.telegram.org',
      updates: { kind: 'polling' },
    })
    expect(botConfigFromEnv({ BOT_WEBHOOK_URL: '/telegram/webhook', BOT_WEBHOOK_SECRET: 's' }, 'development')).toEqual({
      apiRoot: null,
      updates: { kind: 'webhook', url: '/telegram/webhook', secret: 's' },
    })
    expect(configFromEnv({ NODE_ENV: 'development' })).toMatchObject({
      bot: { apiRoot: null, updates: { kind: 'polling' } },
    })
  })

  it('production: Telegram’s Bot API, and a webhook with its secret (or polling named)', () => {
    expect(botConfigFromEnv(WEBHOOK, 'production')).toEqual({
      apiRoot: 'https://api.telegram.org',
      updates: { kind: 'webhook', url: WEBHOOK.BOT_WEBHOOK_URL, secret: WEBHOOK.BOT_WEBHOOK_SECRET },
    })
    expect(botConfigFromEnv({ BOT_POLLING: 'on', APP_URL: 'https://wallet.example/' }, 'production')).toEqual({
      apiRoot: 'https://api.telegram.org',
      updates: { kind: 'polling' },
    })
    expect(botConfigFromEnv({ BOT_POLLING: 'off' }, 'production')).toEqual({
      apiRoot: 'https://api.telegram.org',
      updates: { kind: 'off' },
    })
  })

  it('refuses what makes no sense, with one line', () => {
    const refusals: [Record<string, string>, 'production' | 'development', RegExp][] = [
      [{}, 'production', /needs BOT_WEBHOOK_URL and BOT_WEBHOOK_SECRET in production/],
      [{ BOT_WEBHOOK_URL: WEBHOOK.BOT_WEBHOOK_URL }, 'production', /BOT_WEBHOOK_SECRET is required/],
      [{ ...WEBHOOK, BOT_WEBHOOK_SECRET: 'has space' }, 'production', /BOT_WEBHOOK_SECRET/],
      [{ ...WEBHOOK, BOT_WEBHOOK_SECRET: 'x'.repeat(257) }, 'production', /BOT_WEBHOOK_SECRET/],
      [
        { ...WEBHOOK, BOT_WEBHOOK_URL: 'http://wallet.example/hook' },
        'production',
        /BOT_WEBHOOK_URL must be an https URL/,
      ],
      [{ ...WEBHOOK, BOT_WEBHOOK_URL: '/telegram/webhook' }, 'production', /BOT_WEBHOOK_URL must be an https URL/],
      [{ ...WEBHOOK, BOT_POLLING: 'on' }, 'production', /exclude each other/],
      [{ BOT_POLLING: 'yes' }, 'development', /BOT_POLLING must be "on" or "off"/],
      [{ BOT_POLLING: 'on' }, 'production', /APP_URL is required in production/],
      [{ ...WEBHOOK, BOT_API_ROOT: 'api.telegram.org' }, 'production', /BOT_API_ROOT must be an http\(s\) URL/],
      [{ ...WEBHOOK, BOT_API_ROOT: '' }, 'production', /BOT_API_ROOT/],
    ]
    for (const [env, mode, why] of refusals) {
      const config = botConfigFromEnv(env, mode)
      expect(config, JSON.stringify(env)).toEqual({ error: expect.stringMatching(why) })
      expect((config as { error: string }).error).not.toContain('\n')
    }
    expect(
      configFromEnv({
        NODE_ENV: 'production',
        BOT_TOKEN: '1:p',
        WALLET_SECRET: 'w',
        DATABASE_URL: 'postgres://db/switch',
        SERVICE_TON_ADDRESS: 'UQBBJBB3HagsujBqVfqeDUPJ0kXjgTPLWPFFffuNXNiJLxtF',
      }),
    ).toEqual({ error: expect.stringMatching(/^the bot needs BOT_WEBHOOK_URL/) })
  })

  it('BOT_SUPPORT_CONTACT, where /paysupport sends a payer: an @username, an e-mail address or an http(s) URL', () => {
    for (const contact of ['@switch_help', 'pay@switch.example', 'https://switch.example/support'])
      expect(botConfigFromEnv({ ...WEBHOOK, BOT_SUPPORT_CONTACT: ` ${contact} ` }, 'production')).toMatchObject({
        supportContact: contact,
      })
    expect(botConfigFromEnv({ BOT_SUPPORT_CONTACT: '' }, 'development')).toEqual({
      apiRoot: null,
      updates: { kind: 'polling' },
    })
    for (const wrong of ['switch_help', '@ab', 'call us', 'ftp://switch.example/'])
      expect(botConfigFromEnv({ BOT_SUPPORT_CONTACT: wrong }, 'development'), wrong).toEqual({
        error: expect.stringMatching(/^BOT_SUPPORT_CONTACT must be/),
      })
  })

  it('a production server never starts the stand-in', async () => {
    const deps = { token: '1:p', mode: 'production' as const, db: {} as Db, payments: {} as Payments, jobs: {} as Jobs }
    await expect(serverBot({ apiRoot: null, updates: { kind: 'off' } }, deps)).rejects.toThrow(
      /stand-in is for dev mode and tests/,
    )
  })
})
