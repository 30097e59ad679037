import type { FastifyInstance } from 'fastify';
import { startTestShop, type TestShop } from './helpers';

/** The last edges shoppers trip on (issue 34), as the server answers them. */
let app: FastifyInstance;
let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop();
  ({ app } = shop);
});
afterAll(async () => {
  await shop.close();
});

const get = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

describe('point 20: a product address without its slug redirects to the product', () => {
  it.each([
    ['/product-11.html', '/product-11-pastiglie-freno-anteriori-trw-gdb0652.html'],
    ['/pl/product-11.html', '/pl/product-11-pastiglie-freno-anteriori-trw-gdb0652.html'],
    ['/product-11.html?x=1', '/product-11-pastiglie-freno-anteriori-trw-gdb0652.html?x=1'],
  ])('%s moves for good to %s', async (address, own) => {
    const response = await get(address);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(own);
  });

  it('an id with no product is still the not-found page', async () => {
    expect((await get('/product-999999.html')).statusCode).toBe(404);
  });
});

describe('point 13: the shop data bundle\'s Projector section answers for a product page in any language', () => {
  it.each(['', '/pl', '/en'])('asked from %s/product-11-...html (the Referer), it answers product 11', async (prefix) => {
    const response = await app.inject({
      method: 'POST',
      url: `/ajax/get.php${prefix ? `?lang=${prefix.slice(1)}` : ''}`,
      headers: { origin: 'http://localhost', referer: `http://localhost${prefix}/product-11-pastiglie-freno-anteriori-trw-gdb0652.html` },
      payload: { request: JSON.stringify({ Projector: { params: {} } }) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().Projector.response.product_id).toBe(11);
  });
});
