import i18next, { type i18n } from 'i18next';
import itCore from './it';
import itContact from './it.contact';
import itOffer from './it.offer';
import itNotFound from './it.notFound';
import itSeo from './it.seo';
import itCompare from './it.compare';
import itRefusal from './it.refusal';
import itFitment from './it.fitment';
import itVehiclePage from './it.vehiclePage';
import itListingFilters from './it.listingFilters';
import itMeasures from './it.measures';
import itCodeGroup from './it.codeGroup';
import itCheckout from './it.checkout';
import plCheckout from './pl.checkout';
import enCheckout from './en.checkout';
import itShopTexts from './it.shopTexts';
import itBackOffice from './it.backOffice';
import plBackOffice from './pl.backOffice';
import enBackOffice from './en.backOffice';
import pl from './pl';
import en from './en';

import { isLanguage, LANGUAGES, type Language } from './runtime';

export { isLanguage, LANGUAGES, type Language };

/** Merges catalogue parts section by section (a section may be split between parts). */
function mergeParts(...parts: object[]): Record<string, unknown> {
  const whole: Record<string, unknown> = {};
  for (const part of parts) {
    for (const [section, texts] of Object.entries(part)) whole[section] = { ...((whole[section] as object) ?? {}), ...(texts as object) };
  }
  return whole;
}

/** The whole Italian catalogue: the core and every page's texts. */
export const it = mergeParts(itCore, itOffer, itContact, itCompare, itRefusal, itNotFound, itFitment, itVehiclePage, itListingFilters, itMeasures, itCodeGroup, itShopTexts, itCheckout, itBackOffice, { seo: itSeo });

export const resources = { it: { translation: it }, pl: { translation: mergeParts(pl, plCheckout, plBackOffice) }, en: { translation: mergeParts(en, enCheckout, enBackOffice) } };

/** i18next with the three catalogues at once (tests; the storefront uses runtime.ts); Italian is the default and the fallback. */
export function createI18n(language: Language = 'it'): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources,
    lng: language,
    fallbackLng: 'it',
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
  });
  return instance;
}
