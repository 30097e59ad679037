import { INFO_PAGE_SLUGS, type InfoLanguage, type InfoTopic } from './infoPages';

/**
 * Languages in the address (issue 22): Italian, the shop's language, at the root (`/`,
 * `/product-11-x.html`); Polish and English under their own prefix (`/pl/`,
 * `/pl/product-11-x.html`, `/en/search.php?...`). A page's language is read from its address
 * only, so the same address always shows the same page, whoever asks (a cache can key on the
 * URL alone). The API's addresses (`/ajax/*`, `/graphql/*`, `/search.php?json=true`,
 * `/pages/{slug}?json=true`) have no prefix: the page's language reaches them as a parameter.
 * Pure: no React, no IO.
 */
export type AddressLanguage = InfoLanguage;
export const ADDRESS_LANGUAGES: readonly AddressLanguage[] = ['it', 'pl', 'en'];
/** The language of the root addresses, and the `x-default` of every page. */
export const ROOT_LANGUAGE: AddressLanguage = 'it';

export function isAddressLanguage(value: unknown): value is AddressLanguage {
  return typeof value === 'string' && (ADDRESS_LANGUAGES as readonly string[]).includes(value);
}

/** `/pl`, `/en`; '' for Italian. */
export function languagePrefix(language: string): string {
  return isAddressLanguage(language) && language !== ROOT_LANGUAGE ? `/${language}` : '';
}

export interface LanguagePath {
  language: AddressLanguage;
  /** The path without its language prefix (`/search.php`, `/` for a language's home). */
  path: string;
  /** The prefix the address carried (`/pl`, or `/it`, which only redirects), '' when none. */
  prefix: string;
}

/** Reads an address's path: its language and the page path inside that language. */
export function splitLanguagePath(pathname: string): LanguagePath {
  const match = /^\/(it|pl|en)(\/.*)?$/.exec(pathname);
  if (!match) return { language: ROOT_LANGUAGE, path: pathname, prefix: '' };
  return { language: match[1] as AddressLanguage, path: match[2] ?? '/', prefix: `/${match[1]}` };
}

const PAGE_PATHS = new Set(['/', '/main.php', '/search.php', '/basketedit.php', '/checkout.php', '/brakes.php', '/contact.php', '/noproduct.php']);

/** Whether a path (without prefix) is one of the storefront's pages (not an API call, a file or an image). */
export function isPagePath(path: string): boolean {
  return PAGE_PATHS.has(path) || /^\/product-[^/]*\.html$/.test(path) || /^\/pages\/[^/]+$/.test(path) || /^\/vehicles\/[^/]+\.html$/.test(path) || /^\/order\/[A-Za-z0-9_-]{43}$/.test(path);
}

/** The address of a page path (with its query and fragment) in a language: `/search.php?x=1` -> `/pl/search.php?x=1`. */
export function addressIn(language: string, pathWithQuery: string): string {
  const prefix = languagePrefix(language);
  if (!prefix) return pathWithQuery;
  return pathWithQuery === '/' || /^\/[?#]/.test(pathWithQuery) ? `${prefix}/${pathWithQuery.slice(1)}` : `${prefix}${pathWithQuery}`;
}

/**
 * A link the storefront draws, in the page's language: a same-site page address without a
 * language gets the page's prefix; anything else (another site, an API call, a file, an
 * anchor, an address that already names its language) is left as it is.
 */
export function localPath(href: string, language: string): string {
  // An answer missing its link (a malformed or altered one) draws the link without an address, as before.
  if (typeof href !== 'string') return href;
  if (!href.startsWith('/') || href.startsWith('//') || !languagePrefix(language)) return href;
  const pathname = href.split(/[?#]/, 1)[0];
  if (splitLanguagePath(pathname).prefix || !isPagePath(pathname)) return href;
  return addressIn(language, href);
}

/** Every `href="/..."` of an HTML fragment (double-quoted, as the shop's own texts write them) in the page's language. */
export function localizeHtmlLinks(html: string, language: string): string {
  if (!languagePrefix(language)) return html;
  return html.replace(/(<a\b[^>]*?\shref=")(\/[^"]*)"/gi, (_all, start: string, href: string) => `${start}${localPath(href, language)}"`);
}

/** An information page's slug: its topic and the language it is written in (null for a slug that is none). */
export function infoPageOf(slug: string): { topic: InfoTopic; language: AddressLanguage } | null {
  for (const [topic, slugs] of Object.entries(INFO_PAGE_SLUGS) as Array<[InfoTopic, Record<AddressLanguage, string>]>) {
    for (const language of ADDRESS_LANGUAGES) if (slugs[language] === slug) return { topic, language };
  }
  return null;
}

/** The address of an information page by its slug: under its own language's prefix (`/pl/pages/wysylka-i-dostawa`). */
export function infoPageAddress(slug: string): string {
  const page = infoPageOf(slug);
  return addressIn(page?.language ?? ROOT_LANGUAGE, `/pages/${slug}`);
}

/**
 * The same page in each language (paths, with query): an information page by its topic's
 * slug in each language, any other page at the same path under each language's prefix.
 */
export function pageAddresses(path: string, search = ''): Record<AddressLanguage, string> {
  const slug = /^\/pages\/([^/]+)$/.exec(path)?.[1];
  const topic = slug ? infoPageOf(slug)?.topic : undefined;
  const addresses = {} as Record<AddressLanguage, string>;
  for (const language of ADDRESS_LANGUAGES) {
    addresses[language] = topic ? addressIn(language, `/pages/${INFO_PAGE_SLUGS[topic][language]}${search}`) : addressIn(language, `${path}${search}`);
  }
  return addresses;
}

/** The hreflang alternates of a page: each language's absolute address, and `x-default` (the root language's). */
export function hreflangAlternates(addresses: Readonly<Record<AddressLanguage, string>>, absolute: (path: string) => string): Array<[hreflang: string, href: string]> {
  return [...ADDRESS_LANGUAGES.map((language): [string, string] => [language, absolute(addresses[language])]), ['x-default', absolute(addresses[ROOT_LANGUAGE])]];
}

/**
 * Where an address that is not a page's own should lead (301), or null when it is one:
 * `?lang=xx` (the old language switch) to the page in that language, without the parameter
 * (an unknown value is dropped); `/it/...` to the root; `/pl` to `/pl/`; an information page
 * under another language's prefix to the same topic in the prefix's language, and an old
 * unprefixed Polish or English page address (`/pages/wysylka-i-dostawa`) to its prefix.
 */
export function preferredAddress(pathname: string, search: string): string | null {
  const { language, path, prefix } = splitLanguagePath(pathname);
  const params = new URLSearchParams(search);
  const switched = params.has('lang');
  let target = language;
  if (switched) {
    const asked = params.get('lang');
    if (isAddressLanguage(asked)) target = asked;
    params.delete('lang');
  } else if (!prefix) {
    const slug = /^\/pages\/([^/]+)$/.exec(path)?.[1];
    const page = slug ? infoPageOf(slug) : null;
    if (page) target = page.language;
  }
  // Never `//host`: a path that begins with several slashes would lead to another site.
  const wanted = pageAddresses(`/${path.replace(/^\/+/, '')}`)[target];
  if (!switched && wanted === pathname) return null;
  const rest = params.toString();
  const query = switched ? (rest ? `?${rest}` : '') : search;
  return `${wanted}${query}`;
}
