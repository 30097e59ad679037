import type { TextSearchResult } from '../../src/api/wire';
import type { ShopRepository } from '../../server/db/repository';
import { NO_VISITOR, withSearchCache } from '../../server/db/searchCache';
import { TtlCache } from '../../server/db/ttlCache';

const answer = (name: string): TextSearchResult => ({ products: [], producers: [{ name, link: '/' }], series: [], menuNodes: [], cms: [], searchQueries: [], replacementCodes: [] });

/** A repository whose text search counts its calls and answers the text it was given. */
function countingRepository(fail = false) {
  const calls: Array<[string, number]> = [];
  const repo = {
    textSearch: async (text: string, limit: number) => {
      calls.push([text, limit]);
      if (fail) throw new Error('database down');
      return answer(text);
    },
    wishlistCount: async function (this: unknown) {
      return this === repo ? 7 : -1;
    },
  };
  return { repo: repo as unknown as ShopRepository, calls };
}

describe('text search cache', () => {
  it('answers a query folded alike (case, accents, spaces) from one search of the folded text', async () => {
    const { repo, calls } = countingRepository();
    const cached = withSearchCache(repo);
    const first = await cached.textSearch('Pastiglie  Anteriori', 3);
    expect(await cached.textSearch('pastiglie anteriori', 3)).toBe(first);
    expect(await cached.textSearch(' PASTÌGLIE anteriori ', 3)).toBe(first);
    expect(first.producers[0].name).toBe('pastiglie anteriori');
    expect(calls).toEqual([['pastiglie anteriori', 3]]);
  });

  it('keeps limits apart and shares one search between calls in flight', async () => {
    const { repo, calls } = countingRepository();
    const cached = withSearchCache(repo);
    await Promise.all([cached.textSearch('brembo', 3), cached.textSearch('brembo', 3), cached.textSearch('brembo', 10)]);
    expect(calls).toEqual([
      ['brembo', 3],
      ['brembo', 10],
    ]);
  });

  it('searches again once the entry is older than its time to live', async () => {
    let now = 1_000;
    const { repo, calls } = countingRepository();
    const cached = withSearchCache(repo, { ttlMs: 30_000, now: () => now });
    await cached.textSearch('ferodo', 3);
    now += 29_999;
    await cached.textSearch('ferodo', 3);
    expect(calls).toHaveLength(1);
    now += 2;
    await cached.textSearch('ferodo', 3);
    expect(calls).toHaveLength(2);
  });

  it('does not keep a failed search', async () => {
    const { repo, calls } = countingRepository(true);
    const cached = withSearchCache(repo);
    await expect(cached.textSearch('trw', 3)).rejects.toThrow('database down');
    await expect(cached.textSearch('trw', 3)).rejects.toThrow('database down');
    expect(calls).toHaveLength(2);
  });

  it('passes every other call to the repository itself', async () => {
    const { repo } = countingRepository();
    expect(await withSearchCache(repo).wishlistCount('v')).toBe(7);
  });
});

it('answers a repeated brake product query from the cache, per filter', async () => {
  const calls: unknown[] = [];
  const repo = { brakeProducts: async (filter: unknown) => (calls.push(filter), [{ id: calls.length }]) } as unknown as ShopRepository;
  const cached = withSearchCache(repo);
  const first = await cached.brakeProducts({ axis: 1, category: 2, engine: 3, limit: 50 });
  expect(await cached.brakeProducts({ axis: 1, category: 2, engine: 3, limit: 50 })).toBe(first);
  expect(await cached.brakeProducts({ axis: 1, category: 2, engine: 4, limit: 50 })).not.toBe(first);
  expect(calls).toHaveLength(2);
});

it('answers a vehicle page again from the cache, per kind and id, until the catalogue changes', async () => {
  const calls: unknown[] = [];
  const own = { clearCaches: () => calls.push('own caches cleared') };
  const repo = { ...own, vehiclePage: async (kind: string, id: number) => (calls.push([kind, id]), { kind, id, calls: calls.length }) } as unknown as ShopRepository;
  const cached = withSearchCache(repo);
  const engine = await cached.vehiclePage('engine', 7);
  expect(await cached.vehiclePage('engine', 7)).toBe(engine);
  expect(await cached.vehiclePage('model', 7)).not.toBe(engine);
  expect(calls).toEqual([
    ['engine', 7],
    ['model', 7],
  ]);
  // A catalogue change drops every kept answer, the repository's own included.
  cached.clearCaches();
  expect(await cached.vehiclePage('engine', 7)).not.toBe(engine);
  expect(calls).toEqual([['engine', 7], ['model', 7], 'own caches cleared', ['engine', 7]]);
});

it('answers a listing and a product page again from the cache, per filter, page and id, until the catalogue changes; not at all when told so', async () => {
  const calls: unknown[] = [];
  const repo = {
    listing: async (filter: object, page: number, size: number) => (calls.push(['listing', filter, page, size]), { products: [], calls: calls.length }),
    productPage: async (id: number) => (calls.push(['product', id]), { product_id: id, calls: calls.length }),
  } as unknown as ShopRepository;
  const cached = withSearchCache(repo);
  const listing = await cached.listing({ category: 148728 }, 1, 24);
  expect(await cached.listing({ category: 148728 }, 1, 24)).toBe(listing);
  expect(await cached.listing({ category: 148728 }, 2, 24)).not.toBe(listing);
  expect(await cached.listing({ category: 148728, sort: 'price_asc' }, 1, 24)).not.toBe(listing);
  const product = await cached.productPage(11);
  expect(await cached.productPage(11)).toBe(product);
  expect(calls).toHaveLength(4);
  cached.clearCaches();
  expect(await cached.productPage(11)).not.toBe(product);
  expect(calls).toHaveLength(5);

  const uncached = withSearchCache(repo, { pageData: false });
  await uncached.productPage(11);
  await uncached.productPage(11);
  await uncached.listing({}, 1, 24);
  await uncached.listing({}, 1, 24);
  expect(calls).toHaveLength(9);
});

it("keeps no visitor's (a public page's) empty basket and wishlist count; a visitor's own are always read", async () => {
  const calls: string[] = [];
  const repo = {
    basket: async (visitor: string) => (calls.push(`basket ${visitor}`), { products: [], visitor }),
    wishlistCount: async (visitor: string) => (calls.push(`wishlist ${visitor}`), 0),
  } as unknown as ShopRepository;
  const cached = withSearchCache(repo);
  const empty = await cached.basket(NO_VISITOR);
  expect(await cached.basket(NO_VISITOR)).toBe(empty);
  await cached.wishlistCount(NO_VISITOR);
  await cached.wishlistCount(NO_VISITOR);
  const visitor = 'a'.repeat(32);
  await cached.basket(visitor);
  await cached.basket(visitor);
  await cached.wishlistCount(visitor);
  await cached.wishlistCount(visitor);
  expect(calls).toEqual(['basket ', 'wishlist ', `basket ${visitor}`, `basket ${visitor}`, `wishlist ${visitor}`, `wishlist ${visitor}`]);
});

describe('TtlCache', () => {
  it('drops the least recently used entry beyond its size', () => {
    const cache = new TtlCache<string, number>(2, 1_000);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recently used
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
  });
});
