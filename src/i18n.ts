/**
 * i18next with both languages (app.2); the language follows state.app.language. The shell's and
 * the home's texts are bundled; a lazy screen brings its own (`addTranslations`), so the first
 * screen's JavaScript carries only what it shows.
 */
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import en from '../locales/en.json'
import ru from '../locales/ru.json'
import type { Language } from '../domain/app/rules'

export const i18n = i18next.createInstance()
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, ru: { translation: ru } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
})

export function setLanguage(language: Language): void {
  if (i18n.language !== language) void i18n.changeLanguage(language)
  if (typeof document !== 'undefined') document.documentElement.lang = language
}

/** A lazy feature's texts, both languages, under its key (`swap.*`, `copyTrade.*`). */
export function addTranslations(feature: string, texts: Record<Language, object>): void {
  for (const language of Object.keys(texts) as Language[]) i18n.addResourceBundle(language, 'translation', { [feature]: texts[language] }, true, true)
}
