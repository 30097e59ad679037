import type { FastifyInstance } from 'fastify';
import { startTestShop, type TestShop } from './helpers';

/**
 * Issue 21, point 6: addresses come from configuration, not from the request. In production a
 * server without PUBLIC_ORIGIN answers only this machine's names (a laptop's `npm start`, the
 * browser tests, the benchmarks); any other Host is a 421 before anything runs, so a forged Host
 * never becomes the address in a page, a sitemap or robots.txt a shared cache keeps. With
 * PUBLIC_ORIGIN set, every absolute URL is built on it whatever the Host says.
 */
let shop: TestShop;
let app: FastifyInstance;
const saved = { NODE_ENV: process.env.NODE_ENV, PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN };
beforeAll(async () => {
  shop = await startTestShop(40);
  ({ app } = shop);
});
afterAll(async () => {
  await shop.close();
});
beforeEach(() => {
  process.env.NODE_ENV = 'production';
  delete process.env.PUBLIC_ORIGIN;
});
afterEach(() => {
  process.env.NODE_ENV = saved.NODE_ENV;
  if (saved.PUBLIC_ORIGIN === undefined) delete process.env.PUBLIC_ORIGIN;
  else process.env.PUBLIC_ORIGIN = saved.PUBLIC_ORIGIN;
});

const get = (url: string, host: string) => app.inject({ method: 'GET', url, headers: { host, accept: 'text/html' } });

describe('in production without PUBLIC_ORIGIN', () => {
  it.each(['evil.example', 'evil.example:8080', 'shop.local', '10.0.0.5:8080'])('a request for Host %s is refused (421) on every kind of address, and carries no address of it', async (host) => {
    for (const url of ['/robots.txt', '/sitemap.xml', '/sitemaps/categories.xml', '/main.php', '/ajax/basket.php', '/graphql/v1/?query=%7BtrackingEvents%7D']) {
      const response = await get(url, host);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 421 });
      expect(response.json()).toMatchObject({ error: { code: 'unknown_host', message: expect.stringContaining('PUBLIC_ORIGIN') } });
      expect(response.body).not.toContain(host);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('a POST for another Host changes nothing', async () => {
    const response = await app.inject({ method: 'POST', url: '/basketchange.php?mode=1', headers: { host: 'evil.example', 'content-type': 'application/x-www-form-urlencoded' }, payload: 'product=100&size=uniw&number=1' });
    expect(response.statusCode).toBe(421);
    expect(Number((await shop.one<{ n: number }>('SELECT COUNT(*) AS n FROM basket_lines')).n)).toBe(0);
  });

  it.each(['localhost', 'localhost:8080', '127.0.0.1:8211', '[::1]:3000'])('this machine (%s) is answered, its addresses built on that name (a laptop, the browser tests)', async (host) => {
    const robots = await get('/robots.txt', host);
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain(`Sitemap: http://${host}/sitemap.xml`);
    expect((await get('/main.php', host)).statusCode).not.toBe(421);
  });

  it("the probes answer whatever the Host (a load balancer's health checks use an address)", async () => {
    expect((await get('/healthz', '10.0.0.5:8080')).statusCode).toBe(200);
    expect((await get('/readyz', '10.0.0.5:8080')).statusCode).toBe(200);
  });
});

describe('in production with PUBLIC_ORIGIN', () => {
  it('every absolute URL is built on it, whatever Host the request names', async () => {
    process.env.PUBLIC_ORIGIN = 'https://www.frenishop.example';
    for (const host of ['evil.example', 'localhost:8080']) {
      const robots = await get('/robots.txt', host);
      expect(robots.statusCode).toBe(200);
      expect(robots.body).toContain('Sitemap: https://www.frenishop.example/sitemap.xml');
      expect(robots.body).not.toContain(host);
      const index = await get('/sitemap.xml', host);
      expect(index.body).toContain('<loc>https://www.frenishop.example/sitemaps/categories.xml</loc>');
      expect(index.body).not.toContain(host);
    }
  });
});
