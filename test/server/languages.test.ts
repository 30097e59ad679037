import type { FastifyInstance } from 'fastify';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { CmsPageResponse } from '../../src/api/wire';
import { startTestShop, type TestShop, PRODUCT_11 } from './helpers';

/**
 * Languages in the address (issue 22): Italian at the root, Polish under /pl/, English under
 * /en/; the page a URL shows depends on the URL only (never on a cookie); every page names its
 * own address (canonical) and the same page in each language (hreflang, x-default); the old
 * ?lang= switch and old addresses redirect; the sitemap lists every language's pages.
 */
const HOST = 'shop.test';
const ORIGIN = `http://${HOST}`;
let app: FastifyInstance;
let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop();
  ({ app } = shop);
});
afterAll(async () => {
  await shop.close();
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers: { host: HOST, accept: 'text/html', ...headers } });
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
const alternatesOf = (html: string) => Object.fromEntries([...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [m[1], m[2].replace(/&amp;/g, '&')]));
const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
/** The page without what differs per answer by design (the CSP nonce). */
const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');

/** One address per page type, in each language. */
const PAGES: Array<{ type: string; it: string; pl: string; en: string; polish: RegExp }> = [
  { type: 'home', it: '/', pl: '/pl/', en: '/en/', polish: /<h1[^>]*>[^<]*Części hamulcowe/ },
  { type: 'listing', it: '/search.php?traits_alt%5B24%5D=148728', pl: '/pl/search.php?traits_alt%5B24%5D=148728', en: '/en/search.php?traits_alt%5B24%5D=148728', polish: /Koszyk/ },
  { type: 'product', it: PRODUCT_11, pl: `/pl${PRODUCT_11}`, en: `/en${PRODUCT_11}`, polish: /Dodaj do koszyka/ },
  { type: 'basket', it: '/basketedit.php', pl: '/pl/basketedit.php', en: '/en/basketedit.php', polish: /<h1[^>]*>Koszyk<\/h1>/ },
  { type: 'brake page', it: '/brakes.php', pl: '/pl/brakes.php', en: '/en/brakes.php', polish: /Koszyk/ },
  { type: 'contact', it: '/contact.php', pl: '/pl/contact.php', en: '/en/contact.php', polish: /<h1[^>]*>Kontakt<\/h1>/ },
  { type: 'information page', it: '/pages/spedizioni-e-consegne', pl: '/pl/pages/wysylka-i-dostawa', en: '/en/pages/shipping-and-delivery', polish: /<h1[^>]*>Wysyłka i dostawa<\/h1>/ },
];

describe('each language at its own address', () => {
  it.each(PAGES)('$type: Polish at $pl, with <html lang>, a self-canonical and reciprocal hreflang alternates', async (page) => {
    const languages = ['it', 'pl', 'en'] as const;
    const answers = await Promise.all(languages.map((language) => get(page[language])));
    for (const [index, language] of languages.entries()) {
      const response = answers[index];
      expect({ language, status: response.statusCode }).toEqual({ language, status: 200 });
      const html = response.body;
      expect(htmlLang(html)).toBe(language);
      // The product's canonical is its own link (its slug), the others the address asked.
      const own = page[language];
      expect(canonicalOf(html)).toMatch(new RegExp(`^${(ORIGIN + own).replace(/[?.[\]]/g, '\\$&')}`));
      // Each language's page names the same set: every language and x-default (the Italian one).
      const alternates = alternatesOf(html);
      expect(Object.keys(alternates).sort()).toEqual(['en', 'it', 'pl', 'x-default']);
      expect(alternates[language]).toBe(canonicalOf(html));
      expect(alternates['x-default']).toBe(alternates.it);
      expect(alternates).toEqual(alternatesOf(answers[0].body));
    }
    expect(answers[1].body).toMatch(page.polish);
  });

  it('the page depends on its address only: a language cookie changes nothing and none is set', async () => {
    for (const url of ['/', PRODUCT_11, '/pl/search.php?traits_alt%5B24%5D=148728']) {
      const plain = await get(url);
      for (const cookie of ['shop_lang=pl', 'shop_lang=en', 'shop_lang=it']) {
        const withCookie = await get(url, { cookie });
        expect(withoutNonce(withCookie.body)).toBe(withoutNonce(plain.body));
        expect(String(withCookie.headers['set-cookie'] ?? '')).not.toContain('shop_lang');
      }
    }
    expect(htmlLang((await get('/', { cookie: 'shop_lang=pl' })).body)).toBe('it');
  });

  it('links the page draws keep its language: products, listings, search form, basket, logo, footer', async () => {
    const html = (await get('/pl/search.php?traits_alt%5B24%5D=148728')).body;
    expect(html.match(/href="\/pl\/product-\d+-[a-z0-9-]+\.html"/g)?.length).toBeGreaterThan(5);
    expect(html).not.toMatch(/href="\/product-/);
    expect(html).toMatch(/href="\/pl\/search\.php\?[^"]*traits_alt%5B24%5D=\d+/);
    expect(html).toMatch(/<form[^>]*role="search"[^>]*action="\/pl\/search\.php"/);
    expect(html).toMatch(/class="basket-link" href="\/pl\/basketedit\.php"/);
    expect(html).toMatch(/class="logo" href="\/pl\/main\.php"/);
    expect(html).toContain('href="/pl/pages/wysylka-i-dostawa"');
    // The footer's language switch: the same listing in each language, plain links.
    expect(html).toMatch(/<a href="\/search\.php\?traits_alt%5B24%5D=148728" hrefLang="it"/);
    expect(html).toMatch(/<a href="\/en\/search\.php\?traits_alt%5B24%5D=148728" hrefLang="en"/);
    expect(html).toMatch(/<a href="\/pl\/search\.php\?traits_alt%5B24%5D=148728" hrefLang="pl" lang="pl" aria-current="true"/);
    // An Italian page's links have no prefix.
    const italian = (await get('/search.php?traits_alt%5B24%5D=148728')).body;
    expect(italian).toMatch(/href="\/product-\d+/);
    expect(italian).not.toMatch(/href="\/(pl|en)\/product-/);
  });

  it('an unknown address under a prefix is the no-product page in that language', async () => {
    const response = await get('/pl/product-99999999-nothing.html');
    expect(response.statusCode).toBe(404);
    expect(htmlLang(response.body)).toBe('pl');
    expect(canonicalOf(response.body)).toBeUndefined();
  });
});

describe('old addresses lead to the new ones (301, no cookie)', () => {
  it.each([
    ['/main.php?lang=pl', '/pl/main.php'],
    ['/?lang=en', '/en/'],
    ['/search.php?traits_alt[24]=148728&lang=pl&page=2', '/pl/search.php?traits_alt%5B24%5D=148728&page=2'],
    [`/pl${PRODUCT_11}?lang=it`, PRODUCT_11],
    ['/en/contact.php?lang=pl', '/pl/contact.php'],
    ['/main.php?lang=xx', '/main.php'],
    ['/pages/spedizioni-e-consegne?lang=pl', '/pl/pages/wysylka-i-dostawa'],
    ['/pages/wysylka-i-dostawa', '/pl/pages/wysylka-i-dostawa'],
    ['/pages/terms-and-conditions', '/en/pages/terms-and-conditions'],
    ['/pl/pages/spedizioni-e-consegne', '/pl/pages/wysylka-i-dostawa'],
    ['/it/contact.php', '/contact.php'],
    ['/it/', '/'],
    ['/pl', '/pl/'],
  ])('%s -> %s', async (from, to) => {
    const response = await get(from);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(to);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect((await get(to)).statusCode).toBe(200);
  });

  it.each(['/it//evil.example/x', '//evil.example/x?lang=it', '/pl//evil.example?lang=it'])('%s never leads to another site', async (from) => {
    const response = await get(from);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toMatch(/^\/(?!\/)/);
  });
});

describe('the API stays where it was', () => {
  it('listing data, information page data and the old placeholder pages answer at their addresses', async () => {
    const listing = await app.inject({ method: 'GET', url: '/search.php?json=true&traits_alt[24]=148728' });
    expect(listing.statusCode).toBe(200);
    expect(listing.json().products.length).toBeGreaterThan(0);
    // The data of a Polish page: its address and the links in its text are the Polish ones.
    const cms = await app.inject({ method: 'GET', url: '/pages/regulamin?json=true' });
    expect(cms.statusCode).toBe(200);
    const page = cms.json() as CmsPageResponse;
    expect(page.link).toBe('/pl/pages/regulamin');
    expect(page.body).toContain('href="/pl/pages/wysylka-i-dostawa"');
    expect(page.body).not.toMatch(/href="\/pages\//);
    expect(page.alternates).toEqual([
      { lang: 'en', title: 'Terms and conditions', link: '/en/pages/terms-and-conditions' },
      { lang: 'it', title: 'Termini e condizioni', link: '/pages/termini-e-condizioni' },
    ]);
  });
});

describe('the sitemap lists every language', () => {
  const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => ['url', 'sitemap', 'xhtml:link'].includes(name) });
  type Url = { loc: string; 'xhtml:link': Array<{ '@_hreflang': string; '@_href': string }> };
  const parse = (body: string) => {
    expect(XMLValidator.validate(body)).toBe(true);
    return parser.parse(body) as { urlset?: { url: Url[] }; sitemapindex?: { sitemap: Array<{ loc: string }> } };
  };

  it('the index names each language\'s files', async () => {
    const locs = parse((await get('/sitemap.xml')).body).sitemapindex!.sitemap.map((s) => s.loc);
    expect(locs).toEqual(
      ['', '/pl', '/en'].flatMap((prefix) => [`${ORIGIN}/sitemaps${prefix}/categories.xml`, `${ORIGIN}/sitemaps${prefix}/products-1.xml`, `${ORIGIN}/sitemaps${prefix}/vehicles-1.xml`]),
    );
  });

  it('each file lists its language\'s addresses, each with every language as an alternate', async () => {
    const categories = parse((await get('/sitemaps/pl/categories.xml')).body).urlset!.url;
    const locs = categories.map((url) => url.loc);
    expect(locs.slice(0, 4)).toEqual([`${ORIGIN}/pl/`, `${ORIGIN}/pl/brakes.php`, `${ORIGIN}/pl/contact.php`, `${ORIGIN}/pl/pages/wysylka-i-dostawa`]);
    expect(locs).toContain(`${ORIGIN}/pl/search.php?traits_alt%5B24%5D=148728`);
    expect(locs.every((loc) => loc.startsWith(`${ORIGIN}/pl/`))).toBe(true);
    const shipping = categories[3]['xhtml:link'].map((link) => [link['@_hreflang'], link['@_href']]);
    expect(shipping).toEqual([
      ['it', `${ORIGIN}/pages/spedizioni-e-consegne`],
      ['pl', `${ORIGIN}/pl/pages/wysylka-i-dostawa`],
      ['en', `${ORIGIN}/en/pages/shipping-and-delivery`],
      ['x-default', `${ORIGIN}/pages/spedizioni-e-consegne`],
    ]);
    const products = parse((await get('/sitemaps/en/products-1.xml')).body).urlset!.url;
    expect(products).toHaveLength(300);
    for (const url of products) {
      expect(url.loc).toMatch(/^http:\/\/shop\.test\/en\/product-\d+-[a-z0-9-]+\.html$/);
      expect(url['xhtml:link'].map((link) => link['@_hreflang'])).toEqual(['it', 'pl', 'en', 'x-default']);
      expect(url['xhtml:link'][2]['@_href']).toBe(url.loc);
    }
    // The addresses are pages: one answers 200 in English.
    const first = await get(products[0].loc.slice(ORIGIN.length));
    expect(first.statusCode).toBe(200);
    expect(htmlLang(first.body)).toBe('en');
  });
});
