/** Telegram themes the scripts hand the page (the light one is the dev page's, server/kernel/static.ts DEMO_THEME). */

/** Telegram's dark theme as its iOS client hands it to a mini-app. */
export const DARK_THEME = {
  bg_color: '#000000',
  text_color: '#ffffff',
  hint_color: '#98989e',
  link_color: '#3e88f7',
  button_color: '#3e88f7',
  button_text_color: '#ffffff',
  secondary_bg_color: '#1c1c1d',
  header_bg_color: '#1a1a1a',
  accent_text_color: '#3e88f7',
  section_bg_color: '#2c2c2e',
  section_header_text_color: '#8d8e93',
  subtitle_text_color: '#98989e',
  destructive_text_color: '#eb5545',
}
