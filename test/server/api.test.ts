import type Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { openShopDatabase } from '../../server/db/open';
import { SPECIAL_PRODUCTS } from '../../server/db/catalogue/specialProducts';
import type { BasketResponse, ListingResponse, ProjectorResponse, SearchValuesResponse, ShopDataResponse } from '../../src/api/wire';
import { startTestShop, TODAY, Visitor, type TestShop } from './helpers';

let shop: TestShop;
let app: FastifyInstance;

beforeAll(async () => {
  shop = await startTestShop();
  ({ app } = shop);
});
afterAll(async () => {
  await shop.close();
});

const basketRows = async () => (await shop.one<{ n: number }>('SELECT COUNT(*) AS n FROM basket_lines')).n;
const regularProduct = async () =>
  (await shop.one<{ id: number }>("SELECT p.id FROM products p JOIN sizes s ON s.product_id = p.id WHERE s.status = 'enable' AND s.stock = -1 AND p.id >= 100 ORDER BY p.id LIMIT 1")).id;

describe('GET /ajax/basket.php', () => {
  it('gives a new visitor an empty basket and an HttpOnly, SameSite=Lax visitor cookie', async () => {
    const response = await app.inject({ method: 'GET', url: '/ajax/basket.php?getAjax=true' });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'shop_visitor');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const body = response.json() as BasketResponse;
    expect(body.basket).toMatchObject({ productsCounter: 0, products: [], worth: 0, worth_formatted: '0,00\u00a0€', toShippingFree: 79 });
    expect(body.user).toEqual({ id: null, logged: false });
  });
});

describe('POST /basketchange.php', () => {
  it('adds a line and answers the updated basket, announcing a tracking event', async () => {
    const visitor = new Visitor(app);
    const id = await regularProduct();
    const response = await visitor.post('/basketchange.php?mode=1', { product: String(id), size: 'uniw', number: '2', getAjax: 'true' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-iai-tracking-events']).toBe('1');
    const basket = (response.json() as { basket: BasketResponse['basket'] }).basket;
    expect(basket.products).toHaveLength(1);
    expect(basket.products[0]).toMatchObject({ id, size: 'uniw', count: 2 });
    expect(basket.worth).toBeCloseTo(basket.products[0].worth_unit * 2, 2);
    const again = (await visitor.get('/ajax/basket.php')).json() as BasketResponse;
    expect(again.basket.products[0].count).toBe(2);
  });

  it.each([
    [{ size: 'uniw', number: '1' }, 400, 'missing_parameter'],
    [{ product: 'abc', size: 'uniw', number: '1' }, 400, 'invalid_parameter'],
    [{ product: '100', size: 'uniw', number: '-1' }, 400, 'invalid_quantity'],
    [{ product: '100', size: 'uniw', number: '0' }, 400, 'invalid_quantity'],
    [{ product: '100', size: "x' OR 1=1", number: '1' }, 400, 'invalid_parameter'],
    [{ product: '999999', size: 'uniw', number: '1' }, 404, 'product_not_found'],
    [{ product: '100', size: 'XL', number: '1' }, 404, 'size_not_found'],
    [{ product: String(SPECIAL_PRODUCTS.unavailable), size: 'uniw', number: '1' }, 409, 'product_unavailable'],
    [{ product: String(SPECIAL_PRODUCTS.phonePrice), size: 'uniw', number: '1' }, 409, 'phone_price'],
    [{ product: String(SPECIAL_PRODUCTS.pointsOnly), size: 'uniw', number: '1' }, 409, 'points_only'],
    [{ product: String(SPECIAL_PRODUCTS.gratis), size: 'uniw', number: '1' }, 409, 'gratis_product'],
    [{ product: String(SPECIAL_PRODUCTS.minMaxQuantity), size: 'uniw', number: '1' }, 422, 'quantity_below_minimum'],
    [{ product: String(SPECIAL_PRODUCTS.minMaxQuantity), size: 'uniw', number: '7' }, 422, 'quantity_above_maximum'],
    [{ product: String(SPECIAL_PRODUCTS.sellByHalf), size: 'uniw', number: '0.7' }, 422, 'quantity_not_multiple_of_step'],
  ])('refuses %j with %i %s and writes nothing', async (form, status, code) => {
    const before = await basketRows();
    const response = await new Visitor(app).post('/basketchange.php?mode=1', form as Record<string, string>);
    expect(response.statusCode).toBe(status);
    // A stable code, the server's sentence, and for quantity limits the numbers the page words them with.
    const quantityLimit = code.startsWith('quantity_');
    expect(response.json()).toEqual({ error: { code, message: expect.any(String), ...(quantityLimit ? { params: expect.objectContaining({ unit: expect.any(String) }) } : {}) } });
    expect(await basketRows()).toBe(before);
  });

  it('accepts a sell-by-0.5 quantity and a quantity within the order limits', async () => {
    const visitor = new Visitor(app);
    expect((await visitor.post('/basketchange.php?mode=1', { product: String(SPECIAL_PRODUCTS.sellByHalf), number: '1.5' })).statusCode).toBe(200);
    expect((await visitor.post('/basketchange.php?mode=1', { product: String(SPECIAL_PRODUCTS.minMaxQuantity), number: '2' })).statusCode).toBe(200);
    const basket = ((await visitor.get('/ajax/basket.php')).json() as BasketResponse).basket;
    expect(basket.products.map((p) => p.count).sort()).toEqual([1.5, 2]);
  });

  it('counts what is already in the basket against the maximum', async () => {
    const visitor = new Visitor(app);
    const add = (n: string) => visitor.post('/basketchange.php?mode=1', { product: String(SPECIAL_PRODUCTS.minMaxQuantity), number: n });
    expect((await add('4')).statusCode).toBe(200);
    expect((await add('2')).statusCode).toBe(200);
    const refused = await add('2');
    expect(refused.statusCode).toBe(422);
    expect(((await visitor.get('/ajax/basket.php')).json() as BasketResponse).basket.products[0].count).toBe(6);
  });

  it('sets a line with mode=2 and removes it with number 0', async () => {
    const visitor = new Visitor(app);
    const id = String(await regularProduct());
    await visitor.post('/basketchange.php?mode=1', { product: id, number: '1' });
    await visitor.post('/basketchange.php?mode=2', { product: id, number: '5' });
    expect(((await visitor.get('/ajax/basket.php')).json() as BasketResponse).basket.products[0].count).toBe(5);
    await visitor.post('/basketchange.php?mode=2', { product: id, number: '0' });
    expect(((await visitor.get('/ajax/basket.php')).json() as BasketResponse).basket.products).toEqual([]);
  });

  it('rejects a state-changing POST from a foreign origin and changes nothing', async () => {
    const before = await basketRows();
    const response = await new Visitor(app).post('/basketchange.php?mode=1', { product: '100', number: '1' }, { origin: 'https://evil.example', host: 'shop.local' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'foreign_origin' } });
    expect(await basketRows()).toBe(before);
  });

  it('loses nothing when 10 visitors add 200 times concurrently', async () => {
    const id = String(await regularProduct());
    const visitors = Array.from({ length: 10 }, () => new Visitor(app));
    await Promise.all(visitors.map((v) => v.get('/ajax/basket.php')));
    const responses = await Promise.all(visitors.flatMap((v) => Array.from({ length: 20 }, () => v.post('/basketchange.php?mode=1', { product: id, number: '1' }))));
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    for (const visitor of visitors) {
      const basket = ((await visitor.get('/ajax/basket.php')).json() as BasketResponse).basket;
      expect(basket.products).toHaveLength(1);
      expect(basket.products[0].count).toBe(20);
    }
  });
});

describe('POST /ajax/get.php', () => {
  it('answers exactly the sections asked for, each as { response }', async () => {
    const request = JSON.stringify({ Basket: {}, Wishlist: {}, Snippets: { format: 'json', params: { mobile: true, tablet: false, pc: false, request_uri: '/', additional_ajax: '' } } });
    const response = await new Visitor(app).post('/ajax/get.php', { request });
    expect(response.statusCode).toBe(200);
    const body = response.json() as ShopDataResponse;
    expect(Object.keys(body).sort()).toEqual(['Basket', 'Snippets', 'Wishlist']);
    expect(body.Basket?.response.basket.productsCounter).toBe(0);
    expect(body.Wishlist?.response.attributes.count).toBe(0);
  });

  it('places snippets by region and sends the widgets\' script, per device', async () => {
    const params = (mobile: boolean) => ({ format: 'json', params: { mobile, tablet: false, pc: !mobile, request_uri: '/main.php', additional_ajax: '' } });
    const ask = async (mobile: boolean) =>
      (await new Visitor(app).post('/ajax/get.php', { request: JSON.stringify({ Snippets: params(mobile), ToplayersAndWidgets: params(mobile) }) })).json() as ShopDataResponse;
    const phone = await ask(true);
    const desktop = await ask(false);
    const regions = Object.values(phone.Snippets!.response.items).map((item) => item.region);
    expect(regions).toEqual(expect.arrayContaining(['head', 'body_top', 'body_bottom']));
    expect(phone.Snippets!.response.items['delivery-promise'].content).not.toBe(desktop.Snippets!.response.items['delivery-promise'].content);
    expect(typeof phone.ToplayersAndWidgets!.response.items.script).toBe('string');
    const bad = await new Visitor(app).post('/ajax/get.php', { request: JSON.stringify({ Snippets: { format: 'json', params: { mobile: 'yes' } } }) });
    expect(bad.statusCode).toBe(400);
  });

  it('a product page whose product ships in no known time gets a bar without the shipping promise (issue 34, point 10)', async () => {
    const bar = async (path: string, mobile: boolean) => {
      const params = { format: 'json', params: { mobile, tablet: false, pc: !mobile, request_uri: path, additional_ajax: '' } };
      const body = (await new Visitor(app).post('/ajax/get.php', { request: JSON.stringify({ Snippets: params }) })).json() as ShopDataResponse;
      return body.Snippets!.response.items['delivery-promise'].content;
    };
    for (const mobile of [true, false]) {
      expect(await bar(`/product-${SPECIAL_PRODUCTS.orderUnknownDelivery}-x.html`, mobile)).toBe('<p class="snippet-bar">Spedizione gratuita per ordini da 79 €</p>');
      expect(await bar(`/product-${SPECIAL_PRODUCTS.unavailable}-x.html`, mobile)).toBe('<p class="snippet-bar">Spedizione gratuita per ordini da 79 €</p>');
      expect(await bar(`/product-${SPECIAL_PRODUCTS.rebateTiers}-x.html`, mobile)).toBe(await bar('/main.php', mobile));
    }
    expect(await bar(`/pl/product-${SPECIAL_PRODUCTS.orderUnknownDelivery}-x.html`, false)).not.toContain('14:00');
  });

  it.each([
    [{}, 'missing_parameter'],
    [{ request: '{not json' }, 'invalid_json'],
    [{ request: '[1,2]' }, 'invalid_json'],
    [{ request: '{"Evil":{}}' }, 'unknown_section'],
  ])('refuses %j with a 400', async (form, code) => {
    const response = await new Visitor(app).post('/ajax/get.php', form as Record<string, string>);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code } });
  });
});

describe('POST /ajax/search.php (configurator options)', () => {
  it('cascades brand -> model -> year -> engine -> category counts', async () => {
    const visitor = new Visitor(app);
    const ask = async (query: string) => ((await visitor.post(`/ajax/search.php?ajax=true&${query}`, {})).json() as SearchValuesResponse).values;
    const brands = await ask('getOne=menu_alt[2_1]');
    expect(brands.length).toBeGreaterThanOrEqual(30);
    const vw = brands.find(([, name]) => name === 'Volkswagen')!;
    const models = await ask(`getOne=menu_alt[2_2]&menu_alt[2_1]=${vw[0]}`);
    expect(models.map(([, name]) => name)).toContain('Golf');
    const golf = models.find(([, name]) => name === 'Golf')!;
    const years = await ask(`getOne=menu_alt[2_3]&menu_alt[2_2]=${golf[0]}`);
    expect(years[0][1]).toMatch(/^Golf I \(\d{4}-\d{0,4}\)$/);
    const engines = await ask(`getOne=traits_alt[49]&menu_alt[2_3]=${years[0][0]}`);
    expect(engines[0][1]).toMatch(/ CV \(\d+ kW\)$/);
    const categories = await ask(`getOne=traits_alt[24]&traits_alt[49]=${engines[0][0]}`);
    expect(categories.map((row) => row[1])).toContain('Pastiglie freno');
    expect(categories.every((row) => typeof row[2] === 'number')).toBe(true);
  });

  it.each(['', 'getOne=menu_alt[9_9]', 'getOne=menu_alt[2_2]', 'getOne=menu_alt[2_2]&menu_alt[2_1]=-4'])('refuses "%s" with a 400', async (query) => {
    const response = await new Visitor(app).post(`/ajax/search.php?ajax=true&${query}`, {});
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /search.php', () => {
  it('a list adds 1 only of a size with stock: a size on order with nothing to deliver has no list add (both backends)', async () => {
    const url = '/search.php?json=true&traits_alt[24]=148728&limit=96';
    const listed = (await app.inject({ method: 'GET', url })).json() as { products: Array<{ id: number; listSize: string | null }> };
    const product = listed.products.find((p) => p.listSize !== null)!;
    const size = await shop.one<{ status: string; stock: number }>('SELECT status, stock FROM sizes WHERE product_id = ? AND size_id = ?', product.id, product.listSize);
    await shop.sql("UPDATE sizes SET status = 'order', stock = 0 WHERE product_id = ? AND size_id = ?", product.id, product.listSize);
    try {
      const again = (await app.inject({ method: 'GET', url })).json() as { products: Array<{ id: number; listSize: string | null }> };
      expect(again.products.find((p) => p.id === product.id)?.listSize).toBeNull();
    } finally {
      await shop.sql('UPDATE sizes SET status = ?, stock = ? WHERE product_id = ? AND size_id = ?', size.status, size.stock, product.id, product.listSize);
    }
  });

  it('answers the listing data with json=true, filtered by category', async () => {
    const response = await app.inject({ method: 'GET', url: '/search.php?json=true&traits_alt[24]=148728&limit=5' });
    expect(response.statusCode).toBe(200);
    const body = response.json() as ListingResponse;
    expect(body.products).toHaveLength(5);
    expect(body.products.every((p) => p.category.id === 148728)).toBe(true);
    expect(body.total).toBeGreaterThan(5);
    expect(body.products[0].link).toMatch(/^\/product-\d+-[a-z0-9-]+\.html$/);
  });

  it('finds products by catalogue number, accents and case aside', async () => {
    const { catalog_no, id } = await shop.one<{ catalog_no: string; id: number }>("SELECT catalog_no, id FROM products WHERE id >= 100 AND catalog_no LIKE '% %' ORDER BY id LIMIT 1");
    const response = await app.inject({ method: 'GET', url: `/search.php?json=true&text=${encodeURIComponent(catalog_no.toLowerCase())}` });
    expect((response.json() as ListingResponse).products.map((p) => p.id)).toContain(id);
  });

  it('serves the page itself without json=true', async () => {
    const response = await app.inject({ method: 'GET', url: '/search.php?traits_alt[24]=148728' });
    expect(response.headers['content-type']).toContain('text/html');
  });

  it.each(['traits_alt[24]=abc', 'page=0', 'limit=1000', 'sort=random'])('refuses %s with a 400', async (query) => {
    const response = await app.inject({ method: 'GET', url: `/search.php?json=true&${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  });
});

describe('GET /ajax/projector.php', () => {
  it('answers the asked parts for a size', async () => {
    const response = await app.inject({ method: 'GET', url: `/ajax/projector.php?action=get&product=${SPECIAL_PRODUCTS.multiSize}&size=S2&get=sizes,sizeavailability,sizedelivery,sizeprices` });
    expect(response.statusCode).toBe(200);
    const body = response.json() as ProjectorResponse;
    expect(Object.keys(body.sizes!.items)).toEqual(['S1', 'S2', 'S3']);
    expect(body.sizeprices).toMatchObject({ value: 86.9, price_formatted: '86,90\u00a0€' });
    expect(body.sizeavailability).toMatchObject({ status: 'enable', visible: 'y' });
    expect(body.sizedelivery).toMatchObject({ shipping: 0 });
  });

  it('gives the lowest price of the last 30 days as the omnibus price', async () => {
    const body = (await app.inject({ method: 'GET', url: `/ajax/projector.php?action=get&product=${SPECIAL_PRODUCTS.omnibusSrp}&get=sizeprices` })).json() as ProjectorResponse;
    expect(body.sizeprices).toMatchObject({ value: 79, srp: 109, omnibus_price: 74.5, yousave: 30, yousave_percent: 28 });
  });

  it('answers subscription prices with subscription=1', async () => {
    const body = (await app.inject({ method: 'GET', url: `/ajax/projector.php?action=get&product=${SPECIAL_PRODUCTS.subscription}&get=sizeprices&subscription=1` })).json() as ProjectorResponse;
    expect(body.sizeprices?.value).toBe(10.9);
  });

  it('answers the page-level product object', async () => {
    const body = (await app.inject({ method: 'GET', url: `/ajax/projector.php?action=get&product=${SPECIAL_PRODUCTS.sellByHalf}&get=product` })).json() as ProjectorResponse;
    expect(body.product).toMatchObject({ product_id: SPECIAL_PRODUCTS.sellByHalf, unit_sellby: 0.5, unit_precision: 1 });
    expect(body.product?.longDescription).toContain('<table class="product-info">');
  });

  it.each([
    ['action=get&get=sizes', 400],
    ['action=put&product=1&get=sizes', 400],
    ['action=get&product=1&get=secrets', 400],
    ['action=get&product=999999&get=sizes', 404],
    ['action=get&product=1&size=ZZ&get=sizes', 404],
  ])('refuses %s with %i', async (query, status) => {
    expect((await app.inject({ method: 'GET', url: `/ajax/projector.php?${query}` })).statusCode).toBe(status);
  });
});

describe('pages', () => {
  it('serve the storefront with a per-request nonce on scripts and a strict CSP (a personal page: the basket page, or any page with the visitor cookie)', async () => {
    const cookie = `shop_visitor=${'c'.repeat(32)}`;
    const first = await app.inject({ method: 'GET', url: '/main.php', headers: { cookie } });
    const second = await app.inject({ method: 'GET', url: '/basketedit.php' });
    const nonce = /<script nonce="([^"]+)"/.exec(first.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.body).not.toContain(nonce!);
    expect(first.headers['content-security-policy']).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(first.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('answer 404 for an unknown product and an unknown address, still as a page', async () => {
    const product = await app.inject({ method: 'GET', url: '/product-999999-nothing.html' });
    expect(product.statusCode).toBe(404);
    expect(product.headers['content-type']).toContain('text/html');
    const unknown = await app.inject({ method: 'GET', url: '/no/such/page', headers: { accept: 'text/html' } });
    expect(unknown.statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/ajax/no/such/api' });
    expect(api.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('serves hashed assets with a long cache', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/main.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('draws a picture for every product', async () => {
    const response = await app.inject({ method: 'GET', url: '/data/gfx/products/100.svg' });
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.body).toContain('<svg');
  });
});

describe('storage', () => {
  it('keeps a basket across a restart', async () => {
    const visitor = new Visitor(app);
    await visitor.post('/basketchange.php?mode=1', { product: String(await regularProduct()), number: '3' });
    const reopened = await shop.reopen();
    expect(reopened.seeded).toBe(false);
    const response = await reopened.app.inject({ method: 'GET', url: '/ajax/basket.php', headers: { cookie: visitor.cookie } });
    expect((response.json() as BasketResponse).basket.products[0].count).toBe(3);
    await reopened.close();
  });

  it('generates the same catalogue for the same seed', () => {
    const a = openShopDatabase({ path: ':memory:', catalogueSize: 120, today: TODAY }).db;
    const b = openShopDatabase({ path: ':memory:', catalogueSize: 120, today: TODAY }).db;
    const dump = (d: Database.Database) => JSON.stringify(d.prepare('SELECT id, name, catalog_no FROM products ORDER BY id').all());
    expect(dump(a)).toBe(dump(b));
    a.close();
    b.close();
  });
});

describe('basket prices follow the product page', () => {
  it('prices a line at the quantity rebate tier it reaches', async () => {
    const visitor = new Visitor(app);
    const id = String(SPECIAL_PRODUCTS.rebateTiers);
    await visitor.post('/basketchange.php?mode=1', { product: id, number: '1' });
    let basket = ((await visitor.get('/ajax/basket.php')).json() as BasketResponse).basket;
    expect(basket.products[0]).toMatchObject({ count: 1, worth_unit: 24.9 });
    await visitor.post('/basketchange.php?mode=1', { product: id, number: '3' });
    basket = ((await visitor.get('/ajax/basket.php')).json() as BasketResponse).basket;
    // 4 reach the 10 % tier: 24,90 -> 22,41 each.
    expect(basket.products[0]).toMatchObject({ count: 4, worth_unit: 22.41 });
    expect(basket.worth).toBe(89.64);
  });

  it('keeps a subscription line apart, at the subscription price; the subscription minimum holds for both lines (spec section 5, as written)', async () => {
    const visitor = new Visitor(app);
    const id = String(SPECIAL_PRODUCTS.subscription);
    const tooFew = await visitor.post('/basketchange.php?mode=1', { product: id, number: '1', subscription: '1' });
    expect(tooFew.statusCode).toBe(422);
    expect(tooFew.json().error.code).toBe('quantity_below_minimum');
    expect((await visitor.post('/basketchange.php?mode=1', { product: id, number: '2', subscription: '1' })).statusCode).toBe(200);
    const plainTooFew = await visitor.post('/basketchange.php?mode=1', { product: id, number: '1' });
    expect(plainTooFew.statusCode).toBe(422);
    expect(plainTooFew.json().error).toMatchObject({ code: 'quantity_below_minimum', params: { min: 2, unit: 'pz.' } });
    expect((await visitor.post('/basketchange.php?mode=1', { product: id, number: '3' })).statusCode).toBe(200);
    const basket = ((await visitor.get('/ajax/basket.php')).json() as BasketResponse).basket;
    const prices = basket.products.map((p) => [p.count, p.worth_unit]).sort();
    expect(prices).toEqual([
      [2, 10.9],
      [3, 12.9],
    ]);
  });

  it('refuses the subscription mode for a product without it', async () => {
    const response = await new Visitor(app).post('/basketchange.php?mode=1', { product: String(SPECIAL_PRODUCTS.rebateTiers), number: '1', subscription: '1' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('no_subscription');
  });
});

describe('POST /ajax/notify.php', () => {
  const notices = async () => (await shop.one<{ n: number }>('SELECT COUNT(*) AS n FROM availability_notices')).n;

  it('records one notice per product size and address', async () => {
    const visitor = new Visitor(app);
    const form = { product: String(SPECIAL_PRODUCTS.unavailable), size: 'uniw', email: 'Mario.Rossi@example.it' };
    const before = await notices();
    const response = await visitor.post('/ajax/notify.php', form);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    await visitor.post('/ajax/notify.php', { ...form, email: 'mario.rossi@example.it' });
    expect(await notices()).toBe(before + 1);
  });

  it.each([
    [{ product: String(SPECIAL_PRODUCTS.unavailable), size: 'uniw', email: 'not-an-address' }, 400, 'invalid_email'],
    [{ product: String(SPECIAL_PRODUCTS.unavailable), size: 'uniw' }, 400, 'invalid_email'],
    [{ size: 'uniw', email: 'a@example.it' }, 400, 'missing_parameter'],
    [{ product: '999999', size: 'uniw', email: 'a@example.it' }, 404, 'size_not_found'],
    [{ product: String(SPECIAL_PRODUCTS.multiSize), size: 'XL', email: 'a@example.it' }, 404, 'size_not_found'],
  ])('refuses %j with %i %s and writes nothing', async (form, status, code) => {
    const before = await notices();
    const response = await new Visitor(app).post('/ajax/notify.php', form as Record<string, string>);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error: { code, message: expect.any(String) } });
    expect(await notices()).toBe(before);
  });
});
