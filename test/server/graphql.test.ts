import type { FastifyInstance } from 'fastify';
import { SPECIAL_PRODUCTS } from '../../server/db/catalogue/specialProducts';
import type { BrakeProduct, GraphQLResponse, LowestPriceProduct, ShippingOption, TextSearchResult } from '../../src/api/wire';
import { startTestShop, Visitor, type TestShop } from './helpers';
import sharp from 'sharp';

let shop: TestShop;
let app: FastifyInstance;
beforeAll(async () => {
  shop = await startTestShop();
  ({ app } = shop);
});
afterAll(async () => {
  await shop.close();
});

async function gql<T>(visitor: Visitor, query: string, label = '') {
  const response = await visitor.request({ method: 'POST', url: `/graphql/v1/${label ? `?${label}` : ''}`, json: { query } });
  return { response, body: response.json() as GraphQLResponse<T> };
}

describe('POST /graphql/v1/', () => {
  it('getLastLowestProductPrices: the lowest gross and net price of the last 30 days per size', async () => {
    const { body } = await gql<{ getLastLowestProductPrices: LowestPriceProduct[] }>(
      new Visitor(app),
      `{ getLastLowestProductPrices(lastLowestPricesInput: [{ productId: ${SPECIAL_PRODUCTS.omnibusSrp} }]) { id sizes { id price { gross { value currency formatted } net { value } } } } }`,
      'getLastLowestProductPrices',
    );
    expect(body.data?.getLastLowestProductPrices).toEqual([
      { id: SPECIAL_PRODUCTS.omnibusSrp, sizes: [{ id: 'uniw', price: { gross: { value: 74.5, currency: 'EUR', formatted: '74,50\u00a0€' }, net: { value: 61.07 } } }] },
    ]);
  });

  it('productsTextSearch: every result group, accents and case folded, codes matched', async () => {
    const visitor = new Visitor(app);
    const { body } = await gql<{ productsTextSearch: TextSearchResult }>(
      visitor,
      '{ productsTextSearch(searchInput: { text: "PASTIGLIÉ brembo", limit: 3 }) { products { name link iconSmall price { price { gross { value formatted } net { value formatted } } } } producers { name link } series { name } menuNodes { name link breadcrumbs } cms { name } searchQueries { name link } replacementCodes { name link param_id value_id } } }',
    );
    const result = body.data!.productsTextSearch;
    expect(result.products.length).toBeGreaterThan(0);
    expect(result.products.length).toBeLessThanOrEqual(3);
    expect(result.products.every((p) => /pastiglie/i.test(p.name) && /brembo/i.test(p.name))).toBe(true);
    const code = await shop.one<{ name: string; id: number }>('SELECT name, id FROM param_values WHERE param_id = 172622 ORDER BY id LIMIT 1');
    const byCode = await gql<{ productsTextSearch: TextSearchResult }>(visitor, `{ productsTextSearch(searchInput: { text: "${code.name.replace(/\s/g, '').toLowerCase()}" }) { replacementCodes { name param_id value_id link } } }`);
    expect(byCode.body.data!.productsTextSearch.replacementCodes).toContainEqual({ name: code.name, param_id: 172622, value_id: code.id, link: `/search.php?traits_alt[172622]=${code.id}` });
    const menu = await gql<{ productsTextSearch: TextSearchResult }>(visitor, '{ productsTextSearch(searchInput: { text: "dischi volkswagen" }) { menuNodes { name breadcrumbs } } }');
    expect(menu.body.data!.productsTextSearch.menuNodes[0]).toEqual({ name: 'Dischi freno Volkswagen', breadcrumbs: ['Ricambi freni', 'Dischi freno', 'Volkswagen'] });
  });

  it('products: the brake queries by axis + category + engine, by OE code and by ids, at most 50', async () => {
    const visitor = new Visitor(app);
    const fields = 'id name link icon longDescription price { price { gross { value formatted } } } producer { name } sizes { id name } versionName awardedParameters { id name values { id name } }';
    const { engine_id } = await shop.one<{ engine_id: number }>(
      'SELECT f.engine_id FROM fitments f JOIN products p ON p.id = f.product_id WHERE p.category_id = 148728 AND p.axis_id = 148723 ORDER BY f.engine_id, f.product_id LIMIT 1',
    );
    const bySelect = await gql<{ products: { products: BrakeProduct[] } }>(
      visitor,
      `{ products(searchInput: { parameters: [{ id: 148722, values: [148723] }, { id: 24, values: [148728] }, { id: 49, values: [${engine_id}] }] }) { products { ${fields} } } }`,
    );
    const found = bySelect.body.data!.products.products;
    expect(found.length).toBeGreaterThan(0);
    for (const product of found) {
      expect(product.awardedParameters.find((p) => p.id === 24)?.values[0].id).toBe(148728);
      expect(product.versionName).toMatch(/^.+#\d+$/);
      expect(product.longDescription).toContain('engine-list');
    }
    const all = await gql<{ products: { products: BrakeProduct[] } }>(visitor, `{ products(searchInput: { parameters: [{ id: 24, values: [148728] }], limit: 500 }) { products { id } } }`);
    expect(all.body.data!.products.products).toHaveLength(50);
    const byIds = await gql<{ products: { products: BrakeProduct[] } }>(visitor, `{ products(searchInput: { productsId: [${SPECIAL_PRODUCTS.multiSize}, 100] }) { products { id sizes { id } } } }`);
    const multi = byIds.body.data!.products.products.find((p) => p.id === SPECIAL_PRODUCTS.multiSize)!;
    expect(multi.sizes!.map((s) => s.id)).toEqual(['S1', 'S2', 'S3']);
  });

  it('shipping: couriers in two groups with cost and delivery time', async () => {
    const { body } = await gql<{ shipping: { shipping: ShippingOption[] } }>(
      new Visitor(app),
      '{ shipping(ShippingInput: { mode: "product", products: [{ id: 100, size: "uniw", quantity: 1 }], forcedRegion: "IT" }) { shipping { courier { name icon } prepaid cost { value formatted } deliveryTime { time { days } workingDays } } } }',
    );
    const options = body.data!.shipping.shipping;
    expect(new Set(options.map((o) => o.prepaid))).toEqual(new Set(['prepaid', 'dvp']));
    expect(options[0].cost.formatted).toMatch(/€$/);
  });

  it('shipping for the whole basket (mode basket, ours): free from 79 € prepaid, dearer and slower on the islands', async () => {
    const visitor = new Visitor(app);
    const query = (region?: string) =>
      `{ shipping(ShippingInput: { mode: "basket", products: []${region ? `, forcedRegion: "${region}"` : ''} }) { shipping { prepaid cost { value } deliveryTime { time { days } } } } }`;
    await visitor.post('/basketchange.php?mode=1', { product: '14', number: '1' });
    const mainland = (await gql<{ shipping: { shipping: ShippingOption[] } }>(visitor, query('1143020220'))).body.data!.shipping.shipping;
    expect(mainland.filter((o) => o.prepaid === 'prepaid').every((o) => o.cost.value === 0)).toBe(true);
    const island = (await gql<{ shipping: { shipping: ShippingOption[] } }>(visitor, query('1143020079'))).body.data!.shipping.shipping;
    island.forEach((option, i) => {
      expect(option.cost.value).toBeGreaterThan(mainland[i].cost.value);
      expect(option.deliveryTime.time.days).toBe(mainland[i].deliveryTime.time.days + 2);
    });
  });

  it('add then remove through mutations, with the tracking header and its events', async () => {
    const visitor = new Visitor(app);
    const added = await gql<{ addProductsToBasket: { status: string } }>(visitor, 'mutation { addProductsToBasket(ProductInput: [{ id: 100, size: "uniw", quantity: 1 }]) { status results { status error { code } } } }');
    expect(added.body.data!.addProductsToBasket.status).toBe('success');
    expect(Number(added.response.headers['x-iai-tracking-events'])).toBeGreaterThanOrEqual(1);
    const events = await gql<{ trackingEvents: string[] }>(visitor, '{ trackingEvents }');
    expect(events.body.data!.trackingEvents.length).toBeGreaterThanOrEqual(1);
    expect((await gql<{ trackingEvents: string[] }>(visitor, '{ trackingEvents }')).body.data!.trackingEvents).toEqual([]);
    const removed = await gql<{ removeProductsFromBasket: { status: string } }>(visitor, 'mutation { removeProductsFromBasket(ProductInput: [{ id: 100, size: "uniw", additional: "" }]) { status } }');
    expect(removed.body.data!.removeProductsFromBasket.status).toBe('success');
    expect((await visitor.get('/ajax/basket.php')).json().basket.products).toEqual([]);
  });

  it.each([
    ['{ products(searchInput: {}) { products { id } } }', 400],
    ['{ products(searchInput: { parameters: [{ id: 999, values: [1] }] }) { products { id } } }', 400],
    ['{ productsTextSearch(searchInput: { text: "abc", limit: 500 }) { products { name } } }', 400],
    ['{ shipping(ShippingInput: { mode: "courier", products: [] }) { shipping { prepaid } } }', 400],
    ['{ shipping(ShippingInput: { mode: "basket", products: [], forcedRegion: "1 OR 1=1" }) { shipping { prepaid } } }', 400],
    ['{ nope }', 400],
    ['not graphql at all', 400],
  ])('refuses %s with a 4xx and an error message', async (query, status) => {
    const { response, body } = await gql(new Visitor(app), query);
    expect(response.statusCode).toBe(status);
    expect(body.errors?.[0].message).toEqual(expect.any(String));
  });
});

describe('content endpoints', () => {
  it('serve substitutes, engine data per letter and brand initials, vehicles and zip ranges', async () => {
    const substitutes = (await app.inject({ method: 'GET', url: '/data/include/cms/substitutes.json' })).json() as Array<{ id: number; value: string[] }>;
    expect(substitutes[0]).toEqual({ id: expect.any(Number), value: expect.arrayContaining([expect.any(String)]) });
    const initials = (await app.inject({ method: 'GET', url: '/data/include/cms/engine_categories_marka.json' })).json() as Array<{ n: string }>;
    expect(initials.map((i) => i.n)).toContain('v');
    const v = (await app.inject({ method: 'GET', url: '/data/include/cms/engine_categories_v.json' })).json() as Array<{ n: string; c: Array<{ n: string; c: Array<{ n: string; c: Array<{ n: string; id: number }> }> }> }>;
    expect(v.map((b) => b.n)).toEqual(['Volkswagen', 'Volvo']);
    expect(v[0].c[0].c[0].c[0]).toEqual({ n: expect.stringMatching(/ CV \(\d+ kW\)$/), id: expect.any(Number) });
    expect((await app.inject({ method: 'GET', url: '/data/include/cms/engine_categories_%2e%2e.json' })).statusCode).toBe(404);
    const vehicles = (await app.inject({ method: 'GET', url: '/data/include/cms/brake_vehicles.json' })).json() as unknown[];
    expect(vehicles.length).toBeGreaterThan(2000);
    const zips = (await app.inject({ method: 'GET', url: '/data/include/cms/delivery_zip_ranges.json' })).json();
    expect(zips[0].items[0]).toMatchObject({ from: '9000000', to: '9980999' });
  });

  it('answers hotspot zones as html, empty for unknown zones', async () => {
    const answer = (await app.inject({ method: 'GET', url: '/ajax/hotspots.php?action=get-hotspots-html&zones-names=hotspot_promo,unknown_zone&zones-types=main' })).json();
    expect(answer.hotspot_promo).toContain('class="hotspot-product"');
    // The promo zone shows discounted products, never a zero (phone) price.
    expect(answer.hotspot_promo).not.toMatch(/>0,00/);
    expect(answer.unknown_zone).toBe('');
  });

  it('leaves the products the page names in `products` (the basket\u2019s) out of the zones; a bad list is a 400', async () => {
    const url = '/ajax/hotspots.php?action=get-hotspots-html&zones-names=hotspot_bestsellers&zones-types=main';
    const first = (await app.inject({ method: 'GET', url })).json();
    const ids = [...String(first.hotspot_bestsellers).matchAll(/href="\/product-(\d+)-/g)].map((m) => Number(m[1]));
    expect(ids.length).toBeGreaterThan(1);
    const without = (await app.inject({ method: 'GET', url: `${url}&products=${ids.slice(0, 2).join(',')}` })).json();
    const after = [...String(without.hotspot_bestsellers).matchAll(/href="\/product-(\d+)-/g)].map((m) => Number(m[1]));
    expect(after).not.toContain(ids[0]);
    expect(after).not.toContain(ids[1]);
    const bad = await app.inject({ method: 'GET', url: `${url}&products=1,x` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid_parameter');
  });

  it('answers the product XML', async () => {
    const response = await app.inject({ method: 'GET', url: `/projector.php?product=${SPECIAL_PRODUCTS.multiSize}&shop_xml=true&getProductXML=true` });
    expect(response.headers['content-type']).toContain('application/xml');
    expect(response.body).toMatch(/<size id="S2"/);
  });

  it('validates fields through the per-field URL with an errno', async () => {
    const ask = async (field: string, value: string) => (await app.inject({ method: 'GET', url: `/ajax/validate.php?field=${field}&value=${encodeURIComponent(value)}` })).json();
    expect(await ask('email', 'mario.rossi@example.it')).toEqual({ errno: 0 });
    expect((await ask('email', 'mario@')).errno).toBeGreaterThan(0);
    expect((await ask('bank_account', 'IT60X0542811101000000123456')).errno).toBe(0);
    expect((await ask('bank_account', 'IT60')).errno).toBe(3);
    expect((await app.inject({ method: 'GET', url: '/ajax/validate.php?field=secret&value=1' })).statusCode).toBe(400);
  });

  it('gives instalment parameters for a price', async () => {
    const answer = (await app.inject({ method: 'GET', url: '/ajax/instalments.php?price=250.5' })).json();
    expect(answer).toMatchObject({ minPrice: 100, maxPrice: 5000, totalPrice: 250.5, priceType: 'gross' });
    expect((await app.inject({ method: 'GET', url: '/ajax/instalments.php?price=abc' })).statusCode).toBe(400);
  });

  it('takes the six instalment parameters and says whether every basket product allows instalments', async () => {
    const visitor = new Visitor(app);
    const url = '/ajax/instalments.php?currency=EUR&price=250.50&priceNet=205.33&basketCount=0&basketCost=0.00&basketCostNet=0.00';
    expect((await visitor.request({ method: 'GET', url })).json()).toMatchObject({ totalPrice: 250.5, allProductsAllow: true });
    // A virtual product (demo id 7) does not allow instalments: the basket answer marks its line, the instalment answer says so.
    await visitor.request({ method: 'POST', url: '/basketchange.php?mode=1', form: { product: String(SPECIAL_PRODUCTS.virtual), size: 'uniw', number: '1' } });
    const basket = (await visitor.request({ method: 'GET', url: '/ajax/basket.php?getAjax=true' })).json();
    expect(basket.basket.products[0].instalments).toBe(false);
    expect((await visitor.request({ method: 'GET', url })).json()).toMatchObject({ allProductsAllow: false });
    for (const bad of ['basketCount=x', 'currency=euro', 'priceNet=1e9', 'basketCost=-1']) {
      const answer = await visitor.request({ method: 'GET', url: `/ajax/instalments.php?price=10&${bad}` });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.code).toBe('invalid_parameter');
    }
  });

  it('answers the wishlist count, the return hook and the size versions of listed products', async () => {
    const visitor = new Visitor(app);
    expect((await visitor.get('/ajax/wishlist.php')).json()).toEqual({ count: 0 });
    expect((await visitor.get('/return.php')).json()).toEqual({ status: 'ok' });
    const versions = await visitor.post('/search.php?getProductXML=true&json=true', { products: `${SPECIAL_PRODUCTS.multiSize};100` });
    expect(versions.json().products.map((p: { id: number }) => p.id)).toEqual([SPECIAL_PRODUCTS.multiSize, 100]);
    expect((await visitor.post('/search.php?getProductXML=true&json=true', { products: '1;x' })).statusCode).toBe(400);
  });

  it('draws technical drawings and category icons, with the PNG fallback icon', async () => {
    const drawing = await app.inject({ method: 'GET', url: '/data/gfx/drawings/P85020.jpg' });
    expect(drawing.statusCode).toBe(200);
    expect(drawing.body).toContain('P85020');
    const icon = await app.inject({ method: 'GET', url: '/data/include/cms/cms/configurator_icons/dischi.svg' });
    expect(icon.headers['content-type']).toContain('image/svg+xml');
    const fallback = await app.inject({ method: 'GET', url: '/data/gfx/icons/defaulticon_1.png' });
    expect(fallback.headers['content-type']).toBe('image/png');
    expect(fallback.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    // A grey disc of 64 px: opaque grey in the middle, transparent in the corners.
    const { data, info } = await sharp(fallback.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([64, 64, 4]);
    const pixel = (x: number, y: number) => [...data.subarray((y * 64 + x) * 4, (y * 64 + x) * 4 + 4)];
    expect(pixel(32, 32)).toEqual([156, 163, 175, 255]);
    expect(pixel(1, 1)[3]).toBe(0);
  });
});
