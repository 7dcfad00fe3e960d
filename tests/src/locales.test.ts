import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import coreEn from '../../locales/en.json'

const LOCALES = join(__dirname, '../../locales')
const LANGUAGES = ['en', 'ru'] as const
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as object

/** The shell's texts (locales/<lang>.json) and each lazy feature's own (locales/<feature>/<lang>.json), by file. */
const FILES = [
  '',
  ...readdirSync(LOCALES, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name),
]
const textsOf = (dir: string, language: string) => read(join(LOCALES, dir, `${language}.json`))

const flatten = (o: object, prefix = ''): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(o).flatMap(([k, v]) =>
      v && typeof v === 'object' ? Object.entries(flatten(v, `${prefix}${k}.`)) : [[`${prefix}${k}`, v]],
    ),
  )

/** i18next's plural suffixes: `key_one`, `key_few`... are the forms of one text `key`. */
const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/

/** The file's texts by key, a plural text's forms under its key (`{ one: ..., other: ... }`). */
function textsByKey(texts: object): Map<string, string | Record<string, unknown>> {
  const byKey = new Map<string, string | Record<string, unknown>>()
  for (const [key, value] of Object.entries(flatten(texts))) {
    const plural = PLURAL.exec(key)
    if (plural === null) byKey.set(key, value as string)
    else {
      const forms = (byKey.get(plural[1]) ?? {}) as Record<string, unknown>
      byKey.set(plural[1], { ...forms, [plural[2]]: value })
    }
  }
  return byKey
}

const vars = (s: unknown) => [...new Set([...String(s).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]))].sort()

describe('locales', () => {
  it('[app.2] en and ru have the same keys, none empty, in the shell and in every lazy feature; a plural has each form its language has', () => {
    for (const dir of FILES) {
      const [en, ru] = LANGUAGES.map((language) => textsByKey(textsOf(dir, language)))
      expect([...ru.keys()].sort(), `locales/${dir}`).toEqual([...en.keys()].sort())
      for (const [language, texts] of [
        ['en', en],
        ['ru', ru],
      ] as const) {
        const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories.slice().sort()
        for (const [key, text] of texts) {
          const where = `locales/${dir} ${language} ${key}`
          if (typeof text === 'string') {
            expect(text.trim(), where).not.toBe('')
            expect(typeof (language === 'en' ? ru : en).get(key), `${where}: a plural in one language only`).toBe(
              'string',
            )
          } else {
            // Russian has one, few, many, other; English one and other. A missing form would show the key.
            expect(Object.keys(text).sort(), where).toEqual(categories)
            for (const form of Object.values(text))
              expect(typeof form === 'string' && form.trim() !== '', where).toBe(true)
          }
        }
      }
    }
  })

  it('the same interpolation variables in both languages, in every plural form', () => {
    for (const dir of FILES) {
      const [en, ru] = LANGUAGES.map((language) => textsByKey(textsOf(dir, language)))
      for (const [key, text] of en) {
        const want = vars(typeof text === 'string' ? text : text.other)
        const theirs = ru.get(key)
        const forms = [
          ...(typeof text === 'string' ? [text] : Object.values(text)),
          ...(typeof theirs === 'string' ? [theirs] : Object.values(theirs ?? {})),
        ]
        for (const form of forms) expect(vars(form), `locales/${dir} ${key}: ${String(form)}`).toEqual(want)
      }
    }
  })

  it("the refusal reads the spec's sentence (app.4)", () => {
    expect(coreEn.errors['no-init-data']).toBe('Only possible to use inside telegram bot')
  })
})
