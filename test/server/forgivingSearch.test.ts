import type { FastifyInstance } from 'fastify';
import type { ListingResponse } from '../../src/api/wire';
import { BACKEND, startTestShop, type TestShop } from './helpers';

/**
 * Forgiving words, exact numbers (issue 37, point 6): a product or category word with one typo
 * still finds ("pastilie", "disci"), in every language of the shop; a code never matches another
 * code by a typo. On /search.php and in live search, both backends.
 */
jest.setTimeout(60_000);
let app: FastifyInstance;
let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop();
  ({ app } = shop);
});
afterAll(async () => {
  await shop.close();
});

const listing = async (text: string, lang?: string): Promise<ListingResponse> => {
  const response = await app.inject({ url: `/search.php?json=true&text=${encodeURIComponent(text)}${lang ? `&lang=${lang}` : ''}` });
  expect(response.statusCode).toBe(200);
  return response.json<ListingResponse>();
};

const liveSearch = async (text: string, lang?: string): Promise<string[]> => {
  const response = await app.inject({
    method: 'POST',
    url: `/graphql/v1/${lang ? `?lang=${lang}` : ''}`,
    payload: { query: `{ productsTextSearch(searchInput: { text: ${JSON.stringify(text)}, limit: 20 }) { products { name link } } }` },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: { productsTextSearch: { products: Array<{ name: string; link: string }> } } }).data.productsTextSearch.products.map((p) => p.link);
};

/** How many products' Italian names hold the word (what a correct word finds). */
async function namedCount(word: string): Promise<number> {
  const row = await shop.one<{ n: number }>(`SELECT CAST(COUNT(*) AS INTEGER) AS n FROM products WHERE LOWER(name) LIKE ?`, `%${word}%`);
  return Number(row.n);
}

const ids = (response: ListingResponse) => response.products.map((p) => p.id);

describe(`forgiving search (${BACKEND})`, () => {
  it.each([
    ['pastilie', 'pastiglie'],
    ['disci', 'dischi'],
  ])('"%s" finds what "%s" finds, on /search.php and in live search', async (typo, word) => {
    const correct = await listing(word);
    // The correct word finds as before: every product named with it.
    expect(correct.total).toBe(await namedCount(word));
    expect(correct.total).toBeGreaterThan(0);
    const forgiven = await listing(typo);
    expect(forgiven.total).toBe(correct.total);
    expect(ids(forgiven)).toEqual(ids(correct));
    const live = await liveSearch(typo);
    expect(live.length).toBeGreaterThan(0);
    expect(live).toEqual(await liveSearch(word));
  });

  it.each([
    ['pl', 'klocky', 'klocki', 'pastiglie'],
    ['pl', 'tracze', 'tarcze', 'dischi'],
    ['en', 'pdas', 'pads', 'pastiglie'],
    ['en', 'dicss', 'discs', 'dischi'],
  ])('in %s, "%s" (and "%s") finds the products the shop names "%s"', async (lang, typo, word, italian) => {
    const expected = await listing(italian);
    expect(expected.total).toBeGreaterThan(0);
    for (const text of [typo, word]) {
      const found = await listing(text, lang);
      expect(found.total).toBe(expected.total);
      expect(ids(found)).toEqual(ids(expected));
    }
    // Live search, in that language: the same products (named in the language).
    const live = await liveSearch(typo, lang);
    expect(live.length).toBeGreaterThan(0);
    expect(live).toEqual(await liveSearch(italian));
    expect(await liveSearch(italian, 'it')).toEqual(await liveSearch(italian));
  });

  it('a code never finds another code by a typo', async () => {
    const product = await shop.one<{ id: number; catalog_no: string }>(`SELECT id, catalog_no FROM products WHERE catalog_no LIKE '%1%' ORDER BY id LIMIT 1`);
    const code = product.catalog_no;
    expect(ids(await listing(code))).toContain(product.id);
    const i = code.indexOf('1');
    const other = `${code.slice(0, i)}7${code.slice(i + 1)}`;
    const others = await shop.sql<{ id: number }>(`SELECT id FROM products WHERE catalog_no = ?`, other);
    const found = await listing(other);
    expect(ids(found)).not.toContain(product.id);
    expect(ids(found).sort()).toEqual(others.map((r) => Number(r.id)).sort());
    expect(await liveSearch(other)).not.toContain(expect.stringContaining(`/product-${product.id}-`));
  });

  it('a word that is neither a typo nor a word of the catalogue finds nothing, as before', async () => {
    expect((await listing('zzzzqx')).total).toBe(0);
    expect(await liveSearch('zzzzqx')).toEqual([]);
  });

  it('learns the words of a changed catalogue once the catalogue says it changed (its caches dropped)', async () => {
    const product = await shop.one<{ id: number; name: string }>(`SELECT id, name FROM products ORDER BY id LIMIT 1`);
    expect((await shop.repository.searchVocabulary!()).expand('zefirome', 'it')).toBe('zefirome');
    await shop.sql(`UPDATE products SET name = ? WHERE id = ?`, `${product.name} Zefirone`, product.id);
    // Kept until the catalogue changes.
    expect((await shop.repository.searchVocabulary!()).expand('zefirome', 'it')).toBe('zefirome');
    shop.repository.clearCaches?.();
    expect((await shop.repository.searchVocabulary!()).expand('zefirome', 'it').split('\u001f')).toEqual(['zefirome', 'zefirone']);
  });
});
