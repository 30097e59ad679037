import type { ListingResponse, ProductPageData, ProductSizeData, VehiclePageData } from '../api/wire';
import { TRAIT } from '../api/wire';
import it from '../i18n/it';
import itSeo from '../i18n/it.seo';
import pl from '../i18n/pl';
import en from '../i18n/en';
import { isPhonePrice } from './productOffer';
import { hreflangAlternates, pageAddresses, splitLanguagePath } from './languagePaths';

/**
 * What each page tells search engines and link previews (issue 13): title, meta description,
 * canonical address, robots rule, Open Graph tags and JSON-LD, built from the same wire shapes
 * the page renders. Pure: no React, no IO. `seoHtml.ts` turns a `PageHead` into HTML.
 *
 * Every text here is raw (unescaped) data: escaping is the renderer's job, once.
 */

export type SeoLanguage = 'it' | 'pl' | 'en';

export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL, in the page's language; '' when the page has none to name (the no-product page). */
  canonical: string;
  /** The same page in every language and `x-default` (absolute URLs, the page's own among them); none without a canonical. */
  alternates: Array<[hreflang: string, href: string]>;
  robots?: string;
  lang: SeoLanguage;
  openGraph: Array<[property: string, content: string]>;
  /** Named meta tags beside Open Graph (`twitter:card` on pages with an image). */
  meta?: Array<[name: string, content: string]>;
  jsonLd: object[];
}

export interface HeadOptions {
  /** Scheme, host and port, no trailing slash: `https://www.example.it`. */
  origin: string;
  lang: SeoLanguage;
  /** The shop's name (its setting, server/settings/shopSettings.ts); the catalogue's own when absent. */
  shop?: string;
}

/** Meta descriptions are cut to this many characters (what result pages show). */
export const DESCRIPTION_MAX = 155;
export const NOINDEX = 'noindex,follow';

const SCHEMA = 'https://schema.org';
const CATALOGUES = { it: { ...it, seo: itSeo }, pl, en };
const OG_LOCALE: Record<SeoLanguage, string> = { it: 'it_IT', pl: 'pl_PL', en: 'en_GB' };

/* ------------------------------------------------------------------ texts */

/** A key of the `seo` section; plural keys by their base name (`listingDescription` for `listingDescription_one`...). */
type SeoKey = keyof typeof itSeo extends infer K ? (K extends `${infer Base}_${'one' | 'other'}` ? Base : K) : never;

/** A `seo.*` text in the page's language with `{{name}}` values filled in; `count` picks the plural form. */
function text(lang: SeoLanguage, key: SeoKey, values: Record<string, string | number> = {}, count?: number): string {
  const section = CATALOGUES[lang].seo as Record<string, string | undefined>;
  const plural = count === undefined ? undefined : section[`${key}_${new Intl.PluralRules(lang).select(count)}`] ?? section[`${key}_other`];
  const template = plural ?? section[key] ?? (itSeo as Record<string, string | undefined>)[key] ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name] ?? ''));
}

export function shopName(lang: SeoLanguage, name?: string): string {
  return name ?? CATALOGUES[lang].shop.name;
}

function withShop(title: string, lang: SeoLanguage, name?: string): string {
  return title + text(lang, 'titleSuffix', { shop: shopName(lang, name) });
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(value: string): string {
  return value.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,6});/gi, (entity: string, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return ENTITIES[body.toLowerCase()] ?? entity;
  });
}

/** Plain text of an HTML fragment: tags (and script/style bodies) dropped, entities decoded, white space collapsed. */
export function plainText(html: string): string {
  const withoutTags = html
    .replace(/<(script|style)\b[^]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[^]*?-->/g, ' ')
    .replace(/<\/?[a-z!?][^>]*>/gi, ' ');
  return oneLine(decodeEntities(withoutTags)).replace(/ ([.,;:!?])/g, '$1');
}

/** White space (line and paragraph separators included) collapsed to single spaces. */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** Cuts a text to `max` characters at a word boundary, ending it with an ellipsis. */
export function truncate(value: string, max = DESCRIPTION_MAX): string {
  const chars = Array.from(value);
  if (chars.length <= max) return value;
  let cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  if (space > max * 0.6) cut = cut.slice(0, space);
  return `${cut.replace(/[\s,;:.–-]+$/, '')}…`;
}

function sentence(value: string): string {
  return !value || /[.!?…]$/.test(value) ? value : `${value}.`;
}

/* ------------------------------------------------------------------ addresses */

/** An absolute URL on the shop's origin for a site path (never another host: `//x` stays on the origin). */
export function absoluteUrl(origin: string, path: string): string {
  return `${origin.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

const PRODUCT_PATH = /^\/product-\d{1,9}-[a-z0-9-]*\.html$/;

/**
 * The listing parameters that define a page, in canonical order, each with the aliases the
 * server reads for it (`server/routes/search.ts`). Everything else (sort, view, limit, the
 * saved vehicle's marker, from_search, tracking tags, lang) only changes how the page looks.
 */
const LISTING_PARAMS: ReadonlyArray<{ key: string; aliases: string[]; kind: 'id' | 'flag' | 'text' }> = [
  { key: `traits_alt[${TRAIT.category}]`, aliases: ['menu_alt[1_2]'], kind: 'id' },
  { key: `traits_alt[${TRAIT.subCategory}]`, aliases: ['menu_alt[1_3]'], kind: 'id' },
  { key: 'menu_alt[2_1]', aliases: [], kind: 'id' },
  { key: 'menu_alt[2_2]', aliases: [], kind: 'id' },
  { key: 'menu_alt[2_3]', aliases: [], kind: 'id' },
  { key: `traits_alt[${TRAIT.engine}]`, aliases: [], kind: 'id' },
  { key: `traits_alt[${TRAIT.axis}]`, aliases: [], kind: 'id' },
  { key: `traits_alt[${TRAIT.replacementCode}]`, aliases: [], kind: 'id' },
  { key: 'producer', aliases: [], kind: 'id' },
  { key: 'promo', aliases: [], kind: 'flag' },
  { key: 'text', aliases: [], kind: 'text' },
];

export type ListingParams = Array<[key: string, value: string]>;

/** The parameters of a listing query that define its page, normalised; `page` kept only above 1. */
export function canonicalListingParams(query: Readonly<Record<string, string | undefined>>, page = 1): ListingParams {
  const params: ListingParams = [];
  for (const { key, aliases, kind } of LISTING_PARAMS) {
    const raw = [key, ...aliases].map((name) => query[name]).find((value) => value !== undefined && value !== '');
    if (raw === undefined) continue;
    if (kind === 'id' && /^\d{1,12}$/.test(raw) && Number(raw) > 0) params.push([key, String(Number(raw))]);
    else if (kind === 'flag' && raw === '1') params.push([key, '1']);
    else if (kind === 'text') {
      const folded = raw.replace(/\s+/g, ' ').trim().slice(0, 120);
      if (folded) params.push([key, folded]);
    }
  }
  // Any other trait (traits_alt[{id}], brake-shop spec section 2) defines the page too, by trait id.
  const named = new Set(LISTING_PARAMS.map(({ key }) => key));
  const traits = Object.entries(query)
    .filter(([key, value]) => /^traits_alt\[\d{1,12}\]$/.test(key) && !named.has(key) && value !== undefined && /^\d{1,12}$/.test(value) && Number(value) > 0)
    .map(([key, value]) => [key, String(Number(value))] as [string, string])
    .sort(([a], [b]) => Number(a.slice(11, -1)) - Number(b.slice(11, -1)));
  params.push(...traits);
  if (Number.isInteger(page) && page > 1) params.push(['page', String(page)]);
  return params;
}

/** The listing page's path for some parameters: `/search.php?traits_alt%5B24%5D=148728`. */
export function listingPath(params: ListingParams): string {
  const query = new URLSearchParams(params).toString();
  return query ? `/search.php?${query}` : '/search.php';
}

/** A page's absolute address in the head's language (`/search.php?...` -> `https://shop/pl/search.php?...` in Polish). */
function pageUrl(opts: HeadOptions, path: string): string {
  return absoluteUrl(opts.origin, pageAddresses(path)[opts.lang]);
}

/** The page (by its path without a language) in every language, for `hreflang`. */
function alternatesOf(opts: HeadOptions, path: string): PageHead['alternates'] {
  return hreflangAlternates(pageAddresses(path), (address) => absoluteUrl(opts.origin, address));
}

/* ------------------------------------------------------------------ shared pieces */

function openGraph(lang: SeoLanguage, type: string, title: string, description: string, url: string, extra: PageHead['openGraph'] = [], name?: string): PageHead['openGraph'] {
  const tags: PageHead['openGraph'] = [
    ['og:type', type],
    ['og:site_name', shopName(lang, name)],
    ['og:locale', OG_LOCALE[lang]],
    ['og:title', title],
    ['og:description', description],
  ];
  if (url) tags.push(['og:url', url]);
  return [...tags, ...extra];
}

function breadcrumbList(items: Array<{ name: string; url: string }>): object {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, item: item.url })),
  };
}

/** A simple page: title with the shop's name, description, canonical, website Open Graph. */
function simpleHead(opts: HeadOptions, title: string, description: string, path: string | null, robots?: string, jsonLd: object[] = []): PageHead {
  const canonical = path === null ? '' : pageUrl(opts, path);
  const head: PageHead = {
    title: withShop(title, opts.lang, opts.shop),
    description,
    canonical,
    alternates: path === null ? [] : alternatesOf(opts, path),
    lang: opts.lang,
    openGraph: openGraph(opts.lang, 'website', title, description, canonical, [], opts.shop),
    jsonLd,
  };
  if (robots) head.robots = robots;
  return head;
}

/* ------------------------------------------------------------------ product page */

/** schema.org availability of a size: by its status, and "in stock" only with stock left. */
export function schemaAvailability(size: Pick<ProductSizeData, 'availability' | 'amount'>): string | null {
  switch (size.availability.status) {
    case 'enable':
      return size.amount === 0 ? `${SCHEMA}/OutOfStock` : `${SCHEMA}/InStock`;
    case 'order':
      return `${SCHEMA}/BackOrder`;
    case 'preorder':
      return `${SCHEMA}/PreOrder`;
    case 'disable':
      return `${SCHEMA}/OutOfStock`;
    default:
      // A status the shop has not told us the meaning of: say nothing rather than something wrong.
      return null;
  }
}

/** Open Graph's availability words, best first. */
const OG_AVAILABILITY: Record<string, string> = {
  InStock: 'in stock',
  BackOrder: 'available for order',
  PreOrder: 'preorder',
  OutOfStock: 'out of stock',
};

/** The price a size is sold at under the page's price type, or null when none is shown (phone price, gift). */
export function offerPrice(product: Pick<ProductPageData, 'price_type'>, size: Pick<ProductSizeData, 'price' | 'phone_price' | 'gratis'>): number | null {
  if (size.gratis || size.phone_price || isPhonePrice(size.price)) return null;
  const value = product.price_type === 'net' ? size.price.price_net : size.price.value;
  return value > 0 ? value : null;
}

const money = (value: number) => (Math.round(value * 100) / 100).toFixed(2);

/** The catalogue number: the text of `versionName` before '#'. */
export function catalogueNumber(versionName: string): string {
  return versionName.split('#')[0].trim();
}

/** Traits that describe the part (not the category, the engines or the replacement codes). */
const NOT_DESCRIPTIVE = new Set<number>([TRAIT.category, TRAIT.subCategory, TRAIT.engine, TRAIT.engineCompat, TRAIT.replacementCode]);

/** A GTIN (EAN/UPC) from the product's traits, when one is there with a valid check digit. */
function gtinOf(product: ProductPageData): string | null {
  for (const param of product.awardedParameters) {
    if (!/\b(ean|gtin|upc)\b/i.test(param.name)) continue;
    for (const value of param.values) {
      const digits = value.name.replace(/\s+/g, '');
      if (/^(\d{8}|\d{12,14})$/.test(digits) && gtinCheckDigitValid(digits)) return digits;
    }
  }
  return null;
}

function gtinCheckDigitValid(digits: string): boolean {
  const body = digits.slice(0, -1).split('').reverse();
  const sum = body.reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}

export interface ProductHeadOptions extends HeadOptions {
  /** The address asked for; the canonical is the product's own link, this only when the product has none. */
  path?: string;
}

/**
 * The product page. Several sizes give one `Offer` per size (not an `AggregateOffer`): each
 * size has its own price and availability, which an AggregateOffer cannot say (it only has a
 * low/high price), and Google's merchant listings read `Offer`s only. One size: one Offer.
 */
export function productHead(product: ProductPageData, opts: ProductHeadOptions): PageHead {
  const { lang, origin } = opts;
  const code = catalogueNumber(product.versionName);
  const producer = product.producer.name.trim();
  const name = oneLine(product.name);
  // The title names the catalogue number unless the product's name already does.
  const titleMaker = oneLine([producer, code && !name.includes(code) ? code : ''].join(' '));
  const maker = oneLine(`${producer} ${code}`);
  const pageTitle = titleMaker ? text(lang, 'productTitle', { name, maker: titleMaker }) : name;
  const path = PRODUCT_PATH.test(product.link) ? product.link : (opts.path ?? product.link);
  const canonical = pageUrl(opts, path);
  // An imported catalogue's picture may be on another host: its address is already absolute.
  const image = product.icon ? (/^https?:\/\//i.test(product.icon) ? product.icon : absoluteUrl(origin, product.icon)) : '';

  const attributes = product.awardedParameters
    .filter((param) => !NOT_DESCRIPTIVE.has(param.id) && param.values.length)
    .map((param) => `${plainText(param.name)}: ${param.values.map((value) => plainText(value.name)).join(', ')}`)
    .join('; ');
  const lead = sentence(plainText(product.shortDescription) || plainText(product.name));
  const intro = maker ? text(lang, 'productDescription', { text: lead, maker }) : lead;
  const description = truncate([intro, attributes].filter(Boolean).join(' '));

  const sizes = Object.entries(product.sizes).filter(([, size]) => size.availability?.visible !== 'n');
  const currency = product.currency || 'EUR';
  const offers = sizes.map(([, size]) => {
    const offer: Record<string, unknown> = { '@type': 'Offer', url: canonical };
    if (sizes.length > 1) offer.name = size.name;
    const price = offerPrice(product, size);
    if (price !== null) {
      offer.price = money(price);
      offer.priceCurrency = currency;
    }
    const availability = schemaAvailability(size);
    if (availability) offer.availability = availability;
    offer.itemCondition = `${SCHEMA}/NewCondition`;
    return offer;
  });

  const jsonLd: Record<string, unknown> = {
    '@context': SCHEMA,
    '@type': 'Product',
    name: product.name,
    description,
    url: canonical,
  };
  if (image) jsonLd.image = [image];
  if (code) {
    jsonLd.sku = code;
    // The catalogue number is the producer's own part number.
    jsonLd.mpn = code;
  }
  const gtin = gtinOf(product);
  if (gtin) jsonLd.gtin = gtin;
  if (producer) jsonLd.brand = { '@type': 'Brand', name: producer };
  if (product.category.name) jsonLd.category = product.category.name;
  if (offers.length) jsonLd.offers = offers.length === 1 ? offers[0] : offers;
  // The vehicles it fits (issue 37): the first few, each a Car (a Product for schema.org) with its own page.
  const vehicles = product.fitsVehicles?.first ?? [];
  if (vehicles.length) {
    jsonLd.isAccessoryOrSparePartFor = vehicles.map((vehicle) => ({
      '@type': 'Car',
      name: oneLine(vehicle.name),
      url: pageUrl(opts, vehicle.link),
      brand: { '@type': 'Brand', name: oneLine(vehicle.brand) },
      model: oneLine(vehicle.model),
    }));
  }

  const prices = sizes.map(([, size]) => offerPrice(product, size)).filter((price): price is number => price !== null);
  const og: PageHead['openGraph'] = [];
  // A link preview's picture, described for those who cannot see it (the product's name).
  if (image) og.push(['og:image', image], ['og:image:alt', name]);
  if (prices.length) og.push(['product:price:amount', money(Math.min(...prices))], ['product:price:currency', currency]);
  // The best availability over the sizes: a preview says "in stock" when any size is.
  const best = Object.keys(OG_AVAILABILITY).find((name) => sizes.some(([, size]) => schemaAvailability(size) === `${SCHEMA}/${name}`));
  if (best) og.push(['product:availability', OG_AVAILABILITY[best]]);
  if (producer) og.push(['product:brand', oneLine(producer)]);
  if (code) og.push(['product:retailer_item_id', oneLine(code)]);
  og.push(['product:condition', 'new']);

  return {
    title: withShop(pageTitle, lang, opts.shop),
    description,
    canonical,
    alternates: alternatesOf(opts, path),
    lang,
    openGraph: openGraph(lang, 'product', pageTitle, description, canonical, og, opts.shop),
    ...(image ? { meta: [['twitter:card', 'summary_large_image']] as Array<[string, string]> } : {}),
    jsonLd: [jsonLd],
  };
}

/* ------------------------------------------------------------------ listing */

export interface ListingHeadOptions extends HeadOptions {
  /** The vehicle the listing is filtered by, as the page names it ("Volkswagen Golf VII 2.0 TDI"); the listing's data does not carry it. */
  vehicle?: string | null;
}

const VEHICLE_KEYS = ['menu_alt[2_1]', 'menu_alt[2_2]', 'menu_alt[2_3]', `traits_alt[${TRAIT.engine}]`];

/** What names a listing: its search text, or its category, producer and vehicle, each on one line. */
interface ListingNaming {
  /** The listing's name in the language asked ("Pastiglie freno Brembo"). */
  name: string;
  params: ListingParams;
  searchText?: string;
  category?: string;
  producer?: string;
  vehicle?: string;
}

function listingNaming(listing: ListingResponse, query: Readonly<Record<string, string | undefined>>, lang: SeoLanguage, vehicleName?: string | null): ListingNaming {
  const params = canonicalListingParams(query, listing.page);
  const value = (key: string) => params.find(([name]) => name === key)?.[1];
  const searchText = value('text');
  const categoryId = value(`traits_alt[${TRAIT.category}]`);
  const producerId = value('producer');
  const categoryName = categoryId ? listing.categories.find(([id]) => String(id) === categoryId)?.[1] : undefined;
  const category = categoryName ? oneLine(categoryName) : undefined;
  const producerName = producerId ? listing.producers.find(([id]) => String(id) === producerId)?.[1] : undefined;
  const producer = producerName ? oneLine(producerName) : undefined;
  const vehicle = vehicleName && oneLine(vehicleName) && VEHICLE_KEYS.some((key) => value(key)) ? oneLine(vehicleName) : undefined;

  let name: string;
  if (searchText) name = text(lang, 'searchTitle', { text: searchText });
  else {
    name = category ?? text(lang, 'listingTitle');
    if (producer) name = text(lang, 'listingProducer', { title: name, producer });
    if (vehicle) name = text(lang, 'listingVehicle', { title: name, vehicle });
  }
  return { name, params, searchText, category, producer, vehicle };
}

/** A listing's name as its page's title names it (without page number and shop): "Pastiglie freno Brembo". */
export function listingName(listing: ListingResponse, query: Readonly<Record<string, string | undefined>>, lang: SeoLanguage): string {
  return listingNaming(listing, query, lang).name;
}

/**
 * The listing page (/search.php): named by its search text, or by its category, producer and
 * vehicle. Text searches and empty listings are not indexed (their links are followed).
 */
export function listingHead(listing: ListingResponse, query: Readonly<Record<string, string | undefined>>, opts: ListingHeadOptions): PageHead {
  const { lang } = opts;
  const { name, params, searchText, category, producer, vehicle } = listingNaming(listing, query, lang, opts.vehicle);
  const pageTitle = listing.page > 1 ? text(lang, 'listingPage', { title: name, page: listing.page }) : name;
  const description = truncate(
    searchText
      ? text(lang, 'searchDescription', { text: searchText })
      : listing.total > 0
        ? text(lang, 'listingDescription', { title: name, count: listing.total }, listing.total)
        : text(lang, 'listingEmptyDescription', { title: name }),
  );
  const canonical = pageUrl(opts, listingPath(params));

  // Breadcrumbs: home, all parts, then each defining filter in turn (category, producer, vehicle) or the search.
  const crumbs = [
    { name: text(lang, 'breadcrumbHome'), url: pageUrl(opts, '/') },
    { name: text(lang, 'listingTitle'), url: pageUrl(opts, listingPath([])) },
  ];
  const upTo = (keys: string[]) => params.filter(([key]) => keys.includes(key));
  const trail: string[] = [];
  if (searchText) crumbs.push({ name, url: pageUrl(opts, listingPath(upTo(['text']))) });
  else {
    if (category) {
      trail.push(`traits_alt[${TRAIT.category}]`);
      crumbs.push({ name: category, url: pageUrl(opts, listingPath(upTo(trail))) });
    }
    if (producer) {
      trail.push('producer');
      crumbs.push({ name: producer, url: pageUrl(opts, listingPath(upTo(trail))) });
    }
    if (vehicle) {
      trail.push(...VEHICLE_KEYS);
      crumbs.push({ name: vehicle, url: pageUrl(opts, listingPath(upTo(trail))) });
    }
  }

  const jsonLd: object[] = [breadcrumbList(crumbs)];
  if (listing.products.length) {
    jsonLd.push({
      '@context': SCHEMA,
      '@type': 'ItemList',
      itemListElement: listing.products.map((product, index) => ({
        '@type': 'ListItem',
        position: (listing.page - 1) * listing.pageSize + index + 1,
        url: pageUrl(opts, product.link),
        name: product.name,
      })),
    });
  }

  const head: PageHead = {
    title: withShop(pageTitle, lang, opts.shop),
    description,
    canonical,
    alternates: alternatesOf(opts, listingPath(params)),
    lang,
    openGraph: openGraph(lang, 'website', pageTitle, description, canonical, [], opts.shop),
    jsonLd,
  };
  if (searchText || listing.total === 0 || listing.products.length === 0) head.robots = NOINDEX;
  return head;
}

/* ------------------------------------------------------------------ other pages */

/** The home page: the shop as a WebSite (with its search) and an Organization. */
export function homeHead(opts: HeadOptions): PageHead {
  const home = pageUrl(opts, '/');
  const name = shopName(opts.lang, opts.shop);
  return simpleHead(opts, text(opts.lang, 'homeTitle'), text(opts.lang, 'homeDescription'), '/', undefined, [
    {
      '@context': SCHEMA,
      '@type': 'WebSite',
      name,
      url: home,
      inLanguage: opts.lang,
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${pageUrl(opts, '/search.php')}?text={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    },
    { '@context': SCHEMA, '@type': 'Organization', name, url: home, logo: absoluteUrl(opts.origin, '/favicon.svg') },
  ]);
}

/** The basket: each visitor's own, never indexed. */
/**
 * The basket page: crawlable like the rest of the shop (its content is the visitor's own, empty
 * for a crawler), so the page meets the SEO budget of issue 13; it is not in the sitemap.
 */
export function basketHead(opts: HeadOptions): PageHead {
  return simpleHead(opts, text(opts.lang, 'basketTitle'), text(opts.lang, 'basketDescription'), '/basketedit.php');
}

/** The checkout and an order's page (issue 32): each visitor's own, never indexed, no canonical. */
export function checkoutHead(opts: HeadOptions, page: 'checkout' | 'order'): PageHead {
  return simpleHead(opts, text(opts.lang, page === 'order' ? 'orderTitle' : 'checkoutTitle'), text(opts.lang, page === 'order' ? 'orderDescription' : 'checkoutDescription'), null, 'noindex,nofollow');
}

export function contactHead(opts: HeadOptions): PageHead {
  return simpleHead(opts, text(opts.lang, 'contactTitle'), text(opts.lang, 'contactDescription'), '/contact.php');
}

/** The brake finder page (/brakes.php). */
export function brakesHead(opts: HeadOptions): PageHead {
  return simpleHead(opts, text(opts.lang, 'brakesTitle'), text(opts.lang, 'brakesDescription'), '/brakes.php');
}

/** The no-product page (answered with 404): not indexed, and no canonical to name. */
export function noProductHead(opts: HeadOptions): PageHead {
  return simpleHead(opts, text(opts.lang, 'noProductTitle'), text(opts.lang, 'noProductDescription'), null, 'noindex');
}

export interface CmsPage {
  name: string;
  /** The page's address on the site (`/pages/resi-e-rimborsi`, `/pl/pages/regulamin`). */
  link: string;
  /** HTML. */
  body: string;
}

/** A simple content page: its name, its body's text as the description. */
export function cmsHead(page: CmsPage, opts: HeadOptions): PageHead {
  const title = plainText(page.name);
  return simpleHead(opts, title, truncate(plainText(page.body)) || title, splitLanguagePath(page.link.startsWith('/') ? page.link : `/${page.link}`).path);
}

/* ------------------------------------------------------------------ vehicle pages (issue 25) */

/** schema.org fuel types of the catalogue's engine fuels (Wikidata items, as schema.org's examples name them). */
const FUEL_TYPE: Record<string, string> = {
  benzina: 'https://www.wikidata.org/wiki/Q39558',
  diesel: 'https://www.wikidata.org/wiki/Q152255',
  ibrida: 'https://www.wikidata.org/wiki/Q6500474',
  elettrico: 'https://www.wikidata.org/wiki/Q12725',
};

/**
 * The schema.org `Car` of an engine page: brand, model, production years (`vehicleModelDate`,
 * `productionDate` the first year; the range as `vehicleModelDate`'s span in
 * `additionalProperty`), engine (`EngineSpecification` with its power in kW and fuel).
 */
export function vehicleSchema(page: VehiclePageData, id: string, url: string): object {
  const car: Record<string, unknown> = { '@type': 'Car', '@id': id, name: oneLine(page.name), url, brand: { '@type': 'Brand', name: oneLine(page.brand.name) } };
  if (page.model) car.model = oneLine(page.model.name);
  if (page.generation) {
    car.vehicleModelDate = String(page.generation.yearFrom);
    car.productionDate = String(page.generation.yearFrom);
    car.additionalProperty = {
      '@type': 'PropertyValue',
      name: 'productionYears',
      minValue: page.generation.yearFrom,
      ...(page.generation.yearTo !== null ? { maxValue: page.generation.yearTo } : {}),
    };
  }
  if (page.engine) {
    const engine: Record<string, unknown> = {
      '@type': 'EngineSpecification',
      name: oneLine(page.engine.name),
      enginePower: { '@type': 'QuantitativeValue', value: page.engine.kw, unitCode: 'KWT' },
    };
    const fuel = FUEL_TYPE[page.engine.fuel];
    if (fuel) engine.fuelType = fuel;
    car.vehicleEngine = engine;
  }
  return car;
}

/**
 * A vehicle page (brand, model, engine): its own address as canonical, in every language; a
 * breadcrumb (home, brand, model, engine); on an engine page the vehicle as a `Car` and each
 * listed part as a `Product` that `isAccessoryOrSparePartFor` it (one `@graph`, the parts
 * naming the car by its `@id`).
 */
export function vehicleHead(page: VehiclePageData, opts: HeadOptions): PageHead {
  const { lang } = opts;
  const vehicle = oneLine(page.name);
  const [titleKey, descriptionKey] =
    page.kind === 'brand' ? (['vehicleBrandTitle', 'vehicleBrandDescription'] as const) : page.kind === 'model' ? (['vehicleModelTitle', 'vehicleModelDescription'] as const) : (['vehicleEngineTitle', 'vehicleEngineDescription'] as const);
  const canonical = pageUrl(opts, page.link);
  const crumbs = [{ name: text(lang, 'breadcrumbHome'), url: pageUrl(opts, '/') }, { name: oneLine(page.brand.name), url: pageUrl(opts, page.brand.link) }];
  if (page.model) crumbs.push({ name: oneLine(page.model.name), url: pageUrl(opts, page.model.link) });
  if (page.kind === 'engine') crumbs.push({ name: vehicle, url: canonical });
  const jsonLd: object[] = [breadcrumbList(crumbs)];
  if (page.kind === 'engine') {
    const carId = `${canonical}#vehicle`;
    const parts = page.categories.flatMap((category) =>
      category.parts.map((part) => ({
        '@type': 'Product',
        name: oneLine(part.name),
        url: pageUrl(opts, part.link),
        brand: { '@type': 'Brand', name: oneLine(part.producer) },
        category: oneLine(category.name),
        isAccessoryOrSparePartFor: { '@id': carId },
      })),
    );
    jsonLd.push({ '@context': SCHEMA, '@graph': [vehicleSchema(page, carId, canonical), ...parts] });
  }
  return simpleHead(opts, text(lang, titleKey, { vehicle }), truncate(text(lang, descriptionKey, { vehicle })), page.link, undefined, jsonLd);
}
