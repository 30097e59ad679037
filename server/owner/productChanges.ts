/**
 * A product's prices, stock and availability changed from the back office (issue 36, point 3),
 * written once for both backends as steps (server/db/steps.ts) and run by the repository in one
 * write transaction. The change goes the catalogue's write path: it records the product in the
 * catalogue change log in the same transaction (and NOTIFY on PostgreSQL), so every server drops
 * the product's pages and search answers once it commits (server/catalogueChanges.ts), as
 * `repository.updateProduct` does; a changed price gets its day in the price history (the 30-day
 * lowest price reads it), as an import does; a size that comes back in stock answers its confirmed
 * notices (the caller mails them: server/messages/notify.ts).
 *
 * Prices are computed in integer cents (server/money.ts): the owner types the gross or the net
 * price and the other follows from the product's VAT rate.
 */
import { statusAfterStock } from '../../src/domain/stockStatus';
import { sql, type Generated, type Kysely } from 'kysely';
import { queryWriter, step, type SqlDialect, type Steps } from '../db/steps';
import { CATALOGUE_CHANNEL } from '../db/repository';
import { divideRounded, fromCents, netOf, toCents } from '../money';
import type { RestockedNotice } from '../db/catalogue/store';

export const SIZE_STATUSES = ['enable', 'order', 'disable'] as const;
export type SizeStatus = (typeof SIZE_STATUSES)[number];

interface ProductTables {
  products: { id: number; name: string; slug: string; catalog_no: string; vat: number };
  sizes: { product_id: number; size_id: string; name: string; price_gross: number; price_net: number; stock: number; status: string; position: number };
  price_history: { product_id: number; size_id: string; day: string; price_gross: number; price_net: number };
  availability_notices: { product_id: number; size_id: string; email: string; confirmed_at: string | null };
  catalogue_changes: { id: Generated<number>; product_id: number | null; changed_at: number };
}

const writers: Record<SqlDialect, Kysely<ProductTables>> = { sqlite: queryWriter<ProductTables>('sqlite'), postgres: queryWriter<ProductTables>('postgres') };

export interface FoundProduct {
  id: number;
  name: string;
  catalogNo: string;
  slug: string;
}

export interface EditedSize {
  sizeId: string;
  name: string;
  grossCents: number;
  netCents: number;
  stock: number;
  status: string;
}

export interface EditedProduct extends FoundProduct {
  vat: number;
  sizes: EditedSize[];
}

/** Products whose name or catalogue code holds `query` (any case), or the product of that number; at most `limit`. */
export function* findProducts(dialect: SqlDialect, query: string, limit = 50): Steps<FoundProduct[]> {
  const w = writers[dialect];
  const text = query.trim().toLowerCase();
  if (!text) return [];
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const id = /^\d{1,9}$/.test(text) ? Number(text) : -1;
  const rows = yield* step(
    w
      .selectFrom('products')
      .select(['id', 'name', 'catalog_no', 'slug'])
      .where((eb) => eb.or([eb('id', '=', id), sql<boolean>`lower(name) like ${pattern} escape '\\'`, sql<boolean>`lower(catalog_no) like ${pattern} escape '\\'`]))
      .orderBy('id')
      .limit(limit)
      .compile(),
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name, catalogNo: r.catalog_no, slug: r.slug }));
}

/** One product with its sizes as the edit form shows them (null: no such product). */
export function* productForEdit(dialect: SqlDialect, id: number): Steps<EditedProduct | null> {
  const w = writers[dialect];
  const [product] = yield* step(w.selectFrom('products').select(['id', 'name', 'catalog_no', 'slug', 'vat']).where('id', '=', id).compile());
  if (!product) return null;
  const sizes = yield* step(
    w.selectFrom('sizes').select(['size_id', 'name', 'price_gross', 'price_net', 'stock', 'status']).where('product_id', '=', id).orderBy('position').orderBy('size_id').compile(),
  );
  return {
    id: Number(product.id),
    name: product.name,
    catalogNo: product.catalog_no,
    slug: product.slug,
    vat: Number(product.vat),
    sizes: sizes.map((s) => ({ sizeId: s.size_id, name: s.name, grossCents: toCents(Number(s.price_gross)), netCents: toCents(Number(s.price_net)), stock: Number(s.stock), status: s.status })),
  };
}

/** The gross and net prices in cents from the one the owner typed, at a VAT rate in percent. */
export function pricesFrom(typed: 'gross' | 'net', cents: number, vatPercent: number): { grossCents: number; netCents: number } {
  if (typed === 'gross') return { grossCents: cents, netCents: netOf(cents, vatPercent) };
  return { grossCents: divideRounded(cents * (10_000 + Math.round(vatPercent * 100)), 10_000), netCents: cents };
}

export interface SizeChange {
  sizeId: string;
  grossCents: number;
  netCents: number;
  stock: number;
  status: SizeStatus;
}

export interface ProductChangeResult {
  /** What changed, size by size, for the audit (`size: price 24.90 → 19.90, stock 0 → 7`). */
  changes: string[];
  restocked: RestockedNotice[];
}

const available = (status: string, stock: number) => status !== 'disable' && stock !== 0;

/**
 * Applies the sizes' new prices, stock and availability in the caller's transaction. A size set
 * in stock again whose availability was left "not available" by a stock of 0 becomes available
 * (issue 36, point 7), and one emptied becomes not available, as a single stock change does.
 */
export function* changeProductSteps(dialect: SqlDialect, productId: number, changes: SizeChange[], today: string, now = Date.now()): Steps<ProductChangeResult | null> {
  const w = writers[dialect];
  // PostgreSQL: the product's row locked first, so two owners' changes apply one after the other (SQLite: the write lock).
  const lock = w.selectFrom('products').select(['id', 'name', 'slug']).where('id', '=', productId);
  const [product] = yield* step((dialect === 'postgres' ? lock.forUpdate() : lock).compile());
  if (!product) return null;
  const sizes = yield* step(w.selectFrom('sizes').select(['size_id', 'name', 'price_gross', 'price_net', 'stock', 'status']).where('product_id', '=', productId).compile());
  const described: string[] = [];
  const restockedSizes: Array<{ sizeId: string; sizeName: string }> = [];
  for (const change of changes) {
    const old = sizes.find((s) => s.size_id === change.sizeId);
    if (!old) continue;
    const oldStock = Number(old.stock);
    // The owner's own choice of availability wins; left as it was, it follows the stock.
    const status = change.status === old.status ? statusAfterStock(change.status, oldStock, change.stock) : change.status;
    const parts: string[] = [];
    const oldGross = toCents(Number(old.price_gross));
    const oldNet = toCents(Number(old.price_net));
    if (change.grossCents !== oldGross || change.netCents !== oldNet) parts.push(`price ${fromCents(oldGross).toFixed(2)} → ${fromCents(change.grossCents).toFixed(2)} (net ${fromCents(oldNet).toFixed(2)} → ${fromCents(change.netCents).toFixed(2)})`);
    if (change.stock !== oldStock) parts.push(`stock ${oldStock} → ${change.stock}`);
    if (status !== old.status) parts.push(`status ${old.status} → ${status}`);
    if (!parts.length) continue;
    described.push(`${change.sizeId}: ${parts.join(', ')}`);
    yield* step(
      w
        .updateTable('sizes')
        .set({ price_gross: fromCents(change.grossCents), price_net: fromCents(change.netCents), stock: change.stock, status })
        .where('product_id', '=', productId)
        .where('size_id', '=', change.sizeId)
        .compile(),
    );
    if (change.grossCents !== oldGross || change.netCents !== oldNet) {
      yield* step(
        w
          .insertInto('price_history')
          .values({ product_id: productId, size_id: change.sizeId, day: today, price_gross: fromCents(change.grossCents), price_net: fromCents(change.netCents) })
          .onConflict((oc) => oc.columns(['product_id', 'size_id', 'day']).doUpdateSet({ price_gross: fromCents(change.grossCents), price_net: fromCents(change.netCents) }))
          .compile(),
      );
    }
    if (!available(old.status, oldStock) && available(status, change.stock)) restockedSizes.push({ sizeId: change.sizeId, sizeName: old.name });
  }
  if (!described.length) return { changes: [], restocked: [] };
  const restocked: RestockedNotice[] = [];
  for (const size of restockedSizes) {
    const notices = yield* step(
      w.selectFrom('availability_notices').select('email').where('product_id', '=', productId).where('size_id', '=', size.sizeId).where('confirmed_at', 'is not', null).orderBy('email').compile(),
    );
    for (const notice of notices) restocked.push({ email: notice.email, productId, sizeId: size.sizeId, productName: product.name, sizeName: size.sizeName, slug: product.slug });
  }
  // The catalogue change log (migration 7), as every catalogue write: every server drops this product's pages.
  yield* step(w.insertInto('catalogue_changes').values({ product_id: productId, changed_at: now }).compile());
  yield* step(w.deleteFrom('catalogue_changes').where('changed_at', '<', now - 60_000).compile());
  if (dialect === 'postgres') yield* step(sql<{ n: unknown }>`select pg_notify(${CATALOGUE_CHANNEL}, ${String(productId)}) as n`.compile(w));
  return { changes: described, restocked };
}

/** Forgets a notice answered by a mail (the shopper was told). */
export function* forgetNotice(dialect: SqlDialect, notice: Pick<RestockedNotice, 'productId' | 'sizeId' | 'email'>): Steps<void> {
  const w = writers[dialect];
  yield* step(w.deleteFrom('availability_notices').where('product_id', '=', notice.productId).where('size_id', '=', notice.sizeId).where('email', '=', notice.email).compile());
}
