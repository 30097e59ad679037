import type { FastifyInstance } from 'fastify';
import { PageCache, inlineScripts } from '../../server/pageCache';
import { EncodedBody } from '../../server/encodedBody';
import { startTestShop, Visitor, type TestShop, PRODUCT_11, productPath } from './helpers';

/**
 * Pages a cache can serve (issue 22): the public variant (same bytes for everyone asking the same
 * address from the same kind of device, no cookie, ETag / 304, a shared cache may keep it), the
 * private variant for a visitor with the shop's cookies, the server's own page cache in front of
 * the renderer, and catalogue writes dropping what was drawn from the old values, on this server
 * and on another one on the same database.
 */
let shop: TestShop;
let app: FastifyInstance;

beforeAll(async () => {
  shop = await startTestShop(300, { pageCacheBytes: 4 * 1024 * 1024 });
  ({ app } = shop);
});
afterAll(async () => {
  await shop.close();
});

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const stateOf = (html: string) => JSON.parse(/<script[^>]*id="shop-state">([\s\S]*?)<\/script>/.exec(html)![1]);
const regularProduct = async () =>
  (await shop.one<{ id: number }>("SELECT p.id FROM products p JOIN sizes s ON s.product_id = p.id WHERE s.status = 'enable' AND s.stock = -1 AND p.id >= 100 ORDER BY p.id LIMIT 1")).id;
const priceOn = (html: string): number => (Object.values(stateOf(html).page.product.sizes) as Array<{ price: { value: number } }>)[0].price.value;

describe('the public variant of a page', () => {
  const PUBLIC_PAGES = ['/', '/main.php', '/search.php?text=pastiglie', '/search.php?traits_alt[24]=148728', '/brakes.php', '/contact.php', PRODUCT_11];

  it.each(PUBLIC_PAGES)('%s: the same bytes for two new visitors, cacheable by a shared cache, an ETag, no cookie', async (url) => {
    const first = await app.inject({ method: 'GET', url });
    const second = await app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=30');
    expect(first.headers['set-cookie']).toBeUndefined();
    expect(first.headers.etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.headers['content-security-policy']).toBe(second.headers['content-security-policy']);
    expect(first.headers.vary).toMatch(/User-Agent/);
    // What a cache needs: the answer names the tags a change bans by.
    expect(String(first.headers['x-shop-tags'])).toContain('page');
  });

  it('answers 304 with no body to a matching If-None-Match, 200 to another', async () => {
    const first = await app.inject({ method: 'GET', url: PRODUCT_11 });
    const etag = String(first.headers.etag);
    const again = await app.inject({ method: 'GET', url: PRODUCT_11, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toMatch(/public/);
    const listed = await app.inject({ method: 'GET', url: PRODUCT_11, headers: { 'if-none-match': `W/"other", ${etag}` } });
    expect(listed.statusCode).toBe(304);
    const other = await app.inject({ method: 'GET', url: PRODUCT_11, headers: { 'if-none-match': 'W/"other"' } });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });

  it('runs no inline script but the shop\u2019s own (the widgets\u2019 script, a listing\u2019s analytics event): nothing of React\u2019s renderer', async () => {
    for (const url of PUBLIC_PAGES) {
      const html = (await app.inject({ method: 'GET', url })).body;
      for (const text of inlineScripts(html)) {
        expect(text.startsWith('window.shopWidgets = ') || text.startsWith('(window.dataLayer=window.dataLayer||[]).push(')).toBe(true);
      }
    }
  });

  it('differs by device class only: a phone gets the phone page, every computer the same one', async () => {
    const computer = await app.inject({ method: 'GET', url: '/main.php', headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0' } });
    const other = await app.inject({ method: 'GET', url: '/main.php', headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Firefox/140.0' } });
    const phone = await app.inject({ method: 'GET', url: '/main.php', headers: { 'user-agent': PHONE } });
    expect(other.body).toBe(computer.body);
    expect(phone.body).not.toBe(computer.body);
    expect(stateOf(phone.body).shopData.device).toBe('mobile');
  });
});

describe('a visitor with a basket', () => {
  it('gets the private variant (their basket drawn, never kept by a shared cache); nobody else ever sees it', async () => {
    const id = await regularProduct();
    const shopper = new Visitor(app);
    // A first-time visitor gets the public page and no cookie...
    const before = await shopper.get(await productPath(app, id));
    expect(before.headers['set-cookie']).toBeUndefined();
    expect(shopper.cookie).toBe('');
    // ... the first write gives it.
    expect((await shopper.post('/basketchange.php?mode=1', { product: String(id), size: 'uniw', number: '2', getAjax: 'true' })).statusCode).toBe(200);
    expect(shopper.cookie).toMatch(/^shop_visitor=/);
    for (const url of [await productPath(app, id), '/main.php', '/search.php?text=pastiglie']) {
      const own = await shopper.get(url);
      expect(own.headers['cache-control']).toBe('private, no-cache');
      expect(own.headers.etag).toBeUndefined();
      expect(own.headers['x-page-cache']).toBeUndefined();
      expect(stateOf(own.body).basket.summary.productsCounter).toBe(1);
      // Someone else, before and after: the public page, no basket in it.
      const stranger = await app.inject({ method: 'GET', url });
      expect(stranger.headers['cache-control']).toMatch(/^public/);
      expect(stateOf(stranger.body).basket.summary.productsCounter).toBe(0);
      expect(stranger.body).not.toContain(shopper.cookie.split('=')[1]);
    }
    // The basket page is never kept by anyone.
    expect((await shopper.get('/basketedit.php')).headers['cache-control']).toBe('no-store');
    expect((await app.inject({ method: 'GET', url: '/basketedit.php' })).headers['cache-control']).toBe('no-store');
  });

  it('a closed banner also makes a page personal; the language is the address\u2019s, never a cookie\u2019s', async () => {
    const banner = await app.inject({ method: 'GET', url: '/main.php', headers: { cookie: 'shop_banner_discount_code=1' } });
    expect(banner.headers['cache-control']).toBe('private, no-cache');
    // Other cookies (analytics, consent, an old language cookie) do not change the page.
    for (const cookie of ['_ga=1; shop_consent=1', 'shop_lang=pl']) {
      const other = await app.inject({ method: 'GET', url: '/main.php', headers: { cookie } });
      expect(other.headers['cache-control']).toMatch(/^public/);
    }
    const polish = await app.inject({ method: 'GET', url: '/pl/main.php' });
    expect(polish.headers['cache-control']).toMatch(/^public/);
    expect(polish.body).toContain('<html lang="pl"');
  });
});

describe('the server\u2019s page cache', () => {
  it('serves a public page again without drawing it, keyed by device and address', async () => {
    const url = '/search.php?text=pastiglie&page=2';
    expect((await app.inject({ method: 'GET', url })).headers['x-page-cache']).toBe('miss');
    const hit = await app.inject({ method: 'GET', url });
    expect(hit.headers['x-page-cache']).toBe('hit');
    expect((await app.inject({ method: 'GET', url, headers: { 'user-agent': PHONE } })).headers['x-page-cache']).toBe('miss');
    expect((await app.inject({ method: 'GET', url: `${url}&x=1` })).headers['x-page-cache']).toBe('miss');
    // A 304 from the cache too.
    const revalidated = await app.inject({ method: 'GET', url, headers: { 'if-none-match': String(hit.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
  });

  it('is bounded in bytes: the least recently used page goes first; entries expire', () => {
    let now = 0;
    const cache = new PageCache({ maxBytes: 1000, ttlMs: 30_000, now: () => now });
    const page = (n: number) => ({ status: 200, body: new EncodedBody('x'.repeat(200)), etag: `W/"${n}"`, csp: '', tags: [`product:${n}`] });
    for (let n = 1; n <= 3; n++) cache.set(`k${n}`, page(n));
    expect(cache.get('k1')?.etag).toBe('W/"1"');
    cache.set('k4', page(4));
    expect(cache.sizeBytes).toBeLessThanOrEqual(1000);
    expect(cache.get('k2')).toBeUndefined();
    expect(cache.get('k1')).toBeDefined();
    expect(cache.dropTags(['product:1'])).toBe(1);
    expect(cache.get('k1')).toBeUndefined();
    now = 30_001;
    expect(cache.get('k4')).toBeUndefined();
    expect(cache.size).toBe(1);
  });
});

describe('catalogue changes drop what was drawn from the old values', () => {
  it('a price change through the write path: the product page and the listings showing it at once; other pages stay', async () => {
    const id = await regularProduct();
    const productUrl = await productPath(app, id);
    const first = await app.inject({ method: 'GET', url: productUrl });
    expect((await app.inject({ method: 'GET', url: productUrl })).headers['x-page-cache']).toBe('hit');
    const listing = `/search.php?text=${encodeURIComponent(stateOf(first.body).page.product.name)}`;
    const listed = await app.inject({ method: 'GET', url: listing });
    expect(String(listed.headers['x-shop-tags']).split(' ')).toContain(`product:${id}`);
    const unrelated = '/contact.php';
    await app.inject({ method: 'GET', url: unrelated });

    const price = Math.round(priceOn(first.body) * 100 + 1234) / 100;
    expect((await app.inject({ method: 'POST', url: '/__test/catalogue', payload: { id, price } })).json()).toEqual({ status: 'ok' });

    const after = await app.inject({ method: 'GET', url: productUrl });
    expect(after.headers['x-page-cache']).toBe('miss');
    expect(priceOn(after.body)).toBe(price);
    expect(after.headers.etag).not.toBe(first.headers.etag);
    const relisted = await app.inject({ method: 'GET', url: listing });
    expect(relisted.headers['x-page-cache']).toBe('miss');
    expect(stateOf(relisted.body).page.listing.products.find((p: { id: number }) => p.id === id).price.value).toBe(price);
    expect((await app.inject({ method: 'GET', url: unrelated })).headers['x-page-cache']).toBe('hit');
  });

  it('a change on one server reaches another server on the same database', async () => {
    const other = await shop.reopen();
    try {
      const id = await regularProduct();
      const url = await productPath(app, id);
      const before = await other.app.inject({ method: 'GET', url });
      expect((await other.app.inject({ method: 'GET', url })).headers['x-page-cache']).toBe('hit');
      const price = Math.round(priceOn(before.body) * 100 + 777) / 100;
      const name = `Pastiglie rinominate ${Date.now()}`;
      expect((await app.inject({ method: 'POST', url: '/__test/catalogue', payload: { id, price, name } })).statusCode).toBe(200);
      // The other server learns of it by the database (NOTIFY on PostgreSQL, the change log on SQLite, read every 500 ms).
      let page = await other.app.inject({ method: 'GET', url });
      for (let tries = 0; tries < 100 && priceOn(page.body) !== price; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        page = await other.app.inject({ method: 'GET', url });
      }
      expect(priceOn(page.body)).toBe(price);
      expect(stateOf(page.body).page.product.name).toBe(name);
    } finally {
      await other.close();
    }
  });

  it('refuses a bad change with a clear 4xx', async () => {
    expect((await app.inject({ method: 'POST', url: '/__test/catalogue', payload: { id: 11, price: -1 } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/__test/catalogue', payload: { id: 99999999, price: 10 } })).statusCode).toBe(404);
  });
});
