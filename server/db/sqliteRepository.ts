import { courierRows, readShopSettings, sortedCouriers } from '../settings/shopSettings';
import type Database from 'better-sqlite3';
import { confirmNoticeSteps, requestNoticeSteps } from './noticeSteps';
import { newNoticeToken, noticeTokenHash } from './noticeToken';
import type { CompiledQuery } from 'kysely';
import { runStepsSync, SharedReads, type Steps } from './sharedReads';
import {
  ONE_SIZE,
  TRAIT,
  type AwardedParameter,
  type BasketSummary,
  type BrakeProduct,
  type CmsPageResponse,
  type InstalmentParams,
  type ListingProduct,
  type ListingResponse,
  type LowestPriceProduct,
  type ProductPageData,
  type ProductTrait,
  type ShippingOption,
  type TextSearchResult,
} from '../../src/api/wire';
import type { FitRow } from '../../src/domain/fitment';
import { formatPrice } from '../../src/domain/priceMask';
import { foldText } from '../../src/domain/searchText';
import { productLink } from '../text';
import { cmsPageResponse, cmsSearchEntry, type CmsPageRow } from './cmsPages';
import { decideBasketChange, type LimitLine } from './basketLimits';
import { CATALOGUE_POLL_MS, type BasketChange, type BasketChangeResult, type BrakeProductFilter, type ContactAttachment, type ContactMessage, type ListingFilter, type ProductChange, type ShopRepository, } from './repository';
import { listingTraitFacets } from '../../src/domain/brakeMeasures';
import { facetKey, facetRows, listingOrder, listingWhere, SQLITE_LISTING, traitValueCounts, type ListingWhereOptions } from './listingQuery';

export { facetKey } from './listingQuery';
import { TtlCache } from './ttlCache';
import { loadVehiclePage, loadVehiclePagePaths } from './vehiclePages';
import type { VehiclePageKind } from '../../src/domain/vehiclePages';
import { ftsQuery, shopperText } from './searchTerms';
import { sqliteCatalogueDb, type CatalogueDb } from './catalogue/store';
import { DatabaseUnavailable, isSqliteStorageFailure, sqliteUnwritable } from './faults';
import {
  AXIS_NAMES,
  PAGE_SIZE_MAX,
  awardedParameters as groupParameters,
  basketSummary,
  WITHDRAWN_LINES_SQL,
  type WithdrawnLineRow,
  brakePrice,
  courierOptions,
  STATUS_AFTER_STOCK,
  smallTableGroups,
  type SmallTables,
  longDescription,
  net,
  orderWorth,
  productPageData,
  orderByLeadHoursSetting,
  type PageSettings,
  productPhotoUrl,
  FIRST_PICTURE,
  round2,
  trackingEvents,
  traitsOf,
  listingProduct,
  type BasketLineRow,
  type CourierRow,
  type EngineRow,
  type ProductRow,
  type RebateRow,
  type SizeRow,
  FIT_COLUMNS,
  LISTING_PRODUCT_SELECT,
  type ListingRow,
} from './shopViews';

export { ftsQuery } from './searchTerms';
export { escapeHtml } from './shopViews';

/** How long a write waits for another process's write lock, and how long a read may wait (see open.ts). */
const WRITE_WAIT_MS = 5000;
const BUSY_TIMEOUT_MS = 5000;

/**
 * The shop's storage on SQLite (better-sqlite3): every query parameterised. Several server
 * processes may share the file (WORKERS): WAL lets readers run beside the one writer, every
 * write is an IMMEDIATE transaction (it takes the write lock first, so it never fails to
 * upgrade a read lock) and waits for the lock without blocking its process (see write()).
 */
export class SqliteShopRepository extends SharedReads implements ShopRepository {
  private readonly statements = new Map<string, Database.Statement>();
  /** Listing totals and facet counts per filter (see cachedCount). */
  private readonly counts = new TtlCache<string, unknown>(1000, 60_000);
  private readonly pageSettings: PageSettings;
  private readonly categoryNames = new Map<number, string>();
  private readonly producerNames = new Map<number, string>();
  private readonly smallTables: SmallTables = { producers: [], series: [], menuNodes: [], cms: [], queries: [] };

  constructor(private readonly db: Database.Database) {
    super('sqlite');
    this.pageSettings = { orderByLeadHours: orderByLeadHoursSetting(this.setting('order_by_lead_hours')) };
    this.loadSmallTables();
  }

  /**
   * The names and search groups the answers use, read at start and again (in place) after the
   * whole catalogue changed (an import, a re-seed), so pages name new producers and categories.
   */
  private loadSmallTables(): void {
    const db = this.db;
    this.settingsNow = runStepsSync(readShopSettings('sqlite'), (query) => db.prepare(query.sql).all(...(query.parameters as unknown[])));
    for (const [map, table] of [[this.categoryNames, 'categories'], [this.producerNames, 'producers']] as const) {
      map.clear();
      for (const r of db.prepare(`SELECT id, name FROM ${table}`).all() as { id: number; name: string }[]) map.set(r.id, r.name);
    }
    const fold = <T extends { name: string }>(rows: T[]) => rows.map((r) => ({ ...r, folded: foldText(r.name) }));
    Object.assign(this.smallTables, {
      producers: fold(db.prepare('SELECT id, name FROM producers ORDER BY name').all() as { id: number; name: string }[]),
      series: fold(db.prepare('SELECT id, name FROM series ORDER BY name').all() as { id: number; name: string }[]),
      menuNodes: (db.prepare('SELECT name, link, breadcrumbs FROM menu_nodes ORDER BY id').all() as { name: string; link: string; breadcrumbs: string }[]).map(
        (r) => ({ name: r.name, link: r.link, breadcrumbs: JSON.parse(r.breadcrumbs) as string[], folded: foldText(r.name) }),
      ),
      cms: (db.prepare('SELECT slug, lang, title, body FROM cms_pages ORDER BY topic, lang').all() as CmsPageRow[]).map(cmsSearchEntry),
      queries: fold(db.prepare('SELECT name FROM search_queries ORDER BY hits DESC').all() as { name: string }[]),
    });
  }

  /** A prepared statement, kept for the next call with the same SQL (the 2,000 most recent). */
  private stmt(sql: string): Database.Statement {
    // Files that cannot be written (a disk remounted read-only): answered 503, never touched (server/db/faults.ts).
    const unwritable = sqliteUnwritable(this.db.name, false);
    if (unwritable) throw unwritable;
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
      if (this.statements.size > 2000) this.statements.delete(this.statements.keys().next().value as string);
    }
    return statement;
  }

  /** Runs a statement SharedReads wrote (server/db/sharedReads.ts), prepared once like every other. */
  protected async rows<R>(query: CompiledQuery<R>): Promise<R[]> {
    return this.stmt(query.sql).all(...(query.parameters as unknown[])) as R[];
  }

  /** Steps written once for both dialects (server/db/sharedReads.ts), run in one immediate transaction. */
  transactionSteps<T>(steps: () => Steps<T>): Promise<T> {
    return this.write(() =>
      runStepsSync(steps(), (query) => {
        const statement = this.stmt(query.sql);
        const params = query.parameters as unknown[];
        return statement.reader ? statement.all(...params) : (statement.run(...params), []);
      }),
    );
  }

  /**
   * A write transaction (BEGIN IMMEDIATE). When another process holds the write lock, it is
   * tried again after a pause of a millisecond or two, up to WRITE_WAIT_MS, without blocking
   * this process: SQLite's own busy wait sleeps the whole process (every request in it) in
   * steps of up to 100 ms, and under steady writes from another process it can lose the
   * race for seconds.
   */
  private async write<T>(fn: () => T): Promise<T> {
    // Checked on every write: once the files are writable again, writes go on without a restart.
    const unwritable = sqliteUnwritable(this.db.name, true);
    if (unwritable) throw unwritable;
    const transaction = this.db.transaction(fn);
    const deadline = Date.now() + WRITE_WAIT_MS;
    for (let attempt = 0; ; attempt++) {
      this.stmt('PRAGMA busy_timeout = 0').get();
      try {
        return transaction.immediate();
      } catch (error) {
        if (!String((error as { code?: string }).code).startsWith('SQLITE_BUSY') || Date.now() > deadline) {
          // A full disk, a read-only file, an I/O error: answered 503 (server/db/faults.ts), never a 500.
          if (isSqliteStorageFailure(error)) throw new DatabaseUnavailable(`The database cannot take writes (${String((error as { code?: string }).code)})`, true, error);
          throw error;
        }
      } finally {
        this.stmt(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`).get();
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(1 + attempt / 4, 5) * Math.random()));
    }
  }

  /** Readiness: the database answers and can take writes (a read-only disk is not ready). */
  async ping(): Promise<void> {
    const unwritable = sqliteUnwritable(this.db.name, true);
    if (unwritable) throw unwritable;
    this.stmt('SELECT 1 FROM schema_migrations LIMIT 1').get();
  }

  private setting(key: string): string | undefined {
    return (this.stmt('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined)?.value;
  }

  /* ---------------------------------------------------------------- vehicles */

  /* brands, models, generations, engines, the engine tree and brand initials: SharedReads (server/db/sharedReads.ts) */

  /* ---------------------------------------------------------------- listing */

  /**
   * The listing's conditions, shared with the PostgreSQL repository (server/db/listingQuery.ts).
   * Counts and short lists use the set form (the planner starts from a selective set); a walk
   * along an ordering index uses the per-product form.
   */
  private where(filter: ListingFilter, options: ListingWhereOptions = {}): { sql: string; params: unknown[] } {
    return listingWhere(filter, SQLITE_LISTING, { sets: true, ...options });
  }

  /**
   * A count over the filtered catalogue, kept a minute per filter: facet counts and totals are
   * asked for again with every page and sort, and the catalogue does not change while shopping.
   */
  private cachedCount<T>(kind: string, filter: ListingFilter, compute: () => T): T {
    return this.counts.getOrSet(`${kind}|${facetKey(filter)}`, compute) as T;
  }

  /** Drops the kept counts (a catalogue change, here or in another process). */
  clearCaches(): void {
    this.counts.clear();
    this.dropSearchVocabulary();
  }

  async categoryCounts(filter: ListingFilter): Promise<Array<[number, string, number]>> {
    return this.cachedCount('categories', filter, () => {
      const { sql, params } = this.where(filter, { skip: 'category' });
      const counts = new Map(
        (this.stmt(`SELECT p.category_id AS id, COUNT(*) AS n FROM products p ${sql} GROUP BY p.category_id`).all(...params) as { id: number; n: number }[]).map(
          (r) => [r.id, r.n],
        ),
      );
      return (this.stmt('SELECT id, name FROM categories WHERE parent_id IS NULL ORDER BY position').all() as { id: number; name: string }[]).map(
        (c) => [c.id, c.name, counts.get(c.id) ?? 0] as [number, string, number],
      );
    });
  }

  async axisCounts(filter: ListingFilter): Promise<Array<[number, string, number]>> {
    return this.cachedCount('axes', filter, () => {
      const { sql, params } = this.where(filter, { skip: 'axis' });
      const rows = this
        .stmt(`SELECT p.axis_id AS id, COUNT(*) AS n FROM products p ${sql} ${sql ? 'AND' : 'WHERE'} p.axis_id IS NOT NULL GROUP BY p.axis_id ORDER BY p.axis_id`)
        .all(...params) as { id: number; n: number }[];
      return rows.map((r) => [r.id, AXIS_NAMES[r.id] ?? String(r.id), r.n] as [number, string, number]);
    });
  }

  private producerCounts(filter: ListingFilter): Array<[number, string, number]> {
    return this.cachedCount('producers', filter, () => {
      const { sql, params } = this.where({ ...filter, producer: undefined });
      return (
        this.stmt(`SELECT p.producer_id AS id, COUNT(*) AS n FROM products p ${sql} GROUP BY p.producer_id ORDER BY n DESC, p.producer_id`).all(...params) as {
          id: number;
          n: number;
        }[]
      ).map((r) => [r.id, this.producerNames.get(r.id) ?? '', r.n] as [number, string, number]);
    });
  }

  /** The trait facets of a listing (a disc or pad listing's measures, else the brake system: listingTraitFacets), each kept a minute per filter like the other counts. */
  private traitFacets(filter: ListingFilter): Array<{ trait: number; values: Array<[number, string, number]> }> {
    return listingTraitFacets(filter.category).map((trait) => ({
      trait,
      values: this.cachedCount(`trait:${trait}`, { ...filter, traits: (filter.traits ?? []).filter((t) => t.trait !== trait) }, () => {
        const { sql, params } = traitValueCounts(filter, trait, SQLITE_LISTING);
        return facetRows(this.stmt(sql).all(...params) as Array<{ id: number; name: string; n: number }>);
      }),
    }));
  }

  private listingTotal(filter: ListingFilter): number {
    return this.cachedCount('total', filter, () => {
      const { sql, params } = this.where(filter);
      return (this.stmt(`SELECT COUNT(*) AS n FROM products p ${sql}`).get(...params) as { n: number }).n;
    });
  }

  /**
   * One page of a listing's product ids (conditions and order from listingQuery.ts), read in an
   * order an index gives, so only a page of rows is ever read in full:
   * - a filter that keeps many products: a walk along the sort's index (category and
   *   popularity, name or first-size price), checking each product, stopping after the page;
   * - a filter that keeps few: those few found through their index, then sorted.
   * Which of the two costs less follows from the (cached) counts: a walk reads about
   * (offset + size) x catalogue / matches index entries, a sort reads every match.
   */
  private listingIds(filter: ListingFilter, size: number, offset: number): number[] {
    const sort = filter.sort ?? 'popular';
    const order = listingOrder(sort, SQLITE_LISTING);
    const ids = (sql: string, params: unknown[]) => (this.stmt(sql).all(...params, size, offset) as { id: number }[]).map((r) => r.id);
    const matches = this.listingTotal(filter);
    const walk = matches * matches > (offset + size) * this.listingTotal({});
    if (!walk) {
      const { sql, params } = this.where(filter);
      return ids(`SELECT p.id FROM products p JOIN sizes s ON s.product_id = p.id AND s.position = 0 ${sql} ORDER BY ${order} LIMIT ? OFFSET ?`, params);
    }
    const { sql, params } = this.where(filter, { sets: false });
    const byCategory = filter.category !== undefined;
    const index =
      sort === 'price_asc'
        ? byCategory
          ? 'products_category_price'
          : 'products_price'
        : sort === 'price_desc'
          ? byCategory
            ? 'products_category_price_desc'
            : 'products_price_desc'
          : sort === 'name'
            ? byCategory
              ? 'products_category_name'
              : 'products_name'
            : byCategory
              ? 'products_category_popular'
              : filter.subCategory !== undefined
                ? 'products_subcategory'
                : 'products_popular';
    return ids(`SELECT p.id FROM products p INDEXED BY ${index} JOIN sizes s ON s.product_id = p.id AND s.position = 0 ${sql} ORDER BY ${order} LIMIT ? OFFSET ?`, params);
  }

  async listing(filter: ListingFilter, page: number, pageSize: number): Promise<ListingResponse> {
    const size = Math.min(Math.max(pageSize, 1), PAGE_SIZE_MAX);
    const ids = this.listingIds(filter, size, (page - 1) * size);
    const fetched = ids.length
      ? (this.stmt(
          `SELECT ${LISTING_PRODUCT_SELECT}, s.size_id, s.price_gross, s.status, s.stock, (SELECT COUNT(*) FROM sizes z WHERE z.product_id = p.id) AS size_count, ${FIRST_PICTURE('p.id')},
             ${filter.vehicle !== undefined ? 'p.id IN (SELECT f.product_id FROM fitments f WHERE f.engine_id = ?)' : '0'} AS fits
           FROM products p JOIN sizes s ON s.product_id = p.id AND s.position = 0
           WHERE p.id IN (${ids.map(() => '?').join(',')})`,
        ).all(...(filter.vehicle !== undefined ? [filter.vehicle] : []), ...ids) as ListingRow[])
      : [];
    const byId = new Map(fetched.map((r) => [r.id, r]));
    const rows = ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
    const names = { producers: this.producerNames, categories: this.categoryNames };
    const products: ListingProduct[] = rows.map((r) => listingProduct(r, filter, names));
    return {
      products,
      total: this.listingTotal(filter),
      page,
      pageSize: size,
      categories: await this.categoryCounts(filter),
      producers: this.producerCounts(filter),
      axes: await this.axisCounts(filter),
      traitFacets: this.traitFacets(filter),
      query: {},
    };
  }

  /* ---------------------------------------------------------------- products */

  async fitments(engineIds: number[], productIds: number[]): Promise<FitRow[]> {
    if (!engineIds.length || !productIds.length) return [];
    const marks = (ids: number[]) => ids.map(() => '?').join(',');
    return this.stmt(
      `SELECT ${FIT_COLUMNS} FROM fitments WHERE engine_id IN (${marks(engineIds)}) AND product_id IN (${marks(productIds)}) ORDER BY engine_id, product_id`,
    ).all(...engineIds, ...productIds) as FitRow[];
  }

  async vehiclePage(kind: VehiclePageKind, id: number) {
    return loadVehiclePage(async <T>(sql: string, params: unknown[]) => this.stmt(sql).all(...params) as T[], kind, id);
  }

  async vehiclePagePaths() {
    return loadVehiclePagePaths(async <T>(sql: string, params: unknown[]) => this.stmt(sql).all(...params) as T[]);
  }

  /* productExists, productCategory, productCount, productSitemapPage: SharedReads */

  private product(id: number): ProductRow | undefined {
    return this.stmt(`SELECT p.*, ${FIRST_PICTURE('p.id')} FROM products p WHERE p.id = ?`).get(id) as ProductRow | undefined;
  }

  private sizes(id: number): SizeRow[] {
    return this.stmt('SELECT * FROM sizes WHERE product_id = ? ORDER BY position').all(id) as SizeRow[];
  }

  private awardedParameters(id: number): AwardedParameter[] {
    return groupParameters(
      this.stmt(
        `SELECT v.param_id, v.param_name, v.id, v.name FROM product_params pp JOIN param_values v ON v.id = pp.value_id
         WHERE pp.product_id = ? ORDER BY v.param_id, v.name`,
      ).all(id) as { param_id: number; param_name: string; id: number; name: string }[],
    );
  }

  private compatibleEngines(id: number): EngineRow[] {
    return this.compatibleEnginesOf([id]).get(id) ?? [];
  }

  /** Awarded parameters of many products in one query (grouped by server/db/shopViews.ts). */
  private awardedParametersOf(ids: number[]): Map<number, AwardedParameter[]> {
    const rows = new Map<number, { param_id: number; param_name: string; id: number; name: string }[]>();
    if (ids.length) {
      const all = this.stmt(
        `SELECT pp.product_id, v.param_id, v.param_name, v.id, v.name FROM product_params pp JOIN param_values v ON v.id = pp.value_id
         WHERE pp.product_id IN (${ids.map(() => '?').join(',')}) ORDER BY pp.product_id, v.param_id, v.name`,
      ).all(...ids) as Array<{ product_id: number; param_id: number; param_name: string; id: number; name: string }>;
      for (const { product_id, ...row } of all) {
        const list = rows.get(product_id);
        if (list) list.push(row);
        else rows.set(product_id, [row]);
      }
    }
    return new Map([...rows].map(([id, list]) => [id, groupParameters(list)]));
  }

  /** The engines each product fits, for many products in one query (each product's in the one-product order). */
  private compatibleEnginesOf(ids: number[]): Map<number, EngineRow[]> {
    const byProduct = new Map<number, EngineRow[]>();
    if (!ids.length) return byProduct;
    const rows = this.stmt(
      `SELECT f.product_id, b.name AS brand, m.name AS model, g.name AS generation, e.name AS engine, e.id AS engineId
       FROM fitments f JOIN engines e ON e.id = f.engine_id JOIN generations g ON g.id = e.generation_id
       JOIN models m ON m.id = g.model_id JOIN brands b ON b.id = m.brand_id
       WHERE f.product_id IN (${ids.map(() => '?').join(',')}) ORDER BY f.product_id, b.name, m.name, g.year_from, e.cv, e.id`,
    ).all(...ids) as Array<EngineRow & { product_id: number }>;
    for (const { product_id, ...engine } of rows) {
      const list = byProduct.get(product_id);
      if (list) list.push(engine);
      else byProduct.set(product_id, [engine]);
    }
    return byProduct;
  }

  /** Sizes (in position order) of many products in one query. */
  private sizesOf(ids: number[]): Map<number, SizeRow[]> {
    const byProduct = new Map<number, SizeRow[]>();
    if (!ids.length) return byProduct;
    const rows = this.stmt(`SELECT * FROM sizes WHERE product_id IN (${ids.map(() => '?').join(',')}) ORDER BY product_id, position`).all(...ids) as SizeRow[];
    for (const row of rows) {
      const list = byProduct.get(row.product_id);
      if (list) list.push(row);
      else byProduct.set(row.product_id, [row]);
    }
    return byProduct;
  }

  private lowestPrice30Days(productId: number, sizeId: string): { gross: number; net: number } | null {
    const row = this.stmt(
      "SELECT MIN(price_gross) AS gross, MIN(price_net) AS net FROM price_history WHERE product_id = ? AND size_id = ? AND day >= date('now', '-30 days')",
    ).get(productId, sizeId) as { gross: number | null; net: number | null };
    return row.gross === null ? null : { gross: row.gross, net: row.net ?? 0 };
  }

  async productPage(id: number): Promise<ProductPageData | null> {
    const product = this.product(id);
    if (!product) return null;
    const sizes = this.sizes(id);
    const bundleTotal =
      product.type === 'product_bundle'
        ? (this.stmt(
            'SELECT SUM(s.price_gross * b.quantity) AS total FROM bundle_items b JOIN sizes s ON s.product_id = b.product_id AND s.position = 0 WHERE b.bundle_id = ?',
          ).get(id) as { total: number | null }).total
        : null;
    const omnibus = new Map<string, { gross: number; net: number }>();
    for (const size of sizes) {
      const lowest = this.lowestPrice30Days(id, size.size_id);
      if (lowest) omnibus.set(size.size_id, lowest);
    }
    const codeGroup = await this.codeGroup(id);
    const page = productPageData(
      {
        product,
        sizes,
        params: this.awardedParameters(id),
        engines: this.compatibleEngines(id),
        rebates: this.stmt('SELECT threshold, threshold_end, value FROM rebates WHERE product_id = ? ORDER BY threshold').all(id) as RebateRow[],
        omnibus,
        bundleTotal,
      },
      { categories: this.categoryNames, producers: this.producerNames },
      this.pageSettings,
    );
    return codeGroup.length ? { ...page, codeGroup } : page;
  }

  async traits(id: number): Promise<ProductTrait[] | null> {
    const product = this.product(id);
    if (!product) return null;
    return traitsOf(product, this.compatibleEngines(id), { categories: this.categoryNames, producers: this.producerNames });
  }

  async brakeProducts(filter: BrakeProductFilter): Promise<BrakeProduct[]> {
    const clauses: string[] = [];
    const params: unknown[] = [];
    if (filter.productIds?.length) {
      clauses.push(`p.id IN (${filter.productIds.map(() => '?').join(',')})`);
      params.push(...filter.productIds);
    }
    if (filter.replacementCodes?.length) {
      // Trait 172622 values: codes the product carries, or vehicles (engines) it fits (the finder's "traits" helper).
      const marks = filter.replacementCodes.map(() => '?').join(',');
      clauses.push(`(p.id IN (SELECT product_id FROM product_params WHERE value_id IN (${marks})) OR p.id IN (SELECT product_id FROM fitments WHERE engine_id IN (${marks})))`);
      params.push(...filter.replacementCodes, ...filter.replacementCodes);
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
      clauses.push(filter.engines.length ? `p.id IN (SELECT product_id FROM fitments WHERE engine_id IN (${filter.engines.map(() => '?').join(',')}))` : '0');
      params.push(...filter.engines);
    }
    if (!clauses.length) return [];
    const rows = this.stmt(`SELECT p.*, ${FIRST_PICTURE('p.id')} FROM products p WHERE ${clauses.join(' AND ')} ORDER BY p.popularity DESC, p.id LIMIT ?`).all(
      ...params,
      Math.min(Math.max(filter.limit, 1), 50),
    ) as ProductRow[];
    // Sizes, parameters and engines of all of them in one query each (not three per product).
    const ids = rows.map((product) => product.id);
    const sizesOf = this.sizesOf(ids);
    const paramsOf = this.awardedParametersOf(ids);
    const enginesOf = this.compatibleEnginesOf(ids);
    return rows.map((product) => {
      const sizes = sizesOf.get(product.id) ?? [];
      const first = sizes[0];
      const params = paramsOf.get(product.id) ?? [];
      return {
        id: product.id,
        name: product.name,
        link: productLink(product.id, product.slug),
        icon: productPhotoUrl(product.id, product.picture),
        longDescription: longDescription(product, params, enginesOf.get(product.id) ?? [], this.producerNames.get(product.producer_id) ?? ''),
        price: { price: brakePrice(first.price_gross, product.vat) },
        producer: { name: this.producerNames.get(product.producer_id) ?? '' },
        ...(sizes.length > 1 || first.size_id !== ONE_SIZE ? { sizes: sizes.map((s) => ({ id: s.size_id, name: s.name })) } : {}),
        versionName: `${product.catalog_no}#${product.id}`,
        awardedParameters: params,
      };
    });
  }

  /* ---------------------------------------------------------------- search */

  async textSearch(text: string, limit: number, lang?: string): Promise<TextSearchResult> {
    const max = Math.min(Math.max(limit, 1), 50);
    const match = ftsQuery(text);
    const ids = match
      ? // FTS order is popularity order: the first matches are the most wanted, no ranking pass.
        (
          this.stmt('SELECT d.product_id AS id FROM product_search s JOIN search_docs d ON d.doc = s.rowid WHERE product_search MATCH ? ORDER BY s.rowid LIMIT ?').all(match, max) as {
            id: number;
          }[]
        ).map((r) => r.id)
      : [];
    const products = ids
      .map((id) => this.stmt(`SELECT p.id, p.name, p.slug, p.vat, s.price_gross, ${FIRST_PICTURE('p.id')} FROM products p JOIN sizes s ON s.product_id = p.id AND s.position = 0 WHERE p.id = ?`).get(id))
      .filter(Boolean)
      .map((row) => {
        const r = row as { id: number; name: string; slug: string; vat: number; price_gross: number; picture: string | null };
        const netValue = net(r.price_gross, r.vat);
        return {
          name: r.name,
          link: productLink(r.id, r.slug),
          iconSmall: productPhotoUrl(r.id, r.picture),
          price: { price: { gross: { value: r.price_gross, formatted: formatPrice(r.price_gross) }, net: { value: netValue, formatted: formatPrice(netValue) } } },
        };
      });
    const code = shopperText(text).toUpperCase().replace(/[\s.-]/g, '');
    const replacementCodes =
      code.length >= 3
        ? (
            this.stmt(
              `SELECT id, name FROM param_values WHERE param_id = ?
               AND REPLACE(REPLACE(REPLACE(name, ' ', ''), '-', ''), '.', '') >= ? AND REPLACE(REPLACE(REPLACE(name, ' ', ''), '-', ''), '.', '') < ? LIMIT ?`,
            ).all(TRAIT.replacementCode, code, `${code}\uffff`, max) as { id: number; name: string }[]
          ).map((r) => ({ name: r.name, link: `/search.php?traits_alt[${TRAIT.replacementCode}]=${r.id}`, param_id: TRAIT.replacementCode, value_id: r.id }))
        : [];
    return {
      products,
      ...smallTableGroups(this.smallTables, text, max, lang),
      replacementCodes,
    };
  }

  async cmsPage(slug: string): Promise<CmsPageResponse | null> {
    const page = this.stmt('SELECT slug, lang, topic, title, body FROM cms_pages WHERE slug = ?').get(slug) as CmsPageRow | undefined;
    if (!page) return null;
    const others = this.stmt('SELECT slug, lang, title FROM cms_pages WHERE topic = ? AND slug <> ? ORDER BY lang').all(page.topic, page.slug) as CmsPageRow[];
    return cmsPageResponse(page, others);
  }

  async lowestPrices(inputs: Array<{ productId: number; sizeId?: string | null }>): Promise<LowestPriceProduct[]> {
    const out: LowestPriceProduct[] = [];
    for (const input of inputs) {
      const product = this.product(input.productId);
      if (!product) continue;
      const sizes = this.sizes(product.id).filter((s) => !input.sizeId || s.size_id === input.sizeId);
      out.push({
        id: product.id,
        sizes: sizes.map((s) => {
          const lowest = this.lowestPrice30Days(product.id, s.size_id) ?? { gross: s.price_gross, net: s.price_net };
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

  async shippingOptions(productId: number, sizeId: string, quantity: number, region?: string): Promise<ShippingOption[] | null> {
    const size = this.sizes(productId).find((s) => s.size_id === sizeId);
    if (!size) return null;
    return courierOptions(this.couriers(), this.freeShippingFrom, orderWorth(size.price_gross, quantity), size.status === 'order' ? size.shipping_days : 0, region);
  }

  async basketShippingOptions(visitorId: string, region?: string): Promise<ShippingOption[]> {
    const basket = await this.basket(visitorId);
    const lead = basket.products.length
      ? Math.max(
          0,
          ...basket.products.map((line) => {
            const size = this.sizes(line.id).find((s) => s.size_id === line.size);
            return size?.status === 'order' ? size.shipping_days : 0;
          }),
        )
      : 0;
    return courierOptions(this.couriers(), this.freeShippingFrom, basket.worth, lead, region);
  }

  /** The free-shipping threshold (a setting). */
  private get freeShippingFrom(): number {
    return this.settingsNow.freeShippingFrom;
  }

  /** The couriers (settings: defaults when none is stored), prepaid first, by cost. */
  private couriers(): CourierRow[] {
    return sortedCouriers(courierRows(this.settingsNow));
  }

  /* substitutes: SharedReads */

  async instalmentParams(totalPrice: number): Promise<InstalmentParams> {
    return { ...this.settingsNow.instalments, totalPrice: round2(totalPrice) };
  }

  async requestAvailabilityNotice(visitorId: string, notice: { productId: number; sizeId: string; email: string }): Promise<false | { token: string | null }> {
    const size = this.stmt('SELECT 1 FROM sizes WHERE product_id = ? AND size_id = ?').get(notice.productId, notice.sizeId);
    if (!size) return false;
    const { token, hash } = newNoticeToken();
    const email = notice.email.toLowerCase();
    const { toConfirm } = await this.transactionSteps(() => requestNoticeSteps('sqlite', { ...notice, email, visitorId, tokenHash: hash, now: new Date().toISOString() }));
    return { token: toConfirm ? token : null };
  }

  async confirmAvailabilityNotice(token: string): Promise<boolean> {
    return this.transactionSteps(() => confirmNoticeSteps('sqlite', noticeTokenHash(token), new Date().toISOString()));
  }

  /* availabilityNotices: SharedReads */

  async saveContactMessage(visitorId: string, message: ContactMessage, attachments: ContactAttachment[] = []): Promise<number> {
    return this.write(() => {
      this.ensureVisitorRow(visitorId);
      const result = this.stmt('INSERT INTO contact_messages (visitor_id, name, contact, subject, iban, message, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
        visitorId,
        message.name,
        message.contact,
        message.subject,
        message.iban,
        message.message,
        new Date().toISOString(),
      );
      const id = Number(result.lastInsertRowid);
      for (const file of attachments) {
        this.stmt('INSERT INTO contact_attachments (message_id, field, file_name, mime_type, size, content) VALUES (?, ?, ?, ?, ?, ?)').run(
          id,
          file.field,
          file.fileName,
          file.mimeType,
          file.content.length,
          file.content,
        );
      }
      return id;
    });
  }

  /* contactMessage: SharedReads */

  /* ---------------------------------------------------------------- baskets */

  async ensureVisitor(id: string): Promise<void> {
    this.ensureVisitorRow(id);
  }

  /** Synchronous, for use inside a transaction. */
  private ensureVisitorRow(id: string): void {
    this.stmt('INSERT OR IGNORE INTO visitors (id, created_at) VALUES (?, ?)').run(id, new Date().toISOString());
  }

  async basket(visitorId: string): Promise<BasketSummary> {
    return this.basketNow(visitorId);
  }

  /** The visitor's basket as it is now (inside a write: as that write leaves it). */
  private basketNow(visitorId: string): BasketSummary {
    const rows = this.stmt(
      `SELECT l.product_id, l.size_id, l.additional, l.count, p.name, p.slug, p.vat, p.catalog_no, s.name AS size_name, s.price_gross, s.subscription_gross,
         p.unit, p.unit_plural, p.unit_sellby, p.unit_precision, p.min_quantity, p.max_quantity, p.min_size_quantity, p.max_size_quantity, p.min_subscription_quantity,
         p.subscription, p.gratis, p.phone_price, s.stock, s.status, p.type AS product_type, l.vehicle_engine, l.vehicle_label, ${FIRST_PICTURE('l.product_id')}
       FROM basket_lines l JOIN products p ON p.id = l.product_id JOIN sizes s ON s.product_id = l.product_id AND s.size_id = l.size_id
       WHERE l.visitor_id = ? ORDER BY l.added_at, l.product_id`,
    ).all(visitorId) as BasketLineRow[];
    const tiers = (productId: number) => this.stmt('SELECT threshold, value FROM rebates WHERE product_id = ? ORDER BY threshold').all(productId) as { threshold: number; value: number }[];
    // Lines a catalogue import took away: shown as no longer available, in no total.
    const withdrawn = this.stmt(WITHDRAWN_LINES_SQL).all(visitorId) as WithdrawnLineRow[];
    return basketSummary(rows, tiers, this.freeShippingFrom, withdrawn);
  }

  /** The decision is `decideBasketChange` (server/db/basketLimits.ts) over every line of the product, read and written in one immediate transaction. */
  async changeBasket(visitorId: string, change: BasketChange): Promise<BasketChangeResult> {
    // Immediate: the write lock is taken before the basket is read, so two changes of one
    // basket (two tabs, two processes) cannot both pass the limits on the same old lines.
    return this.write((): BasketChangeResult => {
      const product = this.product(change.productId) ?? null;
      const size = product ? (this.sizes(product.id).find((s) => s.size_id === change.sizeId) ?? null) : null;
      const productLines = product
        ? (this.stmt('SELECT size_id AS sizeId, additional, count FROM basket_lines WHERE visitor_id = ? AND product_id = ?').all(visitorId, product.id) as LimitLine[])
        : [];
      const basketLines = (this.stmt('SELECT COUNT(*) AS n FROM basket_lines WHERE visitor_id = ?').get(visitorId) as { n: number }).n;
      const verdict = decideBasketChange({ product, size, productLines, basketLines, change });
      if (!verdict.ok) return verdict;
      if (verdict.count === 0) {
        this.stmt('DELETE FROM basket_lines WHERE visitor_id = ? AND product_id = ? AND size_id = ? AND additional = ?').run(visitorId, change.productId, change.sizeId, change.additional);
        return { ok: true, pendingTracking: this.pendingTrackingCount(visitorId), basket: this.basketNow(visitorId) };
      }
      this.ensureVisitorRow(visitorId);
      this.stmt(
        `INSERT INTO basket_lines (visitor_id, product_id, size_id, additional, count, added_at, vehicle_engine, vehicle_label) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (visitor_id, product_id, size_id, additional) DO UPDATE SET count = excluded.count,
           vehicle_engine = COALESCE(excluded.vehicle_engine, vehicle_engine), vehicle_label = COALESCE(excluded.vehicle_label, vehicle_label)`,
      ).run(visitorId, change.productId, change.sizeId, change.additional, verdict.count, new Date().toISOString(), change.vehicle?.engineId ?? null, change.vehicle?.label ?? null);
      // A change to the basket is what the shop's analytics want to hear about.
      this.stmt('UPDATE visitors SET pending_tracking = pending_tracking + 1 WHERE id = ?').run(visitorId);
      // The events now waiting, for the answer's header, and the basket after the change (read here, in the change's transaction).
      return { ok: true, pendingTracking: this.pendingTrackingCount(visitorId), basket: this.basketNow(visitorId) };
    });
  }

  async removeFromBasket(visitorId: string, lines: Array<{ id: number; size: string; additional: string }>): Promise<number> {
    return this.write(() => {
      let removed = 0;
      for (const line of lines) {
        const key = [visitorId, line.id, line.size, line.additional];
        removed += this.stmt('DELETE FROM basket_lines WHERE visitor_id = ? AND product_id = ? AND size_id = ? AND additional = ?').run(...key).changes;
        // A withdrawn line (no longer sold) goes too: the shopper dismissed it.
        removed += this.stmt('DELETE FROM basket_lines_withdrawn WHERE visitor_id = ? AND product_id = ? AND size_id = ? AND additional = ?').run(...key).changes;
      }
      return removed;
    });
  }

  /* wishlistCount, pendingTrackingEvents: SharedReads */

  /* ---------------------------------------------------------------- catalogue writes */

  async updateProduct(id: number, change: ProductChange): Promise<boolean> {
    const changed = await this.write(() => {
      if (!this.stmt('SELECT 1 FROM products WHERE id = ?').get(id)) return false;
      if (change.price !== undefined) {
        // The net price keeps its ratio to the gross one (the product's VAT).
        this.stmt('UPDATE sizes SET price_net = ROUND(CASE WHEN price_gross > 0 THEN price_net * ? / price_gross ELSE ? END, 2), price_gross = ? WHERE product_id = ?').run(change.price, change.price, change.price, id);
      }
      if (change.stock !== undefined) this.stmt(`UPDATE sizes SET stock = ?, status = ${STATUS_AFTER_STOCK} WHERE product_id = ?`).run(change.stock, change.stock, change.stock, id);
      if (change.name !== undefined) this.stmt('UPDATE products SET name = ? WHERE id = ?').run(change.name, id);
      this.logCatalogueChange(id);
      return true;
    });
    if (changed) this.counts.clear();
    return changed;
  }

  async catalogueReplaced(): Promise<void> {
    await this.write(() => this.logCatalogueChange(null));
    this.counts.clear();
  }

  async catalogueWriter(): Promise<{ db: CatalogueDb; close(): Promise<void> }> {
    return { db: sqliteCatalogueDb(this.db), close: async () => this.counts.clear() };
  }

  private logCatalogueChange(productId: number | null): void {
    const now = Date.now();
    this.stmt('INSERT INTO catalogue_changes (product_id, changed_at) VALUES (?, ?)').run(productId, now);
    this.stmt('DELETE FROM catalogue_changes WHERE changed_at < ?').run(now - 60_000);
  }

  watchCatalogue(listener: (products: number[] | 'all') => void): () => Promise<void> {
    const last = () => (this.stmt('SELECT COALESCE(MAX(id), 0) AS id FROM catalogue_changes').get() as { id: number }).id;
    let seen = last();
    const timer = setInterval(() => {
      try {
        const rows = this.stmt('SELECT id, product_id FROM catalogue_changes WHERE id > ? ORDER BY id').all(seen) as Array<{ id: number; product_id: number | null }>;
        if (rows.length === 0) return;
        seen = rows[rows.length - 1].id;
        // Another process changed the catalogue: this process's counts go too.
        this.counts.clear();
        if (rows.some((row) => row.product_id === null)) {
          // The whole catalogue: its names first, then whatever was drawn from the old one goes.
          this.loadSmallTables();
          listener('all');
        }
        else listener([...new Set(rows.map((row) => row.product_id!))]);
      } catch {
        /* the database is busy or closing: the next tick reads again */
      }
    }, CATALOGUE_POLL_MS);
    timer.unref();
    return async () => clearInterval(timer);
  }

  private pendingTrackingCount(visitorId: string): number {
    return (this.stmt('SELECT pending_tracking FROM visitors WHERE id = ?').get(visitorId) as { pending_tracking: number } | undefined)?.pending_tracking ?? 0;
  }

  async takeTrackingEvents(visitorId: string): Promise<string[]> {
    return this.write(() => {
      const pending = this.pendingTrackingCount(visitorId);
      this.stmt('UPDATE visitors SET pending_tracking = 0 WHERE id = ?').run(visitorId);
      return trackingEvents(pending);
    });
  }
}
