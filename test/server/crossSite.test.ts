import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { GRAPHQL_LIMITS } from '../../server/graphql/cost';
import type { BasketResponse } from '../../src/api/wire';
import { startTestShop, Visitor, type TestShop } from './helpers';

/**
 * Issue 21, points 1 and 2: no request from another site changes a basket (GET and HEAD run
 * queries only, whatever they name; a mutation only by a same-site POST with a JSON body), and
 * the operation that runs is the operation that was costed, however the query arrives.
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

const HOST = 'shop.local';
const FOREIGN = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
const plainProduct = async () =>
  (
    await shop.one<{ id: number }>(
      "SELECT p.id FROM products p JOIN sizes s ON s.product_id = p.id WHERE p.id >= 100 AND s.size_id = 'uniw' AND s.status = 'enable' AND s.stock = -1 AND p.unit_sellby = 1 AND p.min_quantity IS NULL AND p.max_quantity IS NULL ORDER BY p.id LIMIT 1",
    )
  ).id;
/** Units in the visitor's basket. */
const basketCount = async (visitor: Visitor) => ((await visitor.get('/ajax/basket.php', { host: HOST })).json() as BasketResponse).basket.products.reduce((sum, line) => sum + line.count, 0);
const addMutation = (id: number) => `mutation Add { addProductsToBasket(ProductInput: [{ id: ${id}, size: "uniw", quantity: 1 }]) { status } }`;
const refused = (response: LightMyRequestResponse) => {
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  expect(response.body).not.toContain('"status":"success"');
};
/** A shopper who has been to the shop (has the cookie) and whose basket is empty. */
const shopper = async () => {
  const visitor = new Visitor(app);
  await visitor.get('/ajax/basket.php', { host: HOST });
  expect(visitor.cookie).not.toBe('');
  return visitor;
};

describe('GET and HEAD never change state', () => {
  it('a mutation by GET or HEAD is refused (405, Allow: POST), with or without a foreign Origin, and the basket stays empty', async () => {
    const victim = await shopper();
    const query = encodeURIComponent(addMutation(await plainProduct()));
    for (const method of ['GET', 'HEAD'] as const) {
      for (const headers of [{}, FOREIGN, { origin: `http://${HOST}` }]) {
        for (const url of [`/graphql/v1/?query=${query}`, `/graphql/v1/?query=${query}&operationName=Add`]) {
          const response = await app.inject({ method, url, headers: { host: HOST, cookie: victim.cookie, ...headers } });
          expect({ method, headers, status: response.statusCode }).toEqual({ method, headers, status: 405 });
          expect(response.headers.allow).toBe('POST');
        }
      }
    }
    expect(await basketCount(victim)).toBe(0);
  });

  it('a GET naming the query of a two-operation document never runs its mutation, even once the document is compiled', async () => {
    const id = await plainProduct();
    // The attacker runs the document often enough, with its own cookie, for it to be compiled
    // (mercurius compiles a text seen 5 times, and caches it by the text alone).
    const document = `query Read { getLastLowestProductPrices(lastLowestPricesInput: [{ productId: ${id} }]) { id } } ${addMutation(id)}`;
    const attacker = await shopper();
    for (let i = 0; i < 6; i++) {
      const primed = await attacker.request({ method: 'POST', url: '/graphql/v1/', json: { query: document, operationName: 'Add' }, headers: { host: HOST } });
      refused(primed);
      expect((primed.json() as { errors: Array<{ extensions: { code: string } }> }).errors[0].extensions.code).toBe('ONE_OPERATION');
    }
    // Then the victim opens a link (a top-level GET carries the SameSite=Lax cookie) naming the query.
    const victim = await shopper();
    for (let i = 0; i < 4; i++) {
      refused(await victim.get(`/graphql/v1/?query=${encodeURIComponent(document)}&operationName=Read`, { host: HOST, ...FOREIGN }));
    }
    expect(await basketCount(victim)).toBe(0);
    expect(await basketCount(attacker)).toBe(0);
  });

  it('an operationName that names no operation of the document is a 400, not a 500', async () => {
    const query = encodeURIComponent('query Read { trackingEvents }');
    const response = await app.inject({ method: 'GET', url: `/graphql/v1/?query=${query}&operationName=Other`, headers: { host: HOST } });
    expect(response.statusCode).toBe(400);
  });
});

describe('a mutation only by a same-site POST with a JSON (or application/graphql) body', () => {
  it('text/plain, a form and a multipart body are refused (415) with no Origin at all, and nothing is written', async () => {
    const victim = await shopper();
    const id = await plainProduct();
    const body = JSON.stringify({ query: addMutation(id) });
    const cases = [
      { 'content-type': 'text/plain', payload: body },
      { 'content-type': 'text/plain;charset=UTF-8', payload: body },
      { 'content-type': 'application/x-www-form-urlencoded', payload: `query=${encodeURIComponent(addMutation(id))}` },
      { 'content-type': 'multipart/form-data; boundary=x', payload: `--x\r\nContent-Disposition: form-data; name="query"\r\n\r\n${addMutation(id)}\r\n--x--\r\n` },
    ];
    for (const { payload, ...headers } of cases) {
      const response = await app.inject({ method: 'POST', url: '/graphql/v1/', headers: { host: HOST, cookie: victim.cookie, ...headers }, payload });
      expect({ type: headers['content-type'], status: response.statusCode }).toEqual({ type: headers['content-type'], status: 415 });
    }
    expect(await basketCount(victim)).toBe(0);
  });

  it('a JSON POST the browser marks as cross-site (Sec-Fetch-Site) is refused even without an Origin; from the shop it runs', async () => {
    const victim = await shopper();
    const id = await plainProduct();
    const send = (headers: Record<string, string>) => victim.request({ method: 'POST', url: '/graphql/v1/', json: { query: addMutation(id) }, headers: { host: HOST, ...headers } });
    for (const site of ['cross-site', 'same-site']) expect((await send({ 'sec-fetch-site': site })).statusCode).toBe(403);
    expect(await basketCount(victim)).toBe(0);
    expect((await send({ 'sec-fetch-site': 'same-origin', origin: `http://${HOST}` })).statusCode).toBe(200);
    const graphqlBody = await app.inject({ method: 'POST', url: '/graphql/v1/', headers: { host: HOST, cookie: victim.cookie, 'content-type': 'application/graphql' }, payload: addMutation(id) });
    expect(graphqlBody.statusCode).toBe(200);
    expect(await basketCount(victim)).toBe(2);
  });

  it('every form route refuses a POST the browser marks as cross-site', async () => {
    const victim = await shopper();
    const id = String(await plainProduct());
    for (const url of ['/basketchange.php?mode=1', '/basketchange.php?mode=2']) {
      const response = await victim.post(url, { product: id, size: 'uniw', number: '2' }, { host: HOST, 'sec-fetch-site': 'cross-site' });
      expect(response.statusCode).toBe(403);
    }
    expect((await victim.post('/ajax/notify.php', { product: id, size: 'uniw', email: 'mario.rossi@example.it' }, { host: HOST, 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect(await basketCount(victim)).toBe(0);
  });

  it('batches and persisted-query hashes are refused: one request is one operation, sent as text', async () => {
    const victim = await shopper();
    const id = await plainProduct();
    const batch = await victim.request({ method: 'POST', url: '/graphql/v1/', json: [{ query: '{ trackingEvents }' }, { query: addMutation(id) }], headers: { host: HOST } });
    expect(batch.statusCode).toBe(400);
    const persisted = { persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } };
    const byPost = await victim.request({ method: 'POST', url: '/graphql/v1/', json: { extensions: persisted }, headers: { host: HOST } });
    expect(byPost.statusCode).toBe(400);
    const byGet = await victim.get(`/graphql/v1/?extensions=${encodeURIComponent(JSON.stringify(persisted))}`, { host: HOST });
    expect(byGet.statusCode).toBe(400);
    expect(await basketCount(victim)).toBe(0);
  });
});

describe('one cost check, on the operation that runs', () => {
  it('a cheap operationName cannot run a costly operation of the same document, compiled or not, by POST or GET', async () => {
    const ids = (await shop.sql<{ id: number }>('SELECT id FROM products ORDER BY id LIMIT 50')).map((r) => r.id);
    const selection = 'id name link icon longDescription versionName price { price { gross { value formatted } } } producer { name } sizes { id name } awardedParameters { id name values { id name } }';
    const aliases = Array.from({ length: GRAPHQL_LIMITS.maxRootFields }, (_, i) => `a${i}: products(searchInput: { productsId: [${ids.join(',')}], limit: $n }) { products { ${selection} } }`).join(' ');
    const document = `query Cheap { trackingEvents } query Costly($n: Int) { ${aliases} }`;
    const costlyAlone = `query Costly($n: Int) { ${aliases} }`;
    // The costly operation on its own: cheap with n = 1, over the budget with n = 50.
    const post = (query: string, operationName: string | undefined, n: number) =>
      app.inject({ method: 'POST', url: '/graphql/v1/', headers: { host: HOST, 'content-type': 'application/json' }, payload: JSON.stringify({ query, operationName, variables: { n } }) });
    expect((await post(costlyAlone, undefined, 1)).statusCode).toBe(200);
    expect((await post(costlyAlone, undefined, 50)).json()).toMatchObject({ errors: [{ extensions: { code: 'QUERY_TOO_COSTLY' } }] });
    // The two-operation document, however it is named and however often it is sent.
    for (let i = 0; i < 7; i++) {
      for (const [name, n] of [['Costly', 1], ['Cheap', 50]] as const) {
        const byPost = await post(document, name, n);
        refused(byPost);
        expect(byPost.body).not.toContain('"products"');
        const byGet = await app.inject({
          method: 'GET',
          url: `/graphql/v1/?query=${encodeURIComponent(document)}&operationName=${name}&variables=${encodeURIComponent(JSON.stringify({ n }))}`,
          headers: { host: HOST },
        });
        refused(byGet);
        expect(byGet.body).not.toContain('"products"');
      }
    }
    // The costly operation alone, sent often enough to be compiled: still costed with each request's variables.
    for (let i = 0; i < 7; i++) expect((await post(costlyAlone, 'Costly', 1)).statusCode).toBe(200);
    expect((await post(costlyAlone, 'Costly', 50)).json()).toMatchObject({ errors: [{ extensions: { code: 'QUERY_TOO_COSTLY' } }] });
  });
});
