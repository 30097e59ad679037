import { courierRows, sortedCouriers } from '../../settings/shopSettings';
import pg from 'pg';
import { postgresCatalogueDb, type CatalogueDb } from '../catalogue/store';
import { confirmNoticeSteps, requestNoticeSteps } from '../noticeSteps';
import type { CompiledQuery } from 'kysely';
import { runStepsAsync, SharedReads, type Steps } from '../sharedReads';
import { loadVehiclePage, loadVehiclePagePaths } from '../vehiclePages';
import type { VehiclePageKind } from '../../../src/domain/vehiclePages';
import type { Pool, PoolClient, QueryConfig, QueryResult, QueryResultRow } from 'pg';
import {
  TRAIT,
  type BasketSummary,
  type BrakeProduct,
  type CmsPageResponse,
  type InstalmentParams,
  type ListingResponse,
  type LowestPriceProduct,
  type ProductPageData,
  type ProductTrait,
  type ShippingOption,
  type TextSearchResult,
} from '../../../src/api/wire';
import type { FitRow } from '../../../src/domain/fitment';
import { formatPrice } from '../../../src/domain/priceMask';
import { DatabaseUnavailable, isConnectionLoss, isReadOnly, isTimeout } from '../faults';
import { CATALOGUE_CHANNEL, type BasketChange, type BasketChangeResult, type BrakeProductFilter, type ContactAttachment, type ContactMessage, type ListingFilter, type ProductChange, type ShopRepository, } from '../repository';
import { cmsPageResponse, cmsSearchEntry, type CmsPageRow } from '../cmsPages';
import { decideBasketChange, type LimitLine } from '../basketLimits';
import { listingTraitFacets } from '../../../src/domain/brakeMeasures';
import { facetKey, facetRows, listingOrder, listingWhere, POSTGRES_LISTING, traitValueCounts } from '../listingQuery';
import { TtlCache } from '../ttlCache';
import { newNoticeToken, noticeTokenHash } from '../noticeToken';
import { codeKey, codeKeyEnd, shopperText, tsQuery } from '../searchTerms';
import {
  AXIS_NAMES,
  PAGE_SIZE_MAX,
  awardedParameters,
  basketSummary,
  WITHDRAWN_LINES_SQL,
  type WithdrawnLineRow,
  brakeProduct,
  courierOptions,
  STATUS_AFTER_STOCK,
  listingProduct,
  orderWorth,
  productPageData,
  FIRST_PICTURE,
  orderByLeadHoursSetting,
  type PageSettings,
  round2,
  searchProduct,
  smallTableGroups,
  smallTableRows,
  trackingEvents,
  traitsOf,
  type BasketLineRow,
  type CourierRow,
  type EngineRow,
  type ListingRow,
  type ProductRow,
  type RebateRow,
  type ShopNames,
  type SizeRow,
  type SmallTables,
  FIT_COLUMNS,
  LISTING_PRODUCT_SELECT,
} from '../shopViews';

/** COUNT and SUM answer bigint, some sums numeric: the shop's numbers all fit a JS number. */
const NUMBER_TYPES = new Map<number, (value: string) => unknown>([
  [20, (value) => Number(value)], // int8
  [1700, (value) => Number(value)], // numeric
]);
export const PG_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => NUMBER_TYPES.get(oid) ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** `?` placeholders (as the shared query builders write them) numbered for PostgreSQL. */
const numbered = new Map<string, string>();
export function toPgSql(sql: string): string {
  let text = numbered.get(sql);
  if (text === undefined) {
    let n = 0;
    text = sql.replace(/\?/g, () => `$${++n}`);
    if (numbered.size < 1000) numbered.set(sql, text);
  }
  return text;
}

type Queryable = Pool | PoolClient;

/**
 * The repository's statements are prepared: each distinct text gets a name (the same on every
 * connection), so a connection parses and plans it once (PostgreSQL keeps a generic plan when it
 * costs no more than fresh ones) and later calls send only the values. Listing filters make a
 * bounded number of texts; past MAX_PREPARED distinct texts, statements go unnamed.
 */
const MAX_PREPARED = 2000;
const statementNames = new Map<string, string>();
function preparedStatement(text: string, values: unknown[]): QueryConfig {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_PREPARED) {
    name = `shop_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name ? { name, text, values } : { text, values };
}

/** PostgreSQL's "cached plan must not change result type" (and other feature errors). */
const STALE_PREPARED = '0A000';

/**
 * Runs a prepared statement. One prepared before a migration changed a table's columns (another
 * server migrating while this one runs) fails with "cached plan must not change result type":
 * from then on its text goes unprepared, and on the pool it is sent again at once (inside a
 * transaction, the transaction is run again: see transaction()).
 */
async function runPrepared<T extends QueryResultRow>(on: Queryable, statement: QueryConfig, inTransaction: boolean): Promise<QueryResult<T>> {
  try {
    return await on.query<T>(statement);
  } catch (error) {
    if (statement.name === undefined || (error as { code?: string }).code !== STALE_PREPARED) throw error;
    statementNames.set(statement.text, '');
    if (inTransaction) throw error;
    return on.query<T>({ text: statement.text, values: statement.values });
  }
}

/** How many times a basket change reads and decides again when its basket changed meanwhile. */
const BASKET_CHANGE_ATTEMPTS = 20;

/** Whether this session could write: not a standby, not read-only. */
const WRITABLE_SQL = `SELECT pg_is_in_recovery() AS standby, current_setting('transaction_read_only') AS "readOnly"`;
type WritableRow = { standby: boolean; readOnly: string };
const sessionWritable = (row: WritableRow | undefined) => !!row && !row.standby && row.readOnly !== 'on';

/** A statement that only reads (sent again once when its connection dies). */
const READ_ONLY = /^\s*SELECT\b/i;

/** Transient conflicts between concurrent transactions (and a stale prepared statement): the transaction is run again. */
const RETRYABLE = new Set(['40001', '40P01', STALE_PREPARED]);

const ENGINE_COLUMNS = `b.name AS brand, m.name AS model, g.name AS generation, e.name AS engine, e.id AS "engineId"`;
const ENGINE_JOINS = `FROM fitments f JOIN engines e ON e.id = f.engine_id JOIN generations g ON g.id = e.generation_id
  JOIN models m ON m.id = g.model_id JOIN brands b ON b.id = m.brand_id`;
/**
 * ENGINE_JOINS for one product's few fits: each engine read by its key (the OFFSET 0 keeps the
 * planner from hashing the whole engines table for a couple of dozen rows).
 */
const ONE_PRODUCT_ENGINE_JOINS = `FROM fitments f CROSS JOIN LATERAL (SELECT e.id, e.name, e.generation_id, e.cv FROM engines e WHERE e.id = f.engine_id OFFSET 0) e
  JOIN generations g ON g.id = e.generation_id JOIN models m ON m.id = g.model_id JOIN brands b ON b.id = m.brand_id`;
const ENGINE_ORDER = `b.name COLLATE "C", m.name COLLATE "C", g.year_from, e.cv, e.id`;
/** The first day of the omnibus window (the lowest price of the last 30 days), as price_history keeps days. */
const OMNIBUS_FROM = `to_char((now() AT TIME ZONE 'UTC')::date - 30, 'YYYY-MM-DD')`;

/** A basket line as the basket reads it, with its product's rebate tiers. */
type BasketLineWithTiers = BasketLineRow & { tiers: Array<{ threshold: number; value: number }> | null };

/** A basket line's product, size, picture and rebate tiers, read for the line `l`. */
const BASKET_LINE_COLUMNS = `l.product_id, l.size_id, l.additional, l.count, p.name, p.slug, p.vat, p.catalog_no, s.name AS size_name, s.price_gross, s.subscription_gross,
  p.unit, p.unit_plural, p.unit_sellby, p.unit_precision, p.min_quantity, p.max_quantity, p.min_size_quantity, p.max_size_quantity, p.min_subscription_quantity,
  p.subscription, p.gratis, p.phone_price, s.stock, s.status, p.type AS product_type, l.vehicle_engine, l.vehicle_label, ${FIRST_PICTURE('l.product_id')},
  (SELECT json_agg(json_build_object('threshold', r.threshold, 'value', r.value) ORDER BY r.threshold) FROM rebates r WHERE r.product_id = l.product_id) AS tiers`;
const BASKET_LINE_JOINS = 'JOIN products p ON p.id = l.product_id JOIN sizes s ON s.product_id = l.product_id AND s.size_id = l.size_id';
/** The basket's order: as the lines were first added. */
const BASKET_LINE_ORDER = (alias: string) => `ORDER BY ${alias}.added_at, ${alias}.product_id, ${alias}.size_id COLLATE "C", ${alias}.additional COLLATE "C"`;
/** A basket line's own columns. */
const LINE_COLUMNS = 'visitor_id, product_id, size_id, additional, count, added_at, vehicle_engine, vehicle_label';
/**
 * The visitor's other lines ($1: visitor; $2, $3, $4: the changed line's product, size and
 * variant), as the change statement's snapshot holds them: when the statement's version check
 * passes, no other change of this basket came in since (a later one waits for this one's lock).
 */
const LINES_BESIDE_THE_CHANGED_ONE = `SELECT ${LINE_COLUMNS} FROM basket_lines WHERE visitor_id = $1 AND NOT (product_id = $2 AND size_id = $3 AND additional = $4)`;
/**
 * The end of a change statement with CTEs `v` (the visitor's row, when the change was written) and
 * `after` (the basket's lines after it): one row per line after the change, or one row with no
 * line when the basket is now empty, each with the visitor's pending analytics events; no row
 * when nothing was written. The basket comes back with the change: no second round trip.
 */
const BASKET_AFTER_THE_CHANGE = `SELECT v.pending_tracking, b.* FROM v LEFT JOIN LATERAL (
    SELECT ${BASKET_LINE_COLUMNS}, l.added_at AS line_added_at FROM after l ${BASKET_LINE_JOINS}
  ) b ON true
  ORDER BY b.line_added_at, b.product_id, b.size_id COLLATE "C", b.additional COLLATE "C"`;

/**
 * The shop's storage on PostgreSQL (`pg`, a small pool per process): the same answers as the
 * SQLite repository for the same catalogue. Basket writes lock the visitor's row (SELECT ...
 * FOR UPDATE) inside a transaction, so concurrent changes on any number of servers apply one
 * after the other and the quantity rules hold.
 */
export class PostgresShopRepository extends SharedReads implements ShopRepository {
  /** Listing totals and facet counts per filter (see cachedCount). */
  private readonly counts = new TtlCache<string, Promise<unknown>>(1000, 60_000);

  private constructor(
    private readonly pool: Pool,
    private readonly names: ShopNames,
    private readonly smallTables: SmallTables,
    private readonly pageSettings: PageSettings,
  ) {
    super('postgres');
  }

  /** Runs a statement SharedReads wrote (server/db/sharedReads.ts): prepared, and retried on a lost connection, like every other. */
  protected async rows<R>(query: CompiledQuery<R>): Promise<R[]> {
    return this.all<R & QueryResultRow>(query.sql, [...query.parameters]);
  }

  /** Reads the small tables the answers name (categories, producers, search groups). */
  static async open(pool: Pool): Promise<PostgresShopRepository> {
    const { names, small, leadHours } = await PostgresShopRepository.readSmallTables(pool);
    const repo = new PostgresShopRepository(pool, names, small, { orderByLeadHours: orderByLeadHoursSetting(leadHours[0]?.value) });
    await repo.reloadSettings();
    return repo;
  }

  /**
   * After the whole catalogue changed (an import, a re-seed): the names and search groups read at
   * start are read again, in place, so pages drawn next name new producers and categories.
   */
  private async reloadSmallTables(): Promise<void> {
    const { names, small } = await PostgresShopRepository.readSmallTables(this.pool);
    await this.reloadSettings();
    for (const key of ['categories', 'producers'] as const) {
      this.names[key].clear();
      for (const [id, name] of names[key]) this.names[key].set(id, name);
    }
    Object.assign(this.smallTables, small);
  }

  private static async readSmallTables(pool: Pool) {
    const rows = async <T extends QueryResultRow>(sql: string) => (await pool.query<T>(sql)).rows;
    const [categories, producers, series, menuNodes, cms, queries, leadHours] = await Promise.all([
      rows<{ id: number; name: string }>('SELECT id, name FROM categories'),
      rows<{ id: number; name: string }>('SELECT id, name FROM producers ORDER BY name COLLATE "C", id'),
      rows<{ id: number; name: string }>('SELECT id, name FROM series ORDER BY name COLLATE "C", id'),
      rows<{ name: string; link: string; breadcrumbs: string }>('SELECT name, link, breadcrumbs FROM menu_nodes ORDER BY id'),
      rows<CmsPageRow>('SELECT slug, lang, topic, title, body FROM cms_pages ORDER BY topic COLLATE "C", lang COLLATE "C"'),
      rows<{ name: string }>('SELECT name FROM search_queries ORDER BY hits DESC, id'),
      rows<{ value: string }>("SELECT value FROM settings WHERE key = 'order_by_lead_hours'"),
    ]);
    const names: ShopNames = { categories: new Map(categories.map((r) => [r.id, r.name])), producers: new Map(producers.map((r) => [r.id, r.name])) };
    const small: SmallTables = {
      producers: smallTableRows(producers),
      series: smallTableRows(series),
      menuNodes: smallTableRows(menuNodes.map((r) => ({ name: r.name, link: r.link, breadcrumbs: JSON.parse(r.breadcrumbs) as string[] }))),
      cms: cms.map(cmsSearchEntry),
      queries: smallTableRows(queries),
    };
    return { names, small, leadHours };
  }

  /**
   * Runs one statement. On the pool (not inside a transaction) a read whose connection died is
   * sent once more on a fresh connection; a second failure, a timeout or a write that failed
   * that way is a DatabaseUnavailable (answered 503).
   */
  private async query<T extends QueryResultRow>(sql: string, params: unknown[], on: Queryable): Promise<T[]> {
    return (await this.result<T>(sql, params, on)).rows;
  }

  /** As query(), with the whole result (rowCount of a write). */
  private async result<T extends QueryResultRow>(sql: string, params: unknown[], on: Queryable): Promise<QueryResult<T>> {
    const statement = preparedStatement(toPgSql(sql), params);
    if (on !== this.pool) return runPrepared<T>(on, statement, true);
    const read = READ_ONLY.test(sql) && !/\bFOR\s+UPDATE\b/i.test(sql);
    for (let attempt = 1; ; attempt++) {
      try {
        return await runPrepared<T>(this.pool, statement, false);
      } catch (error) {
        // The pool dropped the connection that failed (pg-pool releases it with the error), so a
        // session that began while the database was read-only is not used again; when a new
        // session could write, the write is sent again (the pool may hold more such sessions).
        if (!isReadOnly(error)) return this.retriedRead<T>(statement, read, error);
        if (attempt <= this.pool.options.max + 1 && (await this.writableNow())) continue;
        throw new DatabaseUnavailable('The database cannot take writes (read-only)', true, error);
      }
    }
  }

  /** A statement on the pool that failed (not for a read-only session): a read whose connection died is sent once more. */
  private async retriedRead<T extends QueryResultRow>(statement: QueryConfig, read: boolean, error: unknown): Promise<QueryResult<T>> {
    if (!isConnectionLoss(error) && !isTimeout(error)) throw error;
    if (!read || !isConnectionLoss(error)) throw new DatabaseUnavailable('The database is not answering', !read, error);
    // Sent once more on a connection of its own: the pool's other idle connections may have
    // died in the same blow (a restart, a failover) without having noticed yet.
    try {
      return await this.onFreshConnection<T>(statement);
    } catch (again) {
      if (isConnectionLoss(again) || isTimeout(again)) throw new DatabaseUnavailable('The database is not answering', false, again);
      throw again;
    }
  }

  private async onFreshConnection<T extends QueryResultRow>(statement: QueryConfig): Promise<QueryResult<T>> {
    const client = new pg.Client(this.pool.options);
    client.on('error', () => undefined);
    try {
      await client.connect();
      return await client.query<T>({ text: statement.text, values: statement.values });
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  private async all<T extends QueryResultRow>(sql: string, params: unknown[] = [], on: Queryable = this.pool): Promise<T[]> {
    return this.query<T>(sql, params, on);
  }

  private async one<T extends QueryResultRow>(sql: string, params: unknown[] = [], on: Queryable = this.pool): Promise<T | undefined> {
    return (await this.query<T>(sql, params, on))[0];
  }

  /** Steps written once for both dialects (server/db/sharedReads.ts), run on one connection between BEGIN and COMMIT. */
  transactionSteps<T>(steps: () => Steps<T>): Promise<T> {
    return this.transaction((client) => runStepsAsync(steps(), (query) => this.query(query.sql, [...query.parameters], client)));
  }

  /** Runs `work` in a transaction on one connection; `work` answering `rollback` undoes it. Retried on serialization conflicts. */
  private async transaction<T>(work: (client: PoolClient, rollback: (value: T) => { rollback: T }) => Promise<T | { rollback: T }>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      let client: PoolClient;
      try {
        client = await this.pool.connect();
      } catch (error) {
        // No connection (refused, or none free within the pool's timeout): nothing was written.
        if (isConnectionLoss(error) || isTimeout(error)) throw new DatabaseUnavailable('The database is not answering', true, error);
        throw error;
      }
      let broken: Error | undefined;
      try {
        try {
          await client.query('BEGIN');
        } catch (error) {
          // A pooled connection that died before anything was sent on it: nothing was written, take another.
          if (isConnectionLoss(error) && attempt < 4) {
            broken = error as Error; // released (and dropped) by the finally below
            continue;
          }
          throw error;
        }
        const outcome = await work(client, (value) => ({ rollback: value }));
        if (outcome && typeof outcome === 'object' && 'rollback' in outcome) {
          await client.query('ROLLBACK');
          return outcome.rollback;
        }
        await client.query('COMMIT');
        return outcome as T;
      } catch (error) {
        if (isConnectionLoss(error) || isTimeout(error)) {
          // The connection is dropped, never reused; the write is answered 503 (its COMMIT may
          // or may not have reached the database: the client reads the basket again).
          broken = error as Error;
          throw new DatabaseUnavailable('The database stopped answering during a write', true, error);
        }
        if (isReadOnly(error)) {
          // A read-only session wrote nothing. It is dropped: one that began while the database
          // was read-only keeps saying so after the database takes writes again. When a new
          // session could write, the work runs again on another connection (as many times as
          // the pool may hold such sessions); otherwise the write is answered 503.
          broken = error as Error;
          await client.query('ROLLBACK').catch(() => undefined);
          if (attempt <= this.pool.options.max + 1 && (await this.writableNow())) continue;
          throw new DatabaseUnavailable('The database cannot take writes (read-only)', true, error);
        }
        await client.query('ROLLBACK').catch(() => undefined);
        if (attempt < 5 && RETRYABLE.has((error as { code?: string }).code ?? '')) continue;
        throw error;
      } finally {
        client.release(broken);
      }
    }
  }

  /* ---------------------------------------------------------------- vehicles */

  /* brands, models, generations, engines, the engine tree and brand initials: SharedReads (server/db/sharedReads.ts) */

  /* ---------------------------------------------------------------- listing */

  /**
   * A count over the filtered catalogue, kept a minute per filter (as the SQLite repository
   * does): facet counts and totals are asked for again with every page and sort, and a
   * catalogue change drops them (see clearCaches). Calls for a filter being counted share the
   * answer in flight; a failed count is not kept.
   */
  private cachedCount<T>(kind: string, filter: ListingFilter, compute: () => Promise<T>): Promise<T> {
    const key = `${kind}|${facetKey(filter)}`;
    const hit = this.counts.get(key) as Promise<T> | undefined;
    if (hit) return hit;
    const answer = compute();
    this.counts.set(key, answer);
    answer.catch(() => this.counts.delete(key));
    return answer;
  }

  /** Drops the kept counts (a catalogue change, here or on another server). */
  clearCaches(): void {
    this.counts.clear();
    this.dropSearchVocabulary();
  }

  async categoryCounts(filter: ListingFilter): Promise<Array<[number, string, number]>> {
    return this.cachedCount('categories', filter, async () => {
      const { sql, params } = listingWhere(filter, POSTGRES_LISTING, { skip: 'category' });
      // The top-level categories in menu order, each with its count (0 when none match).
      const rows = await this.all<{ id: number; name: string; n: number }>(
        `SELECT c.id, c.name, COALESCE(counted.n, 0) AS n FROM categories c
         LEFT JOIN (SELECT p.category_id, COUNT(*) AS n FROM products p ${sql} GROUP BY p.category_id) counted ON counted.category_id = c.id
         WHERE c.parent_id IS NULL ORDER BY c.position, c.id`,
        params,
      );
      return rows.map((r) => [r.id, r.name, r.n] as [number, string, number]);
    });
  }

  async axisCounts(filter: ListingFilter): Promise<Array<[number, string, number]>> {
    return this.cachedCount('axes', filter, async () => {
      const { sql, params } = listingWhere(filter, POSTGRES_LISTING, { skip: 'axis' });
      const rows = await this.all<{ id: number; n: number }>(
        `SELECT p.axis_id AS id, COUNT(*) AS n FROM products p ${sql} ${sql ? 'AND' : 'WHERE'} p.axis_id IS NOT NULL GROUP BY p.axis_id ORDER BY p.axis_id`,
        params,
      );
      return rows.map((r) => [r.id, AXIS_NAMES[r.id] ?? String(r.id), r.n] as [number, string, number]);
    });
  }

  private producerCounts(filter: ListingFilter): Promise<Array<[number, string, number]>> {
    return this.cachedCount('producers', filter, async () => {
      const { sql, params } = listingWhere({ ...filter, producer: undefined }, POSTGRES_LISTING);
      const rows = await this.all<{ id: number; n: number }>(`SELECT p.producer_id AS id, COUNT(*) AS n FROM products p ${sql} GROUP BY p.producer_id ORDER BY n DESC, p.producer_id`, params);
      return rows.map((r) => [r.id, this.names.producers.get(r.id) ?? '', r.n] as [number, string, number]);
    });
  }

  /** The trait facets of a listing (a disc or pad listing's measures, else the brake system: listingTraitFacets), each kept a minute per filter like the other counts. */
  private traitFacets(filter: ListingFilter): Promise<Array<{ trait: number; values: Array<[number, string, number]> }>> {
    return Promise.all(
      listingTraitFacets(filter.category).map(async (trait) => ({
        trait,
        values: await this.cachedCount(`trait:${trait}`, { ...filter, traits: (filter.traits ?? []).filter((t) => t.trait !== trait) }, async () => {
          const counts = traitValueCounts(filter, trait, POSTGRES_LISTING);
          return facetRows(await this.all<{ id: number; name: string; n: number }>(counts.sql, counts.params));
        }),
      })),
    );
  }

  private listingTotal(filter: ListingFilter): Promise<number> {
    return this.cachedCount('total', filter, async () => {
      const { sql, params } = listingWhere(filter, POSTGRES_LISTING);
      return (await this.one<{ n: number }>(`SELECT COUNT(*) AS n FROM products p ${sql}`, params))?.n ?? 0;
    });
  }

  /**
   * One page of a listing: the page's rows in one statement (the planner walks the sort's index,
   * migration 11, when the filter keeps many products, or sorts the few it keeps), the total and
   * the facet counts from the kept counts (one statement each the first time a filter is seen).
   */
  async listing(filter: ListingFilter, page: number, pageSize: number): Promise<ListingResponse> {
    const size = Math.min(Math.max(pageSize, 1), PAGE_SIZE_MAX);
    const { sql, params } = listingWhere(filter, POSTGRES_LISTING);
    const vehicle = filter.vehicle !== undefined;
    const [total, rows, producers, categories, axes, traitFacets] = await Promise.all([
      this.listingTotal(filter),
      this.all<ListingRow>(
        `SELECT ${LISTING_PRODUCT_SELECT}, s.size_id, s.price_gross, s.status, s.stock, (SELECT COUNT(*) FROM sizes z WHERE z.product_id = p.id) AS size_count, ${FIRST_PICTURE('p.id')},
           ${vehicle ? 'EXISTS (SELECT 1 FROM fitments f WHERE f.product_id = p.id AND f.engine_id = ?)' : 'FALSE'} AS fits
         FROM products p JOIN sizes s ON s.product_id = p.id AND s.position = 0
         ${sql} ORDER BY ${listingOrder(filter.sort, POSTGRES_LISTING)} LIMIT ? OFFSET ?`,
        [...(vehicle ? [filter.vehicle] : []), ...params, size, (page - 1) * size],
      ),
      this.producerCounts(filter),
      this.categoryCounts(filter),
      this.axisCounts(filter),
      this.traitFacets(filter),
    ]);
    return {
      products: rows.map((r) => listingProduct(r, filter, this.names)),
      total,
      page,
      pageSize: size,
      categories,
      producers,
      axes,
      traitFacets,
      query: {},
    };
  }

  /* ---------------------------------------------------------------- products */

  /**
   * Readiness: the database answers and takes writes (see server/operations.ts). A session says
   * read-only when the server is a standby or the database was set read-only; since a pooled
   * session keeps the setting it began with, a read-only answer is asked again on a fresh
   * connection, which tells how the database is now.
   */
  async ping(): Promise<void> {
    const pooled = (await this.query<WritableRow>(WRITABLE_SQL, [], this.pool))[0];
    if (sessionWritable(pooled)) return;
    if (await this.writableNow()) return;
    throw new DatabaseUnavailable('The database cannot take writes (read-only)', true);
  }

  /** Whether a new session could write now (a fresh connection, not one of the pool's). */
  private async writableNow(): Promise<boolean> {
    try {
      const row = (await this.onFreshConnection<WritableRow>({ text: WRITABLE_SQL })).rows[0];
      return sessionWritable(row);
    } catch (error) {
      if (isConnectionLoss(error) || isTimeout(error)) throw new DatabaseUnavailable('The database is not answering', false, error);
      throw error;
    }
  }

  async vehiclePage(kind: VehiclePageKind, id: number) {
    return loadVehiclePage(<T>(sql: string, params: unknown[]) => this.all<T & QueryResultRow>(sql, params), kind, id);
  }

  async vehiclePagePaths() {
    return loadVehiclePagePaths(<T>(sql: string, params: unknown[]) => this.all<T & QueryResultRow>(sql, params));
  }

  async fitments(engineIds: number[], productIds: number[]): Promise<FitRow[]> {
    if (!engineIds.length || !productIds.length) return [];
    return this.all<FitRow>(`SELECT ${FIT_COLUMNS} FROM fitments WHERE engine_id = ANY(?) AND product_id = ANY(?) ORDER BY engine_id, product_id`, [engineIds, productIds]);
  }

  /* productExists, productCategory, productCount, productSitemapPage: SharedReads */

  private product(id: number, on: Queryable = this.pool): Promise<ProductRow | undefined> {
    return this.one<ProductRow>(`SELECT p.*, ${FIRST_PICTURE('p.id')} FROM products p WHERE p.id = ?`, [id], on);
  }

  /** Rows of many products at once, grouped by product id. */
  private async grouped<T extends QueryResultRow & { product_id: number }>(sql: string, ids: number[]): Promise<Map<number, T[]>> {
    const groups = new Map<number, T[]>();
    if (!ids.length) return groups;
    for (const row of await this.all<T>(sql, [ids])) {
      const list = groups.get(row.product_id);
      if (list) list.push(row);
      else groups.set(row.product_id, [row]);
    }
    return groups;
  }

  private parameterRows(ids: number[]) {
    return this.grouped<{ product_id: number; param_id: number; param_name: string; id: number; name: string }>(
      `SELECT pp.product_id, v.param_id, v.param_name, v.id, v.name FROM product_params pp JOIN param_values v ON v.id = pp.value_id
       WHERE pp.product_id = ANY(?) ORDER BY pp.product_id, v.param_id, v.name COLLATE "C"`,
      ids,
    );
  }

  private engineRows(ids: number[]) {
    return this.grouped<EngineRow & { product_id: number }>(`SELECT f.product_id, ${ENGINE_COLUMNS} ${ENGINE_JOINS} WHERE f.product_id = ANY(?) ORDER BY f.product_id, ${ENGINE_ORDER}`, ids);
  }

  private sizeRows(ids: number[]) {
    return this.grouped<SizeRow>('SELECT * FROM sizes WHERE product_id = ANY(?) ORDER BY product_id, position, size_id', ids);
  }

  /** Lowest prices of the last 30 days, per product and size. */
  private async omnibus(ids: number[]): Promise<Map<string, { gross: number; net: number }>> {
    const rows = ids.length
      ? await this.all<{ product_id: number; size_id: string; gross: number; net: number }>(
          `SELECT product_id, size_id, MIN(price_gross) AS gross, MIN(price_net) AS net FROM price_history
           WHERE product_id = ANY(?) AND day >= ${OMNIBUS_FROM} GROUP BY product_id, size_id`,
          [ids],
        )
      : [];
    return new Map(rows.map((r) => [`${r.product_id}|${r.size_id}`, { gross: r.gross, net: r.net ?? 0 }]));
  }

  /**
   * A product page in one statement: the product with its sizes, traits, engines, rebate tiers,
   * lowest prices of the last 30 days and bundle total, each gathered as JSON by the database;
   * beside it, at the same time, its group of equivalent codes (SharedReads.codeGroup, issue 37).
   */
  async productPage(id: number): Promise<ProductPageData | null> {
    const [row, codeGroup] = await Promise.all([this.productPageRow(id), this.codeGroup(id)]);
    if (!row) return null;
    const sizes = row.sizes ?? [];
    const omnibus = new Map((row.omnibus ?? []).map((o) => [o.size_id, { gross: o.gross, net: o.net ?? 0 }]));
    const page = productPageData(
      {
        product: { ...row.product, picture: row.picture },
        sizes,
        params: awardedParameters(row.params ?? []),
        engines: row.engines ?? [],
        rebates: row.rebates ?? [],
        omnibus: new Map(sizes.flatMap((s) => { const o = omnibus.get(s.size_id); return o ? [[s.size_id, o] as const] : []; })),
        bundleTotal: row.bundle_total,
      },
      this.names,
      this.pageSettings,
    );
    // The product's group of equivalent codes (issue 37), read beside the page's one statement.
    return codeGroup.length ? { ...page, codeGroup } : page;
  }

  private productPageRow(id: number) {
    return this.one<{
      product: ProductRow;
      sizes: SizeRow[] | null;
      params: Array<{ param_id: number; param_name: string; id: number; name: string }> | null;
      engines: EngineRow[] | null;
      rebates: RebateRow[] | null;
      omnibus: Array<{ size_id: string; gross: number; net: number | null }> | null;
      bundle_total: number | null;
      picture: string | null;
    }>(
      `SELECT row_to_json(p) AS product,
         (SELECT json_agg(s ORDER BY s.position, s.size_id) FROM sizes s WHERE s.product_id = p.id) AS sizes,
         (SELECT json_agg(json_build_object('param_id', v.param_id, 'param_name', v.param_name, 'id', v.id, 'name', v.name) ORDER BY v.param_id, v.name COLLATE "C")
            FROM product_params pp JOIN param_values v ON v.id = pp.value_id WHERE pp.product_id = p.id) AS params,
         (SELECT json_agg(json_build_object('brand', b.name, 'model', m.name, 'generation', g.name, 'engine', e.name, 'engineId', e.id) ORDER BY ${ENGINE_ORDER})
            ${ONE_PRODUCT_ENGINE_JOINS} WHERE f.product_id = p.id) AS engines,
         (SELECT json_agg(json_build_object('threshold', r.threshold, 'threshold_end', r.threshold_end, 'value', r.value) ORDER BY r.threshold)
            FROM rebates r WHERE r.product_id = p.id) AS rebates,
         (SELECT json_agg(json_build_object('size_id', h.size_id, 'gross', h.gross, 'net', h.net))
            FROM (SELECT size_id, MIN(price_gross) AS gross, MIN(price_net) AS net FROM price_history
                  WHERE product_id = p.id AND day >= ${OMNIBUS_FROM} GROUP BY size_id) h) AS omnibus,
         CASE WHEN p.type = 'product_bundle' THEN
           (SELECT SUM(s.price_gross * b.quantity) FROM bundle_items b JOIN sizes s ON s.product_id = b.product_id AND s.position = 0 WHERE b.bundle_id = p.id)
         END AS bundle_total,
         ${FIRST_PICTURE('p.id')}
       FROM products p WHERE p.id = ?`,
      [id],
    );
  }

  async traits(id: number): Promise<ProductTrait[] | null> {
    const [product, engines] = await Promise.all([this.product(id), this.engineRows([id])]);
    if (!product) return null;
    return traitsOf(product, engineList(engines.get(id)), this.names);
  }

  /** The products of a brake finder query, built in a fixed number of queries (not a few per product). */
  async brakeProducts(filter: BrakeProductFilter): Promise<BrakeProduct[]> {
    const clauses: string[] = [];
    const params: unknown[] = [];
    if (filter.productIds?.length) {
      clauses.push('p.id = ANY(?)');
      params.push(filter.productIds);
    }
    if (filter.replacementCodes?.length) {
      // Trait 172622 values: codes the product carries, or vehicles (engines) it fits (the finder's "traits" helper).
      clauses.push('(p.id IN (SELECT product_id FROM product_params WHERE value_id = ANY(?)) OR p.id IN (SELECT product_id FROM fitments WHERE engine_id = ANY(?)))');
      params.push(filter.replacementCodes, filter.replacementCodes);
    }
    if (filter.axis !== undefined) {
      clauses.push('p.axis_id = ?');
      params.push(filter.axis);
    }
    if (filter.category !== undefined) {
      clauses.push('p.category_id = ?');
      params.push(filter.category);
    }
    if (filter.engine !== undefined) {
      clauses.push('p.id IN (SELECT product_id FROM fitments WHERE engine_id = ?)');
      params.push(filter.engine);
    }
    if (filter.engines !== undefined) {
      // The finder's built vehicle: every engine under it (none: no product).
      clauses.push(filter.engines.length ? 'p.id IN (SELECT product_id FROM fitments WHERE engine_id = ANY(?))' : 'FALSE');
      if (filter.engines.length) params.push(filter.engines);
    }
    if (!clauses.length) return [];
    const products = await this.all<ProductRow>(`SELECT p.*, ${FIRST_PICTURE('p.id')} FROM products p WHERE ${clauses.join(' AND ')} ORDER BY p.popularity DESC, p.id LIMIT ?`, [
      ...params,
      Math.min(Math.max(filter.limit, 1), 50),
    ]);
    const ids = products.map((p) => p.id);
    const [sizes, parameters, engines] = await Promise.all([this.sizeRows(ids), this.parameterRows(ids), this.engineRows(ids)]);
    return products.map((product) =>
      brakeProduct(product, sizes.get(product.id) ?? [], awardedParameters(parameters.get(product.id) ?? []), engineList(engines.get(product.id)), this.names),
    );
  }

  /* ---------------------------------------------------------------- search */

  async textSearch(text: string, limit: number, lang?: string): Promise<TextSearchResult> {
    const max = Math.min(Math.max(limit, 1), 50);
    const query = tsQuery(text);
    const code = codeKey(shopperText(text));
    const [products, codes] = await Promise.all([
      query
        ? // Doc order is popularity order: the first matches are the most wanted, no ranking pass.
          this.all<{ id: number; name: string; slug: string; vat: number; price_gross: number; picture: string | null }>(
            `SELECT p.id, p.name, p.slug, p.vat, s.price_gross, ${FIRST_PICTURE('p.id')}
             FROM (SELECT product_id, doc FROM search_docs WHERE words @@ to_tsquery('simple', ?) ORDER BY doc LIMIT ?) d
             JOIN products p ON p.id = d.product_id JOIN sizes s ON s.product_id = p.id AND s.position = 0 ORDER BY d.doc`,
            [query, max],
          )
        : [],
      code.length >= 3
        ? this.all<{ id: number; name: string }>(
            `SELECT id, name FROM param_values WHERE param_id = ?
             AND shop_code_key(name) COLLATE "C" >= ? AND shop_code_key(name) COLLATE "C" < ?
             ORDER BY shop_code_key(name) COLLATE "C", id LIMIT ?`,
            [TRAIT.replacementCode, code, codeKeyEnd(code), max],
          )
        : [],
    ]);
    return {
      products: products.map(searchProduct),
      ...smallTableGroups(this.smallTables, text, max, lang),
      replacementCodes: codes.map((r) => ({ name: r.name, link: `/search.php?traits_alt[${TRAIT.replacementCode}]=${r.id}`, param_id: TRAIT.replacementCode, value_id: r.id })),
    };
  }

  async cmsPage(slug: string): Promise<CmsPageResponse | null> {
    const page = await this.one<CmsPageRow>('SELECT slug, lang, topic, title, body FROM cms_pages WHERE slug = ?', [slug]);
    if (!page) return null;
    const others = await this.all<Pick<CmsPageRow, 'slug' | 'lang' | 'title'>>(
      'SELECT slug, lang, title FROM cms_pages WHERE topic = ? AND slug <> ? ORDER BY lang COLLATE "C"',
      [page.topic, page.slug],
    );
    return cmsPageResponse(page, others);
  }

  async lowestPrices(inputs: Array<{ productId: number; sizeId?: string | null }>): Promise<LowestPriceProduct[]> {
    const ids = [...new Set(inputs.map((i) => i.productId).filter((id) => Number.isSafeInteger(id)))];
    const [sizes, omnibus] = await Promise.all([this.sizeRows(ids), this.omnibus(ids)]);
    const out: LowestPriceProduct[] = [];
    for (const input of inputs) {
      const productSizes = sizes.get(input.productId);
      if (!productSizes) continue;
      out.push({
        id: input.productId,
        sizes: productSizes
          .filter((s) => !input.sizeId || s.size_id === input.sizeId)
          .map((s) => {
            const lowest = omnibus.get(`${input.productId}|${s.size_id}`) ?? { gross: s.price_gross, net: s.price_net };
            return {
              id: s.size_id,
              price: {
                gross: { value: lowest.gross, currency: 'EUR', formatted: formatPrice(lowest.gross) },
                net: { value: lowest.net, currency: 'EUR', formatted: formatPrice(lowest.net) },
              },
            };
          }),
      });
    }
    return out;
  }

  /** The free-shipping threshold (a setting). */
  private get freeShippingFrom(): number {
    return this.settingsNow.freeShippingFrom;
  }

  /** The couriers (settings: defaults when none is stored), prepaid first, by cost. */
  private async couriers(): Promise<CourierRow[]> {
    return sortedCouriers(courierRows(this.settingsNow));
  }

  async shippingOptions(productId: number, sizeId: string, quantity: number, region?: string): Promise<ShippingOption[] | null> {
    const [size, couriers] = await Promise.all([
      this.one<SizeRow>('SELECT * FROM sizes WHERE product_id = ? AND size_id = ?', [productId, sizeId]),
      this.couriers(),
    ]);
    if (!size) return null;
    return courierOptions(couriers, this.freeShippingFrom, orderWorth(size.price_gross, quantity), size.status === 'order' ? size.shipping_days : 0, region);
  }

  async basketShippingOptions(visitorId: string, region?: string): Promise<ShippingOption[]> {
    const [basket, leads, couriers] = await Promise.all([
      this.basket(visitorId),
      this.one<{ lead: number | null }>(
        `SELECT MAX(CASE WHEN s.status = 'order' THEN s.shipping_days ELSE 0 END) AS lead
         FROM basket_lines l JOIN sizes s ON s.product_id = l.product_id AND s.size_id = l.size_id WHERE l.visitor_id = ?`,
        [visitorId],
      ),
      this.couriers(),
    ]);
    return courierOptions(couriers, this.freeShippingFrom, basket.worth, Math.max(0, leads?.lead ?? 0), region);
  }

  /* substitutes: SharedReads */

  async instalmentParams(totalPrice: number): Promise<InstalmentParams> {
    return { ...this.settingsNow.instalments, totalPrice: round2(totalPrice) };
  }

  async requestAvailabilityNotice(visitorId: string, notice: { productId: number; sizeId: string; email: string }): Promise<false | { token: string | null }> {
    const size = await this.one('SELECT 1 AS one FROM sizes WHERE product_id = ? AND size_id = ?', [notice.productId, notice.sizeId]);
    if (!size) return false;
    const { token, hash } = newNoticeToken();
    const email = notice.email.toLowerCase();
    const { toConfirm } = await this.transactionSteps(() => requestNoticeSteps('postgres', { ...notice, email, visitorId, tokenHash: hash, now: new Date().toISOString() }));
    return { token: toConfirm ? token : null };
  }

  async confirmAvailabilityNotice(token: string): Promise<boolean> {
    return this.transactionSteps(() => confirmNoticeSteps('postgres', noticeTokenHash(token), new Date().toISOString()));
  }

  /* availabilityNotices: SharedReads */

  async saveContactMessage(visitorId: string, message: ContactMessage, attachments: ContactAttachment[] = []): Promise<number> {
    return this.transaction(async (client) => {
      await this.ensureVisitorRow(visitorId, client);
      const row = await this.one<{ id: number }>(
        'INSERT INTO contact_messages (visitor_id, name, contact, subject, iban, message, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id',
        [visitorId, message.name, message.contact, message.subject, message.iban, message.message, new Date().toISOString()],
        client,
      );
      for (const file of attachments) {
        await this.all(
          'INSERT INTO contact_attachments (message_id, field, file_name, mime_type, size, content) VALUES (?, ?, ?, ?, ?, ?)',
          [row!.id, file.field, file.fileName, file.mimeType, file.content.length, file.content],
          client,
        );
      }
      return row!.id;
    });
  }

  /* contactMessage: SharedReads */

  /* ---------------------------------------------------------------- baskets */

  async ensureVisitor(id: string): Promise<void> {
    await this.ensureVisitorRow(id, this.pool);
  }

  private async ensureVisitorRow(id: string, on: Queryable): Promise<void> {
    await this.result('INSERT INTO visitors (id, created_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [id, new Date().toISOString()], on);
  }

  async basket(visitorId: string): Promise<BasketSummary> {
    // The lines with their products, sizes and rebate tiers in one statement; beside it, the lines
    // a catalogue import took away (shown as no longer available, in no total).
    const [rows, withdrawn] = await Promise.all([this.basketLines(visitorId), this.all<WithdrawnLineRow>(WITHDRAWN_LINES_SQL, [visitorId])]);
    const tiers = new Map(rows.map((r) => [r.product_id, r.tiers ?? []]));
    return basketSummary(rows, (id) => tiers.get(id) ?? [], this.freeShippingFrom, withdrawn);
  }

  private async basketLines(visitorId: string) {
    return this.all<BasketLineWithTiers>(`SELECT ${BASKET_LINE_COLUMNS} FROM basket_lines l ${BASKET_LINE_JOINS} WHERE l.visitor_id = ? ${BASKET_LINE_ORDER('l')}`, [visitorId]);
  }

  /**
   * One basket change, in as few round trips as the decision allows: one statement reads the
   * product, its size, the visitor's lines of the product, their line count and their basket's
   * version (all from one snapshot); `decideBasketChange` (server/db/basketLimits.ts, the one
   * decision both backends call) decides; one statement writes the line and raises the version,
   * only if the version is still the one read (a new visitor's row is made by that statement).
   * When another change of the same basket came in between (a double click, a second tab, another
   * server), nothing is written and the change is read and decided again: every change applies
   * to the basket the previous one left, as under a lock, without BEGIN and COMMIT round trips.
   * A refusal writes nothing. The answer carries the visitor's pending analytics events.
   */
  async changeBasket(visitorId: string, change: BasketChange): Promise<BasketChangeResult> {
    if (!Number.isSafeInteger(change.productId)) {
      return { ok: false, status: 404, code: 'product_not_found', message: 'Prodotto non trovato' };
    }
    for (let attempt = 1; attempt <= BASKET_CHANGE_ATTEMPTS; attempt++) {
      const found = await this.one<{
        product: ProductRow;
        size: SizeRow | null;
        lines: LimitLine[] | null;
        basket_lines: number;
        version: number | null;
        pending: number | null;
        withdrawn: WithdrawnLineRow[] | null;
      }>(
        `SELECT row_to_json(p) AS product, row_to_json(s) AS size,
           (SELECT json_agg(json_build_object('sizeId', l.size_id, 'additional', l.additional, 'count', l.count))
              FROM basket_lines l WHERE l.visitor_id = $1 AND l.product_id = $2) AS lines,
           (SELECT COUNT(*) FROM basket_lines l WHERE l.visitor_id = $1) AS basket_lines,
           v.basket_version AS version, v.pending_tracking AS pending,
           (SELECT json_agg(w) FROM (${WITHDRAWN_LINES_SQL.replace('?', '$1')}) w) AS withdrawn
         FROM products p LEFT JOIN sizes s ON s.product_id = p.id AND s.size_id = $3 LEFT JOIN visitors v ON v.id = $1 WHERE p.id = $2`,
        [visitorId, change.productId, change.sizeId],
      );
      const lines = found?.lines ?? [];
      const verdict = decideBasketChange({ product: found?.product ?? null, size: found?.size ?? null, productLines: lines, basketLines: found?.basket_lines ?? 0, change });
      if (!verdict.ok) return verdict;
      const pending = found?.pending ?? 0;
      const version = found?.version ?? null;
      // The lines a catalogue import took away: this change does not touch them.
      const withdrawn = found?.withdrawn ?? [];
      const line = [visitorId, change.productId, change.sizeId, change.additional];
      if (verdict.count === 0) {
        // Nothing to remove: nothing written (a new visitor's row is not made for it).
        if (version === null || !lines.some((l) => l.sizeId === change.sizeId && l.additional === change.additional)) return { ok: true, pendingTracking: pending, basket: await this.basket(visitorId) };
        const removed = await this.all<BasketLineWithTiers & { pending_tracking: number }>(
          `WITH v AS (UPDATE visitors SET basket_version = basket_version + 1 WHERE id = $1 AND basket_version = $5::bigint RETURNING pending_tracking),
             gone AS (DELETE FROM basket_lines l USING v WHERE l.visitor_id = $1 AND l.product_id = $2 AND l.size_id = $3 AND l.additional = $4),
             after AS (${LINES_BESIDE_THE_CHANGED_ONE})
           ${BASKET_AFTER_THE_CHANGE}`,
          [...line, version],
        );
        if (removed.length) return { ok: true, pendingTracking: removed[0].pending_tracking, basket: this.basketFrom(removed, withdrawn) };
        continue;
      }
      // The visitor's row (made when new) with its version raised and one more pending analytics
      // event, the line, and the basket after it, in one statement; no row comes back when the
      // version moved meanwhile.
      const visitorRow =
        version === null
          ? `INSERT INTO visitors (id, created_at, basket_version, pending_tracking) VALUES ($1, $6, 1, 1) ON CONFLICT (id) DO NOTHING RETURNING pending_tracking`
          : `UPDATE visitors SET basket_version = basket_version + 1, pending_tracking = pending_tracking + 1 WHERE id = $1 AND basket_version = $9::bigint RETURNING pending_tracking`;
      const written = await this.all<BasketLineWithTiers & { pending_tracking: number }>(
        `WITH v AS (${visitorRow}),
           line AS (
             INSERT INTO basket_lines (visitor_id, product_id, size_id, additional, count, added_at, vehicle_engine, vehicle_label)
             SELECT $1::text, $2::bigint, $3::text, $4::text, $5::double precision, $6::text, $7::bigint, $8::text FROM v
             ON CONFLICT (visitor_id, product_id, size_id, additional) DO UPDATE SET count = excluded.count,
               vehicle_engine = COALESCE(excluded.vehicle_engine, basket_lines.vehicle_engine), vehicle_label = COALESCE(excluded.vehicle_label, basket_lines.vehicle_label)
             RETURNING ${LINE_COLUMNS}
           ),
           after AS (${LINES_BESIDE_THE_CHANGED_ONE} UNION ALL SELECT ${LINE_COLUMNS} FROM line)
         ${BASKET_AFTER_THE_CHANGE}`,
        [...line, verdict.count, new Date().toISOString(), change.vehicle?.engineId ?? null, change.vehicle?.label ?? null, ...(version === null ? [] : [version])],
      );
      if (written.length) return { ok: true, pendingTracking: written[0].pending_tracking, basket: this.basketFrom(written, withdrawn) };
    }
    // Changed by others on every attempt: answered 503, the client may try again.
    throw new DatabaseUnavailable('The basket kept changing under this change', true, new Error(`basket of ${visitorId} changed ${BASKET_CHANGE_ATTEMPTS} times`));
  }

  /** The basket of the rows a change statement answered (BASKET_AFTER_THE_CHANGE: one row with no line when it is empty). */
  private basketFrom(rows: Array<BasketLineWithTiers & { pending_tracking: number }>, withdrawn: WithdrawnLineRow[]): BasketSummary {
    const lines = rows.filter((row) => row.product_id !== null);
    const tiers = new Map(lines.map((r) => [r.product_id, r.tiers ?? []]));
    return basketSummary(lines, (id) => tiers.get(id) ?? [], this.freeShippingFrom, withdrawn);
  }

  async removeFromBasket(visitorId: string, lines: Array<{ id: number; size: string; additional: string }>): Promise<number> {
    const valid = lines.filter((line) => Number.isSafeInteger(line.id));
    if (!valid.length) return 0;
    return this.transaction(async (client) => {
      let removed = 0;
      for (const line of valid) {
        const key = [visitorId, line.id, line.size, line.additional];
        removed += (await this.result('DELETE FROM basket_lines WHERE visitor_id = $1 AND product_id = $2 AND size_id = $3 AND additional = $4', key, client)).rowCount ?? 0;
        // A withdrawn line (no longer sold) goes too: the shopper dismissed it.
        removed += (await this.result('DELETE FROM basket_lines_withdrawn WHERE visitor_id = $1 AND product_id = $2 AND size_id = $3 AND additional = $4', key, client)).rowCount ?? 0;
      }
      // A basket change reading meanwhile writes only on the version it read (see changeBasket).
      if (removed) await this.result('UPDATE visitors SET basket_version = basket_version + 1 WHERE id = $1', [visitorId], client);
      return removed;
    });
  }

  /* wishlistCount: SharedReads */

  /* ---------------------------------------------------------------- catalogue writes */

  async updateProduct(id: number, change: ProductChange): Promise<boolean> {
    const changed = await this.transaction(async (client) => {
      const found = await this.one<{ id: number }>('SELECT id FROM products WHERE id = ? FOR UPDATE', [id], client);
      if (!found) return false;
      if (change.price !== undefined) {
        // The net price keeps its ratio to the gross one (the product's VAT).
        await client.query(
          'UPDATE sizes SET price_net = ROUND((CASE WHEN price_gross > 0 THEN price_net * $1 / price_gross ELSE $1 END)::numeric, 2), price_gross = $1 WHERE product_id = $2',
          [change.price, id],
        );
      }
      if (change.stock !== undefined) await client.query(`UPDATE sizes SET stock = $1::integer, status = ${STATUS_AFTER_STOCK.replaceAll('?', '$1::integer')} WHERE product_id = $2`, [change.stock, id]);
      if (change.name !== undefined) {
        await client.query('UPDATE products SET name = $1 WHERE id = $2', [change.name, id]);
        await client.query('UPDATE search_docs SET name = $1 WHERE product_id = $2', [change.name, id]);
      }
      await this.logCatalogueChange(client, id);
      return true;
    });
    if (changed) this.counts.clear();
    return changed;
  }

  async catalogueReplaced(): Promise<void> {
    await this.transaction(async (client) => {
      await this.logCatalogueChange(client, null);
      return true;
    });
    this.counts.clear();
  }

  /** The change log row and the notification, both in the writing transaction: sent to every listener on commit. */
  private async logCatalogueChange(client: PoolClient, productId: number | null): Promise<void> {
    const now = Date.now();
    await client.query('INSERT INTO catalogue_changes (product_id, changed_at) VALUES ($1, $2)', [productId, now]);
    await client.query('DELETE FROM catalogue_changes WHERE changed_at < $1', [now - 60_000]);
    await client.query('SELECT pg_notify($1, $2)', [CATALOGUE_CHANNEL, productId === null ? 'all' : String(productId)]);
  }

  /**
   * LISTEN on one connection of its own (outside the pool); when it breaks it is opened again
   * after a second, and everything is dropped (changes may have been missed meanwhile).
   */
  async catalogueWriter(): Promise<{ db: CatalogueDb; close(): Promise<void> }> {
    const client = await this.pool.connect();
    return { db: postgresCatalogueDb(client), close: async () => (client.release(), this.counts.clear()) };
  }

  watchCatalogue(listener: (products: number[] | 'all') => void): () => Promise<void> {
    let stopped = false;
    let client: pg.Client | null = null;
    const again = () => {
      if (!stopped) setTimeout(() => void connect(), 1000).unref();
    };
    const connect = async (): Promise<void> => {
      if (stopped) return;
      // Its own connection, not one of the pool's: it stays open for as long as the server runs.
      const connection = new pg.Client({ ...(this.pool as unknown as { options: pg.ClientConfig }).options, application_name: 'brake-shop-listen' });
      connection.on('notification', (message) => {
        if (message.channel !== CATALOGUE_CHANNEL) return;
        const id = Number(message.payload);
        // Another process changed the catalogue: this process's counts go too.
        this.counts.clear();
        if (message.payload !== 'all' && Number.isInteger(id)) return listener([id]);
        // The whole catalogue: its names first, then whatever was drawn from the old one goes.
        void this.reloadSmallTables()
          .catch(() => undefined)
          .finally(() => listener('all'));
      });
      connection.on('error', () => {
        if (client !== connection) return;
        client = null;
        void connection.end().catch(() => undefined);
        // Changes may have been missed while the connection was down: drop everything.
        this.counts.clear();
        listener('all');
        again();
      });
      try {
        await connection.connect();
        await connection.query(`LISTEN ${CATALOGUE_CHANNEL}`);
        if (stopped) {
          await connection.end();
          return;
        }
        client = connection;
      } catch {
        await connection.end().catch(() => undefined);
        again();
      }
    };
    void connect();
    return async () => {
      stopped = true;
      const connection = client;
      client = null;
      if (connection) await connection.end().catch(() => undefined);
    };
  }

  /* pendingTrackingEvents: SharedReads */

  async takeTrackingEvents(visitorId: string): Promise<string[]> {
    const row = await this.one<{ pending: number }>(
      `UPDATE visitors v SET pending_tracking = 0 FROM (SELECT id, pending_tracking FROM visitors WHERE id = ? FOR UPDATE) old
       WHERE v.id = old.id RETURNING old.pending_tracking AS pending`,
      [visitorId],
    );
    return trackingEvents(row?.pending ?? 0);
  }
}

const engineList = (rows: Array<EngineRow & { product_id?: number }> | undefined): EngineRow[] =>
  (rows ?? []).map(({ brand, model, generation, engine, engineId }) => ({ brand, model, generation, engine, engineId }));
