/**
 * Tasks (server/tasks/routes.ts): swaps and deposits recorded as the tasks' facts, subscriptions
 * checked by the bot after their delay, a TON wallet linked with TonConnect's ton_proof.
 */
import { Hono } from 'hono'
import type { ServerFeature } from '../feature'
import { LOGO_HEADERS } from '../kernel/logos'
import { loadPartnerLogos } from './logos'
import { logCallback } from '../kernel/log'
import { tonApiPublicKeys } from '../payments/tonProof'
import { OWN_CHANNELS } from './catalogue'
import { seedDemoTasks } from './dev'
import { recordTaskFacts } from './facts'
import { type WalletProofs, tasksRoutes } from './routes'
import { defineVerifyJob } from './verify'

export const tasksFeature: ServerFeature = {
  name: 'tasks',
  async start({ config, dev, db, catalogue, clock, jobs, log, ton, bot }) {
    recordTaskFacts(db, catalogue, clock)
    defineVerifyJob(
      jobs,
      db,
      bot && ((chatId, userId) => bot.api.getChatMember(chatId, userId)),
      () => clock.now(),
      logCallback(log),
    )
    // Dev mode and tests: the stand-in has the project's channels, with the bot as their admin.
    for (const chatId of Object.values(OWN_CHANNELS)) bot?.standIn?.addChat(chatId)
    // A TON wallet is linked with TonConnect's ton_proof (server/payments/tonProof.ts): signed for the app's
    // host (APP_URL's; in dev mode and tests the host a request came to), its key read from the TON API when
    // the proof carries no state init. A production server without APP_URL links no wallet (503).
    const walletProofs: WalletProofs = {
      domainOf: (url) => (config.appUrl ? new URL(config.appUrl).host : dev ? new URL(url).host : null),
      publicKeyOf: tonApiPublicKeys({ baseUrl: ton.apiUrl, apiKey: config.tonApi?.apiKey }),
    }
    // The partners' logos on the task and airdrop cards (server/tasks/logos.ts), served here, never hot-linked.
    const partnerLogos = await loadPartnerLogos()
    const logos = new Hono().get('/logos/partners/:file', (c) => {
      const svg = partnerLogos.svg(c.req.param('file').replace(/\.svg$/, ''))
      return svg === null ? c.json({ message: 'no such logo' }, 404) : c.body(svg, 200, LOGO_HEADERS)
    })
    return { api: tasksRoutes(db, catalogue, clock, jobs, walletProofs), public: logos }
  },
  // The demo user's tasks in each state (server/tasks/dev.ts).
  demoSeed: seedDemoTasks,
}
