import type { FastifyInstance } from 'fastify';
import { priceTypeFromEnv } from '../../server/priceType';
import type { BrakeProduct, ProjectorResponse } from '../../src/api/wire';
import { startTestShop, type TestShop, PRODUCT_11 } from './helpers';

/**
 * The shop's price type (net or gross; issue 23 point 5): read from PRICE_TYPE at start, carried
 * by every page's embedded state and by the product page's data, so every price the storefront
 * shows follows it; brake products carry their net price beside the gross one.
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
  await app.inject({ method: 'DELETE', url: '/__test/price-type' });
});

const stateOf = (html: string) => JSON.parse(/<script[^>]*id="shop-state">([\s\S]*?)<\/script>/.exec(html)![1]);

describe('the price type setting', () => {
  it('PRICE_TYPE: unset or gross is gross, net is net, anything else stops the server with a message', () => {
    expect(priceTypeFromEnv(undefined)).toBe('gross');
    expect(priceTypeFromEnv('')).toBe('gross');
    expect(priceTypeFromEnv('GROSS')).toBe('gross');
    expect(priceTypeFromEnv(' net ')).toBe('net');
    expect(() => priceTypeFromEnv('brutto')).toThrow('PRICE_TYPE must be "gross" or "net"');
  });

  it('every page carries it in its state, and the product page data as price_type', async () => {
    for (const priceType of ['gross', 'net'] as const) {
      await app.inject({ method: 'POST', url: '/__test/price-type', payload: { priceType } });
      for (const url of ['/main.php', '/search.php?traits_alt[24]=148728', PRODUCT_11, '/brakes.php']) {
        const state = stateOf((await app.inject({ method: 'GET', url })).body);
        expect(state.shopData.priceType).toBe(priceType);
        if (url.startsWith('/product-')) expect(state.page.product.price_type).toBe(priceType);
      }
      const projector = (await app.inject({ method: 'GET', url: '/ajax/projector.php?action=get&product=11&get=product' })).json() as ProjectorResponse;
      expect(projector.product?.price_type).toBe(priceType);
    }
  });

  it('brake products answer their net price beside the gross one', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/graphql/v1/',
      headers: { 'content-type': 'application/json' },
      payload: { query: '{ products(searchInput: { productsId: [11, 100] }) { products { id price { price { gross { value formatted } net { value formatted } } } } } }' },
    });
    const products = response.json().data.products.products as BrakeProduct[];
    expect(products.length).toBeGreaterThan(0);
    for (const product of products) {
      const { gross, net } = product.price.price;
      expect(net!.value).toBeGreaterThan(0);
      expect(net!.value).toBeLessThan(gross.value);
      expect(net!.formatted).toMatch(/€$/);
    }
  });
});
