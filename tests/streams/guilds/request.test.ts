/** Set alliance on the wire (doc 2 §7: "POST, query alliance={name}; with no parameter the user leaves"). */
import { describe, expect, it } from 'vitest'
import { endpoints } from '../../../domain/api/endpoints'
import { buildRequest } from '../../../streams/http/request'

describe('set alliance', () => {
  it('the name goes in the query string, not the body; no name, no parameter: leave', () => {
    const join = buildRequest(endpoints.setAlliance as never, { alliance: 'ton_whales' }, 'http://127.0.0.1:1/', 'raw')
    expect(join).toMatchObject({
      method: 'POST',
      url: 'http://127.0.0.1:1/mining/alliance?alliance=ton_whales',
      body: '{}',
    })
    const leave = buildRequest(endpoints.setAlliance as never, {}, 'http://127.0.0.1:1', 'raw')
    expect(leave).toMatchObject({ method: 'POST', url: 'http://127.0.0.1:1/mining/alliance', body: '{}' })
    // a name that needs escaping stays one parameter
    expect(buildRequest(endpoints.setAlliance as never, { alliance: 'https://t.me/a_b' }, 'http://h', 'raw').url).toBe(
      'http://h/mining/alliance?alliance=https%3A%2F%2Ft.me%2Fa_b',
    )
  })
})
