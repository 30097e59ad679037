import type { FastifyInstance } from 'fastify';
import { DEFAULT_LIMITS } from '../../server/limits';
import { startTestShop, type TestShop } from './helpers';

/**
 * Issue 35, point 7: a client that drops its cookie is a new visitor every time and dodges the
 * visitor budget; its address answers for it. Two server processes on one database (each app
 * here counts on a connection of its own to the shop's database, as a process does) share the
 * count; behind TRUST_PROXY the forwarded address is the one counted.
 */
const LIMITS = { ...DEFAULT_LIMITS, newVisitorWritesPerAddress: 10 };
const ADD = 'product=11&size=uniw&number=1';

let shop: TestShop;
const servers: Array<{ app: FastifyInstance; close(): Promise<void> }> = [];

beforeAll(async () => {
  shop = await startTestShop(40, { limits: LIMITS, trustProxy: ['loopback'] });
  for (let i = 0; i < 2; i++) servers.push(await shop.reopen({ counters: shop.counters() }));
});

afterAll(async () => {
  for (const server of servers) await server.close();
  await shop.close();
});

/** A basket add with no cookie from `address` (forwarded by a proxy on this machine), on server `n`: its status. */
const cookielessAdd = async (n: number, address: string) =>
  (await servers[n].app.inject({ method: 'POST', url: '/basketchange.php?mode=1', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address }, payload: ADD, remoteAddress: '127.0.0.1' })).statusCode;

describe('writes without a cookie are bounded per address, across processes', () => {
  it('past the budget of new visitors per address, spread over two servers, a cookieless write is a 429 with Retry-After; another address is still served', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push(await cookielessAdd(i % 2, '203.0.113.50'));
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMITS.newVisitorWritesPerAddress);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - LIMITS.newVisitorWritesPerAddress);
    const refused = await servers[0].app.inject({ method: 'POST', url: '/basketchange.php?mode=1', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '203.0.113.50' }, payload: ADD, remoteAddress: '127.0.0.1' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await cookielessAdd(1, '203.0.113.51')).toBe(200);
  });

  it('a shopper who keeps the cookie, from the same address, is not held by it', async () => {
    const first = await servers[0].app.inject({ method: 'GET', url: '/ajax/basket.php', headers: { 'x-forwarded-for': '203.0.113.50' }, remoteAddress: '127.0.0.1' });
    const cookie = first.cookies.find((c) => c.name === 'shop_visitor')!;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await servers[i % 2].app.inject({
        method: 'POST',
        url: '/basketchange.php?mode=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '203.0.113.50', cookie: `shop_visitor=${cookie.value}` },
        payload: ADD,
        remoteAddress: '127.0.0.1',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
  });
});
