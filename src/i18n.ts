/**
 * The app's texts in both languages (app.2); the language follows state.app.language. The shell's
 * and the home's texts are bundled; a lazy screen brings its own (`addTranslations`), so the first
 * screen's JavaScript carries only what it shows.
 *
 * A translator of our own, not i18next + react-i18next (16 KB gzip of the first screen's 150 KB
 * budget, issue 19). It does what the app asked of i18next, the way i18next did it (its Translator
 * and Interpolator were the reference; tests/src/i18n.test.ts holds each point): nested keys split
 * on `.`; the language's text, else English's; a list of keys gives the first one found; a missing
 * key gives `defaultValue`, else the (last) key; `{{name}}` takes the option of that name (a path
 * `{{a.b}}` too), unescaped, and stays as written when no option has that name; with a numeric
 * `count`, `key_<plural form>` (Intl.PluralRules; `key_zero` for 0 first) before `key`; an object
 * reads as a sentence saying so, or with `returnObjects`, as a copy with every text translated.
 * Not kept, as no text uses them: `$t()` nesting, `{{x, format}}`, contexts, namespaces.
 */
import { useSyncExternalStore } from 'react'
import en from '../locales/en.json'
import ru from '../locales/ru.json'
import type { Language } from '../domain/app/language'

export interface TOptions {
  /** What a key that no language has reads as (interpolated like a text). */
  defaultValue?: string
  /** An object under the key comes back as a copy with each text translated. */
  returnObjects?: boolean
  /** Picks `key_one`, `key_few`... when the language has them, and fills `{{count}}`. */
  count?: number
  [name: string]: unknown
}

export interface TFunction {
  (key: string | readonly string[], options?: TOptions & { returnObjects?: false }): string
  (key: string | readonly string[], options: TOptions & { returnObjects: true }): unknown
}

type Texts = { [key: string]: unknown }

const FALLBACK: Language = 'en'
const texts: Record<string, Texts> = { en: structuredClone(en), ru: structuredClone(ru) }
let current: Language = FALLBACK
const listeners = new Set<() => void>()

const isObject = (value: unknown): value is Texts => typeof value === 'object' && value !== null

function pathIn(root: unknown, path: string): unknown {
  let at = root
  for (const name of path.split('.')) {
    if (!isObject(at) || !Object.prototype.hasOwnProperty.call(at, name)) return undefined
    at = at[name]
  }
  return at
}

/** i18next's valid lookup: null is no text, '' is one. */
const found = (value: unknown) => value !== undefined && value !== null

const plurals = new Map<string, Intl.PluralRules>()
const pluralForm = (language: string, count: number) => {
  let rules = plurals.get(language)
  if (rules === undefined) plurals.set(language, (rules = new Intl.PluralRules(language)))
  return rules.select(count)
}

/** The text of the first key found, in the language and then in English, and the key that had it. */
function resolve(keys: readonly string[], language: string, count: unknown): { value: unknown; key: string; exactKey: string } | undefined {
  const languages = language === FALLBACK ? [language] : [language, FALLBACK]
  for (const key of keys) {
    for (const code of languages) {
      const candidates = typeof count === 'number' ? [...(count === 0 ? [`${key}_zero`] : []), `${key}_${pluralForm(code, count)}`, key] : [key]
      for (const candidate of candidates) {
        const value = pathIn(texts[code], candidate)
        if (found(value)) return { value, key, exactKey: candidate }
      }
    }
  }
  return undefined
}

const PLACEHOLDER = /\{\{(.+?)\}\}/g

function interpolate(text: string, options: TOptions): string {
  return text.replace(PLACEHOLDER, (placeholder, inner: string) => {
    const name = inner.trim()
    const value = Object.prototype.hasOwnProperty.call(options, name) ? options[name] : pathIn(options, name)
    if (value === undefined) return Object.prototype.hasOwnProperty.call(options, name) ? '' : placeholder
    return value === null ? '' : String(value)
  })
}

function translate(language: string, keyOrKeys: string | readonly string[], options: TOptions = {}): unknown {
  const keys = typeof keyOrKeys === 'string' ? [keyOrKeys] : keyOrKeys.map(String)
  const key = keys[keys.length - 1]
  const resolved = resolve(keys, language, options.count)
  const value = resolved?.value
  if (isObject(value)) {
    if (options.returnObjects !== true) return `key '${key} (${current})' returned an object instead of string.`
    const copy: Texts | unknown[] = Array.isArray(value) ? [] : {}
    for (const name of Object.keys(value)) {
      const deepKey = `${Array.isArray(value) ? resolved?.exactKey : resolved?.key}.${name}`
      const text = translate(language, deepKey, options)
      ;(copy as Texts)[name] = text === deepKey ? value[name] : text
    }
    return copy
  }
  const text = found(value) ? String(value) : typeof options.defaultValue === 'string' ? options.defaultValue : key
  return interpolate(text, options)
}

const fixed = new Map<string, TFunction>()
/** The translation function of one language (the same function each time, as a hook's dependency). */
function fixedT(language: string): TFunction {
  let t = fixed.get(language)
  if (t === undefined) fixed.set(language, (t = ((keys: string | readonly string[], options?: TOptions) => translate(language, keys, options)) as TFunction))
  return t
}

export const i18n = {
  get language(): Language {
    return current
  },
  /** In the current language. */
  t: ((keys: string | readonly string[], options?: TOptions) => translate(current, keys, options)) as TFunction,
  /** Whether the current language (or English) has a text or a group of texts under the key. */
  exists: (key: string): boolean => resolve([key], current, undefined) !== undefined,
  changeLanguage(language: Language): Promise<TFunction> {
    if (language !== current) {
      current = language
      for (const listener of listeners) listener()
    }
    return Promise.resolve(fixedT(language))
  },
}

export function setLanguage(language: Language): void {
  void i18n.changeLanguage(language)
  if (typeof document !== 'undefined') document.documentElement.lang = language
}

/** i18next's deepExtend, overwriting: groups merge, a text replaces what was there. */
function deepMerge(into: Texts, from: Texts): void {
  for (const [name, value] of Object.entries(from)) {
    if (name === '__proto__' || name === 'constructor') continue
    if (!Object.prototype.hasOwnProperty.call(into, name) || typeof into[name] === 'string' || typeof value === 'string') into[name] = isObject(value) ? structuredClone(value) : value
    else if (isObject(into[name]) && isObject(value)) deepMerge(into[name] as Texts, value)
  }
}

/** A lazy feature's texts, both languages, under its key (`swap.*`, `copyTrade.*`). */
export function addTranslations(feature: string, translations: Record<Language, object>): void {
  for (const language of Object.keys(translations) as Language[]) deepMerge((texts[language] ??= {}), { [feature]: translations[language] })
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
const currentLanguage = () => current

/** The current language's `t` for a component, which renders again when the language changes. */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage)
  return { t: fixedT(language), i18n }
}
