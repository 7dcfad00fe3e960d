/** Telegram themes the scripts hand the page: the dev page's own (server/kernel/static.ts), light and dark. */
export { DEMO_DARK_THEME as DARK_THEME } from '../server/kernel/static'
