import { describe, expect, it } from 'vitest'
import { REDACTED, redactEvent } from '../../../domain/devtools/redact'
import type { AppEvent } from '../../../domain/events'

const e = (payload: object) => ({ seq: 1, at: 1, type: 'app/effectFailed', payload }) as unknown as AppEvent

describe('redaction', () => {
  it('hides hash, signature, auth headers and payment tokens wherever they sit', () => {
    const out = redactEvent(
      e({
        message: 'x',
        request: { headers: { telegramRawData: 'user=1&hash=abc', authorization: 'Bearer s3cret' } },
        result: { payUrl: 'https://t.me/$invoice', telegramLink: 'https://t.me/x', list: [{ signature: 'sig' }] },
      }),
    )
    expect(out.payload).toEqual({
      message: 'x',
      request: { headers: { telegramRawData: REDACTED, authorization: REDACTED } },
      result: { payUrl: REDACTED, telegramLink: REDACTED, list: [{ signature: REDACTED }] },
    })
  })

  it('cuts hash and signature out of any string carrying init data', () => {
    const out = redactEvent(e({ message: 'failed with tgWebAppData=query_id%3D1&hash=deadbeef&signature=abc&user=me' }))
    expect((out.payload as { message: string }).message).toBe(
      `failed with tgWebAppData=${REDACTED}&hash=${REDACTED}&signature=${REDACTED}&user=me`,
    )
  })

  it('keeps what the user saw: addresses, amounts, names, token objects', () => {
    const payload = {
      user: { id: 5, firstName: 'Alice' },
      to: '0x52908400098527886E0F7030069857D2E4169EE7',
      amount: '1.5',
      token: { logoURI: '/logos/a.svg', name: 'Tether' },
    }
    const ev = e(payload)
    expect(redactEvent(ev)).toBe(ev)
  })
})
