/**
 * /metrics in Prometheus' text format: requests by route and status, latency histograms, page
 * render time, page-cache hits and misses, the database pool, rate-limit refusals. Only the
 * allowed addresses read it on the shop's port; METRICS_PORT serves it on a port of its own.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { DEFAULT_LIMITS } from '../../server/limits';
import { SPECIAL_PRODUCTS } from '../../server/db/catalogue/specialProducts';
import { metricsAllowList, pageCacheHit, pageCacheMiss, startMetricsServer } from '../../server/metrics';
import { BACKEND, startTestShop, Visitor, type TestShop, PRODUCT_11 } from './helpers';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop(300, { metricsAllow: metricsAllowList('127.0.0.1, 10.1.0.0/16'), limits: { ...DEFAULT_LIMITS, messagesPerVisitor: 1 } });
});
afterAll(async () => {
  await shop.close();
});

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const inside = line.slice(line.indexOf('{') + 1, line.lastIndexOf('}'));
    if (wanted.every((pair) => inside.split(',').includes(pair))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe(`GET /metrics (${BACKEND})`, () => {
  it('is a 404 for an address not allowed, whatever X-Forwarded-For says', async () => {
    for (const remoteAddress of ['203.0.113.7', '10.2.0.1']) {
      const response = await shop.app.inject({ url: '/metrics', remoteAddress, headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('shop_http_requests_total');
    }
  });

  it('counts requests, latencies, page rendering, the page cache, the pool and rate-limit refusals', async () => {
    const visitor = new Visitor(shop.app);
    expect((await visitor.get(PRODUCT_11)).statusCode).toBe(200);
    expect((await visitor.get('/no/such/address')).statusCode).toBe(404);
    const notice = { product: String(SPECIAL_PRODUCTS.unavailable), size: 'uniw', email: 'a@example.it' };
    expect((await visitor.post('/ajax/notify.php', notice)).statusCode).toBe(200);
    expect((await visitor.post('/ajax/notify.php', notice)).statusCode).toBe(429);
    pageCacheHit();
    pageCacheHit();
    pageCacheMiss();

    const response = await shop.app.inject({ url: '/metrics', remoteAddress: '10.1.2.3' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(sample(text, 'shop_http_requests_total', { method: 'GET', route: '/product-:rest', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'shop_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'shop_http_requests_total', { method: 'POST', route: '/ajax/notify.php', status: '429' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'shop_http_request_duration_seconds_bucket', { method: 'GET', route: '/product-:rest', le: '+Inf' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'shop_page_render_seconds_count', { page: 'product' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'shop_page_cache_total', { result: 'hit' })).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'shop_page_cache_total', { result: 'miss' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'shop_rate_limit_refusals_total', { route: '/ajax/notify.php' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'shop_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(text).toContain('# TYPE shop_http_request_duration_seconds histogram');
    expect(text).toContain('process_resident_memory_bytes');
  });
});

describe('METRICS_PORT: /metrics on a port of its own', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startMetricsServer({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('is scraped over HTTP, and answers nothing else', async () => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const scrape = await fetch(`${base}/metrics`);
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await scrape.text()).toMatch(/^# HELP shop_http_requests_total /m);
    expect((await fetch(`${base}/main.php`)).status).toBe(404);
  });
});
