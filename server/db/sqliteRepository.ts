import type Database from 'better-sqlite3';
import {
  AXIS,
  ONE_SIZE,
  TRAIT,
  type AwardedParameter,
  type BasketProduct,
  type BasketSummary,
  type BrakeProduct,
  type EngineNode,
  type InstalmentParams,
  type ListingProduct,
  type ListingResponse,
  type LowestPriceProduct,
  type ProductPageData,
  type ProductSizeData,
  type ProductTrait,
  type ProductType,
  type ShippingOption,
  type SizeAvailability,
  type SizePrices,
  type SubstituteEntry,
  type TextSearchResult,
} from '../../src/api/wire';
import { SUBSCRIPTION_ADDITIONAL } from '../../src/api/wire';
import { ZIP_RANGES } from '../../src/domain/zipRanges';

/** Delivery regions of the zip ranges (islands): a surcharge and two more days. */
const REMOTE_REGIONS = new Set(ZIP_RANGES.flatMap((country) => country.items.map((item) => item.zipcode)));
const REMOTE_SURCHARGE = 12;
const REMOTE_EXTRA_DAYS = 2;
import { formatPrice } from '../../src/domain/priceMask';
import { quantityAllowed, quantityBounds } from '../../src/domain/quantity';
import { foldText } from '../../src/domain/searchText';
import { productLink } from '../text';
import type { BasketChange, BasketChangeResult, BrakeProductFilter, ContactMessage, ListingFilter, ShopRepository } from './repository';
import { TtlCache } from './ttlCache';

interface ProductRow {
  id: number;
  name: string;
  slug: string;
  type: ProductType;
  category_id: number;
  subcategory_id: number | null;
  axis_id: number | null;
  producer_id: number;
  series_id: number | null;
  catalog_no: string;
  short_description: string;
  unit: string;
  unit_plural: string;
  unit_sellby: number;
  unit_precision: number;
  for_points: number;
  min_quantity: number | null;
  max_quantity: number | null;
  min_size_quantity: number | null;
  max_size_quantity: number | null;
  min_subscription_quantity: number | null;
  subscription: number;
  phone_price: number;
  gratis: number;
  vat: number;
}

interface SizeRow {
  product_id: number;
  size_id: string;
  name: string;
  stock: number;
  status: string;
  delivery_unknown: number;
  shipping_days: number;
  shipping_cost: number;
  price_gross: number;
  price_net: number;
  srp_gross: number | null;
  maxprice_gross: number | null;
  advance_gross: number | null;
  subscription_gross: number | null;
  points: number;
  points_recive: number;
  basket_enable: number;
}

type CompatibleEngine = { brand: string; model: string; generation: string; engine: string; engineId: number };

const round2 = (n: number) => Math.round(n * 100) / 100;
const net = (gross: number, vat: number) => round2(gross / (1 + vat / 100));
const STATUS_TEXT: Record<string, string> = {
  enable: 'Disponibile',
  order: 'Su ordinazione',
  disable: 'Non disponibile',
};
const AXIS_NAMES: Record<number, string> = { [AXIS.front]: 'Asse anteriore', [AXIS.rear]: 'Asse posteriore' };
const PAGE_SIZE_MAX = 96;
/** How long a write waits for another process's write lock, and how long a read may wait (see open.ts). */
const WRITE_WAIT_MS = 5000;
const BUSY_TIMEOUT_MS = 5000;

/**
 * The shop's storage on SQLite (better-sqlite3): every query parameterised. Several server
 * processes may share the file (WORKERS): WAL lets readers run beside the one writer, every
 * write is an IMMEDIATE transaction (it takes the write lock first, so it never fails to
 * upgrade a read lock) and waits for the lock without blocking its process (see write()).
 */
export class SqliteShopRepository implements ShopRepository {
  private readonly statements = new Map<string, Database.Statement>();
  /** Listing totals and facet counts per filter (see cachedCount). */
  private readonly counts = new TtlCache<string, unknown>(1000, 60_000);
  private readonly freeShippingFrom: number;
  private readonly categoryNames: Map<number, string>;
  private readonly producerNames: Map<number, string>;
  private readonly smallTables: {
    producers: Array<{ id: number; name: string; folded: string }>;
    series: Array<{ id: number; name: string; folded: string }>;
    menuNodes: Array<{ name: string; link: string; breadcrumbs: string[]; folded: string }>;
    cms: Array<{ name: string; link: string; folded: string }>;
    queries: Array<{ name: string; folded: string }>;
  };

  constructor(private readonly db: Database.Database) {
    this.freeShippingFrom = Number(this.setting('free_shipping_from') ?? 79);
    this.categoryNames = new Map((db.prepare('SELECT id, name FROM categories').all() as { id: number; name: string }[]).map((r) => [r.id, r.name]));
    this.producerNames = new Map((db.prepare('SELECT id, name FROM producers').all() as { id: number; name: string }[]).map((r) => [r.id, r.name]));
    const fold = <T extends { name: string }>(rows: T[]) => rows.map((r) => ({ ...r, folded: foldText(r.name) }));
    this.smallTables = {
      producers: fold(db.prepare('SELECT id, name FROM producers ORDER BY name').all() as { id: number; name: string }[]),
      series: fold(db.prepare('SELECT id, name FROM series ORDER BY name').all() as { id: number; name: string }[]),
      menuNodes: (db.prepare('SELECT name, link, breadcrumbs FROM menu_nodes ORDER BY id').all() as { name: string; link: string; breadcrumbs: string }[]).map(
        (r) => ({ name: r.name, link: r.link, breadcrumbs: JSON.parse(r.breadcrumbs) as string[], folded: foldText(r.name) }),
      ),
      cms: fold(db.prepare('SELECT name, link FROM cms_pages ORDER BY id').all() as { name: string; link: string }[]),
      queries: fold(db.prepare('SELECT name FROM search_queries ORDER BY hits DESC').all() as { name: string }[]),
    };
  }

  /** A prepared statement, kept for the next call with the same SQL (the 2,000 most recent). */
  private stmt(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
      if (this.statements.size > 2000) this.statements.delete(this.statements.keys().next().value as string);
    }
    return statement;
  }

  /**
   * A write transaction (BEGIN IMMEDIATE). When another process holds the write lock, it is
   * tried again after a pause of a millisecond or two, up to WRITE_WAIT_MS, without blocking
   * this process: SQLite's own busy wait sleeps the whole process (every request in it) in
   * steps of up to 100 ms, and under steady writes from another process it can lose the
   * race for seconds.
   */
  private async write<T>(fn: () => T): Promise<T> {
    const transaction = this.db.transaction(fn);
    const deadline = Date.now() + WRITE_WAIT_MS;
    for (let attempt = 0; ; attempt++) {
      this.stmt('PRAGMA busy_timeout = 0').get();
      try {
        return transaction.immediate();
      } catch (error) {
        if (!String((error as { code?: string }).code).startsWith('SQLITE_BUSY') || Date.now() > deadline) throw error;
      } finally {
        this.stmt(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`).get();
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(1 + attempt / 4, 5) * Math.random()));
    }
  }

  async ping(): Promise<void> {
    this.stmt('SELECT 1 FROM schema_migrations LIMIT 1').get();
  }

  private setting(key: string): string | undefined {
    return (this.stmt('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined)?.value;
  }

  /* ---------------------------------------------------------------- vehicles */

  async brands(): Promise<Array<[number, string]>> {
    return (this.stmt('SELECT id, name FROM brands ORDER BY name').all() as { id: number; name: string }[]).map((r) => [r.id, r.name]);
  }
  async models(brandId: number): Promise<Array<[number, string]>> {
    return (this.stmt('SELECT id, name FROM models WHERE brand_id = ? ORDER BY name').all(brandId) as { id: number; name: string }[]).map((r) => [r.id, r.name]);
  }
  async generations(modelId: number): Promise<Array<[number, string]>> {
    return (this.stmt('SELECT id, name FROM generations WHERE model_id = ? ORDER BY year_from').all(modelId) as { id: number; name: string }[]).map((r) => [r.id, r.name]);
  }
  async engines(generationId: number): Promise<Array<[number, string]>> {
    return (this.stmt('SELECT id, name FROM engines WHERE generation_id = ? ORDER BY cv').all(generationId) as { id: number; name: string }[]).map((r) => [r.id, r.name]);
  }

  /** Nested brand > model > generation > engine in the { n, c } shape, optionally for one initial. */
  async engineTree(letter?: string): Promise<EngineNode[]> {
    const rows = this.stmt(
      `SELECT b.name AS brand, m.name AS model, g.name AS generation, e.id AS engine_id, e.name AS engine
       FROM engines e JOIN generations g ON g.id = e.generation_id JOIN models m ON m.id = g.model_id JOIN brands b ON b.id = m.brand_id
       ORDER BY b.name, m.name, g.year_from, e.cv`,
    ).all() as { brand: string; model: string; generation: string; engine_id: number; engine: string }[];
    const tree: EngineNode[] = [];
    const child = (list: EngineNode[], name: string) => {
      let node = list[list.length - 1];
      if (!node || node.n !== name) list.push((node = { n: name, c: [] }));
      return node.c!;
    };
    for (const row of rows) {
      if (letter && foldText(row.brand).charAt(0) !== letter) continue;
      child(child(child(tree, row.brand), row.model), row.generation).push({ n: row.engine, id: row.engine_id });
    }
    return tree;
  }

  async brandInitials(): Promise<EngineNode[]> {
    const initials = new Map<string, string[]>();
    for (const [, name] of await this.brands()) {
      const letter = foldText(name).charAt(0);
      initials.set(letter, [...(initials.get(letter) ?? []), name]);
    }
    return [...initials].map(([letter, names]) => ({ n: letter, c: names.map((n) => ({ n })) }));
  }

  /* ---------------------------------------------------------------- listing */

  /**
   * The WHERE of a listing filter; every restriction reads an index. The vehicle, code, promo
   * and text filters come in two forms: as `p.id IN (...)` sets (the default), which the
   * planner can start from when they are selective, or as per-product checks (`correlated`)
   * for a walk along an ordering index that stops after one page.
   */
  private where(filter: ListingFilter, options: { skip?: 'category' | 'axis' | 'producer' | 'text'; correlated?: boolean } = {}): { sql: string; params: unknown[] } {
    const { skip, correlated = false } = options;
    const clauses: string[] = [];
    const params: unknown[] = [];
    /** `p.id IN (SELECT <product> FROM <from> WHERE <condition>)`, or the same as an EXISTS on the product. */
    const productIn = (product: string, from: string, condition: string) =>
      correlated ? `EXISTS (SELECT 1 FROM ${from} WHERE ${product} = p.id AND ${condition})` : `p.id IN (SELECT ${product} FROM ${from} WHERE ${condition})`;
    if (filter.category !== undefined && skip !== 'category') {
      clauses.push('p.category_id = ?');
      params.push(filter.category);
    }
    if (filter.subCategory !== undefined) {
      clauses.push('p.subcategory_id = ?');
      params.push(filter.subCategory);
    }
    if (filter.axis !== undefined && skip !== 'axis') {
      clauses.push('p.axis_id = ?');
      params.push(filter.axis);
    }
    if (filter.producer !== undefined && skip !== 'producer') {
      clauses.push('p.producer_id = ?');
      params.push(filter.producer);
    }
    if (filter.engine !== undefined) {
      clauses.push(productIn('f.product_id', 'fitments f', 'f.engine_id = ?'));
      params.push(filter.engine);
    } else if (filter.generation !== undefined) {
      clauses.push(productIn('f.product_id', 'fitments f JOIN engines e ON e.id = f.engine_id', 'e.generation_id = ?'));
      params.push(filter.generation);
    } else if (filter.model !== undefined) {
      clauses.push(productIn('f.product_id', 'fitments f JOIN engines e ON e.id = f.engine_id JOIN generations g ON g.id = e.generation_id', 'g.model_id = ?'));
      params.push(filter.model);
    } else if (filter.brand !== undefined) {
      clauses.push(
        productIn('f.product_id', 'fitments f JOIN engines e ON e.id = f.engine_id JOIN generations g ON g.id = e.generation_id JOIN models m ON m.id = g.model_id', 'm.brand_id = ?'),
      );
      params.push(filter.brand);
    }
    if (filter.replacementCode !== undefined) {
      clauses.push(productIn('pp.product_id', 'product_params pp', 'pp.value_id = ?'));
      params.push(filter.replacementCode);
    }
    if (filter.discounted) {
      // The set form matches the partial index sizes_discounted word for word.
      clauses.push(productIn('ds.product_id', 'sizes ds', "ds.srp_gross > ds.price_gross AND ds.price_gross > 0 AND ds.status <> 'disable'"));
    }
    if (filter.text && skip !== 'text') {
      const match = ftsQuery(filter.text);
      if (match) {
        clauses.push('p.id IN (SELECT d.product_id FROM product_search fts JOIN search_docs d ON d.doc = fts.rowid WHERE product_search MATCH ?)');
        params.push(match);
      } else {
        clauses.push('0');
      }
    }
    return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
  }

  /**
   * A count over the filtered catalogue, kept a minute per filter: facet counts and totals are
   * asked for again with every page and sort, and the catalogue does not change while shopping.
   */
  private cachedCount<T>(kind: string, filter: ListingFilter, compute: () => T): T {
    return this.counts.getOrSet(`${kind}|${facetKey(filter)}`, compute) as T;
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
      const { sql, params } = this.where(filter, { skip: 'producer' });
      return (
        this.stmt(`SELECT p.producer_id AS id, COUNT(*) AS n FROM products p ${sql} GROUP BY p.producer_id ORDER BY n DESC, p.producer_id`).all(...params) as {
          id: number;
          n: number;
        }[]
      ).map((r) => [r.id, this.producerNames.get(r.id) ?? '', r.n] as [number, string, number]);
    });
  }

  private listingTotal(filter: ListingFilter): number {
    return this.cachedCount('total', filter, () => {
      const { sql, params } = this.where(filter);
      return (this.stmt(`SELECT COUNT(*) AS n FROM products p ${sql}`).get(...params) as { n: number }).n;
    });
  }

  /**
   * One page of a listing's product ids, read in an order an index gives, so only a page of
   * rows is ever read in full:
   * - text, by popularity: the text index's own order is popularity order (see the schema);
   * - a filter that keeps many products: a walk along the sort's index (category and
   *   popularity, name or first-size price), checking each product, stopping after the page;
   * - a filter that keeps few: those few found through their index, then sorted.
   * Which of the last two costs less follows from the (cached) counts: a walk reads about
   * (offset + size) x catalogue / matches index entries, a sort reads every match.
   */
  private listingIds(filter: ListingFilter, size: number, offset: number): number[] {
    const sort = filter.sort ?? 'popular';
    const ids = (sql: string, params: unknown[]) => (this.stmt(sql).all(...params, size, offset) as { id: number }[]).map((r) => r.id);
    const and = (where: string) => (where ? `AND ${where.slice('WHERE '.length)}` : '');
    if (filter.text && sort === 'popular') {
      const match = ftsQuery(filter.text);
      if (!match) return [];
      const { sql, params } = this.where(filter, { skip: 'text' });
      return ids(
        `SELECT p.id FROM product_search fts JOIN search_docs d ON d.doc = fts.rowid JOIN products p ON p.id = d.product_id
         JOIN sizes s ON s.product_id = p.id AND s.position = 0 WHERE product_search MATCH ? ${and(sql)} ORDER BY fts.rowid LIMIT ? OFFSET ?`,
        [match, ...params],
      );
    }
    const order =
      sort === 'price_asc' ? 'p.first_price ASC, p.id' : sort === 'price_desc' ? 'p.first_price DESC, p.id' : sort === 'name' ? 'p.name COLLATE NOCASE, p.id' : 'p.popularity DESC, p.id';
    const matches = this.listingTotal(filter);
    const walk = matches * matches > (offset + size) * this.listingTotal({});
    if (!walk) {
      const { sql, params } = this.where(filter);
      return ids(`SELECT p.id FROM products p JOIN sizes s ON s.product_id = p.id AND s.position = 0 ${sql} ORDER BY ${order} LIMIT ? OFFSET ?`, params);
    }
    const { sql, params } = this.where(filter, { correlated: true });
    const byCategory = filter.category !== undefined;
    const index =
      sort === 'price_asc'
        ? byCategory ? 'products_category_price' : 'products_price'
        : sort === 'price_desc'
          ? byCategory ? 'products_category_price_desc' : 'products_price_desc'
          : sort === 'name'
            ? byCategory ? 'products_category_name' : 'products_name'
            : byCategory ? 'products_category_popular' : filter.subCategory !== undefined ? 'products_subcategory' : 'products_popular';
    return ids(`SELECT p.id FROM products p INDEXED BY ${index} JOIN sizes s ON s.product_id = p.id AND s.position = 0 ${sql} ORDER BY ${order} LIMIT ? OFFSET ?`, params);
  }

  async listing(filter: ListingFilter, page: number, pageSize: number): Promise<ListingResponse> {
    const size = Math.min(Math.max(pageSize, 1), PAGE_SIZE_MAX);
    const ids = this.listingIds(filter, size, (page - 1) * size);
    const fetched = ids.length
      ? (this
          .stmt(
            `SELECT p.*, s.size_id, s.price_gross, s.status, s.stock, (SELECT COUNT(*) FROM sizes z WHERE z.product_id = p.id) AS size_count,
               ${filter.vehicle !== undefined ? 'p.id IN (SELECT f.product_id FROM fitments f WHERE f.engine_id = ?)' : '0'} AS fits
             FROM products p JOIN sizes s ON s.product_id = p.id AND s.position = 0
             WHERE p.id IN (${ids.map(() => '?').join(',')})`,
          )
          .all(...(filter.vehicle !== undefined ? [filter.vehicle] : []), ...ids) as Array<
          ProductRow & { size_id: string; price_gross: number; status: string; stock: number; size_count: number; fits: number }
        >)
      : [];
    const byId = new Map(fetched.map((r) => [r.id, r]));
    const rows = ids.map((id) => byId.get(id)!).filter(Boolean);
    // A list adds 1 of the only size: only where 1 is a valid order the shopper needs no choice for.
    const listSize = (r: (typeof rows)[number]): string | null => {
      const oneIsValid = r.unit_sellby === 1 && !(r.min_quantity && r.min_quantity > 1) && !(r.min_size_quantity && r.min_size_quantity > 1);
      const buyable = r.status !== 'disable' && !r.gratis && r.price_gross > 0 && (r.status === 'order' || r.stock !== 0);
      return r.size_count === 1 && oneIsValid && buyable ? r.size_id : null;
    };
    const products: ListingProduct[] = rows.map((r) => ({
      id: r.id,
      name: r.name,
      link: productLink(r.id, r.slug),
      icon: `/data/gfx/products/${r.id}.svg`,
      versionName: `${r.catalog_no}#${r.id}`,
      producer: this.producerNames.get(r.producer_id) ?? '',
      category: { id: r.category_id, name: this.categoryNames.get(r.category_id) ?? '' },
      axis: r.axis_id ? { id: r.axis_id, name: AXIS_NAMES[r.axis_id] ?? '' } : null,
      price: { value: r.price_gross, currency: 'EUR', formatted: formatPrice(r.price_gross) },
      price_net: { value: net(r.price_gross, r.vat), currency: 'EUR', formatted: formatPrice(net(r.price_gross, r.vat)) },
      status: r.status,
      status_description: STATUS_TEXT[r.status] ?? r.status,
      fits: filter.engine !== undefined || r.fits === 1,
      listSize: listSize(r),
    }));
    return {
      products,
      total: this.listingTotal(filter),
      page,
      pageSize: size,
      categories: await this.categoryCounts(filter),
      producers: this.producerCounts(filter),
      query: {},
    };
  }

  /* ---------------------------------------------------------------- products */

  async productExists(id: number): Promise<boolean> {
    return this.stmt('SELECT 1 FROM products WHERE id = ?').get(id) !== undefined;
  }

  async productCategory(id: number): Promise<number | null> {
    return (this.stmt('SELECT category_id FROM products WHERE id = ?').get(id) as { category_id: number } | undefined)?.category_id ?? null;
  }

  private product(id: number): ProductRow | undefined {
    return this.stmt('SELECT * FROM products WHERE id = ?').get(id) as ProductRow | undefined;
  }

  private sizes(id: number): SizeRow[] {
    return this.stmt('SELECT * FROM sizes WHERE product_id = ? ORDER BY position').all(id) as SizeRow[];
  }

  private awardedParameters(id: number): AwardedParameter[] {
    return this.awardedParametersOf([id]).get(id) ?? [];
  }

  /** Awarded parameters of many products in one query (parameters by id, values by name). */
  private awardedParametersOf(ids: number[]): Map<number, AwardedParameter[]> {
    const byProduct = new Map<number, AwardedParameter[]>();
    if (!ids.length) return byProduct;
    const rows = this
      .stmt(
        `SELECT pp.product_id, v.param_id, v.param_name, v.id, v.name FROM product_params pp JOIN param_values v ON v.id = pp.value_id
         WHERE pp.product_id IN (${ids.map(() => '?').join(',')}) ORDER BY pp.product_id, v.param_id, v.name`,
      )
      .all(...ids) as { product_id: number; param_id: number; param_name: string; id: number; name: string }[];
    for (const row of rows) {
      let params = byProduct.get(row.product_id);
      if (!params) byProduct.set(row.product_id, (params = []));
      let param = params[params.length - 1];
      if (!param || param.id !== row.param_id) params.push((param = { id: row.param_id, name: row.param_name, values: [] }));
      param.values.push({ id: row.id, name: row.name });
    }
    return byProduct;
  }

  private compatibleEngines(id: number): CompatibleEngine[] {
    return this.compatibleEnginesOf([id]).get(id) ?? [];
  }

  /** The engines each product fits, for many products in one query. */
  private compatibleEnginesOf(ids: number[]): Map<number, CompatibleEngine[]> {
    const byProduct = new Map<number, CompatibleEngine[]>();
    if (!ids.length) return byProduct;
    const rows = this
      .stmt(
        `SELECT f.product_id, b.name AS brand, m.name AS model, g.name AS generation, e.name AS engine, e.id AS engineId
         FROM fitments f JOIN engines e ON e.id = f.engine_id JOIN generations g ON g.id = e.generation_id
         JOIN models m ON m.id = g.model_id JOIN brands b ON b.id = m.brand_id
         WHERE f.product_id IN (${ids.map(() => '?').join(',')}) ORDER BY f.product_id, b.name, m.name, g.year_from, e.cv, e.id`,
      )
      .all(...ids) as Array<CompatibleEngine & { product_id: number }>;
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

  /** HTML: product info table, replacement list, engine list (grouped brand > generation > engine). */
  private longDescription(product: ProductRow, params: AwardedParameter[], engines: CompatibleEngine[]): string {
    const esc = escapeHtml;
    const info = params
      .filter((p) => p.id !== TRAIT.replacementCode)
      .map((p) => `<tr><th scope="row">${esc(p.name)}</th><td>${esc(p.values.map((v) => v.name).join(', '))}</td></tr>`)
      .join('');
    const codes = params.find((p) => p.id === TRAIT.replacementCode)?.values ?? [];
    const groups = new Map<string, Map<string, string[]>>();
    for (const e of engines) {
      const brand = groups.get(e.brand) ?? new Map<string, string[]>();
      groups.set(e.brand, brand);
      const generation = `${e.model} ${e.generation.replace(`${e.model} `, '')}`;
      brand.set(generation, [...(brand.get(generation) ?? []), e.engine]);
    }
    const engineList = [...groups]
      .map(
        ([brand, gens]) =>
          `<li>${esc(brand)}<ul>${[...gens].map(([gen, list]) => `<li>${esc(gen)}<ul>${list.map((engine) => `<li>${esc(engine)}</li>`).join('')}</ul></li>`).join('')}</ul></li>`,
      )
      .join('');
    return (
      `<p>${esc(product.short_description || product.name)}</p>` +
      `<h3>Informazioni sul prodotto</h3><table class="product-info"><tbody><tr><th scope="row">Produttore</th><td>${esc(this.producerNames.get(product.producer_id) ?? '')}</td></tr>` +
      `<tr><th scope="row">Codice catalogo</th><td>${esc(product.catalog_no)}</td></tr>${info}</tbody></table>` +
      (codes.length ? `<h3>Codici di ricambio</h3><ul class="replacement-list">${codes.map((c) => `<li>${esc(c.name)}</li>`).join('')}</ul>` : '') +
      (engineList ? `<h3 class="engine-list-title">Motori compatibili</h3><ul class="engine-list">${engineList}</ul>` : '')
    );
  }

  private lowestPrice30Days(productId: number, sizeId: string): { gross: number; net: number } | null {
    const row = this.stmt(
      "SELECT MIN(price_gross) AS gross, MIN(price_net) AS net FROM price_history WHERE product_id = ? AND size_id = ? AND day >= date('now', '-30 days')",
    ).get(productId, sizeId) as { gross: number | null; net: number | null };
    return row.gross === null ? null : { gross: row.gross, net: row.net ?? 0 };
  }

  private sizePrices(product: ProductRow, size: SizeRow, mode: 'normal' | 'subscription'): SizePrices {
    const gross = mode === 'subscription' && size.subscription_gross !== null ? size.subscription_gross : size.price_gross;
    const vat = product.vat;
    const omnibus = this.lowestPrice30Days(product.id, size.size_id) ?? { gross, net: net(gross, vat) };
    const srp = size.srp_gross ?? 0;
    const yousave = srp > gross ? round2(srp - gross) : 0;
    const rebates = this.stmt('SELECT threshold, threshold_end, value FROM rebates WHERE product_id = ? ORDER BY threshold').all(product.id) as {
      threshold: number;
      threshold_end: number | null;
      value: number;
    }[];
    const money = (value: number) => formatPrice(value);
    const prices: SizePrices = {
      value: gross,
      price_formatted: money(gross),
      price_net: net(gross, vat),
      price_net_formatted: money(net(gross, vat)),
      maxprice: size.maxprice_gross ?? 0,
      maxprice_formatted: money(size.maxprice_gross ?? 0),
      maxprice_net: net(size.maxprice_gross ?? 0, vat),
      maxprice_net_formatted: money(net(size.maxprice_gross ?? 0, vat)),
      omnibus_price: omnibus.gross,
      omnibus_price_formatted: money(omnibus.gross),
      omnibus_price_net: omnibus.net,
      omnibus_price_net_formatted: money(omnibus.net),
      srp,
      srp_formatted: money(srp),
      srp_net: net(srp, vat),
      srp_net_formatted: money(net(srp, vat)),
      points: size.points,
      points_recive: size.points_recive,
      rebate: 0,
      yousave,
      yousave_formatted: money(yousave),
      yousave_net: net(yousave, vat),
      yousave_percent: srp > gross ? Math.round((yousave / srp) * 100) : 0,
      advanceprice: size.advance_gross ?? 0,
      advanceprice_formatted: money(size.advance_gross ?? 0),
      basket_enable: size.basket_enable ? 'y' : 'n',
    };
    if (rebates.length) {
      prices.rebates = rebates.map((r) => ({ threshold: r.threshold, threshold_end: r.threshold_end ?? 0, value: r.value }));
      const first = rebates[0];
      const nextPrice = round2(gross * (1 - first.value / 100));
      prices.rebateNumber = {
        items: rebates.map((r) => ({ left: r.threshold, price: round2(gross * (1 - r.value / 100)), price_net: net(gross * (1 - r.value / 100), vat), threshold: r.threshold })),
        nextleft: first.threshold - 1,
        nextprice: nextPrice,
        nextprice_net: net(nextPrice, vat),
        nextthreshold: first.threshold,
      };
    }
    return prices;
  }

  private availability(product: ProductRow, size: SizeRow, now = new Date()): SizeAvailability {
    const unknown = size.delivery_unknown === 1;
    const days = size.status === 'enable' && size.stock !== 0 ? size.shipping_days : size.shipping_days;
    const beforeCutoff = now.getHours() < 14;
    const shipDate = new Date(now.getTime() + days * 86_400_000);
    const virtual = product.type === 'product_virtual' || product.type === 'product_service';
    return {
      visible: 'y',
      status: size.status,
      status_description: STATUS_TEXT[size.status] ?? size.status,
      status_description_tel: 'Skontaktuj się z nami',
      status_gfx: `/data/gfx/status/${size.status}.svg`,
      status_gfx_tel: '/data/gfx/status/tel.svg',
      delivery_days_undefined: unknown ? 'true' : 'false',
      delivery_date: unknown || virtual ? '' : shipDate.toISOString().slice(0, 10),
      shipping_time: {
        days,
        hours: 0,
        minutes: 0,
        week_day: shipDate.getDay(),
        week_amount: Math.floor(days / 7),
        today: days <= 1 && beforeCutoff && size.status === 'enable' ? 'true' : 'false',
        time: shipDate.toISOString().slice(0, 10),
        today_shipment_deadline: '14:00',
        unknown_time: unknown ? 'true' : 'false',
      },
      delay_time: { unknown_delivery_time: unknown ? 'true' : 'false' },
    };
  }

  async productPage(id: number): Promise<ProductPageData | null> {
    const product = this.product(id);
    if (!product) return null;
    const params = this.awardedParameters(id);
    const sizes: Record<string, ProductSizeData> = {};
    const bundleTotal =
      product.type === 'product_bundle'
        ? (this.stmt(
            'SELECT SUM(s.price_gross * b.quantity) AS total FROM bundle_items b JOIN sizes s ON s.product_id = b.product_id AND s.position = 0 WHERE b.bundle_id = ?',
          ).get(id) as { total: number | null }).total
        : null;
    for (const size of this.sizes(id)) {
      const data: ProductSizeData = {
        type: size.size_id,
        name: size.name,
        amount: size.stock,
        availability: this.availability(product, size),
        delivery: {
          shipping: size.shipping_cost,
          shipping_formatted: formatPrice(size.shipping_cost),
          undefined: product.type === 'product_virtual' || product.type === 'product_service' ? 'true' : 'false',
        },
        price: this.sizePrices(product, size, 'normal'),
        phone_price: product.phone_price === 1,
        gratis: product.gratis === 1,
      };
      if (product.subscription) {
        data.price_normal = data.price;
        data.price_subscription = this.sizePrices(product, size, 'subscription');
      }
      if (bundleTotal) {
        const diff = round2(bundleTotal - size.price_gross);
        data.bundle_price = {
          price_gross: bundleTotal,
          price_gross_formatted: formatPrice(bundleTotal),
          price_net: net(bundleTotal, product.vat),
          price_net_formatted: formatPrice(net(bundleTotal, product.vat)),
          percent_diff: Math.round((diff / bundleTotal) * 100),
          amount_diff_gross: diff,
          amount_diff_net: net(diff, product.vat),
        };
      }
      sizes[size.size_id] = data;
    }
    return {
      product_id: product.id,
      product_type: product.type,
      name: product.name,
      link: productLink(product.id, product.slug),
      icon: `/data/gfx/products/${product.id}.svg`,
      longDescription: this.longDescription(product, params, this.compatibleEngines(product.id)),
      shortDescription: product.short_description,
      producer: { id: product.producer_id, name: this.producerNames.get(product.producer_id) ?? '' },
      category: { id: product.category_id, name: this.categoryNames.get(product.category_id) ?? '' },
      versionName: `${product.catalog_no}#${product.id}`,
      currency: 'EUR',
      unit: product.unit,
      unit_plural: product.unit_plural,
      unit_sellby: product.unit_sellby,
      unit_precision: product.unit_precision,
      for_points: product.for_points === 1,
      price_type: 'gross',
      order_quantity_range: {
        max_quantity_per_order: product.max_quantity,
        max_size_quantity_per_order: product.max_size_quantity,
        min_quantity_per_order: product.min_quantity,
        min_size_quantity_per_order: product.min_size_quantity,
        minimum_quantity_subscription: product.min_subscription_quantity,
      },
      sizes,
      awardedParameters: params,
      subscription: product.subscription === 1,
    };
  }

  async traits(id: number): Promise<ProductTrait[] | null> {
    const product = this.product(id);
    if (!product) return null;
    const engines = this.compatibleEngines(id);
    const html = engines.map((e) => `<li>${escapeHtml(`${e.brand} ${e.model} ${e.generation.replace(`${e.model} `, '')} ${e.engine}`)}</li>`).join('');
    return [
      { groupid: TRAIT.category, description: escapeHtml(this.categoryNames.get(product.category_id) ?? '') },
      { groupid: TRAIT.engine, description: html ? `<ul>${html}</ul>` : '' },
      { groupid: TRAIT.engineCompat, description: html ? `<ul>${html}</ul>` : '' },
    ];
  }

  async brakeProducts(filter: BrakeProductFilter): Promise<BrakeProduct[]> {
    const clauses: string[] = [];
    const params: unknown[] = [];
    if (filter.productIds?.length) {
      clauses.push(`p.id IN (${filter.productIds.map(() => '?').join(',')})`);
      params.push(...filter.productIds);
    }
    if (filter.replacementCodes?.length) {
      clauses.push(`p.id IN (SELECT product_id FROM product_params WHERE value_id IN (${filter.replacementCodes.map(() => '?').join(',')}))`);
      params.push(...filter.replacementCodes);
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
    if (!clauses.length) return [];
    const rows = this
      .stmt(`SELECT p.* FROM products p WHERE ${clauses.join(' AND ')} ORDER BY p.popularity DESC, p.id LIMIT ?`)
      .all(...params, Math.min(Math.max(filter.limit, 1), 50)) as ProductRow[];
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
        icon: `/data/gfx/products/${product.id}.svg`,
        longDescription: this.longDescription(product, params, enginesOf.get(product.id) ?? []),
        price: { price: { gross: { value: first.price_gross, currency: 'EUR', formatted: formatPrice(first.price_gross) } } },
        producer: { name: this.producerNames.get(product.producer_id) ?? '' },
        ...(sizes.length > 1 || first.size_id !== ONE_SIZE ? { sizes: sizes.map((s) => ({ id: s.size_id, name: s.name })) } : {}),
        versionName: `${product.catalog_no}#${product.id}`,
        awardedParameters: params,
      };
    });
  }

  /* ---------------------------------------------------------------- search */

  async textSearch(text: string, limit: number): Promise<TextSearchResult> {
    const max = Math.min(Math.max(limit, 1), 50);
    const folded = foldText(text);
    const match = ftsQuery(text);
    const ids = match
      ? // FTS order is popularity order: the first matches are the most wanted, no ranking pass.
        (
          this.stmt('SELECT d.product_id AS id FROM product_search s JOIN search_docs d ON d.doc = s.rowid WHERE product_search MATCH ? ORDER BY s.rowid LIMIT ?').all(match, max) as {
            id: number;
          }[]
        ).map((r) => r.id)
      : [];
    // The found products in one query, answered in the search's order.
    const found = ids.length
      ? (this
          .stmt(`SELECT p.id, p.name, p.slug, p.vat, s.price_gross FROM products p JOIN sizes s ON s.product_id = p.id AND s.position = 0 WHERE p.id IN (${ids.map(() => '?').join(',')})`)
          .all(...ids) as { id: number; name: string; slug: string; vat: number; price_gross: number }[])
      : [];
    const byId = new Map(found.map((row) => [row.id, row]));
    const products = ids
      .map((id) => byId.get(id))
      .filter((row) => row !== undefined)
      .map((r) => {
        const netValue = net(r.price_gross, r.vat);
        return {
          name: r.name,
          link: productLink(r.id, r.slug),
          iconSmall: `/data/gfx/products/${r.id}.svg`,
          price: { price: { gross: { value: r.price_gross, formatted: formatPrice(r.price_gross) }, net: { value: netValue, formatted: formatPrice(netValue) } } },
        };
      });
    const words = folded.split(/\s+/).filter(Boolean);
    const hit = (candidate: string) => words.length > 0 && words.every((w) => candidate.includes(w));
    // From the folded text too, so the whole answer depends on the folded query alone (see searchCache).
    const code = folded.toUpperCase().replace(/[\s.-]/g, '');
    const replacementCodes =
      code.length >= 3
        ? (
            this.stmt(
              `SELECT id, name FROM param_values WHERE param_id = ?
               AND REPLACE(REPLACE(REPLACE(name, ' ', ''), '-', ''), '.', '') >= ? AND REPLACE(REPLACE(REPLACE(name, ' ', ''), '-', ''), '.', '') < ? LIMIT ?`,
            ).all(TRAIT.replacementCode, code, `${code}\uffff`, max) as { id: number; name: string }[]
          ).map((r) => ({ name: r.name, link: `/search.php?traits_alt[${TRAIT.replacementCode}]=${r.id}`, param_id: TRAIT.replacementCode, value_id: r.id }))
        : [];
    const t = this.smallTables;
    return {
      products,
      producers: t.producers.filter((p) => hit(p.folded)).slice(0, max).map((p) => ({ name: p.name, link: `/search.php?producer=${p.id}` })),
      series: t.series.filter((s) => hit(s.folded)).slice(0, max).map((s) => ({ name: s.name, link: `/search.php?text=${encodeURIComponent(s.name)}` })),
      menuNodes: t.menuNodes.filter((m) => hit(m.folded)).slice(0, max).map((m) => ({ name: m.name, link: m.link, breadcrumbs: m.breadcrumbs })),
      cms: t.cms.filter((c) => hit(c.folded)).slice(0, max).map((c) => ({ name: c.name, link: c.link })),
      searchQueries: t.queries.filter((q) => hit(q.folded)).slice(0, max).map((q) => ({ name: q.name, link: `/search.php?text=${encodeURIComponent(q.name)}` })),
      replacementCodes,
    };
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
    return this.courierOptions(size.price_gross * quantity, size.status === 'order' ? size.shipping_days : 0, region);
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
    return this.courierOptions(basket.worth, lead, region);
  }

  /**
   * Couriers for an order worth `worth`: prepaid ones are free from the free-shipping threshold;
   * a remote region (the islands of the delivery zip ranges) costs more and takes longer.
   */
  private courierOptions(worth: number, leadDays: number, region?: string): ShippingOption[] {
    const remote = region !== undefined && REMOTE_REGIONS.has(region);
    const couriers = this.stmt('SELECT * FROM couriers ORDER BY prepaid DESC, cost_gross').all() as {
      name: string;
      icon: string;
      prepaid: 'prepaid' | 'dvp';
      cost_gross: number;
      days: number;
      working_days: number;
    }[];
    return couriers.map((c) => {
      const base = c.prepaid === 'prepaid' && worth >= this.freeShippingFrom && !remote ? 0 : c.cost_gross;
      const cost = round2(base + (remote ? REMOTE_SURCHARGE : 0));
      return {
        courier: { name: c.name, icon: c.icon },
        prepaid: c.prepaid,
        cost: { value: cost, currency: 'EUR', formatted: formatPrice(cost) },
        deliveryTime: { time: { days: c.days + leadDays + (remote ? REMOTE_EXTRA_DAYS : 0) }, workingDays: c.working_days === 1 },
      };
    });
  }

  async substitutes(): Promise<SubstituteEntry[]> {
    const rows = this.stmt(
      `SELECT pp.product_id AS id, v.name FROM product_params pp JOIN param_values v ON v.id = pp.value_id WHERE v.param_id = ? ORDER BY pp.product_id LIMIT 20000`,
    ).all(TRAIT.replacementCode) as { id: number; name: string }[];
    const byProduct = new Map<number, string[]>();
    for (const row of rows) byProduct.set(row.id, [...(byProduct.get(row.id) ?? []), row.name]);
    return [...byProduct].map(([id, value]) => ({ id, value }));
  }

  async instalmentParams(totalPrice: number): Promise<InstalmentParams> {
    const config = JSON.parse(this.setting('instalments') ?? '{}') as Omit<InstalmentParams, 'totalPrice'>;
    return { ...config, totalPrice: round2(totalPrice) };
  }

  async requestAvailabilityNotice(visitorId: string, notice: { productId: number; sizeId: string; email: string }): Promise<boolean> {
    const size = this.stmt('SELECT 1 FROM sizes WHERE product_id = ? AND size_id = ?').get(notice.productId, notice.sizeId);
    if (!size) return false;
    await this.write(() => {
      this.ensureVisitorRow(visitorId);
      this.stmt('INSERT OR IGNORE INTO availability_notices (product_id, size_id, email, visitor_id, created_at) VALUES (?, ?, ?, ?, ?)').run(
        notice.productId,
        notice.sizeId,
        notice.email.toLowerCase(),
        visitorId,
        new Date().toISOString(),
      );
    });
    return true;
  }

  async availabilityNotices(productId: number): Promise<number> {
    return (this.stmt('SELECT COUNT(*) AS n FROM availability_notices WHERE product_id = ?').get(productId) as { n: number }).n;
  }

  async saveContactMessage(visitorId: string, message: ContactMessage): Promise<number> {
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
      return Number(result.lastInsertRowid);
    });
  }

  /* ---------------------------------------------------------------- baskets */

  async ensureVisitor(id: string): Promise<void> {
    this.ensureVisitorRow(id);
  }

  /** Synchronous, for use inside a transaction. */
  private ensureVisitorRow(id: string): void {
    this.stmt('INSERT OR IGNORE INTO visitors (id, created_at) VALUES (?, ?)').run(id, new Date().toISOString());
  }

  /** The unit price at a quantity: the highest rebate tier reached (its percent off the gross price). */
  private rebatedUnitPrice(productId: number, gross: number, count: number): number {
    const tiers = this.stmt('SELECT threshold, value FROM rebates WHERE product_id = ? ORDER BY threshold').all(productId) as { threshold: number; value: number }[];
    let unit = gross;
    for (const tier of tiers) if (count >= tier.threshold) unit = round2(gross * (1 - tier.value / 100));
    return unit;
  }

  async basket(visitorId: string): Promise<BasketSummary> {
    const rows = this.stmt(
      `SELECT l.product_id, l.size_id, l.additional, l.count, p.name, p.slug, p.vat, p.catalog_no, s.name AS size_name, s.price_gross, s.subscription_gross,
         p.unit, p.unit_plural, p.unit_sellby, p.unit_precision, p.min_quantity, p.max_quantity, p.min_size_quantity, p.max_size_quantity, p.min_subscription_quantity, s.stock, s.status
       FROM basket_lines l JOIN products p ON p.id = l.product_id JOIN sizes s ON s.product_id = l.product_id AND s.size_id = l.size_id
       WHERE l.visitor_id = ? ORDER BY l.added_at, l.product_id`,
    ).all(visitorId) as Array<{
      product_id: number;
      size_id: string;
      additional: string;
      count: number;
      name: string;
      slug: string;
      vat: number;
      catalog_no: string;
      size_name: string;
      price_gross: number;
      subscription_gross: number | null;
      unit: string;
      unit_plural: string;
    } & RuleSource>;
    let worth = 0;
    let worthNet = 0;
    const products: BasketProduct[] = rows.map((r) => {
      // Quantity rebate tiers price the line as the product page showed them.
      const subscription = r.additional === SUBSCRIPTION_ADDITIONAL && r.subscription_gross !== null;
      const unit = this.rebatedUnitPrice(r.product_id, subscription ? r.subscription_gross! : r.price_gross, r.count);
      const lineGross = round2(unit * r.count);
      const lineNet = round2(net(unit, r.vat) * r.count);
      worth += lineGross;
      worthNet += lineNet;
      return {
        id: r.product_id,
        size: r.size_id,
        size_name: subscription ? `${r.size_name} · abbonamento` : r.size_name,
        md5_additional: r.additional,
        product_version_name: r.catalog_no,
        name: r.name,
        link: productLink(r.product_id, r.slug),
        icon: `/data/gfx/products/${r.product_id}.svg`,
        count: r.count,
        worth_unit: unit,
        prices: { worth_net_formatted: formatPrice(lineNet), worth_gros_formatted: formatPrice(lineGross) },
        rules: lineRules(r, subscription),
      };
    });
    worth = round2(worth);
    worthNet = round2(worthNet);
    const empty = rows.length === 0;
    const toShippingFree = empty ? this.freeShippingFrom : round2(Math.max(0, this.freeShippingFrom - worth));
    const shipping = empty || toShippingFree === 0 ? 0 : 6.9;
    return {
      productsCounter: rows.length,
      productsNumber: round2(rows.reduce((sum, r) => sum + r.count, 0)),
      products,
      worth,
      worth_formatted: formatPrice(worth),
      worth_net: worthNet,
      worth_net_formatted: formatPrice(worthNet),
      shippingCost: shipping,
      shippingCost_formatted: formatPrice(shipping),
      shippingCost_net_formatted: formatPrice(net(shipping, 22)),
      toShippingFree,
      toShippingFree_formatted: formatPrice(toShippingFree),
    };
  }

  async changeBasket(visitorId: string, change: BasketChange): Promise<BasketChangeResult> {
    return this.write((): BasketChangeResult => {
      const product = this.product(change.productId);
      if (!product) return { ok: false, status: 404, code: 'product_not_found', message: 'Prodotto non trovato' };
      const size = this.sizes(product.id).find((s) => s.size_id === change.sizeId);
      if (!size) return { ok: false, status: 404, code: 'size_not_found', message: 'Taglia non trovata per questo prodotto' };
      const line = this.stmt('SELECT count FROM basket_lines WHERE visitor_id = ? AND product_id = ? AND size_id = ? AND additional = ?').get(
        visitorId,
        product.id,
        size.size_id,
        change.additional,
      ) as { count: number } | undefined;
      const current = line?.count ?? 0;
      const target = round6(change.mode === 'add' ? current + change.quantity : change.quantity);
      if (change.mode === 'set' && target === 0) {
        this.stmt('DELETE FROM basket_lines WHERE visitor_id = ? AND product_id = ? AND size_id = ? AND additional = ?').run(visitorId, product.id, size.size_id, change.additional);
        return { ok: true };
      }
      if (size.status === 'disable') return { ok: false, status: 409, code: 'product_unavailable', message: 'Prodotto non disponibile' };
      if (product.gratis) return { ok: false, status: 409, code: 'gratis_product', message: 'Il prodotto omaggio non si può acquistare' };
      if (product.phone_price && size.points > 0) return { ok: false, status: 409, code: 'points_only', message: 'Prodotto disponibile solo nel programma fedeltà' };
      if (product.phone_price && !size.basket_enable) return { ok: false, status: 409, code: 'phone_price', message: 'Prezzo su richiesta: contattare il negozio' };
      const subscription = change.additional === SUBSCRIPTION_ADDITIONAL;
      if (subscription && (!product.subscription || size.subscription_gross === null)) {
        return { ok: false, status: 409, code: 'no_subscription', message: 'Il prodotto non si acquista in abbonamento' };
      }
      const rules = orderRules({ ...product, stock: size.stock, status: size.status }, subscription);
      if (!quantityAllowed(target, rules)) {
        const code = target < rules.min ? 'quantity_below_minimum' : target > rules.max ? 'quantity_above_maximum' : 'quantity_not_multiple_of_step';
        const message =
          code === 'quantity_below_minimum'
            ? `Quantità minima ordinabile: ${rules.min} ${product.unit}`
            : code === 'quantity_above_maximum'
              ? `Quantità massima ordinabile: ${rules.max} ${product.unit_plural}`
              : `La quantità deve essere un multiplo di ${rules.step} ${product.unit}`;
        return { ok: false, status: 422, code, message };
      }
      this.ensureVisitorRow(visitorId);
      this.stmt(
        `INSERT INTO basket_lines (visitor_id, product_id, size_id, additional, count, added_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (visitor_id, product_id, size_id, additional) DO UPDATE SET count = excluded.count`,
      ).run(visitorId, product.id, size.size_id, change.additional, target, new Date().toISOString());
      // A change to the basket is what the shop's analytics want to hear about.
      this.stmt('UPDATE visitors SET pending_tracking = pending_tracking + 1 WHERE id = ?').run(visitorId);
      return { ok: true };
    });
  }

  async removeFromBasket(visitorId: string, lines: Array<{ id: number; size: string; additional: string }>): Promise<number> {
    return this.write(() => {
      let removed = 0;
      for (const line of lines) {
        removed += this.stmt('DELETE FROM basket_lines WHERE visitor_id = ? AND product_id = ? AND size_id = ? AND additional = ?').run(
          visitorId,
          line.id,
          line.size,
          line.additional,
        ).changes;
      }
      return removed;
    });
  }

  async wishlistCount(visitorId: string): Promise<number> {
    return (this.stmt('SELECT wishlist_count FROM visitors WHERE id = ?').get(visitorId) as { wishlist_count: number } | undefined)?.wishlist_count ?? 0;
  }

  async pendingTrackingEvents(visitorId: string): Promise<number> {
    return this.pendingTrackingCount(visitorId);
  }

  private pendingTrackingCount(visitorId: string): number {
    return (this.stmt('SELECT pending_tracking FROM visitors WHERE id = ?').get(visitorId) as { pending_tracking: number } | undefined)?.pending_tracking ?? 0;
  }

  async takeTrackingEvents(visitorId: string): Promise<string[]> {
    return this.write(() => {
      const pending = this.pendingTrackingCount(visitorId);
      this.stmt('UPDATE visitors SET pending_tracking = 0 WHERE id = ?').run(visitorId);
      // Same-origin analytics events: plain data pushed onto the page's dataLayer.
      return Array.from({ length: Math.min(pending, 10) }, () => "window.dataLayer = window.dataLayer || []; window.dataLayer.push({ event: 'basket_change' });");
    });
  }
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** What a listing's counts depend on: every filter but the sort and the saved vehicle (which only marks rows). */
export function facetKey(filter: ListingFilter): string {
  const { category, subCategory, engine, replacementCode, axis, brand, model, generation, producer, text, discounted } = filter;
  return JSON.stringify([category, subCategory, engine, replacementCode, axis, brand, model, generation, producer, text ? ftsQuery(text) : text, discounted ?? false]);
}

/** FTS5 query from shopper text: every word a quoted prefix term, all required. */
export function ftsQuery(text: string): string {
  const words = foldText(text)
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8);
  return words.map((w) => `"${w}"*`).join(' ');
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** What the quantity rules of an order line are made of (product limits, the size's stock). */
interface RuleSource {
  unit_sellby: number;
  unit_precision: number;
  min_quantity: number | null;
  max_quantity: number | null;
  min_size_quantity: number | null;
  max_size_quantity: number | null;
  min_subscription_quantity: number | null;
  stock: number;
  status: string;
}

/** The server's quantity rules for a line: the basket change check and the basket's `rules` both use them. */
function orderRules(r: RuleSource, subscription: boolean) {
  return quantityBounds({
    unit_sellby: r.unit_sellby,
    unit_precision: r.unit_precision,
    // Sold on order: not capped by stock.
    stock: r.status === 'order' ? -1 : r.stock,
    subscription,
    order_quantity_range: {
      min_quantity_per_order: r.min_quantity,
      max_quantity_per_order: r.max_quantity,
      min_size_quantity_per_order: r.min_size_quantity,
      max_size_quantity_per_order: r.max_size_quantity,
      minimum_quantity_subscription: r.min_subscription_quantity,
    },
  });
}

/** A basket line's quantity rules as the basket answers them (no cap: null), with its units. */
function lineRules(r: RuleSource & { unit: string; unit_plural: string }, subscription: boolean): NonNullable<BasketProduct['rules']> {
  const rules = orderRules(r, subscription);
  return { step: rules.step, precision: rules.precision, min: rules.min, max: Number.isFinite(rules.max) ? rules.max : null, unit: r.unit, unit_plural: r.unit_plural };
}
