import Fastify, { type FastifyInstance } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { AnswerCache } from '../../server/answerCache';
import { BadRequest } from '../../server/http';
import { startTestShop, type TestShop } from './helpers';

/**
 * The answer cache (issue 22): the JSON calls that are the same for every visitor (a listing's
 * page, the finder's rows, a product's sizes and prices) are kept by their address, sent
 * compressed from what is kept, and dropped by any catalogue change, on this server and on
 * another one on the same database.
 */
let shop: TestShop;
let app: FastifyInstance;

beforeAll(async () => {
  shop = await startTestShop(300, { answerCacheBytes: 4 * 1024 * 1024 });
  ({ app } = shop);
});
afterAll(async () => {
  await shop.close();
});

const LISTING = '/search.php?json=true&traits_alt[24]=148728&page=1&sort=price_asc';
const regularProduct = async () =>
  (await shop.one<{ id: number }>("SELECT p.id FROM products p JOIN sizes s ON s.product_id = p.id WHERE s.status = 'enable' AND s.stock = -1 AND p.id >= 100 ORDER BY p.id LIMIT 1")).id;
const projector = (id: number) => `/ajax/projector.php?action=get&product=${id}&get=sizes,sizeavailability,sizeprices`;
type Listing = { products: Array<{ id: number; price: { value: number } }> };
type Projector = { sizeprices: { value: number }; sizes: { name: string } };

describe('a public call kept by its address', () => {
  it('a listing page: the same answer for two visitors, the second from the cache, never kept by a shared cache', async () => {
    const first = await app.inject({ method: 'GET', url: LISTING });
    const second = await app.inject({ method: 'GET', url: LISTING, headers: { cookie: 'shop_visitor=someone-else' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-answer-cache']).toBe('miss');
    expect(second.headers['x-answer-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(first.json<Listing>().products.length).toBeGreaterThan(0);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.headers['cache-control']).toBe('no-store');
    expect(second.headers['set-cookie']).toBeUndefined();
  });

  it('sends the kept answer in the encoding asked for: brotli, gzip or none, the same JSON in each', async () => {
    const plain = await app.inject({ method: 'GET', url: LISTING });
    const br = await app.inject({ method: 'GET', url: LISTING, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const gzip = await app.inject({ method: 'GET', url: LISTING, headers: { 'accept-encoding': 'gzip' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('another address is another answer; a refused one is not kept', async () => {
    const other = await app.inject({ method: 'GET', url: LISTING.replace('page=1', 'page=2') });
    expect(other.headers['x-answer-cache']).toBe('miss');
    expect(other.json<Listing>().products[0].id).not.toBe((await app.inject({ method: 'GET', url: LISTING })).json<Listing>().products[0].id);
    for (let i = 0; i < 2; i++) {
      const unknown = await app.inject({ method: 'GET', url: projector(99_999_999) });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: { code: 'product_not_found', message: 'Prodotto non trovato' } });
      expect(unknown.headers['x-answer-cache']).toBeUndefined();
    }
    const refused = await app.inject({ method: 'GET', url: '/search.php?json=true&limit=500' });
    expect(refused.statusCode).toBe(400);
  });

  it("a product's sizes and prices: kept by product and parts asked", async () => {
    const id = await regularProduct();
    expect((await app.inject({ method: 'GET', url: projector(id) })).headers['x-answer-cache']).toBe('miss');
    const again = await app.inject({ method: 'GET', url: projector(id) });
    expect(again.headers['x-answer-cache']).toBe('hit');
    expect(again.json<Projector>().sizeprices.value).toBeGreaterThan(0);
    const fewer = await app.inject({ method: 'GET', url: `/ajax/projector.php?action=get&product=${id}&get=sizeprices` });
    expect(fewer.headers['x-answer-cache']).toBe('miss');
    expect(Object.keys(fewer.json())).toEqual(['sizeprices']);
  });
});

describe('a catalogue change drops the kept answers', () => {
  it('a price change through the write path: the listing and the product answer the new price at once', async () => {
    const id = await regularProduct();
    const listing = `/search.php?json=true&text=${encodeURIComponent((await app.inject({ method: 'GET', url: projector(id) })).json<Projector>().sizes.name)}`;
    const listed = (await app.inject({ method: 'GET', url: listing })).json<Listing>();
    expect(listed.products.map((p) => p.id)).toContain(id);
    expect((await app.inject({ method: 'GET', url: projector(id) })).headers['x-answer-cache']).toBe('hit');

    const price = Math.round(listed.products.find((p) => p.id === id)!.price.value * 100 + 1234) / 100;
    expect((await app.inject({ method: 'POST', url: '/__test/catalogue', payload: { id, price } })).json()).toEqual({ status: 'ok' });

    const after = await app.inject({ method: 'GET', url: projector(id) });
    expect(after.headers['x-answer-cache']).toBe('miss');
    expect(after.json<Projector>().sizeprices.value).toBe(price);
    const relisted = await app.inject({ method: 'GET', url: listing });
    expect(relisted.headers['x-answer-cache']).toBe('miss');
    expect(relisted.json<Listing>().products.find((p) => p.id === id)!.price.value).toBe(price);
  });

  it('a change on one server reaches the answers kept by another server on the same database', async () => {
    const other = await shop.reopen();
    try {
      const id = await regularProduct();
      const before = await other.app.inject({ method: 'GET', url: projector(id) });
      expect((await other.app.inject({ method: 'GET', url: projector(id) })).headers['x-answer-cache']).toBe('hit');
      const price = Math.round(before.json<Projector>().sizeprices.value * 100 + 777) / 100;
      expect((await app.inject({ method: 'POST', url: '/__test/catalogue', payload: { id, price } })).statusCode).toBe(200);
      // The other server learns of it by the database (NOTIFY on PostgreSQL, the change log on SQLite, read every 500 ms).
      let answer = await other.app.inject({ method: 'GET', url: projector(id) });
      for (let tries = 0; tries < 100 && answer.json<Projector>().sizeprices.value !== price; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        answer = await other.app.inject({ method: 'GET', url: projector(id) });
      }
      expect(answer.json<Projector>().sizeprices.value).toBe(price);
    } finally {
      await other.close();
    }
  });
});

describe('AnswerCache', () => {
  /** A server with one call behind the cache, counting how often its answer is computed. */
  async function counted(cache: AnswerCache, answer: (n: number) => Promise<unknown>) {
    const server = Fastify();
    let computed = 0;
    server.setErrorHandler((error, _request, reply) => reply.code(error instanceof BadRequest ? error.status : 500).send({ error: String(error) }));
    server.get('/call', (request, reply) => cache.send(request, reply, async () => ({ value: await answer(++computed) })));
    await server.ready();
    return { server, computed: () => computed };
  }
  const later = <T,>(value: T, ms = 20) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

  it('asks once for callers of the same address at the same time, and keeps the answer until it expires', async () => {
    let now = 0;
    const cache = new AnswerCache({ maxBytes: 1_000_000, ttlMs: 30_000, now: () => now });
    const { server, computed } = await counted(cache, (n) => later({ n }));
    const answers = await Promise.all(Array.from({ length: 5 }, () => server.inject({ method: 'GET', url: '/call' })));
    expect(answers.map((a) => a.json())).toEqual(Array(5).fill({ n: 1 }));
    expect(computed()).toBe(1);
    expect((await server.inject({ method: 'GET', url: '/call' })).json()).toEqual({ n: 1 });
    now = 30_001;
    expect((await server.inject({ method: 'GET', url: '/call' })).json()).toEqual({ n: 2 });
    await server.close();
  });

  it('keeps no failed answer, and no answer computed across a clear (read from the values of before)', async () => {
    const cache = new AnswerCache({ maxBytes: 1_000_000 });
    const { server, computed } = await counted(cache, async (n) => {
      if (n === 1) throw new BadRequest('nope', 'refused', 404);
      if (n === 2) {
        const answer = later({ n });
        cache.clear();
        return answer;
      }
      return { n };
    });
    expect((await server.inject({ method: 'GET', url: '/call' })).statusCode).toBe(404);
    expect((await server.inject({ method: 'GET', url: '/call' })).json()).toEqual({ n: 2 });
    expect((await server.inject({ method: 'GET', url: '/call' })).json()).toEqual({ n: 3 });
    expect((await server.inject({ method: 'GET', url: '/call' })).json()).toEqual({ n: 3 });
    expect(computed()).toBe(3);
    await server.close();
  });

  it('off (0 bytes): every call computed, said so', async () => {
    const { server, computed } = await counted(new AnswerCache({ maxBytes: 0 }), async (n) => ({ n }));
    const first = await server.inject({ method: 'GET', url: '/call' });
    expect(first.headers['x-answer-cache']).toBe('off');
    expect((await server.inject({ method: 'GET', url: '/call' })).json()).toEqual({ n: 2 });
    expect(computed()).toBe(2);
    await server.close();
  });
});
