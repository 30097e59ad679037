import type { ListingFilter } from './repository';
import { ftsQuery, tsQuery } from './searchTerms';

/**
 * How a listing filter becomes SQL conditions and how listings sort, for every backend. The SQL
 * uses `?` placeholders (the PostgreSQL repository numbers them); a dialect supplies only what
 * differs: the text-search condition and the name collation.
 */
export interface ListingDialect {
  /** A condition on `p.id` matching every word of `text`, with its one parameter, or null when nothing can match. */
  textCondition(text: string): { sql: string; param: string } | null;
  /** The name sort: ASCII letters case-insensitive, otherwise byte order (SQLite's NOCASE). */
  nameOrder: string;
  /**
   * The first size's gross price, which price sorts use: `s.price_gross`, or a copy of it on the
   * product kept by the database (`p.first_price`, kept by triggers on sizes, so that one index
   * holds category and price together).
   */
  firstPrice: string;
  /**
   * A column compared without its index: a facet's membership test (`pp.product_id IN (the
   * listing's products)`) is checked row by row of the trait's values, never probed once per
   * listing product and value (SQLite otherwise probes product_params_value (value_id,
   * product_id) for every product of the list and every value: values x products).
   */
  unindexed(column: string): string;
}

export const SQLITE_LISTING: ListingDialect = {
  textCondition(text) {
    const match = ftsQuery(text);
    return match ? { sql: 'p.id IN (SELECT d.product_id FROM product_search s JOIN search_docs d ON d.doc = s.rowid WHERE product_search MATCH ?)', param: match } : null;
  },
  nameOrder: 'p.name COLLATE NOCASE',
  firstPrice: 'p.first_price',
  // SQLite's unary plus: the term no longer qualifies for an index.
  unindexed: (column) => `+${column}`,
};

export const POSTGRES_LISTING: ListingDialect = {
  textCondition(text) {
    const query = tsQuery(text);
    return query ? { sql: "p.id IN (SELECT d.product_id FROM search_docs d WHERE d.words @@ to_tsquery('simple', ?))", param: query } : null;
  },
  // The expression indexes products_name and products_category_name (migration 11) hold this order.
  nameOrder: `translate(p.name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') COLLATE "C"`,
  firstPrice: 'p.first_price',
  // PostgreSQL's planner hashes the listing's products or checks each by its key: no hint.
  unindexed: (column) => column,
};

export interface ListingWhereOptions {
  /** Leave out the category or axis condition (for their facet counts). */
  skip?: 'category' | 'axis';
  /**
   * Write the vehicle, code and promo conditions as `p.id IN (SELECT ...)` sets instead of
   * per-product EXISTS checks (the same rows): a planner can start from a selective set, while
   * a walk along an ordering index wants the per-product check (default).
   */
  sets?: boolean;
}

/** The WHERE clause of a listing (products `p`), optionally without the category or axis (for their facet counts). */
export function listingWhere(filter: ListingFilter, dialect: ListingDialect, options: ListingWhereOptions = {}): { sql: string; params: unknown[] } {
  const { skip, sets = false } = options;
  const clauses: string[] = [];
  const params: unknown[] = [];
  /** Products `product` of `from` where `condition`: as a set, or as an EXISTS on `p`. */
  const productIn = (product: string, from: string, condition: string) =>
    sets ? `p.id IN (SELECT ${product} FROM ${from} WHERE ${condition})` : `EXISTS (SELECT 1 FROM ${from} WHERE ${product} = p.id AND ${condition})`;
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
  if (filter.producer !== undefined) {
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
    // A code the product carries, or a vehicle (engine) it fits: trait 172622 names both.
    clauses.push(`(${productIn('pp.product_id', 'product_params pp', 'pp.value_id = ?')} OR ${productIn('vf.product_id', 'fitments vf', 'vf.engine_id = ?')})`);
    params.push(filter.replacementCode, filter.replacementCode);
  }
  for (const { trait, value } of filter.traits ?? []) {
    // Any trait of the catalogue (traits_alt[{id}]): a value of that trait the product carries.
    clauses.push(productIn('tp.product_id', 'product_params tp JOIN param_values tv ON tv.id = tp.value_id', 'tp.value_id = ? AND tv.param_id = ?'));
    params.push(value, trait);
  }
  if (filter.discounted) {
    // The set form matches SQLite's partial index sizes_discounted word for word.
    clauses.push(productIn('ds.product_id', 'sizes ds', "ds.srp_gross > ds.price_gross AND ds.price_gross > 0 AND ds.status <> 'disable'"));
  }
  if (filter.text) {
    const text = dialect.textCondition(filter.text);
    if (text) {
      clauses.push(text.sql);
      params.push(text.param);
    } else {
      clauses.push('1 = 0');
    }
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/** ORDER BY of a listing (`p` products, `s` their first size); ties go by product id. */
export function listingOrder(sort: ListingFilter['sort'], dialect: ListingDialect): string {
  return sort === 'price_asc'
    ? `${dialect.firstPrice} ASC, p.id`
    : sort === 'price_desc'
      ? `${dialect.firstPrice} DESC, p.id`
      : sort === 'name'
        ? `${dialect.nameOrder}, p.id`
        : 'p.popularity DESC, p.id';
}

/**
 * A trait facet (issue 25): how many of the listing's products carry each value of `trait`,
 * counted without the listing's own filter on that trait (so every value stays one link away).
 * Read from param_values by trait, then product_params by value (its index), limited to the
 * listing's products when the listing has conditions.
 */
export function traitValueCounts(filter: ListingFilter, trait: number, dialect: ListingDialect): { sql: string; params: unknown[] } {
  const rest: ListingFilter = { ...filter, traits: (filter.traits ?? []).filter((t) => t.trait !== trait) };
  const { sql, params } = listingWhere(rest, dialect, { sets: true });
  const scope = sql ? `AND ${dialect.unindexed('pp.product_id')} IN (SELECT p.id FROM products p ${sql})` : '';
  return {
    sql: `SELECT v.id, v.name, COUNT(*) AS n FROM param_values v JOIN product_params pp ON pp.value_id = v.id WHERE v.param_id = ? ${scope} GROUP BY v.id, v.name`,
    params: [trait, ...params],
  };
}

/** Facet rows in the order a shopper reads them: numbers by value (240 before 1000), words by name. */
export function facetRows(rows: Array<{ id: number; name: string; n: number | string }>): Array<[number, string, number]> {
  const numeric = (name: string) => (/^\d+(?:[.,]\d+)?$/.test(name) ? Number(name.replace(',', '.')) : null);
  return rows
    .map((r) => [Number(r.id), r.name, Number(r.n)] as [number, string, number])
    .sort(([, a], [, b]) => {
      const [x, y] = [numeric(a), numeric(b)];
      if (x !== null && y !== null) return x - y;
      return a < b ? -1 : a > b ? 1 : 0;
    });
}

/**
 * The part of a listing filter its counts depend on (not the sort, the page or the vehicle that
 * only marks rows): the key both repositories keep a filter's total and facet counts under.
 */
export function facetKey(filter: ListingFilter): string {
  const { category, subCategory, engine, replacementCode, axis, brand, model, generation, producer, text, discounted, traits } = filter;
  const traitKey = (traits ?? []).map(({ trait, value }) => `${trait}:${value}`).join(',');
  return JSON.stringify([category, subCategory, engine, replacementCode, axis, brand, model, generation, producer, text ? ftsQuery(text) : text, discounted ?? false, traitKey]);
}
