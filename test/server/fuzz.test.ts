import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { startTestShop, type TestShop } from './helpers';

/**
 * Random and hostile input at every endpoint: the server never answers 5xx, never crashes,
 * answers JSON errors for API calls, and a rejected request leaves the database as it was.
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

const fingerprint = async () =>
  JSON.stringify(
    await Promise.all([
      shop.sql('SELECT visitor_id, product_id, size_id, additional, count FROM basket_lines ORDER BY 1, 2, 3, 4'),
      shop.one('SELECT COUNT(*) AS n, SUM(pending_tracking) AS t FROM visitors'),
      shop.one('SELECT COUNT(*) AS n FROM products'),
      shop.one('SELECT COUNT(*) AS n FROM availability_notices'),
    ]),
  );

const hostile = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    "' OR 1=1 --",
    '"; DROP TABLE products; --',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '-1',
    '0',
    '1e309',
    'NaN',
    '99999999999999999999',
    '１２３',
    '\u202e',
    '{"__proto__":{"x":1}}',
    'uniw',
    '148728',
    '1.2345',
    'mario.rossi@example.it',
    '',
  ),
  fc.integer({ min: -5, max: 2_000_000 }).map(String),
);
const names = fc.constantFrom(
  'product',
  'size',
  'number',
  'mode',
  'additional',
  'getOne',
  'menu_alt[2_1]',
  'menu_alt[2_2]',
  'menu_alt[2_3]',
  'traits_alt[24]',
  'traits_alt[49]',
  'traits_alt[172622]',
  'text',
  'page',
  'limit',
  'sort',
  'json',
  'action',
  'get',
  'subscription',
  'request',
  'zones-names',
  'field',
  'value',
  'price',
  'products',
  'getProductXML',
  'email',
  'finder',
);
const params = fc.dictionary(names, hostile, { maxKeys: 6 });
const endpoints = fc.constantFrom(
  ['POST', '/basketchange.php'],
  ['GET', '/ajax/basket.php'],
  ['POST', '/ajax/get.php'],
  ['POST', '/ajax/search.php'],
  ['GET', '/search.php'],
  ['POST', '/search.php'],
  ['GET', '/ajax/projector.php'],
  ['GET', '/projector.php'],
  ['GET', '/ajax/hotspots.php'],
  ['GET', '/ajax/validate.php'],
  ['GET', '/ajax/instalments.php'],
  ['POST', '/ajax/notify.php'],
  ['POST', '/contact.php'],
  ['GET', '/data/include/cms/engine_categories_x.json'],
  ['GET', '/data/gfx/products/1.svg'],
  ['GET', '/product-1-x.html'],
  ['POST', '/graphql/v1/'],
) as fc.Arbitrary<[string, string]>;

const graphqlBodies = fc.oneof(
  fc.string({ maxLength: 80 }).map((query) => JSON.stringify({ query })),
  hostile.map((text) => JSON.stringify({ query: `{ productsTextSearch(searchInput: { text: ${JSON.stringify(text)}, limit: 3 }) { products { name } } }` })),
  fc.integer().map((id) => JSON.stringify({ query: `mutation { addProductsToBasket(ProductInput: [{ id: ${id}, size: "uniw", quantity: -1 }]) { status } }` })),
  fc.constant('{"query": "{ __schema { types { name } } }"}'),
  fc.constant('not json'),
);

describe('fuzzing every endpoint', () => {
  it('never answers 5xx, and rejected requests change nothing', async () => {
    await fc.assert(
      fc.asyncProperty(endpoints, params, graphqlBodies, fc.boolean(), async ([method, path], query, graphqlBody, inBody) => {
        const before = await fingerprint();
        const search = new URLSearchParams(query as Record<string, string>).toString();
        const isGraphql = path.startsWith('/graphql');
        const response = await app.inject({
          method: method as 'GET' | 'POST',
          url: `${path}${!inBody || method === 'GET' ? `?${search}` : ''}`,
          headers: isGraphql ? { 'content-type': 'application/json' } : method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
          payload: isGraphql ? graphqlBody : method === 'POST' && inBody ? search : undefined,
        });
        expect(response.statusCode).toBeLessThan(500);
        if (response.statusCode >= 400 && String(response.headers['content-type'] ?? '').includes('json')) {
          const body = response.json();
          expect(body.error?.message ?? body.errors?.[0]?.message).toEqual(expect.any(String));
          expect(await fingerprint()).toBe(before);
        }
      }),
      { numRuns: 600 },
    );
    // 600 requests and their database checks: over a network database this takes a few seconds.
  }, 30_000);

  it('survives malformed bodies and headers', async () => {
    const cases = [
      { method: 'POST' as const, url: '/basketchange.php', headers: { 'content-type': 'application/json' }, payload: '{"product":' },
      { method: 'POST' as const, url: '/basketchange.php', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'x'.repeat(70_000) },
      { method: 'POST' as const, url: '/ajax/get.php', headers: { 'content-type': 'text/plain' }, payload: 'request={}' },
      { method: 'POST' as const, url: '/graphql/v1/', headers: { 'content-type': 'application/json' }, payload: '[' },
      { method: 'GET' as const, url: '/search.php?json=true&traits_alt[24]=1&traits_alt[24]=2', headers: {}, payload: undefined },
    ];
    for (const request of cases) {
      const before = await fingerprint();
      const response = await app.inject(request);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(await fingerprint()).toBe(before);
    }
  });

  it('replaces a forged visitor cookie with a fresh one instead of trusting it', async () => {
    const response = await app.inject({ method: 'GET', url: '/ajax/basket.php', headers: { cookie: 'shop_visitor=' + "z' OR 1=1".repeat(500) } });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'shop_visitor')?.value).toMatch(/^[a-f0-9]{32}$/);
    expect(response.json().basket.products).toEqual([]);
  });
});
