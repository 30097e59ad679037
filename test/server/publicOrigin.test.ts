import type { FastifyInstance } from 'fastify';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
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

/** A GET over a real connection (the port the request reached is known): status and body. */
function rawGet(port: number, path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** Issue 35, point 4: the shop's page cache, in production without PUBLIC_ORIGIN, behind a trusted proxy. */
describe('a forged Host or X-Forwarded-Proto never reaches a kept page', () => {
  it('the addresses come from a known origin (the Host only when it names this server), the scheme is http or https; the next visitor gets no trace of it', async () => {
    const cached = await startTestShop(40, { pageCacheBytes: 4 * 1024 * 1024, trustProxy: ['loopback'] });
    try {
      await cached.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = cached.app.server.address() as AddressInfo;
      const url = new URL((await cached.app.inject({ method: 'GET', url: '/product-11-x.html' })).headers.location as string, 'http://localhost').pathname;
      const addresses = (html: string) => [...html.matchAll(/(?:href|content)="([a-z][a-z0-9+.-]*:[^"]*)"|"(?:url|@id|item)":"([^"]+)"/gi)].map((m) => m[1] ?? m[2]);
      const forged = await rawGet(port, url, { host: 'localhost:6666', 'x-forwarded-proto': 'javascript' });
      expect(forged.status).toBe(200);
      expect(addresses(forged.body).length).toBeGreaterThan(0);
      for (const address of addresses(forged.body)) expect(address).toMatch(new RegExp(`^http://localhost:${port}/`));
      const next = await rawGet(port, url, { host: `localhost:${port}` });
      expect(next.status).toBe(200);
      for (const address of addresses(next.body)) expect(address).toMatch(new RegExp(`^http://localhost:${port}/`));
      const secure = await rawGet(port, url, { host: `localhost:${port}`, 'x-forwarded-proto': 'https' });
      expect(addresses(secure.body).every((address) => address.startsWith(`https://localhost:${port}/`))).toBe(true);
    } finally {
      await cached.close();
    }
  });
});
