/**
 * The app's texts in both languages (app.2): one i18next instance, handed to react-i18next
 * (`initReactI18next`), so components take `useTranslation` and `Trans` from react-i18next.
 *
 * - The language is state, not a guess: `app/launched` and the language setting put it in
 *   state.app.language, and the app calls `setLanguage` when that changes (App.tsx). No detector
 *   runs; until the state says otherwise the language is English.
 * - Keys are the spec's literal keys in one namespace (`send.error.invalid-address`).
 * - Plurals are i18next's: `key_one`, `key_few`, `key_many`, `key_other` by the language's plural
 *   rules, picked by a numeric `count`.
 * - The shell's and the home's texts (locales/en.json, locales/ru.json) are bundled here; a lazy
 *   feature's module adds its own (`addTranslations`) when its chunk evaluates, before any of its
 *   screens can render, so the first screen's JavaScript carries only what it shows.
 */
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import en from '../locales/en.json'
import ru from '../locales/ru.json'
import type { Language } from '../domain/app/language'

export const i18n = i18next.createInstance()
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, ru: { translation: ru } },
  lng: 'en',
  fallbackLng: 'en',
  // React escapes what it renders; escaping here too would show `&amp;` on screen.
  interpolation: { escapeValue: false },
  // The resources are in: init (and changeLanguage) complete synchronously.
  initAsync: false,
})

/** Follows the state's language (App.tsx): i18next's, and the page's `lang`. */
export function setLanguage(language: Language): void {
  if (i18n.language !== language) void i18n.changeLanguage(language)
  if (typeof document !== 'undefined') document.documentElement.lang = language
}

/** A lazy feature's texts, both languages, under its key (`swap.*`, `copyTrade.*`), merged into what is there. */
export function addTranslations(feature: string, texts: Record<Language, object>): void {
  for (const language of Object.keys(texts) as Language[])
    i18n.addResourceBundle(language, 'translation', { [feature]: texts[language] }, true, true)
}
