/**
 * A query asked again and again is compiled after its fifth run (mercurius `jit`): the
 * answers before and after must be the same, errors included.
 */
import type { FastifyInstance } from 'fastify';
import { startTestShop } from './helpers';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await startTestShop());
});
afterAll(async () => {
  await app.close();
});

const ask = async (query: string) => {
  const response = await app.inject({ method: 'POST', url: '/graphql/v1/', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ query }) });
  return { status: response.statusCode, body: response.json() as unknown };
};

it('answers a repeated brake product query the same before and after it is compiled', async () => {
  const query =
    '{ products(searchInput: { parameters: [{ id: 24, values: [148728] }], limit: 20 }) { products { id name link longDescription price { price { gross { value formatted } } } producer { name } sizes { id name } versionName awardedParameters { id name values { id name } } } } }';
  const first = await ask(query);
  expect(first.status).toBe(200);
  expect((first.body as { data: { products: { products: unknown[] } } }).data.products.products).toHaveLength(20);
  for (let i = 0; i < 8; i++) expect(await ask(query)).toEqual(first);
});

it('answers a repeated bad query with the same error before and after it is compiled', async () => {
  const query = '{ productsTextSearch(searchInput: { text: "brembo", limit: 99 }) { products { name } } }';
  const first = await ask(query);
  expect(first.status).toBe(400);
  for (let i = 0; i < 8; i++) expect(await ask(query)).toEqual(first);
});
