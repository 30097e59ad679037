import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import it from './it';
import pl from './pl';
import en from './en';

export const LANGUAGES = ['it', 'pl', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'shopLanguage';

export const resources = { it: { translation: it }, pl: { translation: pl }, en: { translation: en } };

/** i18next with the three catalogues; Italian is the default and the fallback. */
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

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
