import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { BASKET_LIMITS } from '../../server/db/basketLimits';
import { SPECIAL_PRODUCTS } from '../../server/db/catalogue/specialProducts';
import { DEFAULT_LIMITS } from '../../server/limits';
import { SUBSCRIPTION_ADDITIONAL } from '../../src/api/wire';
import { startTestShop, Visitor, type TestShop } from './helpers';

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
  // The mutations with hostile lines: ids, sizes, quantities, variant keys, repeated lines, aliases.
  fc
    .array(
      fc.record({
        id: fc.oneof(fc.integer({ min: -3, max: 400 }), fc.constantFrom(10, 12, 13, 15)),
        size: fc.oneof(fc.constantFrom('uniw', 'S1', 'S2', '__proto__', 'constructor', ''), fc.string({ maxLength: 6 })),
        quantity: fc.oneof(fc.constantFrom(1, 2, 0.5, 0, -1, -0.5, 1e300, 6, 7, 9999, 10001), fc.double({ noNaN: true, noDefaultInfinity: true })),
        additional: fc.oneof(fc.constantFrom('', 'abcdef', '__proto__', '5ab5c0000000000000000000000000a1'), fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), maxLength: 40 })),
      }),
      { minLength: 1, maxLength: 6 },
    )
    .chain((lines) =>
      fc.constantFrom('addProductsToBasket', 'removeProductsFromBasket').chain((mutation) =>
        fc.integer({ min: 1, max: 3 }).map((aliases) => {
          const input = lines
            .map((l) => `{ id: ${l.id}, size: ${JSON.stringify(l.size)}, additional: ${JSON.stringify(l.additional)}${mutation === 'addProductsToBasket' ? `, quantity: ${l.quantity}` : ''} }`)
            .join(', ');
          const fields = Array.from({ length: aliases }, (_, i) => `m${i}: ${mutation}(ProductInput: [${input}]) { status results { status error { code } } }`).join(' ');
          return JSON.stringify({ query: `mutation { ${fields} }` });
        }),
      ),
    ),
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
    // 600 requests and their database checks, pages drawn on the server among them.
  }, 60_000);

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

  /**
   * What no column can hold (issue 21): NUL (PostgreSQL refuses it outright) and the other
   * control characters in every text field, ids outside what an integer column holds. Each is
   * a 4xx naming the problem, on both backends, and nothing is written.
   */
  describe('input the database cannot store is refused with a 4xx', () => {
    const CONTROL = ['\u0000', '\u0001', '\u001b', '\u007f', '\u0085'];
    const form = (url: string, fields: Record<string, string>) => ({ method: 'POST' as const, url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
    const graphql = (query: string, variables?: Record<string, unknown>) => ({ method: 'POST' as const, url: '/graphql/v1/', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ query, variables }) });
    const contact = { name: 'Mario Rossi', contact: 'mario.rossi@example.it', subject: 'order', message: 'Vorrei sapere quando arriva il mio ordine.', terms: '1' };
    const textCases = (c: string): Record<string, InjectOptions> => ({
      'live search text (GraphQL literal)': graphql(`{ productsTextSearch(searchInput: { text: ${JSON.stringify(`disco${c}`)}, limit: 3 }) { products { name } } }`),
      'live search text (GraphQL variable)': graphql('query ($t: String!) { productsTextSearch(searchInput: { text: $t, limit: 3 }) { products { name } } }', { t: `disco${c}` }),
      'basket additional (GraphQL)': graphql(`mutation { addProductsToBasket(ProductInput: [{ id: ${SPECIAL_PRODUCTS.gratis}, size: "uniw", additional: ${JSON.stringify(`ab${c}`)} }]) { status } }`),
      'vehicle (GraphQL)': graphql(`{ products(searchInput: { vehicle: ${JSON.stringify(`Fiat|Panda${c}`)} }) { products { id } } }`),
      'contact name': form('/contact.php', { ...contact, name: `Mario${c}` }),
      'contact message': form('/contact.php', { ...contact, message: `Vorrei sapere quando arriva${c} il mio ordine.` }),
      'notify e-mail': form('/ajax/notify.php', { product: String(SPECIAL_PRODUCTS.unavailable), size: 'uniw', email: `mario${c}@example.it` }),
      'basket additional (form)': form('/basketchange.php?mode=1', { product: String(SPECIAL_PRODUCTS.gratis), size: 'uniw', number: '1', additional: `ab${c}` }),
      'listing text': { method: 'GET' as const, url: `/search.php?json=true&text=${encodeURIComponent(`disco${c}`)}` },
      'validation value': { method: 'GET' as const, url: `/ajax/validate.php?field=email&value=${encodeURIComponent(`a${c}@b.it`)}` },
    });
    it.each(CONTROL.map((c) => [`U+${c.codePointAt(0)!.toString(16).padStart(4, '0')}`, c]))('control character %s in every text field', async (_name, c) => {
      for (const [field, request] of Object.entries(textCases(c))) {
        const before = await fingerprint();
        const response = await app.inject(request);
        expect({ field, status: response.statusCode >= 400 && response.statusCode < 500 }).toEqual({ field, status: true });
        expect(await fingerprint()).toBe(before);
      }
    });
    it.each(['1e+308', '10000000000000000000', '2147483648', '9007199254740993', '99999999999'])('id %s outside what a column holds', async (id) => {
      const cases: Record<string, InjectOptions> = {
        'shop data Projector (string)': form('/ajax/get.php', { request: `{"Projector":{"params":{"product":"${id}"}}}` }),
        'shop data Projector (number)': form('/ajax/get.php', { request: `{"Projector":{"params":{"product":${id}}}}` }),
        'product JSON': { method: 'GET' as const, url: `/ajax/projector.php?action=get&product=${id}` },
        'product XML': { method: 'GET' as const, url: `/projector.php?getProductXML=true&product=${id}` },
        'basket add': form('/basketchange.php?mode=1', { product: id, size: 'uniw', number: '1' }),
        'notify': form('/ajax/notify.php', { product: id, size: 'uniw', email: 'mario.rossi@example.it' }),
        'listing producer': { method: 'GET' as const, url: `/search.php?json=true&producer=${id}` },
        'hotspots product': { method: 'GET' as const, url: `/ajax/hotspots.php?action=get-hotspots-html&zones-names=hotspot_related&product=${id}` },
      };
      for (const [route, request] of Object.entries(cases)) {
        const before = await fingerprint();
        const response = await app.inject(request);
        expect({ route, status: response.statusCode >= 400 && response.statusCode < 500 }).toEqual({ route, status: true });
        expect(await fingerprint()).toBe(before);
      }
    });
  });

  it('replaces a forged visitor cookie with a fresh one instead of trusting it', async () => {
    const response = await app.inject({ method: 'GET', url: '/ajax/basket.php', headers: { cookie: 'shop_visitor=' + "z' OR 1=1".repeat(500) } });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'shop_visitor')?.value).toMatch(/^[a-f0-9]{32}$/);
    expect(response.json().basket.products).toEqual([]);
  });
});

/**
 * The basket's limits under any mix of routes (issue 14): random sequences of form adds and
 * sets, subscription adds, GraphQL adds (several lines, repeated, hostile) and removes, on the
 * products whose rules bite. However the calls are mixed, the basket never ends above a limit:
 * per-order maximum over the whole product, size maximum and stock over every line of a size,
 * the step and the minimum of each line, only issued variant keys, and the line and quantity caps.
 */
describe('fuzzing the basket limits by every route', () => {
  let shop: TestShop;
  const S = SPECIAL_PRODUCTS;
  beforeAll(async () => {
    const unthrottled = { ...DEFAULT_LIMITS, writesPerVisitor: 1e9, writesPerAddress: 1e9, messagesPerVisitor: 1e9, messagesPerAddress: 1e9 };
    shop = await startTestShop(120, { limits: unthrottled });
    // Limits that bite: a per-order maximum over two sizes, a small stock shared by a plain and a subscription line.
    await shop.sql('UPDATE products SET max_quantity = 7 WHERE id = ?', S.multiSize);
    await shop.sql("UPDATE sizes SET stock = 5 WHERE product_id = ? AND size_id = 'uniw'", S.subscription);
  });
  afterAll(async () => {
    await shop.close();
  });

  const PRODUCTS = [S.minMaxQuantity, S.multiSize, S.subscription, S.sellByHalf, S.rebateTiers, S.unavailable, S.gratis, 100];
  const quantity = fc.oneof(fc.constantFrom(0, 0.5, 1, 1.5, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 10_000, 10_001), fc.integer({ min: -3, max: 60 }), fc.double({ min: -5, max: 1e6, noNaN: true }));
  const size = fc.constantFrom('uniw', 'S1', 'S2', 'S3');
  const additional = fc.constantFrom('', '', SUBSCRIPTION_ADDITIONAL, 'abcdef', '0');
  const command = fc.oneof(
    fc.record({ kind: fc.constant('form' as const), mode: fc.constantFrom('1', '2'), product: fc.constantFrom(...PRODUCTS), size, quantity, additional, subscription: fc.boolean() }),
    fc.record({
      kind: fc.constant('graphqlAdd' as const),
      lines: fc.array(fc.record({ product: fc.constantFrom(...PRODUCTS), size, quantity, additional }), { minLength: 1, maxLength: 5 }),
    }),
    fc.record({ kind: fc.constant('graphqlRemove' as const), product: fc.constantFrom(...PRODUCTS), size, additional }),
  );

  type Rules = { unit_sellby: number; unit_precision: number; min_quantity: number | null; max_quantity: number | null; min_size_quantity: number | null; max_size_quantity: number | null; min_subscription_quantity: number | null };
  async function expectWithinLimits(visitorId: string) {
    const lines = await shop.sql<{ product_id: number; size_id: string; additional: string; count: number; stock: number; status: string }>(
      'SELECT l.product_id, l.size_id, l.additional, l.count, s.stock, s.status FROM basket_lines l JOIN sizes s ON s.product_id = l.product_id AND s.size_id = l.size_id WHERE l.visitor_id = ?',
      visitorId,
    );
    expect(lines.length).toBeLessThanOrEqual(BASKET_LIMITS.maxLines);
    const byProduct = new Map<number, typeof lines>();
    for (const line of lines) byProduct.set(line.product_id, [...(byProduct.get(line.product_id) ?? []), line]);
    for (const [productId, productLines] of byProduct) {
      const rules = await shop.one<Rules>(
        'SELECT unit_sellby, unit_precision, min_quantity, max_quantity, min_size_quantity, max_size_quantity, min_subscription_quantity FROM products WHERE id = ?',
        productId,
      );
      const total = productLines.reduce((sum, l) => sum + l.count, 0);
      const where = { productId, lines: productLines.map((l) => [l.size_id, l.additional, l.count]) };
      expect({ ...where, total: total <= BASKET_LIMITS.maxQuantityPerProduct + 1e-9 }).toEqual({ ...where, total: true });
      if (rules.max_quantity) expect({ ...where, perOrder: total <= rules.max_quantity + 1e-9 }).toEqual({ ...where, perOrder: true });
      for (const line of productLines) {
        expect(['', SUBSCRIPTION_ADDITIONAL]).toContain(line.additional);
        const steps = line.count / rules.unit_sellby;
        expect({ ...where, onStep: Math.abs(steps - Math.round(steps)) < 1e-6 && line.count > 0 && Number.isFinite(line.count) }).toEqual({ ...where, onStep: true });
        const minimum = Math.max(rules.unit_sellby, rules.min_quantity ?? 0, rules.min_size_quantity ?? 0, rules.min_subscription_quantity ?? 0);
        expect({ ...where, minimum: line.count >= minimum - 1e-9 }).toEqual({ ...where, minimum: true });
        const sizeTotal = productLines.filter((l) => l.size_id === line.size_id).reduce((sum, l) => sum + l.count, 0);
        if (rules.max_size_quantity) expect({ ...where, perSize: sizeTotal <= rules.max_size_quantity + 1e-9 }).toEqual({ ...where, perSize: true });
        if (line.status !== 'order' && line.stock !== -1) expect({ ...where, stock: sizeTotal <= line.stock + 1e-9 }).toEqual({ ...where, stock: true });
      }
    }
  }

  it('no sequence of calls, by any mix of routes, ends with a basket above a limit', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 10 }), async (commands) => {
        const visitor = new Visitor(shop.app);
        for (const c of commands) {
          let response;
          if (c.kind === 'form') {
            const fields: Record<string, string> = { product: String(c.product), size: c.size, number: String(c.quantity) };
            if (c.subscription) fields.subscription = '1';
            else if (c.additional) fields.additional = c.additional;
            response = await visitor.post(`/basketchange.php?mode=${c.mode}`, fields);
          } else if (c.kind === 'graphqlAdd') {
            const input = c.lines.map((l) => `{ id: ${l.product}, size: ${JSON.stringify(l.size)}, quantity: ${l.quantity}, additional: ${JSON.stringify(l.additional)} }`).join(', ');
            response = await visitor.request({ method: 'POST', url: '/graphql/v1/', json: { query: `mutation { addProductsToBasket(ProductInput: [${input}]) { status } }` } });
          } else {
            const query = `mutation { removeProductsFromBasket(ProductInput: [{ id: ${c.product}, size: ${JSON.stringify(c.size)}, additional: ${JSON.stringify(c.additional)} }]) { status } }`;
            response = await visitor.request({ method: 'POST', url: '/graphql/v1/', json: { query } });
          }
          expect(response.statusCode).toBeLessThan(500);
        }
        const visitorId = visitor.cookie.split('=')[1];
        if (visitorId) await expectWithinLimits(visitorId);
      }),
      { numRuns: 120 },
    );
  }, 90_000);

  it('throttled writes (429) change nothing', async () => {
    const throttled = await startTestShop(40, { limits: { ...DEFAULT_LIMITS, writesPerVisitor: 2, writesPerAddress: 1e9 } });
    try {
      const visitor = new Visitor(throttled.app);
      const lines = () => throttled.sql('SELECT product_id, size_id, additional, count FROM basket_lines ORDER BY 1, 2, 3');
      await fc.assert(
        fc.asyncProperty(command, async (c) => {
          const before = JSON.stringify(await lines());
          const response =
            c.kind === 'form'
              ? await visitor.post(`/basketchange.php?mode=${c.mode}`, { product: String(c.product), size: c.size, number: String(c.quantity) })
              : await visitor.request({ method: 'POST', url: '/graphql/v1/', json: { query: 'mutation { addProductsToBasket(ProductInput: [{ id: 100, size: "uniw" }]) { status } }' } });
          if (response.statusCode === 429) {
            expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
            expect(JSON.stringify(await lines())).toBe(before);
          }
        }),
        { numRuns: 30 },
      );
    } finally {
      await throttled.close();
    }
  }, 30_000);
});
