/**
 * Storing an imported catalogue and reading the current one, on either backend, through one
 * small connection interface (`CatalogueDb`): the steps are the same SQL on SQLite and
 * PostgreSQL; only bulk inserts and the search index differ.
 *
 * An import replaces the catalogue in one transaction: what the file names is inserted or
 * updated (product ids, and so addresses, stay), what it does not name goes. Visitors' baskets
 * stay: a line whose product or size is gone moves to `basket_lines_withdrawn` (marked, with
 * the names it had) and comes back when a later import brings the size back. A size that comes
 * back in stock answers its "e-mail me when it is back" requests (`restocked`).
 */
import type Database from 'better-sqlite3';
import type { PoolClient } from 'pg';
import { CATALOGUE_COLUMNS } from './generate';
import { CATALOGUE_FORMAT, FITMENT_QUALIFIERS, type CatalogueRows, type Row } from './format';
import { toPgSql } from '../postgres/pgRepository';
import { CATALOGUE_CHANNEL } from '../repository';
import { readShopSettings, saveShopSettings, settingsRecord } from '../../settings/shopSettings';
import type { Steps } from '../steps';

/**
 * Runs steps written once with Kysely (server/db/steps.ts) on the import's connection, inside its
 * transaction: reads answer their rows, writes none.
 */
export async function runCatalogueSteps<T>(db: CatalogueDb, steps: Steps<T>): Promise<T> {
  let next = steps.next();
  while (!next.done) {
    const query = next.value;
    const params = [...query.parameters];
    const reads = /^\s*(select|with)\b/i.test(query.sql) || /\breturning\b/i.test(query.sql);
    next = steps.next(reads ? await db.all(query.sql, params) : (await db.run(query.sql, params), []));
  }
  return next.value;
}

export interface CatalogueDb {
  backend: 'sqlite' | 'postgres';
  begin(): Promise<void>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
  run(sql: string, params?: unknown[]): Promise<number>;
  all<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Many rows into `table`; `suffix` is an ON CONFLICT clause. */
  insert(table: string, columns: readonly string[], rows: Row[], suffix?: string): Promise<void>;
  columnsOf(table: string): Promise<Set<string>>;
  /** Empties the text search index (and its documents). */
  clearSearch(): Promise<void>;
  /** Search documents: doc, product_id, name, catalog_no, codes, producer. */
  insertSearch(rows: Row[]): Promise<void>;
  /** After a large change: statistics, index upkeep. */
  analyze(): Promise<void>;
  /**
   * Records in the catalogue change log (server/catalogueChanges.ts, migration 7) that the whole
   * catalogue changed, in the open transaction: every server drops what it drew from the old one
   * once it commits (PostgreSQL: NOTIFY on commit; SQLite: the log read every CATALOGUE_POLL_MS).
   */
  catalogueReplaced(): Promise<void>;
}

/** How long the change log keeps a row (as the repositories' own catalogue writes). */
const CHANGE_LOG_KEEP_MS = 60_000;

export function sqliteCatalogueDb(db: Database.Database): CatalogueDb {
  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement;
  };
  return {
    backend: 'sqlite',
    async begin() {
      db.exec('BEGIN IMMEDIATE');
    },
    async commit() {
      db.exec('COMMIT');
    },
    async rollback() {
      if (db.inTransaction) db.exec('ROLLBACK');
    },
    async run(sql, params = []) {
      // Not kept: these are one-off statements, some of them DDL.
      return db.prepare(sql).run(...params).changes;
    },
    async all<T>(sql: string, params: unknown[] = []) {
      return prepare(sql).all(...params) as T[];
    },
    async insert(table, columns, rows, suffix = '') {
      if (!rows.length) return;
      const statement = prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})${suffix ? ` ${suffix}` : ''}`);
      for (const row of rows) statement.run(...row.slice(0, columns.length));
    },
    async columnsOf(table) {
      return new Set((db.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as Array<{ name: string }>).map((row) => row.name));
    },
    async clearSearch() {
      db.exec("INSERT INTO product_search(product_search) VALUES ('delete-all'); DELETE FROM search_docs");
    },
    async insertSearch(rows) {
      const doc = prepare('INSERT INTO search_docs (doc, product_id) VALUES (?, ?)');
      const text = prepare('INSERT INTO product_search (rowid, name, catalog_no, codes, producer) VALUES (?, ?, ?, ?, ?)');
      for (const row of rows) {
        doc.run(row[0], row[1]);
        text.run(row[0], ...row.slice(2));
      }
    },
    async analyze() {
      db.exec("INSERT INTO product_search(product_search) VALUES ('optimize'); ANALYZE");
    },
    async catalogueReplaced() {
      const now = Date.now();
      prepare('INSERT INTO catalogue_changes (product_id, changed_at) VALUES (NULL, ?)').run(now);
      prepare('DELETE FROM catalogue_changes WHERE changed_at < ?').run(now - CHANGE_LOG_KEEP_MS);
    },
  };
}

/** Rows per INSERT on PostgreSQL (one JSON parameter each). */
const PG_ROWS_PER_STATEMENT = 20_000;

export function postgresCatalogueDb(client: PoolClient): CatalogueDb {
  return {
    backend: 'postgres',
    async begin() {
      await client.query('BEGIN');
    },
    async commit() {
      await client.query('COMMIT');
    },
    async rollback() {
      await client.query('ROLLBACK');
    },
    async run(sql, params = []) {
      return (await client.query(toPgSql(sql), params)).rowCount ?? 0;
    },
    async all<T>(sql: string, params: unknown[] = []) {
      return (await client.query(toPgSql(sql), params)).rows as T[];
    },
    async insert(table, columns, rows, suffix = '') {
      for (let start = 0; start < rows.length; start += PG_ROWS_PER_STATEMENT) {
        const chunk = rows.slice(start, start + PG_ROWS_PER_STATEMENT).map((row) => Object.fromEntries(columns.map((column, i) => [column, row[i]])));
        await client.query(`INSERT INTO ${table} (${columns.join(', ')}) SELECT ${columns.join(', ')} FROM json_populate_recordset(NULL::${table}, $1::json)${suffix ? ` ${suffix}` : ''}`, [JSON.stringify(chunk)]);
      }
    },
    async columnsOf(table) {
      const { rows } = await client.query<{ column_name: string }>('SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND table_schema = current_schema()', [table]);
      return new Set(rows.map((row) => row.column_name));
    },
    async clearSearch() {
      await client.query('DELETE FROM search_docs');
    },
    async insertSearch(rows) {
      await this.insert('search_docs', CATALOGUE_COLUMNS.search_docs, rows);
    },
    async analyze() {
      await client.query('ANALYZE products, sizes, rebates, product_params, param_values, fitments, engines, generations, models, brands, search_docs, price_history, categories, producers, series, product_pictures');
    },
    async catalogueReplaced() {
      const now = Date.now();
      await client.query('INSERT INTO catalogue_changes (product_id, changed_at) VALUES (NULL, $1)', [now]);
      await client.query('DELETE FROM catalogue_changes WHERE changed_at < $1', [now - CHANGE_LOG_KEEP_MS]);
      // Sent to every listening server when the import commits (nothing when it rolls back).
      await client.query('SELECT pg_notify($1, $2)', [CATALOGUE_CHANNEL, 'all']);
    },
  };
}

/** An availability notice answered by an import: the size is back. */
export interface RestockedNotice {
  email: string;
  productId: number;
  sizeId: string;
  productName: string;
  sizeName: string;
  slug: string;
}

export interface ImportSummary {
  products: { total: number; added: number; updated: number; removed: number };
  /** Basket lines whose product or size the file dropped: kept in basket_lines_withdrawn. */
  basketLinesWithdrawn: number;
  /** Withdrawn lines whose size the file brought back: in their baskets again. */
  basketLinesRestored: number;
  /** Notices of sizes the file dropped (nobody can be told they are back). */
  noticesDropped: number;
  restocked: RestockedNotice[];
  /** Fitment qualifiers present in the file but not stored (the database has no columns for them yet). */
  fitmentQualifiersIgnored: boolean;
  /** settings.catalogue_version after it: how many imports this database has had. */
  catalogueVersion: number;
}

const upsert = (columns: readonly string[], key = 'id') =>
  `ON CONFLICT (${key}) DO UPDATE SET ${columns.filter((column) => column !== key).map((column) => `${column} = excluded.${column}`).join(', ')}`;

/** Available: sold (not disabled) with some stock (-1 = unlimited). */
const AVAILABLE = (alias: string) => `(${alias}.status <> 'disable' AND ${alias}.stock <> 0)`;

/**
 * Replaces the catalogue with `rows` in one transaction (see the top of this file). `progress`
 * is told each step's name. Throws (and changes nothing) on any database error.
 */
export async function storeCatalogue(db: CatalogueDb, rows: CatalogueRows, options: { now?: Date; progress?: (step: string) => void } = {}): Promise<ImportSummary> {
  const now = options.now ?? new Date();
  const stamp = now.toISOString();
  const today = stamp.slice(0, 10);
  const step = options.progress ?? (() => undefined);
  const fitmentColumns = await db.columnsOf('fitments');
  const qualifiers = FITMENT_QUALIFIERS.filter((column) => fitmentColumns.has(column));
  const fitmentQualifiersIgnored = qualifiers.length < FITMENT_QUALIFIERS.length && rows.fitments.some((row) => row.length > 2);

  await db.begin();
  try {
    step('preparing');
    for (const table of ['import_products', 'import_keys', 'old_sizes']) await db.run(`DROP TABLE IF EXISTS ${table}`);
    await db.run('CREATE TEMP TABLE import_products (id BIGINT PRIMARY KEY)');
    await db.insert('import_products', ['id'], rows.products.map((row) => [row[0]]));
    await db.run('CREATE TEMP TABLE import_keys (kind TEXT NOT NULL, id BIGINT NOT NULL, PRIMARY KEY (kind, id))');
    await db.insert('import_keys', ['kind', 'id'], [...rows.categories.map((row) => ['category', row[0]]), ...rows.producers.map((row) => ['producer', row[0]]), ...rows.series.map((row) => ['series', row[0]])]);
    // What baskets and notices name, as it was: names for withdrawn lines, availability for notices.
    await db.run(`CREATE TEMP TABLE old_sizes AS
      SELECT s.product_id, s.size_id, s.name AS size_name, p.name AS product_name, s.stock, s.status FROM sizes s JOIN products p ON p.id = s.product_id
      WHERE EXISTS (SELECT 1 FROM basket_lines l WHERE l.product_id = s.product_id AND l.size_id = s.size_id)
         OR EXISTS (SELECT 1 FROM availability_notices n WHERE n.product_id = s.product_id AND n.size_id = s.size_id)`);
    const [{ n: kept }] = await db.all<{ n: number }>('SELECT COUNT(*) AS n FROM products WHERE id IN (SELECT id FROM import_products)');

    step('clearing the old catalogue');
    await db.clearSearch();
    for (const table of ['fitments', 'product_params', 'bundle_items', 'rebates', 'product_pictures', 'sizes', 'param_values', 'engine_keys', 'engines', 'generations', 'models', 'brands', 'menu_nodes', 'catalogue_texts', 'code_groups']) {
      await db.run(`DELETE FROM ${table}`);
    }

    step('categories, producers, vehicles, traits');
    await db.insert('categories', CATALOGUE_COLUMNS.categories, rows.categories, upsert(CATALOGUE_COLUMNS.categories));
    await db.insert('producers', CATALOGUE_COLUMNS.producers, rows.producers, upsert(CATALOGUE_COLUMNS.producers));
    await db.insert('series', CATALOGUE_COLUMNS.series, rows.series, upsert(CATALOGUE_COLUMNS.series));
    for (const table of ['brands', 'models', 'generations', 'engines', 'engine_keys', 'param_values'] as const) await db.insert(table, CATALOGUE_COLUMNS[table], rows[table]);
    await db.insert('code_groups', CATALOGUE_COLUMNS.code_groups, rows.code_groups);

    step('products');
    await db.insert('products', CATALOGUE_COLUMNS.products, rows.products, upsert(CATALOGUE_COLUMNS.products));
    step('sizes and prices');
    await db.insert('sizes', CATALOGUE_COLUMNS.sizes, rows.sizes);
    await db.insert('rebates', CATALOGUE_COLUMNS.rebates, rows.rebates);
    await db.insert('bundle_items', CATALOGUE_COLUMNS.bundle_items, rows.bundle_items);
    await db.insert('product_pictures', ['product_id', 'position', 'url'], rows.pictures);
    step('traits and fitments');
    await db.insert('product_params', CATALOGUE_COLUMNS.product_params, rows.product_params);
    await db.insert(
      'fitments',
      ['engine_id', 'product_id', ...qualifiers],
      qualifiers.length ? rows.fitments.map((row) => [row[0], row[1], ...qualifiers.map((column) => row[2 + FITMENT_QUALIFIERS.indexOf(column)] ?? null)]) : rows.fitments,
    );
    step('search index');
    await db.insertSearch(rows.search_docs);
    await db.insert('menu_nodes', CATALOGUE_COLUMNS.menu_nodes, rows.menu_nodes);
    step('names in other languages');
    await db.insert('catalogue_texts', CATALOGUE_COLUMNS.catalogue_texts, rows.catalogue_texts);

    step('baskets and notices');
    const sizeExists = (alias: string) => `EXISTS (SELECT 1 FROM sizes s WHERE s.product_id = ${alias}.product_id AND s.size_id = ${alias}.size_id)`;
    const basketLinesWithdrawn = await db.run(
      `INSERT INTO basket_lines_withdrawn (visitor_id, product_id, size_id, additional, count, added_at, product_name, size_name, withdrawn_at)
       SELECT l.visitor_id, l.product_id, l.size_id, l.additional, l.count, l.added_at, COALESCE(o.product_name, ''), COALESCE(o.size_name, ''), ?
       FROM basket_lines l LEFT JOIN old_sizes o ON o.product_id = l.product_id AND o.size_id = l.size_id
       WHERE NOT ${sizeExists('l')}
       ON CONFLICT (visitor_id, product_id, size_id, additional) DO UPDATE SET count = excluded.count, withdrawn_at = excluded.withdrawn_at`,
      [stamp],
    );
    await db.run(`DELETE FROM basket_lines WHERE NOT ${sizeExists('basket_lines')}`);
    const basketLinesRestored = await db.run(
      `INSERT INTO basket_lines (visitor_id, product_id, size_id, additional, count, added_at)
       SELECT w.visitor_id, w.product_id, w.size_id, w.additional, w.count, w.added_at FROM basket_lines_withdrawn w
       WHERE ${sizeExists('w')} AND withdrawn_at <> ?
       ON CONFLICT (visitor_id, product_id, size_id, additional) DO NOTHING`,
      [stamp],
    );
    await db.run(`DELETE FROM basket_lines_withdrawn WHERE ${sizeExists('basket_lines_withdrawn')}`);
    const restocked = await db.all<RestockedNotice>(
      `SELECT n.email AS email, n.product_id AS "productId", n.size_id AS "sizeId", p.name AS "productName", s.name AS "sizeName", p.slug AS slug
       FROM availability_notices n
       JOIN old_sizes o ON o.product_id = n.product_id AND o.size_id = n.size_id
       JOIN sizes s ON s.product_id = n.product_id AND s.size_id = n.size_id
       JOIN products p ON p.id = n.product_id
       WHERE NOT ${AVAILABLE('o')} AND ${AVAILABLE('s')} AND n.confirmed_at IS NOT NULL
       ORDER BY n.product_id, n.size_id, n.email`,
    );
    const noticesDropped = await db.run(`DELETE FROM availability_notices WHERE NOT ${sizeExists('availability_notices')}`);

    step('removing what the file dropped');
    await db.run('DELETE FROM price_history WHERE product_id NOT IN (SELECT id FROM import_products)');
    const removed = await db.run('DELETE FROM products WHERE id NOT IN (SELECT id FROM import_products)');
    await db.run("DELETE FROM series WHERE id NOT IN (SELECT id FROM import_keys WHERE kind = 'series')");
    await db.run("DELETE FROM producers WHERE id NOT IN (SELECT id FROM import_keys WHERE kind = 'producer')");
    await db.run("DELETE FROM categories WHERE id NOT IN (SELECT id FROM import_keys WHERE kind = 'category')");

    step('price history');
    // A new day's price where it changed (the 30-day lowest price reads these).
    await db.run(
      `INSERT INTO price_history (product_id, size_id, day, price_gross, price_net)
       SELECT s.product_id, s.size_id, ?, s.price_gross, s.price_net FROM sizes s
       WHERE NOT EXISTS (SELECT 1 FROM price_history h WHERE h.product_id = s.product_id AND h.size_id = s.size_id
         AND h.price_gross = s.price_gross AND h.price_net = s.price_net
         AND h.day = (SELECT MAX(h2.day) FROM price_history h2 WHERE h2.product_id = s.product_id AND h2.size_id = s.size_id))
       ON CONFLICT (product_id, size_id, day) DO UPDATE SET price_gross = excluded.price_gross, price_net = excluded.price_net`,
      [today],
    );

    if (rows.settings) {
      step("the shop's settings");
      await runCatalogueSteps(db, saveShopSettings(db.backend, rows.settings));
    }

    const [version] = await db.all<{ value: string }>("SELECT value FROM settings WHERE key = 'catalogue_version'");
    const catalogueVersion = Number(version?.value ?? 0) + 1;
    await db.insert(
      'settings',
      ['key', 'value'],
      [
        ['catalogue_size', String(rows.products.length)],
        ['catalogue_imported_at', stamp],
        ['catalogue_version', String(catalogueVersion)],
      ],
      upsert(['key', 'value'], 'key'),
    );
    for (const table of ['import_products', 'import_keys', 'old_sizes']) await db.run(`DROP TABLE IF EXISTS ${table}`);
    // Every server hears of it through the catalogue change log once this commits: cached pages go.
    await db.catalogueReplaced();
    step('committing');
    await db.commit();
    step('updating statistics');
    await db.analyze();
    return {
      products: { total: rows.products.length, added: rows.products.length - kept, updated: kept, removed },
      basketLinesWithdrawn,
      basketLinesRestored,
      noticesDropped,
      restocked,
      fitmentQualifiersIgnored,
      catalogueVersion,
    };
  } catch (error) {
    await db.rollback().catch(() => undefined);
    throw error;
  }
}

const EXPORT_BATCH = 5_000;

/** Drops the columns whose value is the format's default, so the file stays small and readable. */
function compact(record: Record<string, unknown>, defaults: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (value === null || value === undefined) continue;
    if (key in defaults && defaults[key] === value) continue;
    out[key] = value;
  }
  return out;
}

const PRODUCT_DEFAULTS: Record<string, unknown> = {
  type: 'product_item', short_description: '', unit: 'pz.', unit_plural: 'pz.', unit_sellby: 1, unit_precision: 0, for_points: 0,
  subscription: 0, phone_price: 0, gratis: 0, vat: 22, popularity: 0, universal: 0,
};
const SIZE_DEFAULTS: Record<string, unknown> = { delivery_unknown: 0, shipping_days: 1, shipping_cost: 0, points: 0, basket_enable: 1 };

/**
 * The current catalogue as the lines of a catalogue file (docs/catalogue-format.md), in an order
 * an import accepts; `write` takes each line. Answers the number of products written.
 */
export async function exportCatalogue(db: CatalogueDb, write: (line: string) => void | Promise<void>, options: { progress?: (done: number, total: number) => void } = {}): Promise<number> {
  const emit = (record: Record<string, unknown>) => write(JSON.stringify(record));
  await emit({ kind: 'catalogue', format: CATALOGUE_FORMAT, exported_at: new Date().toISOString() });
  // The shop's own settings (the defaults where none is stored), so a file carries the whole shop.
  await emit(settingsRecord(await runCatalogueSteps(db, readShopSettings(db.backend))));
  // Names in other languages, by thing (`names: { pl, en }` on its line).
  const texts = new Map<string, Record<string, string>>();
  for (const row of await db.all<{ kind: string; id: string; language: string; text: string }>('SELECT kind, id, language, text FROM catalogue_texts ORDER BY kind, id, language')) {
    const key = `${row.kind}|${row.id}`;
    texts.set(key, { ...texts.get(key), [row.language]: row.text });
  }
  const named = (field: string, kind: string, id: unknown): Record<string, unknown> => {
    const found = texts.get(`${kind}|${String(id)}`);
    return found ? { [field]: found } : {};
  };
  // Parents before their children.
  const categories = await db.all<Record<string, unknown>>('SELECT id, name, parent_id, position, icon, promo FROM categories ORDER BY id');
  const written = new Set<unknown>();
  while (written.size < categories.length) {
    const before = written.size;
    for (const category of categories) {
      if (written.has(category.id) || (category.parent_id !== null && !written.has(category.parent_id))) continue;
      written.add(category.id);
      await emit({ kind: 'category', ...compact(category, {}), ...named('names', 'category', category.id) });
    }
    if (written.size === before) break; // a parent that is not there: left out rather than looping
  }
  for (const row of await db.all<Record<string, unknown>>('SELECT id, name FROM producers ORDER BY id')) await emit({ kind: 'producer', ...row });
  for (const row of await db.all<Record<string, unknown>>('SELECT id, producer_id, name FROM series ORDER BY id')) await emit({ kind: 'series', ...row });
  for (const row of await db.all<Record<string, unknown>>('SELECT id, param_id, param_name, name FROM param_values ORDER BY id')) {
    await emit({ kind: 'trait', ...row, ...named('param_names', 'param', row.param_id), ...named('names', 'value', row.id) });
  }
  const vehicles = await db.all<Record<string, unknown>>(
    `SELECT b.id AS brand_id, b.name AS brand, m.id AS model_id, m.name AS model, g.id AS generation_id, g.name AS generation, g.year_from AS year_from, g.year_to AS year_to,
            e.id AS engine_id, e.name AS engine, e.fuel AS fuel, e.kw AS kw, e.cv AS cv
     FROM engines e JOIN generations g ON g.id = e.generation_id JOIN models m ON m.id = g.model_id JOIN brands b ON b.id = m.brand_id ORDER BY e.id`,
  );
  // Each engine's registration keys (issue 37) on its line: `kba` texts, `ktype` numbers.
  const keys = new Map<number, { kba?: string[]; ktype?: number[] }>();
  for (const row of await db.all<{ kind: 'kba' | 'ktype'; key: string; engine_id: number }>('SELECT kind, key, engine_id FROM engine_keys ORDER BY engine_id, kind, key')) {
    const entry = keys.get(Number(row.engine_id)) ?? {};
    if (row.kind === 'kba') (entry.kba ??= []).push(row.key);
    else (entry.ktype ??= []).push(Number(row.key));
    keys.set(Number(row.engine_id), entry);
  }
  for (const row of vehicles) await emit({ kind: 'vehicle', ...compact(row, {}), ...keys.get(Number(row.engine_id)) });
  // Groups of equivalent codes (issue 37): each code as written, with the code replacing it where the data says so.
  const groupRows = await db.all<{ group_id: number; code_key: string; code: string; replaced_by: string | null }>('SELECT group_id, code_key, code, replaced_by FROM code_groups ORDER BY group_id, code_key');
  for (let start = 0; start < groupRows.length; ) {
    let end = start;
    while (end < groupRows.length && Number(groupRows[end].group_id) === Number(groupRows[start].group_id)) end++;
    const members = groupRows.slice(start, end);
    const written = new Map(members.map((member) => [member.code_key, member.code]));
    await emit({
      kind: 'code_group',
      id: Number(members[0].group_id),
      codes: members.map((member) => (member.replaced_by === null ? member.code : { code: member.code, replaced_by: written.get(member.replaced_by) ?? member.replaced_by })),
    });
    start = end;
  }

  const fitmentColumns = await db.columnsOf('fitments');
  const present = FITMENT_QUALIFIERS.filter((column) => fitmentColumns.has(column));
  const [{ n: total }] = await db.all<{ n: number }>('SELECT COUNT(*) AS n FROM products');
  const ids = (await db.all<{ id: number }>('SELECT id FROM products ORDER BY id')).map((row) => row.id);
  let done = 0;
  for (let start = 0; start < ids.length; start += EXPORT_BATCH) {
    const first = ids[start];
    const last = ids[Math.min(start + EXPORT_BATCH, ids.length) - 1];
    const range = [first, last];
    const byProduct = <T extends { product_id: number }>(list: T[]) => {
      const map = new Map<number, T[]>();
      for (const row of list) {
        const rows = map.get(row.product_id);
        if (rows) rows.push(row);
        else map.set(row.product_id, [row]);
      }
      return map;
    };
    const productColumns = CATALOGUE_COLUMNS.products.join(', ');
    const products = await db.all<Record<string, unknown> & { id: number }>(`SELECT ${productColumns} FROM products WHERE id BETWEEN ? AND ? ORDER BY id`, range);
    const sizes = byProduct(await db.all<Record<string, unknown> & { product_id: number }>(`SELECT ${CATALOGUE_COLUMNS.sizes.join(', ')} FROM sizes WHERE product_id BETWEEN ? AND ? ORDER BY product_id, position, size_id`, range));
    const rebates = byProduct(await db.all<Record<string, unknown> & { product_id: number }>('SELECT product_id, threshold, threshold_end, value FROM rebates WHERE product_id BETWEEN ? AND ? ORDER BY product_id, threshold', range));
    const traits = byProduct(await db.all<{ product_id: number; value_id: number }>('SELECT product_id, value_id FROM product_params WHERE product_id BETWEEN ? AND ? ORDER BY product_id, value_id', range));
    const fitments = byProduct(
      await db.all<Record<string, unknown> & { product_id: number }>(
        `SELECT product_id, engine_id${present.map((column) => `, ${column}`).join('')} FROM fitments WHERE product_id BETWEEN ? AND ? ORDER BY product_id, engine_id`,
        range,
      ),
    );
    const bundles = new Map<number, Array<{ product_id: number; quantity: number }>>();
    for (const row of await db.all<{ bundle_id: number; product_id: number; quantity: number }>('SELECT bundle_id, product_id, quantity FROM bundle_items WHERE bundle_id BETWEEN ? AND ? ORDER BY bundle_id, product_id', range)) {
      const list = bundles.get(row.bundle_id) ?? [];
      list.push({ product_id: row.product_id, quantity: row.quantity });
      bundles.set(row.bundle_id, list);
    }
    const pictures = byProduct(await db.all<{ product_id: number; url: string }>('SELECT product_id, url FROM product_pictures WHERE product_id BETWEEN ? AND ? ORDER BY product_id, position', range));
    for (const product of products) {
      const record: Record<string, unknown> = { kind: 'product', ...compact(product, PRODUCT_DEFAULTS), ...named('names', 'product', product.id), ...named('short_descriptions', 'description', product.id) };
      record.sizes = (sizes.get(product.id) ?? []).map(({ product_id: _product, position: _position, ...size }) => ({ ...compact(size, SIZE_DEFAULTS), ...named('names', 'size', `${product.id}:${String(size.size_id)}`) }));
      const tiers = rebates.get(product.id);
      if (tiers) record.rebates = tiers.map(({ product_id: _product, ...tier }) => compact(tier, {}));
      const values = traits.get(product.id);
      if (values) record.traits = values.map((row) => row.value_id);
      const fits = fitments.get(product.id);
      if (fits) record.fitments = fits.map(({ product_id: _product, engine_id, ...rest }) => (Object.values(rest).some((value) => value !== null) ? { engine_id, ...compact(rest, {}) } : engine_id));
      const items = bundles.get(product.id);
      if (items) record.bundle = items;
      const urls = pictures.get(product.id);
      if (urls) record.pictures = urls.map((row) => row.url);
      await emit(record);
      done++;
    }
    options.progress?.(done, total);
  }
  return done;
}
