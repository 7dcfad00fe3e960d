/** The app's languages and how the one shown is chosen (app.19-21). */

export type Language = 'en' | 'ru'
export const LANGUAGES: readonly Language[] = ['en', 'ru']
/** The cookie that remembers the picked language (app.19; the spec does not name it). */
export const LANGUAGE_COOKIE = 'lang'

const asLanguage = (value: string | null | undefined): Language | null => {
  const primary = value?.trim().toLowerCase().split(/[-_]/)[0]
  return (LANGUAGES as readonly string[]).includes(primary ?? '') ? (primary as Language) : null
}

/** Cookie, then query `lang` (app.19), then the Telegram user's language (app.20), else en (app.21). */
export function resolveLanguage(sources: {
  cookie?: string | null
  query?: string | null
  user?: string | null
}): Language {
  return asLanguage(sources.cookie) ?? asLanguage(sources.query) ?? asLanguage(sources.user) ?? 'en'
}

/** Reads one cookie out of a `document.cookie` string. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [k, ...rest] = part.trim().split('=')
    if (k === name) return decodeURIComponent(rest.join('='))
  }
  return null
}
