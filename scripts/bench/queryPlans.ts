/**
 * Every SQL statement a listing, finder, search, brake-product and vehicle-page call runs, with SQLite's
 * plan for it (EXPLAIN QUERY PLAN), and the plan lines that SCAN a big table: the bench
 * lists them at 200,000 products, a server test fails on a table scan at a small catalogue.
 *
 * The statements are caught as they run (better-sqlite3's `verbose` hook hands over each one
 * with its values bound), so what is explained is exactly what the repository sends.
 */
import Database from 'better-sqlite3';
import { AXIS, BRAKE_CATEGORY, BRAKE_TRAIT, TRAIT } from '../../src/api/wire';
import type { ListingFilter } from '../../server/db/repository';
import { SqliteShopRepository } from '../../server/db/sqliteRepository';

/** Tables that grow with the catalogue or the visitors; a scan of a small table is no concern. */
export const BIG_TABLES = ['products', 'sizes', 'fitments', 'product_params', 'param_values', 'search_docs', 'price_history', 'rebates', 'basket_lines', 'visitors'];

export interface QueryPlan {
  /** The repository call that sent it, e.g. `listing {"category":148728} price_asc p1`. */
  call: string;
  kind: 'listing' | 'finder' | 'search' | 'brake' | 'vehicle' | 'basket';
  sql: string;
  plan: string[];
  /** Plan lines that SCAN a big table, through an index or not. */
  scans: string[];
  /** Plan lines that SCAN a big table without any index: a read of every row. */
  tableScans: string[];
}

/** alias -> table for every `FROM x [AS] y` / `JOIN x [AS] y` of a statement. */
function aliases(sql: string): Map<string, string> {
  const map = new Map<string, string>();
  const keyword = /^(ON|WHERE|JOIN|CROSS|INNER|LEFT|INDEXED|GROUP|ORDER|LIMIT|USING|AND)$/i;
  for (const match of sql.matchAll(/\b(?:FROM|JOIN)\s+(\w+)(?:\s+(?:AS\s+)?(\w+))?/gi)) {
    const table = match[1];
    map.set(table, table);
    if (match[2] && !keyword.test(match[2])) map.set(match[2], table);
  }
  return map;
}

/** Which plan lines scan a big table (with or without an index). */
export function scansOf(sql: string, plan: string[]): { scans: string[]; tableScans: string[] } {
  const names = aliases(sql);
  const scans: string[] = [];
  const tableScans: string[] = [];
  for (const line of plan) {
    const match = /^SCAN (\w+)(.*)$/.exec(line.trim());
    if (!match || /VIRTUAL TABLE/.test(match[2])) continue;
    const table = names.get(match[1]) ?? match[1];
    if (!BIG_TABLES.includes(table)) continue;
    scans.push(`${line.trim()} (${table})`);
    if (!/USING/.test(match[2])) tableScans.push(`${line.trim()} (${table})`);
  }
  return { scans, tableScans };
}

/** The calls checked: every listing filter with every sort (a first and a deep page), finder counts, searches, brake queries. */
function calls(db: Database.Database) {
  const one = <T>(sql: string) => db.prepare(sql).get() as T;
  const engine = one<{ id: number }>('SELECT engine_id AS id FROM fitments GROUP BY engine_id ORDER BY COUNT(*) DESC LIMIT 1').id;
  const rareEngine = one<{ id: number }>('SELECT engine_id AS id FROM fitments GROUP BY engine_id ORDER BY COUNT(*) LIMIT 1').id;
  const generation = one<{ id: number }>(`SELECT generation_id AS id FROM engines WHERE id = ${engine}`).id;
  const model = one<{ id: number }>(`SELECT model_id AS id FROM generations WHERE id = ${generation}`).id;
  const brand = one<{ id: number }>(`SELECT brand_id AS id FROM models WHERE id = ${model}`).id;
  const code = one<{ id: number }>(`SELECT pp.value_id AS id FROM product_params pp JOIN param_values v ON v.id = pp.value_id WHERE v.param_id = ${TRAIT.replacementCode} LIMIT 1`).id;
  const producer = one<{ id: number }>('SELECT producer_id AS id FROM products GROUP BY producer_id ORDER BY COUNT(*) DESC LIMIT 1').id;
  const filters: ListingFilter[] = [
    {},
    { category: BRAKE_CATEGORY.pads },
    { category: BRAKE_CATEGORY.discs, axis: AXIS.front },
    { category: BRAKE_CATEGORY.pads, subCategory: 170001 },
    { subCategory: 170003 },
    { producer },
    { category: BRAKE_CATEGORY.pads, producer },
    { engine },
    { engine: rareEngine },
    { category: BRAKE_CATEGORY.pads, engine },
    { category: BRAKE_CATEGORY.pads, axis: AXIS.front, engine },
    { generation },
    { model },
    { brand },
    { category: BRAKE_CATEGORY.discs, brand },
    { replacementCode: code },
    { discounted: true },
    { category: BRAKE_CATEGORY.pads, discounted: true },
    { text: 'brembo' },
    { text: 'pastiglie anteriori', category: BRAKE_CATEGORY.pads },
    { text: 'gdb1' },
  ];
  const sorts = [undefined, 'price_asc', 'price_desc', 'name'] as const;
  return { filters, sorts, engine, rareEngine, model, brand, code };
}

/** Runs the calls on the database at `path` (opened read-only) and answers each statement's plan. */
export async function queryPlans(path: string): Promise<QueryPlan[]> {
  let sent: string[] = [];
  const db = new Database(path, { readonly: true, fileMustExist: true, verbose: (sql) => sent.push(String(sql)) });
  try {
    const repo = new SqliteShopRepository(db);
    const { filters, sorts, engine, rareEngine, model, brand, code } = calls(db);
    const seen = new Set<string>();
    const plans: QueryPlan[] = [];
    const run = async (kind: QueryPlan['kind'], call: string, fn: () => Promise<unknown>) => {
      sent = [];
      await fn();
      const statements = sent;
      sent = []; // the EXPLAINs below are sent too
      for (const sql of statements) {
        const shape = sql.replace(/\s+/g, ' ').trim();
        if (seen.has(shape)) continue;
        seen.add(shape);
        const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((row) => row.detail);
        plans.push({ call, kind, sql: shape, plan, ...scansOf(sql, plan) });
      }
    };
    for (const filter of filters) {
      // The finder's counts first: a listing asks them too (kept a minute), and a statement is explained once.
      await run('finder', `axisCounts ${JSON.stringify(filter)}`, () => repo.axisCounts(filter));
      await run('finder', `categoryCounts ${JSON.stringify(filter)}`, () => repo.categoryCounts(filter));
      for (const sort of sorts) {
        for (const page of [1, 8]) await run('listing', `listing ${JSON.stringify(filter)} ${sort ?? 'popular'} p${page}`, () => repo.listing({ ...filter, sort }, page, 24));
      }
      await run('listing', `listing ${JSON.stringify(filter)} with a saved vehicle`, () => repo.listing({ ...filter, vehicle: engine }, 1, 24));
    }
    // The brake filters chosen (issue 25): a trait facet counted without its own filter.
    const [diameter] = db.prepare(`SELECT id FROM param_values WHERE param_id = ${BRAKE_TRAIT.discDiameter} LIMIT 1`).all() as Array<{ id: number }>;
    if (diameter) {
      const filter: ListingFilter = { category: BRAKE_CATEGORY.discs, axis: AXIS.front, traits: [{ trait: BRAKE_TRAIT.discDiameter, value: diameter.id }] };
      await run('listing', `listing ${JSON.stringify(filter)}`, () => repo.listing(filter, 1, 24));
    }
    // Vehicle pages (issue 25): the busiest and the rarest engine, a model, a brand, the sitemap's list.
    await run('vehicle', `vehiclePage engine ${engine} (most fits)`, () => repo.vehiclePage('engine', engine));
    await run('vehicle', `vehiclePage engine ${rareEngine} (fewest fits)`, () => repo.vehiclePage('engine', rareEngine));
    await run('vehicle', `vehiclePage model ${model}`, () => repo.vehiclePage('model', model));
    await run('vehicle', `vehiclePage brand ${brand}`, () => repo.vehiclePage('brand', brand));
    await run('vehicle', 'vehiclePagePaths', () => repo.vehiclePagePaths());
    for (const text of ['br', 'brembo', 'pastiglie anteriori', 'dischi forati zimmermann', 'gdb1', '0 986', 'kit freni bosch']) {
      await run('search', `textSearch ${JSON.stringify(text)}`, () => repo.textSearch(text, 10));
    }
    for (const filter of [
      { axis: AXIS.front, category: BRAKE_CATEGORY.pads, engine },
      { engine },
      { replacementCodes: [code] },
      { productIds: [1, 2, 3] },
      { category: BRAKE_CATEGORY.discs },
    ]) {
      await run('brake', `brakeProducts ${JSON.stringify(filter)}`, () => repo.brakeProducts({ ...filter, limit: 50 }));
    }
    return plans;
  } finally {
    db.close();
  }
}

/** A PostgreSQL plan node that reads a big table row by row: `Seq Scan on products p`. */
export function postgresScansOf(plan: string[]): { scans: string[]; tableScans: string[] } {
  const scans: string[] = [];
  const tableScans: string[] = [];
  for (const line of plan) {
    const match = /(Seq Scan|Index Scan|Index Only Scan|Bitmap Heap Scan)(?: Backward)?(?: using \w+)? on (\w+)/.exec(line);
    if (!match || !BIG_TABLES.includes(match[2])) continue;
    scans.push(line.trim());
    if (match[1] === 'Seq Scan') tableScans.push(line.trim());
  }
  return { scans, tableScans };
}

/**
 * The hot statements of `npm run bench:load`'s mix on PostgreSQL, as the repository sends them
 * (caught at the pool and its connections, with their values), each with its plan as run
 * (EXPLAIN ANALYZE, on a connection that ran it a few times first, so a prepared statement's
 * plan is the one a serving connection uses) and the plan lines that read a big table whole.
 * The basket change's write is explained inside a transaction that is rolled back.
 */
export async function postgresHotPlans(databaseUrl: string): Promise<Array<QueryPlan & { ms: number }>> {
  const pg = (await import('pg')).default;
  const { PostgresShopRepository, PG_TYPES } = await import('../../server/db/postgres/pgRepository');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, types: PG_TYPES });
  const sent: Array<{ text: string; values: unknown[] }> = [];
  const catching = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  let catchOn = false;
  (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (config: unknown, values?: unknown) => {
    if (catchOn) {
      const text = typeof config === 'string' ? config : (config as { text: string }).text;
      sent.push({ text, values: (typeof config === 'object' && config && 'values' in config ? (config as { values: unknown[] }).values : (values as unknown[])) ?? [] });
    }
    return catching(config, values);
  };
  try {
    const repo = await PostgresShopRepository.open(pool);
    const one = async <T>(sql: string) => (await pool.query(sql)).rows[0] as T;
    const product = (await one<{ id: number }>("SELECT p.id FROM products p JOIN sizes s ON s.product_id = p.id WHERE p.id >= 100 AND s.stock = -1 AND s.status = 'enable' ORDER BY p.popularity DESC LIMIT 1")).id;
    const size = (await one<{ size_id: string }>(`SELECT size_id FROM sizes WHERE product_id = ${Number(product)} ORDER BY position LIMIT 1`)).size_id;
    const visitor = 'f'.repeat(32);
    const calls: Array<[string, QueryPlan['kind'], () => Promise<unknown>]> = [];
    for (const sort of [undefined, 'price_asc', 'price_desc', 'name'] as const) {
      for (const page of [1, 8]) calls.push([`listing {"category":${BRAKE_CATEGORY.pads}} ${sort ?? 'popular'} p${page}`, 'listing', () => repo.listing({ category: BRAKE_CATEGORY.pads, sort }, page, 24)]);
    }
    calls.push([`productPage ${product}`, 'listing', () => repo.productPage(product)]);
    calls.push([`basket change (add) ${product}`, 'basket', () => repo.changeBasket(visitor, { mode: 'add', productId: product, sizeId: size, quantity: 1, additional: '' })]);
    calls.push([`basket ${visitor.slice(0, 6)}...`, 'basket', () => repo.basket(visitor)]);
    for (const text of ['brembo', 'pastiglie anteriori', 'gdb1']) calls.push([`textSearch ${JSON.stringify(text)}`, 'search', () => repo.textSearch(text, 3)]);
    const plans: Array<QueryPlan & { ms: number }> = [];
    const seen = new Set<string>();
    for (const [call, kind, run] of calls) {
      // Counts are read once per filter and kept: the first call sends them too, the later ones only the page.
      sent.length = 0;
      catchOn = true;
      await run();
      catchOn = false;
      for (const statement of sent) {
        const shape = statement.text.replace(/\s+/g, ' ').trim();
        if (seen.has(shape)) continue;
        seen.add(shape);
        const write = !/^\s*SELECT\b/i.test(statement.text);
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          // The same statement as a serving connection sends it: prepared, run a few times, then explained.
          await client.query(`PREPARE shop_plan AS ${statement.text}`);
          const params = statement.values
            .map((value) => (value === null || value === undefined ? 'NULL' : `'${(Array.isArray(value) ? `{${value.join(',')}}` : String(value)).replace(/'/g, "''")}'`))
            .join(', ');
          for (let i = 0; i < (write ? 0 : 5); i++) await client.query(`EXECUTE shop_plan${params ? `(${params})` : ''}`);
          const started = performance.now();
          const { rows } = await client.query(`EXPLAIN (ANALYZE, COSTS OFF) EXECUTE shop_plan${params ? `(${params})` : ''}`);
          const ms = Math.round((performance.now() - started) * 100) / 100;
          const plan = rows.map((row: Record<string, string>) => row['QUERY PLAN']);
          plans.push({ call, kind, sql: shape, plan, ms, ...postgresScansOf(plan) });
        } finally {
          await client.query('ROLLBACK').catch(() => undefined);
          await client.query('DEALLOCATE shop_plan').catch(() => undefined);
          client.release();
        }
      }
    }
    return plans;
  } finally {
    await pool.end();
  }
}
