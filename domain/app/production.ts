/** Whether a server is the production service (app.9). */

/**
 * app.9: the host of the product's bot server. The spec does not name it; chosen here once. A
 * server URL containing it is the production service.
 */
export const BOT_HOST = 'bot.switch-wallet.app'

/** app.9: a server URL containing the bot host means production; any other URL is not production. */
export function isProductionServer(url: string, botHost: string = BOT_HOST): boolean {
  return botHost !== '' && url.toLowerCase().includes(botHost.toLowerCase())
}
