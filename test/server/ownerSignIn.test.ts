import type { FastifyInstance } from 'fastify';
import { startTestShop, type TestShop } from './helpers';
import { signInOwner } from '../support/ownerSession';

let shop: TestShop;
let app: FastifyInstance;
beforeAll(async () => {
  shop = await startTestShop(50);
  ({ app } = shop);
});
afterAll(async () => {
  await shop.close();
});

it('smoke: an owner signs in and sees the first screen', async () => {
  const session = await signInOwner(app);
  const home = await app.inject({ method: 'GET', url: '/admin/', headers: { cookie: session.cookie, accept: 'text/html' } });
  expect(home.statusCode).toBe(200);
  expect(home.headers['cache-control']).toBe('no-store');
  expect(home.body).toContain(session.email);
});
