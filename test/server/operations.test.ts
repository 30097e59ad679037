/** The probes a balancer asks, and the request id every answer carries. */
import { startTestShop } from './helpers';

it('/healthz answers while the process runs; /readyz only while the database answers', async () => {
  const shop = await startTestShop();
  const { app } = shop;
  try {
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    await shop.closeDatabase();
    const notReady = await app.inject({ method: 'GET', url: '/readyz' });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toEqual({ error: { code: 'database_unreachable', message: 'The database does not answer' } });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  } finally {
    await shop.close();
  }
});

it('answers with the request id it was given, or a fresh one when the given one is not sane', async () => {
  const shop = await startTestShop();
  const { app } = shop;
  try {
    const given = await app.inject({ method: 'GET', url: '/ajax/basket.php?getAjax=true', headers: { 'x-request-id': 'edge-7f3a.1' } });
    expect(given.headers['x-request-id']).toBe('edge-7f3a.1');
    const odd = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'a b<script>' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const none = await app.inject({ method: 'GET', url: '/healthz' });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(none.headers['x-request-id']).not.toBe(odd.headers['x-request-id']);
  } finally {
    await shop.close();
  }
});
