/**
 * The server as it runs in production: `server/main.ts` started as its own process(es) on a
 * temporary database. WORKERS=2 shares one port and one SQLite file between two processes;
 * SIGTERM lets the requests in flight finish.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { BasketChangeResponse, BasketResponse } from '../../src/api/wire';
import { startServerProcess, type ServerProcess } from './serverProcess';

// A budget, not a deadline to beat: starting servers on a busy 2-core machine can take minutes.
jest.setTimeout(300_000);

interface RunningServer extends ServerProcess {
  dir: string;
}

async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), 'shop-proc-'));
  // A stand-in build: pages are drawn into this template.
  mkdirSync(join(dir, 'dist', 'assets'), { recursive: true });
  writeFileSync(join(dir, 'dist', 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  // Ready once every worker listens (on a busy machine the second one starts later: a burst could all reach the first).
  return { ...(await startServerProcess({ DATA_DIR: dir, CATALOGUE_SIZE: '300', STATIC_DIR: join(dir, 'dist'), ...env }, { waitForAllWorkers: true })), dir };
}

async function stopServer(server: RunningServer): Promise<number | null> {
  const code = await server.stop();
  rmSync(server.dir, { recursive: true, force: true });
  return code;
}

async function newVisitor(base: string): Promise<string> {
  const response = await fetch(`${base}/ajax/basket.php?getAjax=true`);
  return response.headers.get('set-cookie')!.split(';')[0];
}

describe('WORKERS=2: two processes on one port and one SQLite file', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // LOG_LEVEL=info: the access log says which process answered each request.
    server = await startServer({ WORKERS: '2', LOG_LEVEL: 'info', SHOP_TEST_HOOKS: '1' });
  });
  afterAll(async () => {
    expect(await stopServer(server)).toBe(0);
  });

  it('keeps every basket line when many visitors add at once', async () => {
    const visitors = await Promise.all(Array.from({ length: 12 }, () => newVisitor(server.base)));
    // Products anyone may add one by one without a rule in the way: unlimited stock, no caps.
    const db = new Database(join(server.dir, 'shop.sqlite'), { readonly: true });
    const products = (
      db
        .prepare(
          `SELECT p.id FROM products p JOIN sizes s ON s.product_id = p.id AND s.size_id = 'uniw'
           WHERE s.stock = -1 AND s.status = 'enable' AND s.basket_enable = 1 AND s.points = 0 AND p.gratis = 0 AND p.phone_price = 0
             AND p.unit_sellby = 1 AND p.max_quantity IS NULL AND p.max_size_quantity IS NULL
             AND COALESCE(p.min_quantity, 1) <= 1 AND COALESCE(p.min_size_quantity, 1) <= 1 AND COALESCE(p.min_subscription_quantity, 1) <= 1 ORDER BY p.id LIMIT 4`,
        )
        .all() as Array<{ id: number }>
    ).map((row) => row.id);
    db.close();
    expect(products).toHaveLength(4);
    const addsPerVisitor = 15;
    const statuses: number[] = [];
    await Promise.all(
      visitors.flatMap((cookie, v) =>
        Array.from({ length: addsPerVisitor }, async (_, i) => {
          const product = products[(v + i) % products.length];
          const response = await fetch(`${server.base}/basketchange.php?mode=1`, {
            method: 'POST',
            headers: { cookie, origin: server.base, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
            body: `product=${product}&size=uniw&number=1&getAjax=true`,
          });
          statuses.push(response.status);
          const answer = (await response.json()) as BasketChangeResponse;
          expect(answer.status).toBe('ok');
        }),
      ),
    );
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    for (const [v, cookie] of visitors.entries()) {
      const basket = ((await (await fetch(`${server.base}/ajax/basket.php?getAjax=true`, { headers: { cookie } })).json()) as BasketResponse).basket;
      const expected = new Map<number, number>();
      for (let i = 0; i < addsPerVisitor; i++) expected.set(products[(v + i) % products.length], (expected.get(products[(v + i) % products.length]) ?? 0) + 1);
      expect(Object.fromEntries(basket.products.map((line) => [line.id, line.count]))).toEqual(Object.fromEntries(expected));
    }
    // Both processes answered, and no request ended in a server error.
    const answered = server.logs.filter((line) => line.msg === 'request');
    expect(new Set(answered.map((line) => line.pid)).size).toBe(2);
    expect(answered.filter((line) => Number(line.status) >= 500)).toEqual([]);
  });

  it('a catalogue change made in one process reaches the other: neither serves the old page from its page cache (issue 22)', async () => {
    // Each request on its own connection: the primary hands connections to the workers in turn.
    const page = (url: string) =>
      new Promise<{ cache: string; price: number }>((resolve, reject) => {
        get(`${server.base}${url}`, { agent: false }, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => {
            const state = JSON.parse(/<script[^>]*id="shop-state">([\s\S]*?)<\/script>/.exec(body)![1]);
            resolve({ cache: String(response.headers['x-page-cache']), price: (Object.values(state.page.product.sizes) as Array<{ price: { value: number } }>)[0].price.value });
          });
        }).on('error', reject);
      });
    // The product's own address (another slug moves to it).
    const url = (await fetch(`${server.base}/product-150-x.html`, { redirect: 'manual' })).headers.get('location') ?? '/product-150-x.html';
    // Both processes hold the page: a run of hits.
    let hits = 0;
    let before = 0;
    for (let i = 0; i < 40 && hits < 6; i++) {
      const answer = await page(url);
      hits = answer.cache === 'hit' ? hits + 1 : 0;
      before = answer.price;
    }
    expect(hits).toBe(6);
    const price = Math.round(before * 100 + 4321) / 100;
    const changed = await fetch(`${server.base}/__test/catalogue`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: 150, price }) });
    expect(changed.status).toBe(200);
    // Within the bound (the change log is read every 500 ms), every answer, from either process, has the new price.
    let fresh = 0;
    const deadline = Date.now() + 5_000;
    while (fresh < 8 && Date.now() < deadline) {
      fresh = (await page(url)).price === price ? fresh + 1 : 0;
    }
    expect(fresh).toBe(8);
  });

  it('logs one JSON line per request with the request id given in x-request-id', async () => {
    const response = await fetch(`${server.base}/healthz`, { headers: { 'x-request-id': 'probe-42' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('probe-42');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.logs).toContainEqual(expect.objectContaining({ msg: 'request', reqId: 'probe-42', url: '/healthz', status: 200, method: 'GET' }));
  });
});

describe('graceful shutdown', () => {
  it('finishes a slow request in flight on SIGTERM, takes no new one, and exits 0', async () => {
    const server = await startServer({ WORKERS: '1', SHOP_TEST_HOOKS: '1', LOG_LEVEL: 'silent' });
    try {
      // The basket answer is held back 1.5 s by the test hook.
      const fault = await fetch(`${server.base}/__test/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.base },
        body: JSON.stringify({ path: '/ajax/basket.php', mode: 'delay', ms: 1500, times: 1 }),
      });
      expect(fault.status).toBe(200);
      const slow = fetch(`${server.base}/ajax/basket.php?getAjax=true`);
      await new Promise((resolve) => setTimeout(resolve, 400));
      server.child.kill('SIGTERM');
      const response = await slow;
      expect(response.status).toBe(200);
      expect(((await response.json()) as BasketResponse).basket.products).toEqual([]);
      expect(await server.exited).toBe(0);
      await expect(fetch(`${server.base}/healthz`)).rejects.toThrow();
    } finally {
      await stopServer(server);
    }
  });

  it('stops every worker of WORKERS=2 on SIGTERM', async () => {
    const server = await startServer({ WORKERS: '2', LOG_LEVEL: 'silent' });
    expect(await stopServer(server)).toBe(0);
  });
});
