import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import it from './it';
import pl from './pl';
import en from './en';

import { isLanguage, LANGUAGES, LANGUAGE_COOKIE, type Language } from './runtime';

export { isLanguage, LANGUAGES, LANGUAGE_COOKIE, type Language };

export const resources = { it: { translation: it }, pl: { translation: pl }, en: { translation: en } };

/** i18next with the three catalogues at once (tests; the storefront uses runtime.ts); Italian is the default and the fallback. */
export function createI18n(language: Language = 'it'): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'it',
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
  });
  return instance;
}
