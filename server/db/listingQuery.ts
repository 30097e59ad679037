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
}

export const SQLITE_LISTING: ListingDialect = {
  textCondition(text) {
    const match = ftsQuery(text);
    return match ? { sql: 'p.id IN (SELECT d.product_id FROM product_search s JOIN search_docs d ON d.doc = s.rowid WHERE product_search MATCH ?)', param: match } : null;
  },
  nameOrder: 'p.name COLLATE NOCASE',
};

export const POSTGRES_LISTING: ListingDialect = {
  textCondition(text) {
    const query = tsQuery(text);
    return query ? { sql: "p.id IN (SELECT d.product_id FROM search_docs d WHERE d.words @@ to_tsquery('simple', ?))", param: query } : null;
  },
  nameOrder: `translate(p.name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') COLLATE "C"`,
};

/** The WHERE clause of a listing (products `p`), optionally without the category or axis (for their facet counts). */
export function listingWhere(filter: ListingFilter, dialect: ListingDialect, skip?: 'category' | 'axis'): { sql: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
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
    clauses.push('EXISTS (SELECT 1 FROM fitments f WHERE f.product_id = p.id AND f.engine_id = ?)');
    params.push(filter.engine);
  } else if (filter.generation !== undefined) {
    clauses.push('EXISTS (SELECT 1 FROM fitments f JOIN engines e ON e.id = f.engine_id WHERE f.product_id = p.id AND e.generation_id = ?)');
    params.push(filter.generation);
  } else if (filter.model !== undefined) {
    clauses.push(
      'EXISTS (SELECT 1 FROM fitments f JOIN engines e ON e.id = f.engine_id JOIN generations g ON g.id = e.generation_id WHERE f.product_id = p.id AND g.model_id = ?)',
    );
    params.push(filter.model);
  } else if (filter.brand !== undefined) {
    clauses.push(
      `EXISTS (SELECT 1 FROM fitments f JOIN engines e ON e.id = f.engine_id JOIN generations g ON g.id = e.generation_id
       JOIN models m ON m.id = g.model_id WHERE f.product_id = p.id AND m.brand_id = ?)`,
    );
    params.push(filter.brand);
  }
  if (filter.replacementCode !== undefined) {
    // A code the product carries, or a vehicle (engine) it fits: trait 172622 names both.
    clauses.push('(EXISTS (SELECT 1 FROM product_params pp WHERE pp.product_id = p.id AND pp.value_id = ?) OR EXISTS (SELECT 1 FROM fitments vf WHERE vf.product_id = p.id AND vf.engine_id = ?))');
    params.push(filter.replacementCode, filter.replacementCode);
  }
  if (filter.discounted) {
    clauses.push("EXISTS (SELECT 1 FROM sizes ds WHERE ds.product_id = p.id AND ds.srp_gross > ds.price_gross AND ds.price_gross > 0 AND ds.status <> 'disable')");
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
    ? 's.price_gross ASC, p.id'
    : sort === 'price_desc'
      ? 's.price_gross DESC, p.id'
      : sort === 'name'
        ? `${dialect.nameOrder}, p.id`
        : 'p.popularity DESC, p.id';
}
