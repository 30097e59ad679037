import { mkdtempSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { parse } from 'graphql';
import { SPECIAL_PRODUCTS } from '../../server/db/catalogue/specialProducts';
import { BASKET_LIMITS } from '../../server/db/basketLimits';
import { openShopDatabase, synchronousFromEnv } from '../../server/db/open';
import { GRAPHQL_LIMITS, queryCost } from '../../server/graphql/cost';
import { DEFAULT_LIMITS, type ShopLimits } from '../../server/limits';
import { basketTotals, divideRounded, lineTotal } from '../../server/money';
import { SUBSCRIPTION_ADDITIONAL, TRAIT, type BasketResponse } from '../../src/api/wire';
import { fetchBasketShipping, fetchLowestPrices, fetchShippingOptions, fetchTextSearch, fetchTrackingEvents, removeFromBasket } from '../../src/api/graphql';
import { fetchProductsById, fetchSelectedProducts, FINDER_PRODUCTS_LIMIT } from '../../src/api/finder';
import { LIVE_SEARCH_RESULTS_PER_GROUP } from '../../src/domain/codeSearch';
import { startTestShop, Visitor, type TestShop } from './helpers';
import type { InternalAxiosRequestConfig } from 'axios';
import { http } from '../../src/api/http';

/**
 * Hardening (issue 14): each class of abuse an attacker could try against the running shop, and
 * the limit that now stops it. Every test here failed on the code before the issue.
 */
let shop: TestShop;
let app: FastifyInstance;
beforeAll(async () => {
  shop = await startTestShop(300);
  ({ app } = shop);
});
afterAll(async () => {
  await shop.close();
});

const HOST = 'shop.local';
type Json = Record<string, unknown>;
const gqlPost = (query: string, visitor?: Visitor, variables?: Json) =>
  visitor
    ? visitor.request({ method: 'POST', url: '/graphql/v1/', json: { query, variables } })
    : app.inject({ method: 'POST', url: '/graphql/v1/', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ query, variables }) });
const gqlGet = (query: string) => app.inject({ method: 'GET', url: `/graphql/v1/?query=${encodeURIComponent(query)}` });
const basketOf = async (visitor: Visitor) => ((await visitor.get('/ajax/basket.php')).json() as BasketResponse).basket;
const add = (visitor: Visitor, fields: Record<string, string>, mode: '1' | '2' = '1') => visitor.post(`/basketchange.php?mode=${mode}`, fields);
const gqlAdd = (visitor: Visitor, lines: Array<{ id: number; size?: string; quantity?: number; additional?: string }>) =>
  gqlPost(
    `mutation { addProductsToBasket(ProductInput: [${lines
      .map((l) => `{ id: ${l.id}, size: ${JSON.stringify(l.size ?? 'uniw')}, quantity: ${l.quantity ?? 1}${l.additional !== undefined ? `, additional: ${JSON.stringify(l.additional)}` : ''} }`)
      .join(', ')}]) { status results { status error { code message } } } }`,
    visitor,
  );
/** Products a list may add 1 of without any choice (one size, step 1, no minimum, unlimited stock). */
const plainProducts = async (n: number) =>
  (
    await shop.sql<{ id: number }>(
      `SELECT p.id FROM products p JOIN sizes s ON s.product_id = p.id WHERE p.id >= 100 AND s.size_id = 'uniw' AND (s.status = 'order' OR (s.status = 'enable' AND (s.stock = -1 OR s.stock >= 2)))
       AND p.unit_sellby = 1 AND p.min_quantity IS NULL AND p.min_size_quantity IS NULL AND p.max_quantity IS NULL AND p.max_size_quantity IS NULL
       AND p.gratis = 0 AND p.phone_price = 0 AND s.price_gross > 0 ORDER BY p.id LIMIT ?`,
      n,
    )
  ).map((r) => r.id);
const errorOf = (response: LightMyRequestResponse) => {
  const body = response.json() as { error?: { code: string; message: string }; errors?: Array<{ message: string; extensions?: { code?: string } }> };
  return body.error ?? { code: body.errors?.[0]?.extensions?.code ?? '', message: body.errors?.[0]?.message ?? '' };
};

describe('bounded cost per request: GraphQL', () => {
  /** The storefront's own calls (src/api), sent through the real server; their query texts are kept. */
  async function storefrontQueries(): Promise<Array<{ name: string; query: string; cost: number }>> {
    const sent: string[] = [];
    const client = await http.instance();
    const realAdapter = client.defaults.adapter;
    let cookie = '';
    // The storefront's HTTP client runs on axios: here its adapter is the server itself, one visitor's cookie kept.
    client.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
      const url = client.getUri(config);
      const payload = typeof config.data === 'string' ? config.data : config.data instanceof URLSearchParams ? config.data.toString() : undefined;
      if (url.startsWith('/graphql/') && payload) sent.push((JSON.parse(payload) as { query: string }).query);
      const headers: Record<string, string> = { ...(config.headers.toJSON() as Record<string, string>), ...(cookie ? { cookie } : {}) };
      const response = await app.inject({ method: (config.method ?? 'get').toUpperCase() as 'GET' | 'POST', url, headers, payload });
      const set = response.cookies.find((c) => c.name === 'shop_visitor');
      if (set) cookie = `shop_visitor=${set.value}`;
      return { data: response.body, status: response.statusCode, statusText: '', headers: response.headers as Record<string, string>, config, request: {} };
    };
    try {
      const names: string[] = [];
      const run = async (name: string, call: () => Promise<unknown>) => {
        const before = sent.length;
        await call();
        expect({ name, sent: sent.length - before }).toEqual({ name, sent: 1 });
        names.push(name);
      };
      const ids = (await shop.sql<{ id: number }>('SELECT id FROM products ORDER BY id LIMIT ?', FINDER_PRODUCTS_LIMIT)).map((r) => r.id);
      const engine = (await shop.one<{ id: number }>('SELECT f.engine_id AS id FROM fitments f JOIN products p ON p.id = f.product_id WHERE p.axis_id IS NOT NULL ORDER BY f.engine_id, p.id LIMIT 1')).id;
      const fitting = await shop.one<{ axis: number; category: number }>(
        'SELECT p.axis_id AS axis, p.category_id AS category FROM fitments f JOIN products p ON p.id = f.product_id WHERE f.engine_id = ? AND p.axis_id IS NOT NULL ORDER BY p.id LIMIT 1',
        engine,
      );
      await run('live search', () => fetchTextSearch('pastiglie', LIVE_SEARCH_RESULTS_PER_GROUP));
      await run('finder: 50 products by id', async () => expect((await fetchProductsById(ids)).length).toBe(FINDER_PRODUCTS_LIMIT));
      await run('finder: products by axis, category, engine', () => fetchSelectedProducts(fitting.axis, fitting.category, String(engine)));
      await run('lowest price', () => fetchLowestPrices([{ productId: SPECIAL_PRODUCTS.omnibusSrp, sizeId: 'uniw' }]));
      await run('delivery options', () => fetchShippingOptions({ id: SPECIAL_PRODUCTS.rebateTiers, size: 'uniw', quantity: 3 }));
      await run('basket shipping', () => fetchBasketShipping('1143020075'));
      await run('tracking events', () => fetchTrackingEvents());
      await run('remove a line', () => removeFromBasket([{ id: 100, size: 'uniw', additional: '' }]));
      await run('remove a full basket', () => removeFromBasket(Array.from({ length: BASKET_LIMITS.maxLines }, (_, i) => ({ id: 100 + i, size: 'uniw', additional: '' }))));
      return names.map((name, i) => ({ name, query: sent[i], cost: queryCost(app.graphql.schema, parse(sent[i])) }));
    } finally {
      client.defaults.adapter = realAdapter;
    }
  }

  let queries: Array<{ name: string; query: string; cost: number }> = [];
  beforeAll(async () => {
    queries = await storefrontQueries();
  });

  it("the storefront's own queries run, each well inside the budget (at most half of it)", () => {
    if (process.env.PRINT_COSTS) console.log(queries.map((q) => `${q.name}: ${q.cost}`).join('\n'));
    expect(queries.length).toBe(9);
    for (const { name, cost } of queries) expect({ name, withinHalf: cost > 0 && cost <= GRAPHQL_LIMITS.maxCost / 2 }).toEqual({ name, withinHalf: true });
  });

  it('aliases of the heaviest storefront query, past the budget, are refused before running, over POST and GET', async () => {
    const heaviest = [...queries].sort((a, b) => b.cost - a.cost)[0];
    const copies = Math.floor(GRAPHQL_LIMITS.maxCost / heaviest.cost) + 1;
    expect(copies).toBeLessThanOrEqual(GRAPHQL_LIMITS.maxRootFields);
    const body = heaviest.query.trim().replace(/^\{|\}$/g, '');
    const attack = `{ ${Array.from({ length: copies }, (_, i) => `a${i}: ${body}`).join(' ')} }`;
    const fits = `{ ${Array.from({ length: copies - 1 }, (_, i) => `a${i}: ${body}`).join(' ')} }`;
    expect((await gqlPost(fits)).statusCode).toBe(200);
    for (const response of [await gqlPost(attack), await gqlGet(attack)]) {
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'QUERY_TOO_COSTLY', message: expect.stringContaining(String(GRAPHQL_LIMITS.maxCost)) });
      expect(response.body).not.toContain('"a0"');
    }
  });

  it('counts root fields and aliases: more than the cap is refused, however cheap each one is', async () => {
    const many = `{ ${Array.from({ length: GRAPHQL_LIMITS.maxRootFields + 1 }, (_, i) => `t${i}: getLastLowestProductPrices(lastLowestPricesInput: [{ productId: 11 }]) { id }`).join(' ')} }`;
    for (const response of [await gqlPost(many), await gqlGet(many)]) {
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('TOO_MANY_FIELDS');
    }
  });

  it('weights lists by what the caller asks: a text search costs in proportion to its limit', () => {
    const cost = (limit: number) => queryCost(app.graphql.schema, parse(`{ productsTextSearch(searchInput: { text: "a", limit: ${limit} }) { products { name } producers { name } } }`));
    // Linear in the limit: each result more costs what it selects.
    expect(cost(4)).toBeGreaterThan(cost(3));
    expect(cost(50) - cost(3)).toBe(47 * (cost(4) - cost(3)));
    // Through a variable too.
    const viaVariable = queryCost(app.graphql.schema, parse('query ($n: Int) { productsTextSearch(searchInput: { text: "a", limit: $n }) { products { name } producers { name } } }'), { n: 50 });
    expect(viaVariable).toBe(cost(50));
  });

  it('refuses a fragment bomb, an over-long query and a too deep one with a 4xx, never running them', async () => {
    const levels = ['fragment f0 on LowestPriceProduct { id }'];
    for (let i = 1; i < 12; i++) levels.push(`fragment f${i} on LowestPriceProduct { ...f${i - 1} a${i}: sizes { id } ...f${i - 1} }`);
    const bomb = `{ getLastLowestProductPrices(lastLowestPricesInput: [{ productId: 11 }]) { ...f11 } } ${levels.join(' ')}`;
    const bombAnswer = await gqlPost(bomb);
    expect(bombAnswer.statusCode).toBeGreaterThanOrEqual(400);
    expect(bombAnswer.statusCode).toBeLessThan(500);
    const long = await gqlPost(`{ trackingEvents ${' '.repeat(GRAPHQL_LIMITS.maxQueryLength)} }`);
    expect(long.statusCode).toBe(413);
    expect(errorOf(long).code).toBe('QUERY_TOO_LONG');
  });
});

describe('bounded cost per request: caps on what a caller multiplies', () => {
  it(`a basket holds at most ${BASKET_LIMITS.maxLines} lines`, async () => {
    const visitor = new Visitor(app);
    const ids = await plainProducts(BASKET_LIMITS.maxLines + 1);
    expect(ids.length).toBe(BASKET_LIMITS.maxLines + 1);
    for (let i = 0; i < BASKET_LIMITS.maxLines; i += 50) {
      const answer = await gqlAdd(visitor, ids.slice(i, Math.min(i + 50, BASKET_LIMITS.maxLines)).map((id) => ({ id })));
      expect(answer.json().data.addProductsToBasket.status).toBe('success');
    }
    const refused = await add(visitor, { product: String(ids[BASKET_LIMITS.maxLines]), size: 'uniw', number: '1' });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('basket_full');
    expect((await basketOf(visitor)).productsCounter).toBe(BASKET_LIMITS.maxLines);
    // A line already there can still change.
    expect((await add(visitor, { product: String(ids[0]), size: 'uniw', number: '2' })).statusCode).toBe(200);
  });

  it(`one product counts at most ${BASKET_LIMITS.maxQuantityPerProduct} units even when nothing else caps it`, async () => {
    const visitor = new Visitor(app);
    const { id } = await shop.one<{ id: number }>(
      "SELECT p.id FROM products p JOIN sizes s ON s.product_id = p.id WHERE p.id >= 100 AND s.size_id = 'uniw' AND s.status = 'enable' AND s.stock = -1 AND p.unit_sellby = 1 AND p.max_quantity IS NULL AND p.max_size_quantity IS NULL AND p.min_quantity IS NULL AND p.gratis = 0 AND p.phone_price = 0 ORDER BY p.id LIMIT 1",
    );
    const tooMany = await add(visitor, { product: String(id), size: 'uniw', number: String(BASKET_LIMITS.maxQuantityPerProduct + 1) });
    expect(tooMany.statusCode).toBe(422);
    expect(errorOf(tooMany).code).toBe('quantity_above_maximum');
    const huge = await gqlAdd(visitor, [{ id, quantity: 1e300 }]);
    expect(huge.json().data.addProductsToBasket.results[0].error.code).toBe('quantity_above_maximum');
    expect((await basketOf(visitor)).products).toEqual([]);
  });

  it('the brake query takes at most one parameter per trait', async () => {
    const parameters = Array.from({ length: 5 }, () => `{ id: ${TRAIT.axis}, values: [1] }`).join(', ');
    const response = await gqlPost(`{ products(searchInput: { parameters: [${parameters}] }) { products { id } } }`);
    expect(response.statusCode).toBe(400);
  });
});

describe('limits held on the server whichever way a product is added', () => {
  const M = SPECIAL_PRODUCTS.minMaxQuantity; // min 2, per order 8, per size 6, stock 20
  const visitor = () => new Visitor(app);

  it('only the variant keys the server issued are accepted: a made-up `additional` cannot open a second line past the size limit', async () => {
    const v = visitor();
    expect((await add(v, { product: String(M), size: 'uniw', number: '6' })).statusCode).toBe(200);
    const form = await add(v, { product: String(M), size: 'uniw', number: '6', additional: 'abcdef' });
    expect(form.statusCode).toBe(422);
    expect(errorOf(form).code).toBe('unknown_variant');
    const graphql = await gqlAdd(v, [{ id: M, quantity: 6, additional: 'c0ffee' }]);
    expect(graphql.json().data.addProductsToBasket.results[0].error.code).toBe('unknown_variant');
    const set = await add(v, { product: String(M), size: 'uniw', number: '4', additional: 'abcdef' }, '2');
    expect(set.statusCode).toBe(422);
    const basket = await basketOf(v);
    expect(basket.products.map((line) => [line.md5_additional, line.count])).toEqual([['', 6]]);
  });

  it('repeated lines in one GraphQL request and adds by other routes add up against the limits', async () => {
    const v = visitor();
    const answer = await gqlAdd(v, [
      { id: M, quantity: 2 },
      { id: M, quantity: 2 },
      { id: M, quantity: 2 },
      { id: M, quantity: 2 },
    ]);
    const results = answer.json().data.addProductsToBasket.results as Array<{ status: string; error: { code: string; message: string } | null }>;
    expect(results.map((r) => r.status)).toEqual(['success', 'success', 'success', 'error']);
    expect(results[3].error).toMatchObject({ code: 'quantity_above_maximum', message: expect.stringContaining('nel carrello') });
    expect((await add(v, { product: String(M), size: 'uniw', number: '2' })).statusCode).toBe(422);
    expect((await add(v, { product: String(M), size: 'uniw', number: '8' }, '2')).statusCode).toBe(422);
    expect((await basketOf(v)).products[0].count).toBe(6);
  });

  it('a negative or zero GraphQL add cannot lower a line below its minimum or walk it around', async () => {
    const v = visitor();
    expect((await add(v, { product: String(M), size: 'uniw', number: '2' })).statusCode).toBe(200);
    for (const quantity of [-1, 0, -2]) {
      const answer = await gqlAdd(v, [{ id: M, quantity }]);
      expect(answer.json().data.addProductsToBasket.results[0].error.code).toBe('invalid_quantity');
    }
    expect((await basketOf(v)).products[0].count).toBe(2);
  });

  it("the per-order maximum holds for the product's whole quantity, every size of it", async () => {
    const P = SPECIAL_PRODUCTS.multiSize; // S1 stock 8, S2 stock 3
    await shop.sql('UPDATE products SET max_quantity = 5 WHERE id = ?', P);
    try {
      const v = visitor();
      expect((await add(v, { product: String(P), size: 'S1', number: '3' })).statusCode).toBe(200);
      const second = await gqlAdd(v, [{ id: P, size: 'S2', quantity: 3 }]);
      expect(second.json().data.addProductsToBasket.results[0].error.code).toBe('quantity_above_maximum');
      expect((await add(v, { product: String(P), size: 'S2', number: '2' })).statusCode).toBe(200);
      const basket = await basketOf(v);
      expect(basket.products.reduce((sum, line) => sum + line.count, 0)).toBe(5);
      // The basket page's rules leave room only for what the other lines do not take.
      expect(basket.products.map((line) => line.rules?.max)).toEqual([3, 2]);
    } finally {
      await shop.sql('UPDATE products SET max_quantity = NULL WHERE id = ?', P);
    }
  });

  it("the size's stock holds for a plain and a subscription line of it together", async () => {
    const S = SPECIAL_PRODUCTS.subscription; // subscription minimum 2
    await shop.sql("UPDATE sizes SET stock = 4 WHERE product_id = ? AND size_id = 'uniw'", S);
    try {
      const v = visitor();
      expect((await add(v, { product: String(S), size: 'uniw', number: '3' })).statusCode).toBe(200);
      const subscription = await add(v, { product: String(S), size: 'uniw', number: '2', subscription: '1' });
      expect(subscription.statusCode).toBe(422);
      expect(errorOf(subscription).code).toBe('quantity_above_maximum');
      const viaGraphql = await gqlAdd(v, [{ id: S, quantity: 2, additional: SUBSCRIPTION_ADDITIONAL }]);
      expect(viaGraphql.json().data.addProductsToBasket.results[0].error.code).toBe('quantity_above_maximum');
      expect((await basketOf(v)).products.map((line) => line.count)).toEqual([3]);
    } finally {
      await shop.sql("UPDATE sizes SET stock = -1 WHERE product_id = ? AND size_id = 'uniw'", S);
    }
  });
});

describe('money is exact', () => {
  /** Exact half-up rounding of unit (cents) × quantity (thousandths) / 1000, in BigInt. */
  const exactLine = (unitCents: number, quantity: number) => {
    const product = BigInt(unitCents) * BigInt(Math.round(quantity * 1000));
    return Number((product * 2n + 1000n) / 2000n);
  };
  const parseShown = (formatted: string) => Math.round(Number(formatted.replace(/[^\d,-]/g, '').replace(',', '.')) * 100);

  it('property: line totals are unit × quantity rounded once, and the total shown is the sum of the line totals shown', () => {
    const line = fc.record({
      unitCents: fc.integer({ min: 1, max: 5_000_000 }),
      quantity: fc.integer({ min: 1, max: 99_999 }).map((n) => n / 1000),
      vat: fc.constantFrom(0, 4, 5, 10, 22, 23),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 60 }), (lines) => {
        const totals = basketTotals(lines);
        lines.forEach((l, i) => expect(totals.lines[i].gross).toBe(exactLine(l.unitCents, l.quantity)));
        expect(totals.gross).toBe(totals.lines.reduce((sum, t) => sum + t.gross, 0));
        expect(totals.net).toBe(totals.lines.reduce((sum, t) => sum + t.net, 0));
      }),
      { numRuns: 300 },
    );
    expect(lineTotal(1005, 0.5)).toBe(503);
    expect(divideRounded(-5, 2)).toBe(-3);
  });

  it('the basket prices a rebate tier to the cent the product page shows (24,90 € less 5 % is 23,66 €), and its totals are the sums of its lines', async () => {
    const v = new Visitor(app);
    expect((await add(v, { product: String(SPECIAL_PRODUCTS.rebateTiers), size: 'uniw', number: '2' })).statusCode).toBe(200);
    expect((await add(v, { product: String(SPECIAL_PRODUCTS.sellByHalf), size: 'uniw', number: '1.5' })).statusCode).toBe(200);
    expect((await add(v, { product: String(SPECIAL_PRODUCTS.subscription), size: 'uniw', number: '3', subscription: '1' })).statusCode).toBe(200);
    const page = (await v.get(`/ajax/projector.php?action=get&get=sizeprices&product=${SPECIAL_PRODUCTS.rebateTiers}`)).json() as { sizeprices: { rebateNumber: { items: Array<{ price: number }> } } };
    expect(page.sizeprices.rebateNumber.items[0].price).toBe(23.66);
    const basket = await basketOf(v);
    expect(basket.products[0].worth_unit).toBe(23.66);
    expect(basket.products[0].prices.worth_gros_formatted).toBe('47,32\u00a0€');
    const sum = (key: 'worth_gros_formatted' | 'worth_net_formatted') => basket.products.reduce((total, line) => total + parseShown(line.prices[key]), 0);
    expect(parseShown(basket.worth_formatted)).toBe(sum('worth_gros_formatted'));
    expect(parseShown(basket.worth_net_formatted)).toBe(sum('worth_net_formatted'));
    expect(Math.round(basket.worth * 100)).toBe(sum('worth_gros_formatted'));
  });
});

describe('lookups by caller-given keys', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])('size=%s names no size of a product (404)', async (key) => {
    const response = await app.inject({ method: 'GET', url: `/ajax/projector.php?action=get&get=sizeprices,sizeavailability&product=${SPECIAL_PRODUCTS.rebateTiers}&size=${key}` });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('size_not_found');
  });

  it.each(['constructor', '__proto__', 'toString', 'valueOf'])('the status icon %s.svg is unknown (404), never an inherited value', async (key) => {
    const response = await app.inject({ method: 'GET', url: `/data/gfx/status/${key}.svg` });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toMatch(/function|native code|object Object/);
  });

  it.each(['constructor', '__proto__', 'toString'])('the validation field %s is unknown (400)', async (key) => {
    const response = await app.inject({ method: 'GET', url: `/ajax/validate.php?field=${key}&value=x` });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('unknown_field');
  });
});

describe('cookies and caching', () => {
  it.each(['/assets/main.js', '/data/include/cms/substitutes.json', '/data/include/cms/engine_categories_marka.json', '/data/gfx/products/100.svg', '/data/gfx/status/enable.svg'])(
    '%s (cacheable) carries no Set-Cookie for a new visitor',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['cache-control'])).toMatch(/max-age=[1-9]/);
      expect(response.headers['set-cookie']).toBeUndefined();
    },
  );

  it('a page for a new visitor is cacheable and sets no cookie; the basket read gives the cookie (issue 22)', async () => {
    const page = await app.inject({ method: 'GET', url: '/main.php' });
    expect(String(page.headers['cache-control'])).toMatch(/\bpublic\b.*s-maxage=[1-9]/);
    expect(page.headers['set-cookie']).toBeUndefined();
    // Nor does a search answer or a partial load (not cacheable, but not the visitor's own).
    for (const url of ['/search.php?json=true&text=pastiglie', '/basketedit.php']) expect((await app.inject({ method: 'GET', url })).headers['set-cookie']).toBeUndefined();
    const response = await app.inject({ method: 'GET', url: '/ajax/basket.php' });
    expect(String(response.headers['cache-control'])).not.toMatch(/public|max-age=[1-9]/);
    expect(String(response.headers['set-cookie'])).toMatch(/^shop_visitor=[a-f0-9]{32};.*HttpOnly/);
  });

  it('over HTTPS (behind a trusted TLS proxy) the cookie is Secure and HSTS is sent; without TRUST_PROXY the forwarded scheme is ignored', async () => {
    const proxied = await startTestShop(40, { trustProxy: ['127.0.0.1'] });
    try {
      const https = await proxied.app.inject({ method: 'GET', url: '/ajax/basket.php', headers: { 'x-forwarded-proto': 'https', host: HOST } });
      expect(String(https.headers['set-cookie'])).toMatch(/;\s*Secure/i);
      expect(String(https.headers['strict-transport-security'])).toMatch(/max-age=\d{7,}/);
      const http = await proxied.app.inject({ method: 'GET', url: '/ajax/basket.php', headers: { host: HOST } });
      expect(String(http.headers['set-cookie'])).not.toMatch(/Secure/i);
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
    const direct = await app.inject({ method: 'GET', url: '/ajax/basket.php', headers: { 'x-forwarded-proto': 'https', host: HOST } });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
    expect(String(direct.headers['set-cookie'])).not.toMatch(/Secure/i);
  });

  it('the CSRF check compares the scheme too: an https Origin for an http request of the same host is foreign', async () => {
    const v = new Visitor(app);
    const [id] = await plainProducts(1);
    const response = await v.post('/basketchange.php?mode=1', { product: String(id), size: 'uniw', number: '1' }, { host: HOST, origin: `https://${HOST}` });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('foreign_origin');
    const ok = await v.post('/basketchange.php?mode=1', { product: String(id), size: 'uniw', number: '1' }, { host: `${HOST}:80`, origin: `http://${HOST}` });
    expect(ok.statusCode).toBe(200);
  });

  it('a GET never changes state: tracking events are not taken by a GraphQL GET', async () => {
    const v = new Visitor(app);
    const [id] = await plainProducts(1);
    expect((await add(v, { product: String(id), size: 'uniw', number: '1' })).statusCode).toBe(200);
    const visitorId = v.cookie.split('=')[1];
    const pending = async () => (await shop.one<{ n: number }>('SELECT pending_tracking AS n FROM visitors WHERE id = ?', visitorId)).n;
    expect(await pending()).toBe(1);
    const response = await v.get(`/graphql/v1/?query=${encodeURIComponent('{ trackingEvents }')}`);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await pending()).toBe(1);
    const returned = await v.get('/return.php');
    expect(returned.statusCode).toBe(200);
    expect(await pending()).toBe(1);
  });
});

describe('throttling and timeouts', () => {
  const small: ShopLimits = { ...DEFAULT_LIMITS, writesPerVisitor: 4, writesPerAddress: 9, messagesPerVisitor: 2, messagesPerAddress: 3 };
  let shop: TestShop;
  beforeEach(async () => {
    shop = await startTestShop(40, { limits: small });
  });
  afterEach(async () => {
    await shop.close();
  });
  const plain = async () =>
    (
      await shop.one<{ id: number }>(
        "SELECT p.id FROM products p JOIN sizes s ON s.product_id = p.id WHERE p.id >= 100 AND s.status = 'enable' AND s.stock = -1 AND p.unit_sellby = 1 AND p.min_quantity IS NULL ORDER BY p.id LIMIT 1",
      )
    ).id;
  const expect429 = (response: LightMyRequestResponse) => {
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorOf(response).message).toMatch(/try again/);
  };

  it('per visitor: every write counts (form add, set, GraphQL mutation, validation); past the budget a 429 with Retry-After', async () => {
    const v = new Visitor(shop.app);
    const id = String(await plain());
    expect((await v.post('/basketchange.php?mode=1', { product: id, size: 'uniw', number: '1' })).statusCode).toBe(200);
    expect((await v.post('/basketchange.php?mode=2', { product: id, size: 'uniw', number: '2' })).statusCode).toBe(200);
    expect((await v.get('/ajax/validate.php?field=email&value=a@b.it')).statusCode).toBe(200);
    expect((await v.request({ method: 'POST', url: '/graphql/v1/', json: { query: `mutation { addProductsToBasket(ProductInput: [{ id: ${id}, size: "uniw" }]) { status } }` } })).statusCode).toBe(200);
    expect429(await v.post('/basketchange.php?mode=1', { product: id, size: 'uniw', number: '1' }));
    const mutation = await v.request({ method: 'POST', url: '/graphql/v1/', json: { query: `mutation { addProductsToBasket(ProductInput: [{ id: ${id}, size: "uniw" }]) { status } }` } });
    expect(mutation.statusCode).toBe(429);
    expect(Number(mutation.headers['retry-after'])).toBeGreaterThan(0);
    expect((await basketOf(v)).products[0].count).toBe(3);
    // Reads are not writes.
    for (let i = 0; i < 10; i++) expect((await v.get('/ajax/basket.php')).statusCode).toBe(200);
    expect((await v.request({ method: 'POST', url: '/graphql/v1/', json: { query: '{ trackingEvents }' } })).statusCode).toBe(200);
  });

  it('per address: visitors that drop their cookie share the address budget', async () => {
    const id = String(await plain());
    const statuses: number[] = [];
    for (let i = 0; i < small.writesPerAddress + 1; i++) statuses.push((await new Visitor(shop.app).post('/basketchange.php?mode=1', { product: id, size: 'uniw', number: '1' })).statusCode);
    expect(statuses.slice(0, small.writesPerAddress).every((s) => s === 200)).toBe(true);
    expect(statuses[small.writesPerAddress]).toBe(429);
  });

  it('messages (contact, notify-me) have their own smaller budget', async () => {
    const v = new Visitor(shop.app);
    const message = { name: 'Mario Rossi', contact: 'mario.rossi@example.it', subject: 'order', message: 'Vorrei sapere quando arriva il mio ordine.', terms: '1' };
    expect((await v.post('/contact.php', message)).statusCode).toBe(200);
    expect((await v.post('/ajax/notify.php', { product: String(SPECIAL_PRODUCTS.unavailable), size: 'uniw', email: 'mario.rossi@example.it' })).statusCode).toBe(200);
    expect429(await v.post('/contact.php', message));
  });

  it('the server cuts off a client that sends its headers too slowly (one byte at a time, never idle)', async () => {
    const timed = await startTestShop(40, { limits: { ...DEFAULT_LIMITS, headersTimeoutMs: 400, requestTimeoutMs: 800 } });
    try {
      // Any free port: test runs on a shared machine must not collide.
      await timed.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = timed.app.server.address() as AddressInfo;
      expect(timed.app.server.headersTimeout).toBe(400);
      expect(timed.app.server.requestTimeout).toBe(800);
      const outcome = await new Promise<string>((resolve) => {
        let answer = '';
        let drip: NodeJS.Timeout | undefined;
        const socket = connect(port, '127.0.0.1', () => {
          socket.write('GET /main.php HTTP/1.1\r\nHost: x\r\nX-Slow: ');
          drip = setInterval(() => socket.write('a'), 50);
        });
        const timer = setTimeout(() => {
          socket.destroy();
          resolve('still open');
        }, 8000);
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('error', () => undefined);
        socket.on('close', () => {
          clearTimeout(timer);
          clearInterval(drip);
          resolve(answer);
        });
      });
      expect(outcome).not.toBe('still open');
      expect(outcome === '' || /^HTTP\/1\.1 408/.test(outcome)).toBe(true);
    } finally {
      await timed.close();
    }
  });

  it('body size limits per route: a basket change larger than 4 KB is a 413', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/basketchange.php?mode=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `product=100&size=uniw&number=1&pad=${'x'.repeat(5000)}`,
    });
    expect(response.statusCode).toBe(413);
  });
});

describe('contact attachments: checked by content, never stored when refused (issue 23, point 7)', () => {
  it('PHP sent as a .jpg photo is refused by its content (400), a file sent as text is a 400, and nothing is stored', async () => {
    const messages = async () => (await shop.one<{ n: number }>('SELECT COUNT(*) AS n FROM contact_messages')).n;
    const before = await messages();
    const boundary = '----shop';
    const fields = { name: 'Mario Rossi', contact: 'mario.rossi@example.it', subject: 'order', message: 'Vorrei sapere quando arriva il mio ordine.', terms: '1' };
    const multipart = [
      ...Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}`),
      `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="x.jpg"\r\nContent-Type: image/jpeg\r\n\r\n<?php system($_GET[1]); ?>`,
      `--${boundary}--\r\n`,
    ].join('\r\n');
    const upload = await app.inject({ method: 'POST', url: '/contact.php', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: multipart });
    expect(upload.statusCode).toBe(400);
    expect(errorOf(upload).code).toBe('attachment_type_not_allowed');
    const field = await new Visitor(app).post('/contact.php', { ...fields, attachment: 'data:image/jpeg;base64,AAAA' });
    expect(field.statusCode).toBe(400);
    expect(errorOf(field).code).toBe('attachment_not_a_file');
    expect(await messages()).toBe(before);
  });
});

describe('storage durability', () => {
  it('a SQLite database runs in WAL mode with the synchronous level asked for (normal by default, full on request)', () => {
    // The SQLite storage as the shop opens it (on either backend's run: this is SQLite's own setting).
    const dir = mkdtempSync(join(tmpdir(), 'shop-sync-'));
    const normal = openShopDatabase({ path: join(dir, 'normal.sqlite'), catalogueSize: 20 });
    try {
      expect(normal.db.pragma('journal_mode', { simple: true })).toBe('wal');
      // 1 = NORMAL, 2 = FULL.
      expect(normal.db.pragma('synchronous', { simple: true })).toBe(1);
    } finally {
      normal.db.close();
    }
    const full = openShopDatabase({ path: join(dir, 'shop.sqlite'), catalogueSize: 20, synchronous: 'full' } as Parameters<typeof openShopDatabase>[0]);
    try {
      expect(full.db.pragma('synchronous', { simple: true })).toBe(2);
    } finally {
      full.db.close();
    }
    expect(() => synchronousFromEnv('sometimes')).toThrow(/SQLITE_SYNCHRONOUS/);
  });
});
