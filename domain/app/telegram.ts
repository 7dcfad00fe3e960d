/** What the app may use of the Telegram host around it (app.4; the QR scanner). */

/** app.4 */
export const NO_INIT_DATA_MESSAGE = 'Only possible to use inside telegram bot'

/**
 * Where Telegram's QR scanner is offered (web_app_open_scan_qr_popup, Bot API 6.4): inside a
 * Telegram host, on the clients with a camera scanner (iOS and Android). The desktop and web
 * clients have none; the bridge still checks the client's version before opening it.
 */
export const QR_SCANNER_PLATFORMS: readonly string[] = ['ios', 'android', 'android_x']
export const qrScannerAvailable = (app: { telegramHost: boolean; platform: string }) =>
  app.telegramHost && QR_SCANNER_PLATFORMS.includes(app.platform)
