/**
 * The shop's information pages: each topic has one address per language, /pages/{slug} under
 * the language's prefix (`/pages/spedizioni-e-consegne`, `/pl/pages/wysylka-i-dostawa`; see
 * languagePaths.ts); the server stores them in cms_pages (test/server/cmsPages.test.ts pins
 * that both agree).
 */
export const INFO_PAGE_PREFIX = '/pages/';

export type InfoTopic = 'shipping' | 'returns' | 'instalments' | 'warranty' | 'terms';
export type InfoLanguage = 'it' | 'pl' | 'en';

export const INFO_PAGE_SLUGS: Readonly<Record<InfoTopic, Readonly<Record<InfoLanguage, string>>>> = {
  shipping: { it: 'spedizioni-e-consegne', pl: 'wysylka-i-dostawa', en: 'shipping-and-delivery' },
  returns: { it: 'resi-e-rimborsi', pl: 'zwroty-i-zwrot-pieniedzy', en: 'returns-and-refunds' },
  instalments: { it: 'pagamento-a-rate', pl: 'platnosc-w-ratach', en: 'pay-in-instalments' },
  warranty: { it: 'garanzia-sui-ricambi', pl: 'gwarancja-na-czesci', en: 'parts-warranty' },
  terms: { it: 'termini-e-condizioni', pl: 'regulamin', en: 'terms-and-conditions' },
};

/** A topic's address in a language (Italian, the shop's language, at the root, for any other). */
export function infoPageLink(topic: InfoTopic, language: string): string {
  const slugs = INFO_PAGE_SLUGS[topic];
  const own = language !== 'it' && Object.hasOwn(slugs, language);
  return `${own ? `/${language}` : ''}${INFO_PAGE_PREFIX}${own ? slugs[language as InfoLanguage] : slugs.it}`;
}

/** The slug of an information page address, or null when the address is not one. */
export function infoPageSlug(pathname: string): string | null {
  const match = /^\/pages\/([a-z0-9]+(?:-[a-z0-9]+)*)$/.exec(pathname);
  return match ? match[1] : null;
}
