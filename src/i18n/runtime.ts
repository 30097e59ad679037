import i18next, { type i18n } from 'i18next';
import it from './it';

/**
 * The storefront's i18next: Italian (the shop's language and the fallback) ships with the
 * page, its core with every page and each page's own texts with that page's chunk; Polish and English load on demand, on a page at their address (`/pl/`, `/en/`), so no visitor downloads
 * three catalogues. Tests use `createI18n` (index.ts), which has all three at once.
 */
export const LANGUAGES = ['it', 'pl', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

const loaders: Record<Exclude<Language, 'it'>, () => Promise<{ default: object }>> = {
  pl: () => import(/* webpackChunkName: "i18n-pl" */ './pl'),
  en: () => import(/* webpackChunkName: "i18n-en" */ './en'),
};

/** Page texts loaded so far (by language), and the storefront's instances that receive them. */
const pageTexts: Array<{ language: Language; texts: object }> = [];
const instances = new Set<i18n>();

/**
 * A page's own Italian texts join the catalogue when its chunk loads (the page module calls
 * this as it is evaluated, before anything of it renders). Polish and English catalogues are
 * whole: they load on demand anyway.
 */
export function addPageTexts(texts: object, language: Language = 'it'): void {
  if (pageTexts.some((entry) => entry.texts === texts)) return;
  pageTexts.push({ language, texts });
  // Another language's page texts join its catalogue now if it is loaded, else when it loads (switchLanguage).
  for (const instance of instances) if (language === 'it' || instance.hasResourceBundle(language, 'translation')) instance.addResourceBundle(language, 'translation', texts, true, false);
}

export function createShopI18n(): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources: { it: { translation: it } },
    lng: 'it',
    fallbackLng: 'it',
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
  });
  for (const { texts } of pageTexts.filter((entry) => entry.language === 'it')) instance.addResourceBundle('it', 'translation', texts, true, false);
  instances.add(instance);
  return instance;
}

/** Loads a language's catalogue once, then switches to it. */
export async function switchLanguage(instance: i18n, language: Language): Promise<void> {
  if (language !== 'it' && !instance.hasResourceBundle(language, 'translation')) {
    const catalogue = await loaders[language]();
    instance.addResourceBundle(language, 'translation', catalogue.default);
    for (const { texts } of pageTexts.filter((entry) => entry.language === language)) instance.addResourceBundle(language, 'translation', texts, true, false);
  }
  await instance.changeLanguage(language);
}
