import Fastify, { type FastifyInstance } from 'fastify';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { ShopRepository, SitemapProduct } from '../../server/db/repository';
import { SPECIAL_PRODUCTS } from '../../server/db/catalogue/specialProducts';
import { SITEMAP_URL_LIMIT, seoRoutes } from '../../server/routes/seo';
import { productHead } from '../../src/domain/seo';
import { renderHead, serializeStateForScript } from '../../src/domain/seoHtml';
import { startTestShop, type TestShop } from './helpers';

const HOST = 'shop.test:8080';
const ORIGIN = `http://${HOST}`;
const parser = new XMLParser({ isArray: (name) => name === 'url' || name === 'sitemap' });

function parseXml(body: string) {
  expect(XMLValidator.validate(body)).toBe(true);
  return parser.parse(body) as {
    urlset?: { url: Array<{ loc: string; lastmod?: string }> };
    sitemapindex?: { sitemap: Array<{ loc: string }> };
  };
}

let app: FastifyInstance;
let shop: TestShop;
let repo: ShopRepository;
const get = (url: string, host = HOST) => app.inject({ method: 'GET', url, headers: { host } });

beforeAll(async () => {
  shop = await startTestShop(300);
  ({ app, repository: repo } = shop);
});
afterAll(async () => {
  await shop.close();
});
afterEach(() => {
  delete process.env.PUBLIC_ORIGIN;
});

describe('robots.txt', () => {
  it('lets everything be crawled but basket writes, the API and text searches, and names the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(response.headers['set-cookie']).toBeUndefined();
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const rule of ['Disallow: /basketchange.php', 'Disallow: /ajax/', 'Disallow: /graphql/', 'Disallow: /search.php?text=', 'Disallow: /search.php?*&text=', 'Disallow: /pl/search.php?text=', 'Disallow: /en/search.php?*&text=']) {
      expect(lines).toContain(rule);
    }
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('builds absolute URLs on PUBLIC_ORIGIN when it is set', async () => {
    process.env.PUBLIC_ORIGIN = 'https://www.frenishop.example/';
    expect((await get('/robots.txt')).body).toContain('Sitemap: https://www.frenishop.example/sitemap.xml');
    expect(parseXml((await get('/sitemap.xml')).body).sitemapindex!.sitemap[0].loc).toBe('https://www.frenishop.example/sitemaps/categories.xml');
  });

  it.each(['evil.example"><script>alert(1)</script>', 'shop.test/path', 'shop.test:8080@evil', 'shop .test'])('refuses a forged Host header %j with a 4xx', async (host) => {
    const response = await get('/robots.txt', host);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'invalid_host', message: expect.any(String) } });
    expect(response.body).not.toContain('<script>');
  });
});

describe('sitemap.xml', () => {
  it('is an index naming the categories file, one products file per 50,000 products and the vehicle pages file', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(response.headers['set-cookie']).toBeUndefined();
    const index = parseXml(response.body).sitemapindex!;
    // Each language's files (Italian at /sitemaps/, Polish at /sitemaps/pl/, English at /sitemaps/en/).
    expect(index.sitemap.map((s) => s.loc)).toEqual(['', '/pl', '/en'].flatMap((prefix) => [`${ORIGIN}/sitemaps${prefix}/categories.xml`, `${ORIGIN}/sitemaps${prefix}/products-1.xml`, `${ORIGIN}/sitemaps${prefix}/vehicles-1.xml`]));
  });

  it('lists every product once, with its absolute page address and last change', async () => {
    const response = await get('/sitemaps/products-1.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['set-cookie']).toBeUndefined();
    const urls = parseXml(response.body).urlset!.url;
    expect(urls).toHaveLength(await repo.productCount());
    expect(urls).toHaveLength(300);
    for (const url of urls) {
      expect(url.loc).toMatch(/^http:\/\/shop\.test:8080\/product-\d+-[a-z0-9-]+\.html$/);
      expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const ids = urls.map((url) => Number(/product-(\d+)-/.exec(url.loc)![1]));
    expect(new Set(ids).size).toBe(300);
    for (const id of Object.values(SPECIAL_PRODUCTS)) expect(ids).toContain(id);
    // The addresses are the pages' own: a few of them answer 200.
    for (const url of [urls[0], urls[150], urls[299]]) {
      const page = await app.inject({ method: 'GET', url: url.loc.slice(ORIGIN.length), headers: { host: HOST } });
      expect(page.statusCode).toBe(200);
    }
  });

  it.each(['products-2.xml', 'products-0.xml', 'products-01.xml', 'products-x.xml', 'other.xml', 'products-99999999.xml'])('answers 404 for %s', async (file) => {
    const response = await get(`/sitemaps/${file}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });

  it('lists the home, brake finder, contact and every listing page that has products', async () => {
    const response = await get('/sitemaps/categories.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    const locs = parseXml(response.body).urlset!.url.map((url) => url.loc);
    expect(locs.slice(0, 3)).toEqual([`${ORIGIN}/`, `${ORIGIN}/brakes.php`, `${ORIGIN}/contact.php`]);
    // The information pages, then every listing from all parts on.
    expect(locs.slice(3, 8)).toEqual(['spedizioni-e-consegne', 'resi-e-rimborsi', 'pagamento-a-rate', 'garanzia-sui-ricambi', 'termini-e-condizioni'].map((slug) => `${ORIGIN}/pages/${slug}`));
    expect(locs[8]).toBe(`${ORIGIN}/search.php`);
    const categories = (await repo.categoryCounts({})).filter(([, , count]) => count > 0);
    expect(categories.length).toBeGreaterThan(2);
    for (const [id] of categories) expect(locs).toContain(`${ORIGIN}/search.php?traits_alt%5B24%5D=${id}`);
    expect(locs.some((loc) => /\/search\.php\?producer=\d+$/.test(loc))).toBe(true);
    // Each listing address is a listing with products (no empty page in the sitemap).
    for (const loc of locs.filter((l) => l.includes('?'))) {
      const listing = await get(`/search.php?json=true&${loc.split('?')[1]}`);
      expect(listing.statusCode).toBe(200);
      expect(listing.json().total).toBeGreaterThan(0);
    }
  });
});

describe('sitemap files at larger catalogues', () => {
  /** The sitemap routes alone, on a stand-in repository of `count` products. */
  async function sitemapApp(count: number, urlsPerSitemap?: number, slug = (id: number) => `ricambio-${id}`) {
    const stub: Pick<ShopRepository, 'productCount' | 'productSitemapPage' | 'categoryCounts' | 'listing' | 'vehiclePagePaths'> = {
      productCount: async () => count,
      productSitemapPage: async (page, size) => {
        const first = (page - 1) * size + 1;
        const rows: SitemapProduct[] = [];
        for (let id = first; id < first + size && id <= count; id++) rows.push({ id, slug: slug(id), updatedAt: id % 2 ? '2026-11-20' : null });
        return rows;
      },
      categoryCounts: async () => [[148728, 'Pastiglie freno', count]],
      listing: async () => ({ products: [], total: count, page: 1, pageSize: 1, categories: [], producers: [[1, 'Brembo', count]], query: {} }),
      vehiclePagePaths: async () => (count ? ['/vehicles/brand-1-fiat.html'] : []),
    };
    const small = Fastify();
    seoRoutes(small, stub, urlsPerSitemap === undefined ? {} : { urlsPerSitemap });
    await small.ready();
    return small;
  }

  it.each([
    [120_000, 3, 20_000],
    [200_000, 4, 50_000],
    [50_001, 2, 1],
  ])('%i products: %i files of at most 50,000 URLs, the last with %i', async (count, files, last) => {
    const small = await sitemapApp(count);
    const index = parseXml((await small.inject({ url: '/sitemap.xml', headers: { host: HOST } })).body).sitemapindex!;
    expect(index.sitemap.map((s) => s.loc)).toEqual(
      ['', '/pl', '/en'].flatMap((prefix) => [
        `${ORIGIN}/sitemaps${prefix}/categories.xml`,
        ...Array.from({ length: files }, (_, i) => `${ORIGIN}/sitemaps${prefix}/products-${i + 1}.xml`),
        `${ORIGIN}/sitemaps${prefix}/vehicles-1.xml`,
      ]),
    );
    const lastFile = await small.inject({ url: `/sitemaps/products-${files}.xml`, headers: { host: HOST } });
    expect(lastFile.statusCode).toBe(200);
    const urls = parseXml(lastFile.body).urlset!.url;
    expect(urls).toHaveLength(last);
    expect(urls[urls.length - 1].loc).toBe(`${ORIGIN}/product-${count}-ricambio-${count}.html`);
    expect(urls.length).toBeLessThanOrEqual(SITEMAP_URL_LIMIT);
    expect((await small.inject({ url: `/sitemaps/products-${files + 1}.xml`, headers: { host: HOST } })).statusCode).toBe(404);
    await small.close();
  });

  it('splits at a smaller size when asked, every product in exactly one file', async () => {
    const small = await sitemapApp(250, 100);
    const index = parseXml((await small.inject({ url: '/sitemap.xml', headers: { host: HOST } })).body).sitemapindex!;
    expect(index.sitemap).toHaveLength(3 * 5);
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      const urls = parseXml((await small.inject({ url: `/sitemaps/products-${n}.xml`, headers: { host: HOST } })).body).urlset!.url;
      ids.push(...urls.map((url) => Number(/product-(\d+)-/.exec(url.loc)![1])));
    }
    expect(ids).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    await small.close();
  });

  it('escapes what it writes into the XML', async () => {
    const small = await sitemapApp(1, undefined, () => 'a&b<c>"d\'');
    const response = await small.inject({ url: '/sitemaps/products-1.xml', headers: { host: HOST } });
    expect(response.body).toContain('a&amp;b&lt;c&gt;&quot;d&apos;');
    expect(parseXml(response.body).urlset!.url[0].loc).toBe(`${ORIGIN}/product-1-a&b<c>"d'.html`);
    await small.close();
  });

  it('an empty catalogue has only the categories file', async () => {
    const small = await sitemapApp(0);
    expect(parseXml((await small.inject({ url: '/sitemap.xml', headers: { host: HOST } })).body).sitemapindex!.sitemap).toHaveLength(3);
    expect((await small.inject({ url: '/sitemaps/products-1.xml', headers: { host: HOST } })).statusCode).toBe(404);
    await small.close();
  });
});

describe('product JSON-LD from the catalogue', () => {
  const head = async (id: number) => productHead((await repo.productPage(id))!, { origin: ORIGIN, lang: 'it' });
  const product = (h: Awaited<ReturnType<typeof head>>) => h.jsonLd[0] as Record<string, unknown>;

  it('a regular product: Product with one priced Offer, SKU, brand and its canonical page', async () => {
    const page = (await repo.productPage(100))!;
    const h = await head(100);
    const data = product(h);
    expect(data['@type']).toBe('Product');
    expect(data.sku).toBe(page.versionName.split('#')[0]);
    expect(data.brand).toEqual({ '@type': 'Brand', name: page.producer.name });
    expect(data.url).toBe(`${ORIGIN}${page.link}`);
    const offer = data.offers as Record<string, unknown>;
    expect(offer.price).toBe(Object.values(page.sizes)[0].price.value.toFixed(2));
    expect(offer.priceCurrency).toBe('EUR');
    expect(offer.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock|BackOrder)$/);
  });

  it('the several-sizes product: one Offer per size', async () => {
    const offers = product(await head(SPECIAL_PRODUCTS.multiSize)).offers as Array<Record<string, unknown>>;
    expect(offers.map((o) => [o.name, o.price, o.availability])).toEqual([
      ['1 disco', '45.90', 'https://schema.org/InStock'],
      ['Coppia (2 dischi)', '86.90', 'https://schema.org/InStock'],
      ['Coppia + pastiglie', '119.90', 'https://schema.org/OutOfStock'],
    ]);
  });

  it('phone price: no price; unavailable: out of stock; on order: back order', async () => {
    expect(product(await head(SPECIAL_PRODUCTS.phonePrice)).offers).not.toHaveProperty('price');
    expect(product(await head(SPECIAL_PRODUCTS.unavailable)).offers).toMatchObject({ availability: 'https://schema.org/OutOfStock', price: expect.any(String) });
    expect(product(await head(SPECIAL_PRODUCTS.orderUnknownDelivery)).offers).toMatchObject({ availability: 'https://schema.org/BackOrder' });
  });

  it('a hostile product name stays data in the head and in the embedded state', async () => {
    const hostile = '</script><script>alert(1)</script> "x" & y\u2028z';
    await shop.sql('UPDATE products SET name = ?, short_description = ? WHERE id = ?', hostile, hostile, 101);
    const page = (await repo.productPage(101))!;
    expect(page.name).toBe(hostile);
    const html = renderHead(productHead(page, { origin: ORIGIN, lang: 'it' }), 'nonce');
    const state = serializeStateForScript({ page: { product: page } });
    for (const body of [...html.matchAll(/<script[^>]*>([^]*?)<\/script>/g)].map((m) => m[1]).concat(state)) {
      expect(body).not.toMatch(/<\/script|[<>\u2028\u2029]/i);
    }
    expect(JSON.parse(state).page.product.name).toBe(hostile);
    expect(JSON.parse(/<script[^>]*>([^]*?)<\/script>/.exec(html)![1]).name).toBe(hostile);
  });
});
