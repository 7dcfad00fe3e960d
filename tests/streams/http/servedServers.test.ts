/** The server lists a dev-mode server writes into its page (SERVED_SERVERS_META) and the client reads. */
import { describe, expect, it } from 'vitest'
import { withServedServers } from '../../../streams/http/client'
import { SERVED_SERVERS_META } from '../../../domain/api/endpoint'

const A = 'https://a.example'
const B = 'https://b.example'

describe('server lists a development server writes into its page', () => {
  const page = (metas: Record<string, string>) => ({
    querySelector: (selector: string) => {
      const name = /meta\[name="([^"]+)"\]/.exec(selector)?.[1] ?? ''
      return name in metas
        ? ({ getAttribute: (a: string) => (a === 'content' ? metas[name] : null) } as unknown as Element)
        : null
    },
  })

  it("replace the build's list of each service they name, and only that one", () => {
    const env = { VITE_WALLET_SERVERS: 'https://built.example', MODE: 'production' }
    expect(withServedServers(env, page({ [SERVED_SERVERS_META.mining]: `${A},${B}` }))).toEqual({
      ...env,
      VITE_MINING_SERVERS: `${A},${B}`,
    })
    expect(
      withServedServers(env, page({ [SERVED_SERVERS_META.wallet]: `${A},${B}`, [SERVED_SERVERS_META.mining]: B })),
    ).toEqual({ ...env, VITE_WALLET_SERVERS: `${A},${B}`, VITE_MINING_SERVERS: B })
    // none written (a production page), or no document: the build's
    expect(withServedServers(env, page({}))).toEqual(env)
    expect(withServedServers(env, undefined)).toEqual(env)
  })
})
