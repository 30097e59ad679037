import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { startTestShop, Visitor, type TestShop } from './helpers';

/**
 * Issue 21, point 7: every answer that depends on the visitor says `no-store` or `private`, so
 * no shared cache hands one shopper's basket to another. Checked over every route the server
 * declares: each is asked by a shopper with a basket and by a visitor with no cookie; an answer
 * a cache may keep must be the same for both (an answer that is the same for everyone may be
 * public, as the catalogue's are), every answer carries a Cache-Control, and none that sets a
 * cookie may be kept.
 */
let shop: TestShop;
let app: FastifyInstance;
beforeAll(async () => {
  shop = await startTestShop(200);
  ({ app } = shop);
});
afterAll(async () => {
  await shop.close();
});

/** Whether a shared cache may keep the answer (what server/visitor.ts calls cacheable). */
function sharedCacheable(response: LightMyRequestResponse): boolean {
  const control = String(response.headers['cache-control'] ?? '').toLowerCase();
  if (/\b(no-store|private)\b/.test(control)) return false;
  if (/\b(no-cache)\b/.test(control) && !/\bpublic\b/.test(control)) return false;
  return true;
}

/** The body without what changes on every request anyway (nonces, request ids). */
const normalised = (response: LightMyRequestResponse) =>
  response.body.replace(/nonce-[A-Za-z0-9+/=]+/g, 'nonce-N').replace(/nonce="[^"]*"/g, 'nonce="N"').replace(/"requestId":"[^"]*"/g, '');

const graphql = (query: string): InjectOptions => ({ method: 'POST', url: '/graphql/v1/', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ query }) });
const form = (url: string, fields: Record<string, string>): InjectOptions => ({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
const SHIPPING_OF_BASKET = '{ shipping(ShippingInput: { mode: "basket", products: [] }) { shipping { courier { name } cost { value formatted } } } }';

/** A request (or several) for every route "METHOD /path" the server declares. */
function requests(product: number, productPath: string, vehiclePath: string): Record<string, InjectOptions[]> {
  return {
    'GET /': [{ method: 'GET', url: '/' }],
    'GET /healthz': [{ method: 'GET', url: '/healthz' }],
    'GET /readyz': [{ method: 'GET', url: '/readyz' }],
    'GET /return.php': [{ method: 'GET', url: '/return.php' }],
    'GET /robots.txt': [{ method: 'GET', url: '/robots.txt' }],
    'GET /*': [{ method: 'GET', url: '/assets/main.js' }],
    'GET /ajax/basket.php': [{ method: 'GET', url: '/ajax/basket.php' }],
    'POST /ajax/get.php': [form('/ajax/get.php', { request: JSON.stringify({ Basket: { params: {} }, Wishlist: { params: {} }, Projector: { params: { product } } }) })],
    'POST /ajax/search.php': [form('/ajax/search.php?ajax=true&getOne=menu_alt[2_1]', {})],
    'GET /ajax/projector.php': [{ method: 'GET', url: `/ajax/projector.php?action=get&product=${product}&get=sizes,sizeprices` }],
    'GET /ajax/instalments.php': [{ method: 'GET', url: '/ajax/instalments.php?price=250' }],
    'POST /ajax/checkout.php': [form('/ajax/checkout.php?action=couriers', { country: 'IT', postcode: '20121' })],
    'POST /ajax/notify.php': [form('/ajax/notify.php', { product: '1', size: 'uniw', email: 'mario.rossi@example.it' })],
    'GET /notify-confirm.php': [{ method: 'GET', url: `/notify-confirm.php?token=${'A'.repeat(43)}` }, { method: 'GET', url: '/notify-confirm.php?token=x' }],
    'POST /notify-confirm.php': [form('/notify-confirm.php', { token: 'A'.repeat(43) })],
    'GET /ajax/wishlist.php': [{ method: 'GET', url: '/ajax/wishlist.php' }],
    'GET /ajax/validate.php': [{ method: 'GET', url: '/ajax/validate.php?field=email&value=a@b.it' }],
    'POST /ajax/validate.php': [form('/ajax/validate.php', { field: 'zipcode', value: '00100' })],
    'GET /ajax/hotspots.php': [{ method: 'GET', url: '/ajax/hotspots.php?action=get-hotspots-html&zones-names=hotspot_bestsellers' }],
    'GET /graphql/v1/': [
      { method: 'GET', url: `/graphql/v1/?query=${encodeURIComponent(SHIPPING_OF_BASKET)}` },
      { method: 'GET', url: `/graphql/v1/?query=${encodeURIComponent(`{ getLastLowestProductPrices(lastLowestPricesInput: [{ productId: ${product} }]) { id } }`)}` },
    ],
    'POST /graphql/v1/': [graphql(SHIPPING_OF_BASKET), graphql('{ trackingEvents }'), graphql(`mutation { removeProductsFromBasket(ProductInput: [{ id: 999999, size: "uniw" }]) { status } }`)],
    'GET /gfx/extra/:file': [{ method: 'GET', url: '/gfx/extra/none.js' }],
    'POST /basketchange.php': [form('/basketchange.php?mode=1', { product: String(product), size: 'uniw', number: '1' })],
    'GET /basketedit.php': [{ method: 'GET', url: '/basketedit.php' }],
    'GET /checkout.php': [{ method: 'GET', url: '/checkout.php' }],
    'POST /checkout.php': [form('/checkout.php', { step: 'review', email: 'mario.rossi@example.it' })],
    'GET /order/:token': [{ method: 'GET', url: `/order/${'x'.repeat(43)}` }],
    'GET /brakes.php': [{ method: 'GET', url: '/brakes.php' }],
    'GET /data/gfx/products/:file': [{ method: 'GET', url: `/data/gfx/products/${product}.svg` }],
    'GET /data/gfx/drawings/:file': [{ method: 'GET', url: '/data/gfx/drawings/AB12.jpg' }],
    'GET /data/gfx/status/:file': [{ method: 'GET', url: '/data/gfx/status/enable.svg' }],
    'GET /data/gfx/couriers/:file': [{ method: 'GET', url: '/data/gfx/couriers/brt.svg' }],
    'GET /data/gfx/icons/defaulticon_1.png': [{ method: 'GET', url: '/data/gfx/icons/defaulticon_1.png' }],
    'GET /data/include/cms/cms/configurator_icons/:file': [{ method: 'GET', url: '/data/include/cms/cms/configurator_icons/pastiglie.png' }],
    'GET /data/include/cms/substitutes.json': [{ method: 'GET', url: '/data/include/cms/substitutes.json' }],
    'GET /data/include/cms/engine_categories_marka.json': [{ method: 'GET', url: '/data/include/cms/engine_categories_marka.json' }],
    'GET /data/include/cms/engine_categories_:letter': [{ method: 'GET', url: '/data/include/cms/engine_categories_a.json' }],
    'GET /data/include/cms/brake_vehicles.json': [{ method: 'GET', url: '/data/include/cms/brake_vehicles.json' }],
    'GET /data/include/cms/delivery_zip_ranges.json': [{ method: 'GET', url: '/data/include/cms/delivery_zip_ranges.json' }],
    'GET /data/include/cms/:country/engine_categories_marka.json': [{ method: 'GET', url: '/data/include/cms/pl/engine_categories_marka.json' }],
    'GET /data/include/cms/:country/engine_categories_:letter': [{ method: 'GET', url: '/data/include/cms/pl/engine_categories_a.json' }],
    'GET /search.php': [{ method: 'GET', url: '/search.php' }, { method: 'GET', url: '/search.php?json=true' }],
    'POST /search.php': [form(`/search.php?getProductXML=true&json=true`, { products: String(product) })],
    'GET /sitemap.xml': [{ method: 'GET', url: '/sitemap.xml' }],
    'GET /sitemaps/:file': [{ method: 'GET', url: '/sitemaps/categories.xml' }, { method: 'GET', url: '/sitemaps/products-1.xml' }, { method: 'GET', url: '/sitemaps/vehicles-1.xml' }],
    'GET /projector.php': [{ method: 'GET', url: `/projector.php?getProductXML=true&product=${product}` }],
    'GET /product-:rest': [{ method: 'GET', url: productPath }],
    'GET /pages/:slug': [{ method: 'GET', url: '/pages/spedizioni' }, { method: 'GET', url: '/pages/spedizioni?json=true' }],
    'GET /contact.php': [{ method: 'GET', url: '/contact.php' }],
    'POST /contact.php': [form('/contact.php', { name: 'Mario Rossi', contact: 'mario.rossi@example.it', subject: 'order', message: 'Vorrei sapere quando arriva il mio ordine.', terms: '1' })],
    'GET /cms/spedizioni.html': [{ method: 'GET', url: '/cms/spedizioni.html' }],
    'GET /cms/resi.html': [{ method: 'GET', url: '/cms/resi.html' }],
    'GET /cms/garanzia.html': [{ method: 'GET', url: '/cms/garanzia.html' }],
    'GET /cms/pagamento-rate.html': [{ method: 'GET', url: '/cms/pagamento-rate.html' }],
    'GET /main.php': [{ method: 'GET', url: '/main.php' }],
    'GET /noproduct.php': [{ method: 'GET', url: '/noproduct.php' }],
    'GET /favicon.svg': [{ method: 'GET', url: '/favicon.svg' }],
    // Pages in Polish and English under their prefixes (the route table prints a prefix's own
    // routes under it: '/pl', '/en', '/it' and their '/').
    'GET /pl': [{ method: 'GET', url: '/pl' }, { method: 'GET', url: '/pl/main.php' }, { method: 'GET', url: `/pl${productPath}` }, { method: 'GET', url: '/pl/basketedit.php' }, { method: 'GET', url: `/pl${vehiclePath}` }],
    'GET /en': [{ method: 'GET', url: '/en/search.php?traits_alt%5B24%5D=1' }, { method: 'GET', url: '/en/contact.php' }],
    'GET /it': [{ method: 'GET', url: '/it/' }],
    'GET //': [{ method: 'GET', url: '/pl/' }, { method: 'GET', url: '/en/' }],
    'GET /sitemaps/pl/:file': [{ method: 'GET', url: '/sitemaps/pl/categories.xml' }],
    'GET /sitemaps/en/:file': [{ method: 'GET', url: '/sitemaps/en/products-1.xml' }],
    'GET /metrics': [{ method: 'GET', url: '/metrics' }],
    'GET /ajax/fitment.php': [{ method: 'GET', url: `/ajax/fitment.php?engines=1,2&products=${product}` }],
    'GET /ajax/vehicle.php': [{ method: 'GET', url: '/ajax/vehicle.php?kind=engine&id=20000' }, { method: 'GET', url: '/ajax/vehicle.php?kind=brand&id=999999' }],
    // Vehicle pages (issue 25): an engine's at its own slug and another (301), a brand's, an unknown one (404).
    'GET /vehicles/:rest': [
      { method: 'GET', url: vehiclePath },
      { method: 'GET', url: '/vehicles/engine-20000-old.html' },
      { method: 'GET', url: '/vehicles/brand-1-x.html' },
      { method: 'GET', url: '/vehicles/model-999999-x.html' },
    ],
  };
}

/**
 * Every "METHOD /path" the server declares (HEAD answers as GET; the test hooks are not the
 * shop's, and the back office under /admin/ is never cacheable: test/server/adminRoutes.test.ts
 * walks its routes).
 */
function declaredRoutes(): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([\s│]*)[└├]── (\S+) \(([A-Z, ]+)\)/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack[depth] = match[2];
    if (stack.join('').startsWith('/admin')) continue;
    const path = depth === 0 ? match[2] : `/${match[2]}`;
    for (const method of match[3].split(', ')) if (method !== 'HEAD' && !path.startsWith('/__test')) routes.push(`${method} ${path}`);
  }
  return [...new Set(routes)].sort();
}

it('every answer that depends on the visitor is no-store or private; what a cache may keep is the same for every visitor', async () => {
  const product = (await shop.one<{ id: number }>("SELECT p.id FROM products p JOIN sizes s ON s.product_id = p.id WHERE p.id >= 100 AND s.size_id = 'uniw' AND s.status = 'enable' AND s.stock = -1 AND p.unit_sellby = 1 AND p.min_quantity IS NULL ORDER BY p.id LIMIT 1")).id;
  const page = (await shop.one<{ slug: string }>('SELECT slug FROM products WHERE id = ?', product)).slug;
  const vehicle = (await app.inject({ method: 'GET', url: '/ajax/vehicle.php?kind=engine&id=20000' })).json<{ link: string }>().link;
  const table = requests(product, `/product-${product}-${page}.html`, vehicle);
  await app.ready();
  expect(Object.keys(table).sort()).toEqual(declaredRoutes());

  // A shopper with a basket (and a pending tracking event), and a visitor with no cookie at all.
  const shopper = new Visitor(app);
  expect((await shopper.post('/basketchange.php?mode=1', { product: String(product), size: 'uniw', number: '2' })).statusCode).toBe(200);
  const seen: string[] = [];
  for (const [route, calls] of Object.entries(table)) {
    for (const call of calls) {
      const what = `${route}: ${call.url}`;
      const withBasket = await app.inject({ ...call, headers: { ...(call.headers ?? {}), cookie: shopper.cookie } });
      const anonymous = await app.inject(call);
      for (const [who, response] of [['shopper', withBasket], ['anonymous', anonymous]] as const) {
        expect({ what, who, status: response.statusCode < 500 }).toEqual({ what, who, status: true });
        expect({ what, who, cacheControl: typeof response.headers['cache-control'] }).toEqual({ what, who, cacheControl: 'string' });
        if (response.headers['set-cookie']) expect({ what, who, cookieOnCacheable: sharedCacheable(response) }).toEqual({ what, who, cookieOnCacheable: false });
      }
      if (sharedCacheable(withBasket)) {
        // Kept by a cache, then handed to anyone: it must be what anyone gets.
        expect({ what, same: normalised(withBasket) === normalised(anonymous) }).toEqual({ what, same: true });
      }
      seen.push(what);
    }
  }
  expect(seen.length).toBeGreaterThan(50);
  // About 120 answers, pages drawn on the server among them.
}, 60_000);

it("the GraphQL estimate of the basket's shipping is never kept by a shared cache, by GET or POST", async () => {
  const shopper = new Visitor(app);
  const product = (await shop.one<{ id: number }>("SELECT p.id FROM products p JOIN sizes s ON s.product_id = p.id WHERE p.id >= 100 AND s.size_id = 'uniw' AND s.status = 'enable' AND s.stock = -1 ORDER BY p.id LIMIT 1")).id;
  await shopper.post('/basketchange.php?mode=1', { product: String(product), size: 'uniw', number: '1' });
  for (const response of [
    await shopper.get(`/graphql/v1/?query=${encodeURIComponent(SHIPPING_OF_BASKET)}`),
    await shopper.request({ method: 'POST', url: '/graphql/v1/', json: { query: SHIPPING_OF_BASKET } }),
  ]) {
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/no-store|private/);
  }
});
