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

it('judges a repeated document by the variables of each request: a costly limit refused, a small one answered, again and again', async () => {
  const query = 'query Search($limit: Int) { productsTextSearch(searchInput: { text: "brembo", limit: $limit }) { products { name } } }';
  const withLimit = async (limit: number) => {
    const response = await app.inject({ method: 'POST', url: '/graphql/v1/', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ query, variables: { limit } }) });
    return response.json() as { data?: { productsTextSearch: { products: unknown[] } }; errors?: Array<{ extensions: { code: string } }> };
  };
  for (let i = 0; i < 4; i++) {
    expect((await withLimit(3)).data?.productsTextSearch.products).toHaveLength(3);
    expect((await withLimit(100_000)).errors?.[0].extensions.code).toBe('QUERY_TOO_COSTLY');
  }
});

it('refuses a repeated document with a control character in its text every time', async () => {
  const query = '{ productsTextSearch(searchInput: { text: "bre\\u0000mbo", limit: 3 }) { products { name } } }';
  for (let i = 0; i < 3; i++) {
    const { status, body } = await ask(query);
    expect(status).toBe(400);
    expect(body).toMatchObject({ errors: [{ extensions: { code: 'BAD_USER_INPUT' } }] });
  }
});
