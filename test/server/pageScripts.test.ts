import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { runInNewContext } from 'node:vm';
import { buildApp } from '../../server/app';
import { extraScriptNames } from '../../server/extraScripts';
import type { FinderRowsResponse, ListingAnswer } from '../../src/api/wire';
import type { ViewItemListEvent } from '../../src/domain/listAnalytics';
import { startTestShop, type TestShop } from './helpers';

/**
 * The scripts a page brings (storefront spec, sections 1, 2 and 7): the listing regions'
 * ajax-loaded scripts (the list's view_item_list event), drawn into the listing page and carried
 * by its json=true answer, and the shop's extra scripts, named in the page's state and served at
 * /gfx/extra/{name}.js. On this project's backend (SQLite, or PostgreSQL in server-postgres).
 */
let app: FastifyInstance;
let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop();
  ({ app } = shop);
});
afterAll(async () => {
  await shop.close();
});
afterEach(async () => {
  await app.inject({ method: 'DELETE', url: '/__test/product' });
});

const LISTING = '/search.php?traits_alt[24]=148728&limit=5';
const HOSTILE = 'Pads </script><script>alert(1)</script><!-- \u2028 & "quoted"';

/** Runs script text as a browser would (a fresh global with no dataLayer): what it pushed. */
function pushedBy(source: string): unknown[] {
  const window: { dataLayer?: unknown[] } = {};
  runInNewContext(source, { window });
  return window.dataLayer ?? [];
}
const ajaxScriptsOf = (html: string) => [...html.matchAll(/<script(?: nonce="([^"]+)")? data-ajax-load>([\s\S]*?)<\/script>/g)].map((m) => ({ nonce: m[1], source: m[2] }));
const stateOf = (html: string) => JSON.parse(/<script[^>]*id="shop-state">([\s\S]*?)<\/script>/.exec(html)![1]);
const listingAt = async (url: string) => (await app.inject({ method: 'GET', url: `${url}&json=true` })).json() as ListingAnswer;

describe('the listing regions\u2019 ajax-loaded scripts', () => {
  it('the json=true answer carries the view_item_list event of exactly that page\u2019s products', async () => {
    for (const page of [1, 2]) {
      const answer = await listingAt(`${LISTING}&page=${page}`);
      expect(answer.products).toHaveLength(5);
      expect(answer.scripts).toHaveLength(1);
      const pushed = pushedBy(answer.scripts[0]) as ViewItemListEvent[];
      expect(pushed).toEqual([
        {
          event: 'view_item_list',
          item_list_id: '/search.php?traits_alt%5B24%5D=148728',
          item_list_name: 'Pastiglie freno',
          items: answer.products.map((product, i) => ({ item_id: String(product.id), item_name: product.name, price: product.price.value, index: (page - 1) * 5 + i })),
        },
      ]);
    }
  });

  it('the finder\u2019s rows and an empty listing carry no event', async () => {
    const rows = (await app.inject({ method: 'GET', url: '/search.php?json=true&traits_alt[148722]=&traits_alt[49]=1' })).json() as FinderRowsResponse;
    expect(rows).not.toHaveProperty('scripts');
    const empty = await listingAt('/search.php?text=zzzzqqqxxnothing');
    expect(empty.products).toEqual([]);
    expect(empty.scripts).toEqual([]);
  });

  it('the listing page draws the same script, allowed by the page\u2019s policy (its hash on the public page, the nonce on a personal one), outside the React root and the embedded state', async () => {
    const personal = await app.inject({ method: 'GET', url: `${LISTING}&page=2`, headers: { cookie: `shop_visitor=${'b'.repeat(32)}` } });
    const nonce = /'nonce-([^']+)'/.exec(String(personal.headers['content-security-policy']))![1];
    expect(ajaxScriptsOf(personal.body).map((script) => script.nonce)).toEqual([nonce]);
    const response = await app.inject({ method: 'GET', url: `${LISTING}&page=2` });
    const html = response.body;
    const scripts = ajaxScriptsOf(html);
    expect(scripts).toHaveLength(1);
    expect(scripts[0].nonce).toBeUndefined();
    expect(String(response.headers['content-security-policy'])).toContain(`'sha256-${createHash('sha256').update(scripts[0].source).digest('base64')}'`);
    const answer = await listingAt(`${LISTING}&page=2`);
    expect(pushedBy(scripts[0].source)).toEqual(pushedBy(answer.scripts[0]));
    // After the root's closing tag: React never hydrates it; the state holds no script text.
    expect(html.indexOf('data-ajax-load')).toBeGreaterThan(html.indexOf('<div id="root">'));
    expect(stateOf(html).page.listing).not.toHaveProperty('scripts');
    // Other pages have no listing regions, so no such scripts.
    expect(ajaxScriptsOf((await app.inject({ method: 'GET', url: '/' })).body)).toEqual([]);
  });

  it('a hostile product name is escaped in the page and in the json answer: it cannot break out of the script', async () => {
    const first = (await listingAt(LISTING)).products[0];
    expect((await app.inject({ method: 'POST', url: '/__test/product', payload: { id: first.id, name: HOSTILE } })).statusCode).toBe(200);

    const html = (await app.inject({ method: 'GET', url: LISTING })).body;
    expect(html).not.toContain('<script>alert(1)');
    const [drawn] = ajaxScriptsOf(html);
    expect(drawn.source).not.toMatch(/[<>\u2028]/);
    expect((pushedBy(drawn.source)[0] as ViewItemListEvent).items[0].item_name).toBe(HOSTILE);

    const answer = await listingAt(LISTING);
    expect(answer.products[0].name).toBe(HOSTILE);
    expect(answer.scripts[0]).not.toMatch(/[<>\u2028]/);
    expect((pushedBy(answer.scripts[0])[0] as ViewItemListEvent).items[0].item_name).toBe(HOSTILE);
  });
});

describe('the shop\u2019s extra scripts', () => {
  it('are named in the page\u2019s state (default: the demo\u2019s shop-analytics) and served same-origin as JavaScript', async () => {
    const html = (await app.inject({ method: 'GET', url: '/product-11-pastiglie-freno-anteriori-trw-gdb0652.html' })).body;
    expect(stateOf(html).shopData.extraScripts).toEqual({ prefix: '/gfx/extra/', names: ['shop-analytics'] });
    const script = await app.inject({ method: 'GET', url: '/gfx/extra/shop-analytics.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain('shopAnalytics');
    // Only the names the shop configured.
    expect((await app.inject({ method: 'GET', url: '/gfx/extra/other.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/gfx/extra/..%2Fpackage.json' })).statusCode).toBe(404);
  });

  it('EXTRA_SCRIPTS names them; a name with other characters is refused at start-up with a clear message', async () => {
    expect(extraScriptNames(undefined)).toEqual(['shop-analytics']);
    expect(extraScriptNames('')).toEqual([]);
    expect(extraScriptNames(' shop-analytics , chat-2,chat-2 ')).toEqual(['shop-analytics', 'chat-2']);
    expect(() => extraScriptNames('shop-analytics,../evil,Chat')).toThrow('EXTRA_SCRIPTS names scripts by 1 to 40 lower-case letters, digits and dashes, comma separated (e.g. "shop-analytics,chat"); refused: "../evil", "Chat"');
    expect(() => extraScriptNames('a'.repeat(41))).toThrow(/refused/);
    const saved = process.env.EXTRA_SCRIPTS;
    process.env.EXTRA_SCRIPTS = 'x.js';
    try {
      await expect(buildApp({ repository: shop.repository, staticDir: shop.staticDir })).rejects.toThrow(/EXTRA_SCRIPTS .* refused: "x\.js"/);
    } finally {
      if (saved === undefined) delete process.env.EXTRA_SCRIPTS;
      else process.env.EXTRA_SCRIPTS = saved;
    }
  });

  it('a shop with none configured names none to the page', async () => {
    const plain = await buildApp({ repository: shop.repository, staticDir: shop.staticDir, extraScripts: [] });
    try {
      const html = (await plain.inject({ method: 'GET', url: '/' })).body;
      expect(stateOf(html).shopData.extraScripts.names).toEqual([]);
      expect((await plain.inject({ method: 'GET', url: '/gfx/extra/shop-analytics.js' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
