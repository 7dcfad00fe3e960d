// @vitest-environment happy-dom
/**
 * src/i18n.ts replaced i18next + react-i18next in the app (issue 19, the first screen's budget).
 * It must read every text as i18next did: each case here is asked of both, an i18next instance set
 * up as the app's was (both languages, English fallback, unescaped values) and holding the same
 * texts, and the answers must be equal.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import i18next from 'i18next'
import { act } from 'react'
import { describe, expect, it } from 'vitest'
import { type TOptions, addTranslations, i18n, setLanguage, useTranslation } from '../../src/i18n'
import type { Language } from '../../domain/app/language'
import { useMountPoint } from './render'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>
const LOCALES = join(__dirname, '../../locales')

const reference = i18next.createInstance()
void reference.init({
  resources: { en: { translation: read(join(LOCALES, 'en.json')) }, ru: { translation: read(join(LOCALES, 'ru.json')) } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
})

/** Texts given to both, as a lazy screen gives its own (the app's addTranslations did this with i18next). */
function addToBoth(feature: string, texts: Record<Language, object>) {
  addTranslations(feature, texts)
  for (const language of Object.keys(texts) as Language[]) reference.addResourceBundle(language, 'translation', { [feature]: structuredClone(texts[language]) }, true, true)
}

// Every lazy screen's texts, under the keys the screens add them (mining's parts merge).
const NESTED_IN_MINING: Record<string, string> = { guilds: 'guilds', tasks: 'tasks', friends: 'frens' }
for (const dir of readdirSync(LOCALES, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort((a, b) => (a === 'mining' ? -1 : b === 'mining' ? 1 : 0))) {
  const en = read(join(LOCALES, dir, 'en.json'))
  const ru = read(join(LOCALES, dir, 'ru.json'))
  const under = NESTED_IN_MINING[dir]
  if (under === undefined) addToBoth(dir, { en, ru })
  else addToBoth('mining', { en: { [under]: en }, ru: { [under]: ru } })
}

// What no locale has today but a text could: plural forms, a group with a text missing in Russian,
// a placeholder in a path, spaces inside braces.
addToBoth('i18nCases', {
  en: {
    items_one: '{{count}} item',
    items_other: '{{count}} items',
    none_zero: 'nothing',
    none_other: '{{count}} things',
    group: { title: 'Title {{name}}', body: 'Body', list: ['first {{name}}', 'second'] },
    path: 'Hello {{user.name}} and {{ spaced }}',
    missing: 'Hi {{absent}} and {{present}}',
    empty: '',
  },
  ru: {
    items_one: '{{count}} штука',
    items_few: '{{count}} штуки',
    items_many: '{{count}} штук',
    items_other: '{{count}} штуки',
    group: { title: 'Заголовок {{name}}' },
  },
})

/** Both signatures of `t` at once: these cases pass options of either kind. */
type AnyT = (key: string | readonly string[], options?: TOptions) => unknown
const ours = i18n.t as AnyT

const flatKeys = (o: unknown, prefix = ''): string[] =>
  typeof o === 'object' && o !== null ? Object.entries(o).flatMap(([k, v]) => flatKeys(v, `${prefix}${k}.`)) : [prefix.slice(0, -1)]

/** Values for every placeholder any text names, of each kind a screen passes. */
const VALUES: TOptions = {
  amount: '1 234.5', symbol: 'USDT', name: 'Ann', date: '24.11.2025', ton: 0, percent: 12.5, network: null, stars: 250, count: 21, n: 2,
  message: 'not enough balance', seconds: 42, user: { name: 'Bob' }, spaced: 'ok', present: undefined,
}

describe('the app\'s translator reads texts as i18next did', () => {
  const languages: Language[] = ['en', 'ru']
  const everyKey = [...new Set(flatKeys(reference.store.data.en.translation))]

  it('every text of every locale, in both languages, with and without values', async () => {
    expect(everyKey.length).toBeGreaterThan(500)
    for (const language of languages) {
      await reference.changeLanguage(language)
      await i18n.changeLanguage(language)
      for (const key of everyKey) {
        expect(i18n.t(key), `${language} ${key}`).toBe(reference.t(key))
        expect(ours(key, VALUES), `${language} ${key} with values`).toBe(reference.t(key, VALUES))
        expect(i18n.exists(key), `${language} exists ${key}`).toBe(reference.exists(key))
      }
    }
  })

  it('plural forms by count (Russian one, few, many; zero first for 0), a group, a path, a missing key, a list of keys, a default', async () => {
    const cases: Array<[string | string[], TOptions | undefined]> = [
      ...[0, 1, 2, 5, 11, 21, 1.5].flatMap((count): Array<[string, TOptions]> => [['i18nCases.items', { count }], ['i18nCases.none', { count }]]),
      ['i18nCases.items', undefined],
      ['i18nCases.group', undefined],
      ['i18nCases.group', { returnObjects: true, name: 'Ann' }],
      ['i18nCases.group.list', { returnObjects: true, name: 'Ann' }],
      ['i18nCases.path', VALUES],
      ['i18nCases.missing', VALUES],
      ['i18nCases.missing', undefined],
      ['i18nCases.empty', undefined],
      ['no.such.key', undefined],
      ['no.such.key', { defaultValue: 'Fallback {{name}}', name: 'Ann' }],
      [['no.such.key', 'wallet.send', 'wallet.swap'], undefined],
      [['no.such.key', 'nor.this'], undefined],
      ['wallet', undefined],
      ['wallet.empty', { returnObjects: true }],
      ['errors.rejected', { message: '{{name}} $t(wallet.send)', name: 'Ann' }],
    ]
    for (const language of languages) {
      await reference.changeLanguage(language)
      await i18n.changeLanguage(language)
      for (const [key, options] of cases) {
        const label = `${language} ${JSON.stringify(key)} ${JSON.stringify(options)}`
        expect(ours(key, options), label).toStrictEqual(options === undefined ? reference.t(key) : reference.t(key, options as never))
        if (typeof key === 'string') expect(i18n.exists(key), `exists ${label}`).toBe(reference.exists(key))
      }
    }
    await i18n.changeLanguage('en')
  })
})

describe('a component\'s texts follow the language', () => {
  const mount = useMountPoint()
  function Label({ k, values }: { k: string; values?: TOptions & { returnObjects?: false } }) {
    const { t } = useTranslation()
    return <span>{t(k, values)}</span>
  }

  it('[app.2] renders again in the new language when it changes, and the page says which', () => {
    act(() => setLanguage('en'))
    act(() => mount.root.render(<Label k="errors.too-many-requests" values={{ seconds: 42 }} />))
    expect(mount.container.textContent).toBe('Too many requests in a row. Wait 42 s and try again.')
    act(() => setLanguage('ru'))
    expect(mount.container.textContent).toBe('Слишком много запросов подряд. Подождите 42 с и попробуйте снова.')
    expect(document.documentElement.lang).toBe('ru')
    expect(i18n.language).toBe('ru')
    act(() => setLanguage('en'))
    expect(mount.container.textContent).toBe('Too many requests in a row. Wait 42 s and try again.')
  })
})
