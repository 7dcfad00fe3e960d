/** Outside links of the shell. The spec names their purpose, not their addresses: chosen here once. */
export const LINKS = {
  /** app.29: the memecoin launchpad mini-app opened by the big-pump item and /bigpump. */
  bigpump: 'https://t.me/bigpump_bot/app',
  /** app.29: the stats dashboard. */
  stats: 'https://switch-stats.example.org/',
  /** send.19: the wallet's bot, where a send can be viewed. */
  bot: 'https://t.me/switch_wallet_bot',
  /** app.26: the news channel of the maintenance screen. */
  news: 'https://t.me/switch_wallet_news',
} as const
