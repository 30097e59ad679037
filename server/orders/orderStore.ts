import { sql, type Kysely } from 'kysely';
import type { CheckoutDetails, CheckoutQuote, PaymentId, QuoteChange } from '../../src/api/checkoutWire';
import type { FitStatus } from '../../src/domain/fitment';
import { fitAnswers } from '../db/fitAnswers';
import { CATALOGUE_CHANNEL } from '../db/repository';
import { decideBasketChange, type LimitLine } from '../db/basketLimits';
import { queryWriter, step, type SqlDialect, type Steps } from '../db/steps';
import type { CourierRow } from '../db/shopViews';
import { courierRows, DEFAULT_SHOP_SETTINGS, SETTING_KEYS, settingsFromRows } from '../settings/shopSettings';

/** The default couriers with the ids a checkout names them by, in the checkout's order (prepaid first, by cost). */
function defaultCourierRows(): Array<CourierRow & { id: number }> {
  return courierRows(DEFAULT_SHOP_SETTINGS)
    .map((row, index) => ({ ...row, id: index + 1 }))
    .sort((a, b) => (a.prepaid === b.prepaid ? a.cost_gross - b.cost_gross || a.id - b.id : a.prepaid === 'prepaid' ? -1 : 1));
}
import { buildQuote, checkoutCouriers, instalmentCents, paymentsAllowed, quoteChanges, type CheckoutLineRow, type QuoteInput } from './quote';
import type { OrderLineRow, OrderRow, OrderTables } from './tables';
import { PAYMENT_METHODS } from './payments';

/**
 * Orders (issue 32), written once for both databases: each operation is a generator of the
 * statements Kysely writes (`Steps`, server/db/sharedReads.ts), run by the repository in one
 * transaction, synchronously on SQLite (its single writer is the lock) and on one PostgreSQL
 * connection. Statements differ per dialect only where the databases do, and are named so:
 * `lockVisitor` and the sizes' `FOR UPDATE` (row locks: PostgreSQL only), `announceStockChange`
 * (PostgreSQL's NOTIFY beside the change log both keep).
 */
const writers: Record<SqlDialect, Kysely<OrderTables>> = { sqlite: queryWriter<OrderTables>('sqlite'), postgres: queryWriter<OrderTables>('postgres') };

export interface PlaceOrderInput {
  visitorId: string;
  /** The checkout's idempotency key. */
  key: string;
  /** The confirmation page's token (random, made by the caller). */
  token: string;
  language: string;
  priceType: 'net' | 'gross';
  details: CheckoutDetails;
  region: string;
  courierId: number;
  payment: PaymentId;
  /** The engine chosen now (the lines' fit), or null. */
  vehicle: number | null;
  fitConfirmed: boolean;
  /** The fingerprint of the quote the shopper reviewed. */
  quote: string;
  now: Date;
}

export type PlaceOrderResult =
  | { kind: 'placed'; order: StoredOrder; repeated: boolean; soldOut: number[] }
  | { kind: 'changed'; quote: CheckoutQuote; changes: QuoteChange[] }
  | { kind: 'refused'; code: string; message: string; params?: Record<string, string | number> };

export interface StoredOrder extends OrderRow {
  lines: OrderLineRow[];
}

/** What the review and the couriers' list read: the basket priced now. */
export interface CheckoutReads extends QuoteInput {
  productLines: Map<number, LimitLine[]>;
}

/* ------------------------------------------------------------------ reads */

/** The visitor's basket with each line's product and size, in basket order; on PostgreSQL the sizes' rows locked in key order when `lock`. */
function* basketRows(w: Kysely<OrderTables>, dialect: SqlDialect, visitorId: string, lock: boolean): Steps<Array<CheckoutLineRow & { added_at: string }>> {
  let query = w
    .selectFrom('basket_lines as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .innerJoin('sizes as s', (join) => join.onRef('s.product_id', '=', 'l.product_id').onRef('s.size_id', '=', 'l.size_id'))
    .select([
      'l.product_id',
      'l.size_id',
      'l.additional',
      'l.count',
      'l.vehicle_engine',
      'l.vehicle_label',
      'l.added_at',
      'p.name',
      'p.slug',
      'p.type',
      'p.catalog_no',
      'p.vat',
      'p.unit',
      'p.unit_plural',
      'p.unit_sellby',
      'p.unit_precision',
      'p.min_quantity',
      'p.max_quantity',
      'p.min_size_quantity',
      'p.max_size_quantity',
      'p.min_subscription_quantity',
      'p.subscription',
      'p.gratis',
      'p.phone_price',
      's.name as size_name',
      's.stock',
      's.status',
      's.shipping_days',
      's.price_gross',
      's.subscription_gross',
      's.points',
      's.basket_enable',
    ])
    .where('l.visitor_id', '=', visitorId);
  // Row locks (PostgreSQL only; SQLite's immediate transaction already holds the one write lock):
  // the sizes in key order, so two checkouts never lock in opposite orders.
  query = query.orderBy('l.product_id').orderBy('l.size_id').orderBy('l.additional');
  if (lock && dialect === 'postgres') query = query.forUpdate('s');
  const rows = yield* step(query.compile());
  // Basket order for the shopper (as the basket page lists them), whatever order the locks were taken in.
  return rows.sort((a, b) => (a.added_at < b.added_at ? -1 : a.added_at > b.added_at ? 1 : 0));
}

function* checkoutReads(w: Kysely<OrderTables>, dialect: SqlDialect, input: { visitorId: string; vehicle: number | null; region: string; priceType: 'net' | 'gross' }, lock: boolean): Steps<CheckoutReads> {
  const rows = yield* basketRows(w, dialect, input.visitorId, lock);
  const ids = [...new Set(rows.map((r) => Number(r.product_id)))];
  const tiers = new Map<number, Array<{ threshold: number; value: number }>>();
  const fits = input.vehicle === null ? null : new Map<number, FitStatus>();
  if (ids.length) {
    for (const r of yield* step(w.selectFrom('rebates').select(['product_id', 'threshold', 'value']).where('product_id', 'in', ids).orderBy('product_id').orderBy('threshold').compile())) {
      tiers.set(Number(r.product_id), [...(tiers.get(Number(r.product_id)) ?? []), { threshold: Number(r.threshold), value: Number(r.value) }]);
    }
    if (fits && input.vehicle !== null) {
      // The lines' answers as the fit notes say them (issue 37: one function, server/db/fitAnswers.ts).
      for (const answer of yield* fitAnswers(dialect, [input.vehicle], ids)) fits.set(answer.productId, answer.status);
    }
  }
  // The shop's settings (server/settings/shopSettings.ts): what is not stored takes its default.
  const stored = (yield* step(w.selectFrom('couriers').selectAll().orderBy('prepaid', 'desc').orderBy('cost_gross').orderBy('id').compile())) as Array<CourierRow & { id: number }>;
  const settingRows = yield* step(w.selectFrom('settings').select(['key', 'value']).where('key', 'in', Object.values(SETTING_KEYS)).compile());
  const shop = settingsFromRows(settingRows, []);
  const couriers = stored.length ? stored : defaultCourierRows();
  const productLines = new Map<number, LimitLine[]>();
  for (const r of rows) productLines.set(Number(r.product_id), [...(productLines.get(Number(r.product_id)) ?? []), { sizeId: r.size_id, additional: r.additional, count: Number(r.count) }]);
  return {
    rows,
    tiers,
    couriers,
    freeShippingFrom: shop.freeShippingFrom,
    instalments: { ...shop.instalments, priceType: 'gross', totalPrice: 0 },
    fits,
    region: input.region,
    priceType: input.priceType,
    productLines,
  };
}

/** The basket priced now for the review (no lock, nothing written). */
export function* checkoutState(dialect: SqlDialect, input: { visitorId: string; vehicle: number | null; region: string; priceType: 'net' | 'gross' }): Steps<CheckoutReads> {
  return yield* checkoutReads(writers[dialect], dialect, input, false);
}

export { buildQuote, checkoutCouriers, paymentsAllowed };

/* ------------------------------------------------------------------ placing */

/** PostgreSQL: the visitor's row locked first, so one visitor's checkouts and basket changes take turns (SQLite: the write lock already does). */
function* lockVisitor(w: Kysely<OrderTables>, dialect: SqlDialect, visitorId: string): Steps<void> {
  if (dialect === 'postgres') yield* step(w.selectFrom('visitors').select('id').where('id', '=', visitorId).forUpdate().compile());
}

/** The change log every server watches (the existing catalogue-change path); PostgreSQL also notifies its listeners on commit. */
export function* announceStockChange(w: Kysely<OrderTables>, dialect: SqlDialect, productIds: number[], now: number): Steps<void> {
  for (const id of productIds) {
    yield* step(w.insertInto('catalogue_changes').values({ product_id: id, changed_at: now }).compile());
    if (dialect === 'postgres') yield* step(sql`SELECT pg_notify(${CATALOGUE_CHANNEL}, ${String(id)})`.compile(w));
  }
  yield* step(w.deleteFrom('catalogue_changes').where('changed_at', '<', now - 60_000).compile());
}

export function* storedOrder(w: Kysely<OrderTables>, order: OrderRow): Steps<StoredOrder> {
  const lines = yield* step(w.selectFrom('order_lines').selectAll().where('order_id', '=', order.id).orderBy('position').compile());
  return { ...order, lines };
}

const refused = (code: string, message: string, params?: Record<string, string | number>): PlaceOrderResult => ({ kind: 'refused', code, message, ...(params ? { params } : {}) });

/**
 * Places the visitor's basket as an order, in one transaction: the order of this checkout key if
 * there is one already (a double click, a reload, a retry), else prices and stock read again under
 * lock, every quantity rule and per-order limit the basket holds checked again, the review's
 * amounts compared (a difference answers `changed` and writes nothing), the stock of each size
 * decremented (-1 stays unlimited), the order and its lines written as snapshots, the basket
 * emptied, and the stock change announced to every server's caches.
 */
export function* placeOrderSteps(dialect: SqlDialect, input: PlaceOrderInput): Steps<PlaceOrderResult> {
  const w = writers[dialect];
  yield* lockVisitor(w, dialect, input.visitorId);
  const [existing] = yield* step(w.selectFrom('orders').selectAll().where('checkout_key', '=', input.key).compile());
  if (existing) {
    if (existing.visitor_id !== input.visitorId) return refused('checkout_key_used', 'Questo ordine è già stato inviato');
    return { kind: 'placed', order: yield* storedOrder(w, normaliseOrder(existing)), repeated: true, soldOut: [] };
  }
  const reads = yield* checkoutReads(w, dialect, input, true);
  if (reads.rows.length === 0) return refused('empty_basket', 'Il carrello è vuoto');
  // Every rule a basket change is held to, again, on the lines as they are now.
  for (const r of reads.rows) {
    const verdict = decideBasketChange({
      product: r,
      size: r,
      productLines: reads.productLines.get(Number(r.product_id)) ?? [],
      basketLines: reads.rows.length,
      change: { mode: 'set', productId: Number(r.product_id), sizeId: r.size_id, quantity: Number(r.count), additional: r.additional },
    });
    if (!verdict.ok) return refused(verdict.code, `${r.name} (${r.size_name}): ${verdict.message}`, { ...(verdict.params ?? {}), product: r.name, size: r.size_name });
  }
  const quote = buildQuote(reads, input.courierId, input.payment);
  if (!quote) return refused('courier_unavailable', 'Il corriere scelto non consegna questo ordine');
  if (!paymentsAllowed(reads.rows, quote.courier.group, instalmentCents(quote, reads.instalments), reads.instalments).includes(input.payment)) {
    return refused('payment_unavailable', 'Il pagamento scelto non è disponibile per questo ordine');
  }
  if (quote.fingerprint !== input.quote) return { kind: 'changed', quote, changes: quoteChanges(input.quote, quote) };
  if (quote.lines.some((line) => line.fit === 'none') && !input.fitConfirmed) return refused('fit_not_confirmed', 'Confermare i ricambi non adatti al veicolo scelto');

  // Sell: each size's stock less what this order takes (unlimited stays unlimited).
  const sold = new Map<string, { productId: number; sizeId: string; quantity: number; stock: number }>();
  for (const r of reads.rows) {
    const key = `${r.product_id}|${r.size_id}`;
    const entry = sold.get(key) ?? { productId: Number(r.product_id), sizeId: r.size_id, quantity: 0, stock: Number(r.stock) };
    entry.quantity += Number(r.count);
    sold.set(key, entry);
  }
  const stocked = [...sold.values()].filter((s) => s.stock !== -1);
  for (const s of stocked) {
    yield* step(
      w
        .updateTable('sizes')
        .set((eb) => ({ stock: eb('stock', '-', s.quantity) }))
        .where('product_id', '=', s.productId)
        .where('size_id', '=', s.sizeId)
        .where('stock', '<>', -1)
        .compile(),
    );
  }
  const year = input.now.getUTCFullYear();
  const [counter] = yield* step(
    w
      .insertInto('order_numbers')
      .values({ year, last: 1 })
      .onConflict((oc) => oc.column('year').doUpdateSet((eb) => ({ last: eb('order_numbers.last', '+', 1) })))
      .returning('last')
      .compile(),
  );
  const number = `${year}-${String(counter.last).padStart(6, '0')}`;
  const d = input.details;
  const cents = (value: number) => Math.round(value * 100);
  const [order] = yield* step(
    w
      .insertInto('orders')
      .values({
        number,
        token: input.token,
        checkout_key: input.key,
        visitor_id: input.visitorId,
        status: PAYMENT_METHODS[input.payment].statusAfterOrder,
        language: input.language,
        email: d.email,
        phone: d.phone,
        name: d.name,
        street: d.street,
        postcode: d.postcode,
        city: d.city,
        country: d.country,
        company: d.company || null,
        vat_number: d.vat_number || null,
        courier_id: quote.courier.id,
        courier_name: quote.courier.name,
        courier_group: quote.courier.group,
        delivery_days: quote.courier.days,
        payment: input.payment,
        price_type: input.priceType,
        goods_net: cents(quote.goodsNet.value),
        goods_gross: cents(quote.goodsGross.value),
        shipping_gross: cents(quote.shipping.value),
        shipping_net: cents(quote.shippingNet.value),
        vat: cents(quote.vat.value),
        total: cents(quote.total.value),
        created_at: input.now.toISOString(),
      } as Omit<OrderRow, 'id'> as OrderRow)
      .returningAll()
      .compile(),
  );
  const lineRows: OrderLineRow[] = quote.lines.map((line, index) => ({
    order_id: order.id,
    position: index + 1,
    product_id: line.productId,
    size_id: line.sizeId,
    additional: reads.rows[index].additional,
    name: line.name,
    catalog_no: line.code,
    size_name: line.size,
    quantity: line.quantity,
    unit: line.unit,
    unit_gross: cents(line.unitGross.value),
    unit_net: cents(line.unitNet.value),
    line_gross: cents(line.lineGross.value),
    line_net: cents(line.lineNet.value),
    vat_rate: line.vatRate,
    vehicle_engine: reads.rows[index].vehicle_engine === null ? null : Number(reads.rows[index].vehicle_engine),
    vehicle_label: line.vehicle,
    fit: line.fit,
  }));
  yield* step(w.insertInto('order_lines').values(lineRows).compile());
  yield* step(w.deleteFrom('basket_lines').where('visitor_id', '=', input.visitorId).compile());
  if (stocked.length) yield* announceStockChange(w, dialect, [...new Set(stocked.map((s) => s.productId))], input.now.getTime());
  const soldOut = [...new Set(stocked.filter((s) => s.stock - s.quantity <= 0).map((s) => s.productId))];
  return { kind: 'placed', order: { ...normaliseOrder(order), lines: lineRows }, repeated: false, soldOut };
}

/** An order by its confirmation token (the shopper's own address), with its lines; null when there is none. */
export function* orderByToken(dialect: SqlDialect, token: string): Steps<StoredOrder | null> {
  const w = writers[dialect];
  const [order] = yield* step(w.selectFrom('orders').selectAll().where('token', '=', token).compile());
  return order ? yield* storedOrder(w, normaliseOrder(order)) : null;
}

/** The newest orders with their lines (`npm run orders`), newest first. */
export function* latestOrders(dialect: SqlDialect, limit: number): Steps<StoredOrder[]> {
  const w = writers[dialect];
  const orders = yield* step(w.selectFrom('orders').selectAll().orderBy('id', 'desc').limit(limit).compile());
  const result: StoredOrder[] = [];
  for (const order of orders) result.push(yield* storedOrder(w, normaliseOrder(order)));
  return result;
}

/** Numbers come back as numbers on both drivers (PostgreSQL's BIGINT included). */
export function normaliseOrder(order: OrderRow): OrderRow {
  const numeric = ['id', 'courier_id', 'delivery_days', 'goods_net', 'goods_gross', 'shipping_gross', 'shipping_net', 'vat', 'total'] as const;
  const copy = { ...order };
  for (const key of numeric) (copy as Record<string, unknown>)[key] = Number(order[key]);
  return copy;
}
