import { openShopDatabase } from '../../server/db/open';
import { openPostgresShop } from '../../server/db/postgres/open';
import type { ShopRepository, ListingFilter } from '../../server/db/repository';
import { SqliteShopRepository } from '../../server/db/sqliteRepository';
import { SPECIAL_PRODUCTS } from '../../server/db/catalogue/specialProducts';
import { BRAKE_CATEGORY, AXIS } from '../../src/api/wire';
import { CMS_PAGES } from '../../server/db/cmsPages';
import { BACKEND, createTestDatabase, TODAY } from './helpers';
import { describeWhen } from '../support/skips';

/**
 * The same catalogue on both backends gives the same answers: text search (PostgreSQL's
 * unaccent-folded full-text search and code prefix index against SQLite's FTS5), listings with
 * every filter and sort, facets, vehicles, products, prices and baskets, information pages and
 * the sitemap's product pages.
 */
const describeOnPostgres = describeWhen(BACKEND === 'postgres', 'PostgreSQL only: runs in the server-postgres project');

/** The first path where two JSON values differ, with both values; null when equal. */
function firstDifference(a: unknown, b: unknown, path: string): string | null {
  if (Object.is(a, b)) return null;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) {
    return `${path || '.'}: sqlite ${JSON.stringify(a)?.slice(0, 120)} / postgres ${JSON.stringify(b)?.slice(0, 120)}`;
  }
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  for (const key of keys) {
    const found = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`);
    if (found !== null) return found;
  }
  return null;
}

describeOnPostgres('SQLite and PostgreSQL answer alike for the same catalogue', () => {
  const SIZE = 800;
  let sqlite: ShopRepository;
  let postgres: ShopRepository;
  const closers: Array<() => Promise<void>> = [];
  let codes: string[] = [];
  let catalogNumbers: string[] = [];
  let engineIds: number[] = [];
  let codeIds: number[] = [];
  let fitPairs: Array<{ e: number; p: number }> = [];

  beforeAll(async () => {
    const { db } = openShopDatabase({ path: ':memory:', catalogueSize: SIZE, today: TODAY });
    closers.push(async () => {
      db.close();
    });
    sqlite = new SqliteShopRepository(db);
    const database = await createTestDatabase();
    const opened = await openPostgresShop({ url: database.url, catalogueSize: SIZE, today: TODAY, poolSize: 4 });
    closers.push(async () => {
      await opened.close();
      await database.drop();
    });
    postgres = opened.repository;
    codes = (db.prepare('SELECT name FROM param_values WHERE param_id = 172622 ORDER BY id LIMIT 6').all() as { name: string }[]).map((r) => r.name);
    catalogNumbers = (db.prepare('SELECT catalog_no FROM products WHERE id >= 100 ORDER BY id LIMIT 6').all() as { catalog_no: string }[]).map((r) => r.catalog_no);
    engineIds = (db.prepare('SELECT id FROM engines ORDER BY id LIMIT 3').all() as { id: number }[]).map((r) => r.id);
    fitPairs = db.prepare('SELECT engine_id AS e, product_id AS p FROM fitments WHERE note IS NOT NULL OR from_month IS NOT NULL ORDER BY engine_id LIMIT 8').all() as Array<{ e: number; p: number }>;
    codeIds = (db.prepare('SELECT id FROM param_values WHERE param_id = 172622 ORDER BY id LIMIT 3').all() as { id: number }[]).map((r) => r.id);
  }, 60_000);

  afterAll(async () => {
    for (const close of closers) await close();
  });

  /** Differences found by `same` in the current test: the call and the first path that differs. */
  let differences: string[] = [];
  beforeEach(() => {
    differences = [];
  });
  afterEach(() => {
    expect(differences).toEqual([]);
  });
  const same = async <T,>(ask: (repository: ShopRepository) => Promise<T>) => {
    const [a, b] = await Promise.all([ask(sqlite), ask(postgres)]);
    const difference = firstDifference(a, b, '');
    if (difference !== null) differences.push(`${ask.toString().replace(/\s+/g, ' ')}: ${difference}`);
    return a;
  };

  it('text search: products, codes and the small groups', async () => {
    const queries = [
      'pastiglie', 'PASTIGLIE', 'pàstìglie', 'past', 'pa', 'pastiglie brembo', 'dischi forati', 'disc ant', 'brembo', 'Brembo Xtra', 'ÉBC', 'ebc green',
      'ate ceramic', 'kit freni', 'freni posteriori', 'golf', 'panda', 'zimmermann', 'trw', 'ferodo ds', 'textar', 'bosch', 'accessori', 'spedizioni',
      'xyz', 'zz', '  ', '"', "' OR 1=1 --", 'brem*" OR NEAR(a b)', '%_%', '\\', 'a-b.c', '0', '1', '12', '34 5',
      ...codes, ...codes.map((c) => c.slice(0, 4)), ...codes.map((c) => c.replace(/[\s.-]/g, '').toLowerCase()),
      ...catalogNumbers, ...catalogNumbers.map((c) => c.toLowerCase().replace(/\s/g, '')), ...catalogNumbers.map((c) => c.slice(0, 3)),
    ];
    let found = 0;
    for (const query of queries) {
      const answer = await same((r) => r.textSearch(query, 50));
      found += answer.products.length + answer.replacementCodes.length;
    }
    // The queries find things (a comparison of empty answers proves nothing).
    expect(found).toBeGreaterThan(200);
  });

  it('listings: every filter, sort and page, with facets', async () => {
    const filters: ListingFilter[] = [
      {},
      { category: BRAKE_CATEGORY.pads },
      { category: BRAKE_CATEGORY.discs, axis: AXIS.front },
      { category: BRAKE_CATEGORY.pads, sort: 'price_asc' },
      { category: BRAKE_CATEGORY.discs, sort: 'price_desc' },
      { sort: 'name' },
      { text: 'pastiglie brembo', sort: 'name' },
      { text: 'dischi' },
      { text: '"' },
      { producer: 1 },
      { engine: engineIds[0] },
      { generation: 5000, vehicle: engineIds[1] },
      { model: 1000 },
      { brand: 1, category: BRAKE_CATEGORY.kits },
      { discounted: true },
      { subCategory: 170001 },
      { vehicle: engineIds[0], category: BRAKE_CATEGORY.pads },
      { replacementCode: engineIds[0] },
      { replacementCode: codeIds[0] },
      { replacementCode: engineIds[1], axis: AXIS.front, category: BRAKE_CATEGORY.pads },
    ];
    for (const filter of filters) {
      for (const page of [1, 2]) {
        const listing = await same((r) => r.listing(filter, page, 24));
        if (page === 1 && Object.keys(filter).length === 0) expect(listing.products).toHaveLength(24);
      }
      await same((r) => r.axisCounts(filter));
    }
  });

  it('vehicles, products, brake finder, prices, shipping', async () => {
    await same((r) => r.brands());
    await same((r) => r.models(1));
    await same((r) => r.generations(1000));
    await same((r) => r.engines(5000));
    await same((r) => r.engineTree());
    await same((r) => r.engineTree('a'));
    await same((r) => r.brandInitials());
    await same((r) => r.substitutes());
    for (const id of [...Object.values(SPECIAL_PRODUCTS), 100, 101, 777, SIZE + 500]) {
      await same((r) => r.productPage(id));
      await same((r) => r.traits(id));
      await same((r) => r.productCategory(id));
    }
    await same((r) => r.brakeProducts({ category: BRAKE_CATEGORY.pads, axis: AXIS.front, limit: 50 }));
    await same((r) => r.brakeProducts({ engine: engineIds[0], limit: 50 }));
    await same((r) => r.brakeProducts({ productIds: [100, 101, 102, 99999], limit: 10 }));
    await same((r) => r.lowestPrices([{ productId: SPECIAL_PRODUCTS.omnibusSrp }, { productId: SPECIAL_PRODUCTS.multiSize, sizeId: 'S2' }, { productId: 99999 }]));
    await same((r) => r.shippingOptions(100, 'uniw', 3));
    await same((r) => r.shippingOptions(100, 'uniw', 1, '90010'));
    await same((r) => r.instalmentParams(123.456));
  });

  it('text search in a language: the cms group holds that language\'s pages', async () => {
    let pages = 0;
    for (const query of ['spedizioni', 'resi', 'rate', 'contrassegno', 'gwarancj', 'wysyłka', 'refunds', 'shipping', 'warranty', 'GARANZIA', 'pàgamento', '79', '14 giorni', 'zzqqxx', '']) {
      for (const lang of [undefined, 'it', 'pl', 'en']) {
        pages += (await same((r) => r.textSearch(query, 50, lang))).cms.length;
        await same((r) => r.textSearch(query, 3, lang));
      }
    }
    expect(pages).toBeGreaterThan(30);
  });

  it('information pages with their other languages; the sitemap\'s product pages', async () => {
    for (const slug of [...CMS_PAGES.map((page) => page.slug), 'nessuna-pagina', '', "' OR 1=1 --"]) {
      await same((r) => r.cmsPage(slug));
    }
    expect((await same((r) => r.cmsPage('spedizioni-e-consegne')))?.alternates).toHaveLength(2);
    expect(await same((r) => r.productCount())).toBeGreaterThanOrEqual(SIZE);
    let listed = 0;
    for (const [page, size] of [[1, 100], [2, 100], [9, 100], [1, 1], [3, 7], [1, 5000], [50, 100], [0, 10], [1, 0], [-1, 5]]) {
      listed += (await same((r) => r.productSitemapPage(page, size))).length;
    }
    expect(listed).toBeGreaterThan(SIZE);
  });

  it('brake finder: a built vehicle\'s engines, codes or vehicle ids as trait 172622', async () => {
    const finds: number[] = [];
    const ask = async (filter: Parameters<ShopRepository['brakeProducts']>[0]) => finds.push((await same((r) => r.brakeProducts(filter))).length);
    await ask({ engines: engineIds, limit: 50 });
    await ask({ engines: engineIds, category: BRAKE_CATEGORY.discs, limit: 50 });
    await ask({ engines: engineIds.slice(0, 1), axis: AXIS.front, category: BRAKE_CATEGORY.pads, limit: 50 });
    await ask({ engines: [], category: BRAKE_CATEGORY.pads, limit: 50 });
    await ask({ replacementCodes: codeIds, limit: 50 });
    await ask({ replacementCodes: engineIds, limit: 50 });
    await ask({ replacementCodes: [...codeIds, ...engineIds], axis: AXIS.rear, limit: 20 });
    expect(finds[3]).toBe(0);
    expect(finds.filter((n) => n > 0).length).toBeGreaterThanOrEqual(5);
  });

  it('fitments: the same fits with the same qualifiers (axle, production months, note)', async () => {
    const pairs = fitPairs;
    const engines = [...new Set(pairs.map((pair) => pair.e))];
    const products = [...new Set(pairs.map((pair) => pair.p)), 100, 101, 102];
    const fits = await same((r) => r.fitments(engines, products));
    expect(fits.length).toBeGreaterThanOrEqual(pairs.length);
    expect(fits.some((fit) => fit.note !== null)).toBe(true);
    await same((r) => r.fitments([], products));
  });

  it('baskets: the same changes give the same answers and refusals', async () => {
    const visitor = 'b'.repeat(32);
    const changes = [
      { mode: 'add', productId: 100, sizeId: 'uniw', quantity: 2, additional: '' },
      { mode: 'add', productId: SPECIAL_PRODUCTS.rebateTiers, sizeId: 'uniw', quantity: 5, additional: '' },
      { mode: 'add', productId: SPECIAL_PRODUCTS.minMaxQuantity, sizeId: 'uniw', quantity: 1, additional: '' },
      { mode: 'add', productId: SPECIAL_PRODUCTS.minMaxQuantity, sizeId: 'uniw', quantity: 9, additional: '' },
      { mode: 'add', productId: SPECIAL_PRODUCTS.unavailable, sizeId: 'uniw', quantity: 1, additional: '' },
      { mode: 'add', productId: SPECIAL_PRODUCTS.multiSize, sizeId: 'S2', quantity: 4, additional: '' },
      { mode: 'set', productId: 100, sizeId: 'uniw', quantity: 0, additional: '' },
      { mode: 'add', productId: 99999, sizeId: 'uniw', quantity: 1, additional: '' },
    ] as const;
    for (const change of changes) {
      const [sqliteResult, postgresResult] = [await sqlite.changeBasket(visitor, change), await postgres.changeBasket(visitor, change)];
      expect(firstDifference(sqliteResult, postgresResult, '')).toBeNull();
      const after = await same((r) => r.basket(visitor));
      // The basket a change answers with is the basket the next read shows (on each backend).
      if (sqliteResult.ok) expect(sqliteResult.basket).toEqual(after);
      if (postgresResult.ok) expect(postgresResult.basket).toEqual(await postgres.basket(visitor));
    }
    // Down to an empty basket: the last removal answers it empty.
    for (const line of (await postgres.basket(visitor)).products) {
      const removal = { mode: 'set', productId: line.id, sizeId: line.size, quantity: 0, additional: line.md5_additional } as const;
      const [sqliteResult, postgresResult] = [await sqlite.changeBasket(visitor, removal), await postgres.changeBasket(visitor, removal)];
      expect(firstDifference(sqliteResult, postgresResult, '')).toBeNull();
      expect(postgresResult.ok && postgresResult.basket).toEqual(await postgres.basket(visitor));
    }
    expect((await postgres.basket(visitor)).products).toEqual([]);
    for (const change of changes.slice(0, 2)) await same((r) => r.changeBasket(visitor, change));
    await same((r) => r.basketShippingOptions(visitor));
    await same((r) => r.takeTrackingEvents(visitor));
    await same((r) => r.removeFromBasket(visitor, [{ id: SPECIAL_PRODUCTS.rebateTiers, size: 'uniw', additional: '' }]));
    await same((r) => r.basket(visitor));
  });
});
