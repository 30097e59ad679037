import type { FastifyInstance } from 'fastify';
import type { ListingResponse } from '../../src/api/wire';
import { startTestShop, type TestShop, PRODUCT_11 } from './helpers';

let shop: TestShop;
let app: FastifyInstance;

beforeAll(async () => {
  shop = await startTestShop();
  ({ app } = shop);
});

afterAll(async () => {
  await shop.close();
});

const listing = async (query: string) => {
  const response = await app.inject({ method: 'GET', url: `/search.php?json=true&limit=96&${query}` });
  expect(response.statusCode).toBe(200);
  return response.json() as ListingResponse;
};

/** Issue 23, point 11: traits_alt[{id}] filters the listing for any trait the catalogue has (brake-shop spec section 2), on both backends. */
describe('traits_alt[{id}]: any trait of the catalogue', () => {
  /** A value of a trait beyond the five the listing names (a disc type, a pad's wear contact, ...), with its products. */
  async function traitValue(paramId: number) {
    const value = await shop.one<{ id: number; param_id: number }>(
      'SELECT v.id, v.param_id FROM param_values v JOIN product_params pp ON pp.value_id = v.id WHERE v.param_id = ? GROUP BY v.id, v.param_id ORDER BY COUNT(*) DESC, v.id LIMIT 1',
      paramId,
    );
    const products = (await shop.sql<{ product_id: number }>('SELECT product_id FROM product_params WHERE value_id = ? ORDER BY product_id', value.id)).map((r) => Number(r.product_id));
    return { id: Number(value.id), trait: Number(value.param_id), products };
  }

  it.each([
    ['the disc type', 90011],
    ['the pads\u2019 wear contact', 90005],
    ['the kits\u2019 contents', 90015],
  ])('lists exactly the products carrying a value of %s', async (_what, paramId) => {
    const value = await traitValue(paramId);
    expect(value.products.length).toBeGreaterThan(0);
    const everything = await listing('');
    const filtered = await listing(`traits_alt[${value.trait}]=${value.id}`);
    expect(filtered.total).toBe(value.products.length);
    expect(filtered.total).toBeLessThan(everything.total);
    expect(filtered.products.map((p) => p.id).every((id) => value.products.includes(id))).toBe(true);
  });

  it('combines with the named filters and with other traits; a value of another trait matches nothing', async () => {
    const discType = await traitValue(90011);
    const holes = await traitValue(90012);
    const both = discType.products.filter((id) => holes.products.includes(id));
    expect((await listing(`traits_alt[90011]=${discType.id}&traits_alt[90012]=${holes.id}`)).total).toBe(both.length);
    const inCategory = await listing(`traits_alt[24]=151538&traits_alt[90011]=${discType.id}`);
    expect(inCategory.total).toBe(discType.products.length); // every disc type value is on discs
    expect((await listing(`traits_alt[24]=148728&traits_alt[90011]=${discType.id}`)).total).toBe(0);
    expect((await listing(`traits_alt[90001]=${discType.id}`)).total).toBe(0);
    // The category counts (the listing's facets and the configurator's counts) follow the trait too.
    const counts = await app.inject({ method: 'POST', url: `/ajax/search.php?ajax=true&getOne=traits_alt[24]&traits_alt[90011]=${discType.id}` });
    const discs = (counts.json() as { values: Array<[number, string, number]> }).values.find(([id]) => id === 151538)!;
    expect(discs[2]).toBe(discType.products.length);
  });

  it('refuses a value that is no id, a trait given twice, more than 10 traits (400)', async () => {
    for (const query of ['traits_alt[90011]=abc', 'traits_alt[90011]=1&traits_alt[90011]=2', Array.from({ length: 11 }, (_, i) => `traits_alt[${90001 + i}]=1`).join('&')]) {
      const response = await app.inject({ method: 'GET', url: `/search.php?json=true&${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('invalid_parameter');
    }
  });
});

/** Issue 23, point 12: the order-by lead time comes with the page data (storefront spec section 3) and is the shop's setting (3 hours by default). */
describe('the order-by lead time', () => {
  const leadHours = async (server: FastifyInstance) => {
    const projector = await server.inject({ method: 'GET', url: '/ajax/projector.php?action=get&product=11&get=product' });
    expect(projector.statusCode).toBe(200);
    const page = await server.inject({ method: 'GET', url: PRODUCT_11 });
    const state = JSON.parse(/<script[^>]*id="shop-state">([\s\S]*?)<\/script>/.exec(page.body)![1]) as { page: { product: { order_by_lead_hours: number } } };
    return [(projector.json() as { product: { order_by_lead_hours: number } }).product.order_by_lead_hours, state.page.product.order_by_lead_hours];
  };

  it('is 3 hours without a setting, and the shop\u2019s setting order_by_lead_hours when there is one', async () => {
    expect(await leadHours(app)).toEqual([3, 3]);
    await shop.sql("INSERT INTO settings (key, value) VALUES ('order_by_lead_hours', '5')");
    const restarted = await shop.reopen();
    try {
      expect(await leadHours(restarted.app)).toEqual([5, 5]);
    } finally {
      await restarted.close();
    }
    // A value that is no number of hours from 0 to 24 keeps the default.
    await shop.sql("UPDATE settings SET value = 'tre' WHERE key = 'order_by_lead_hours'");
    const again = await shop.reopen();
    try {
      expect(await leadHours(again.app)).toEqual([3, 3]);
    } finally {
      await again.close();
      await shop.sql("DELETE FROM settings WHERE key = 'order_by_lead_hours'");
    }
  });
});

/** Issue 23, point 16: the shop data bundle's Projector section answers what it names. */
describe('the shop data bundle: Projector (format json, empty params) and Comparers', () => {
  const bundle = (sections: Record<string, unknown>, referer?: string) =>
    app.inject({
      method: 'POST',
      url: '/ajax/get.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(referer ? { referer } : {}) },
      payload: new URLSearchParams({ request: JSON.stringify(sections) }).toString(),
    });

  it('Projector with empty params answers the product of the product page asking; elsewhere null', async () => {
    const fromProduct = await bundle({ Projector: { format: 'json', params: {} } }, 'http://localhost:80/product-11-pastiglie.html?lang=it');
    expect(fromProduct.statusCode).toBe(200);
    const data = (fromProduct.json() as { Projector: { response: { product_id: number; sizes: object; order_by_lead_hours: number } | null } }).Projector.response;
    expect(data).toMatchObject({ product_id: 11, order_by_lead_hours: 3 });
    expect(Object.keys(data!.sizes).length).toBeGreaterThan(0);
    expect((await bundle({ Projector: { format: 'json', params: {} } }, 'http://localhost:80/main.php')).json()).toEqual({ Projector: { response: null } });
    expect((await bundle({ Projector: { format: 'json', params: {} } })).json()).toEqual({ Projector: { response: null } });
    // A product named in params still wins (ours).
    expect(((await bundle({ Projector: { format: 'json', params: { product: 12 } } }, 'http://localhost:80/product-11-x.html')).json() as { Projector: { response: { product_id: number } } }).Projector.response.product_id).toBe(12);
  });

  it('Comparers answers the visitor\u2019s comparison list, which the shop keeps in the browser (compareBrakes): empty', async () => {
    expect((await bundle({ Comparers: {} })).json()).toEqual({ Comparers: { response: { product: [] } } });
  });
});
