import { sql, type Expression, type Insertable, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { PaymentId } from '../../src/api/checkoutWire';
import { decideOrderStatusChange, type OrderPayment, type OrderStatus, type OrderStatusEvent } from '../../machines/orderStatus';
import { queryWriter, step, type SqlDialect, type Steps } from '../db/steps';
import { announceStockChange, normaliseOrder, storedOrder, type StoredOrder } from './orderStore';
import type { OrderEventRow, OrderTables } from './tables';
import type { OwnerTables } from '../owner/tables';

/**
 * The back office's orders (issue 36), written once for both databases like the checkout
 * (server/orders/orderStore.ts): the list with its filters and search, an order with its history,
 * the status changes the statechart allows (machines/orderStatus.ts) in one transaction with their
 * effects (a cancelled order's stock comes back), and the first screen's figures. Per dialect only
 * the order's row lock (`lockOrder`, PostgreSQL) and PostgreSQL's NOTIFY of the stock change.
 */
/** The orders' tables and the back office's audit log (server/owner/tables.ts, migration 22). */
type OrderAdminTables = OrderTables & Pick<OwnerTables, 'audit_log'>;

const writers: Record<SqlDialect, Kysely<OrderAdminTables>> = { sqlite: queryWriter<OrderAdminTables>('sqlite'), postgres: queryWriter<OrderAdminTables>('postgres') };

export interface OrderListFilter {
  status?: OrderStatus;
  payment?: PaymentId;
  /** Days (YYYY-MM-DD) in the shop's time zone, both included. */
  from?: string;
  to?: string;
  /** Part of the number, the e-mail or the name (any case). */
  q?: string;
}

export interface OrderListRow {
  id: number;
  number: string;
  created_at: string;
  status: string;
  payment: string;
  name: string;
  email: string;
  courier_name: string;
  total: number;
  tracking_number: string | null;
}

export interface OrderListPage {
  rows: OrderListRow[];
  total: number;
  page: number;
  pageSize: number;
}

export interface OrderEvent {
  at: string;
  from: string;
  to: string;
  ownerEmail: string | null;
  detail: string | null;
}

export interface OrderWithHistory extends StoredOrder {
  events: OrderEvent[];
}

/** The time zone the shop's days are counted in (an Italian shop). */
export const SHOP_TIME_ZONE = 'Europe/Rome';

/** The instant a day (YYYY-MM-DD) starts in `timeZone`, as an ISO string (orders' created_at compares as text). */
export function dayStart(day: string, timeZone = SHOP_TIME_ZONE): string {
  const guess = new Date(`${day}T00:00:00.000Z`);
  // The zone's offset at that moment: the wall time there, read back as if it were UTC.
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(guess)
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return new Date(guess.getTime() - (wall - guess.getTime())).toISOString();
}

/** The day after a day (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const date = new Date(`${day}T12:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** A day (YYYY-MM-DD) in the shop's time zone. */
export function shopDay(now: Date, timeZone = SHOP_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** `%text%` for LIKE, its own % _ and \ taken literally. */
function containing(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function listWhere(filter: OrderListFilter) {
  return (eb: ExpressionBuilder<OrderTables, 'orders'>): Expression<SqlBool> => {
    const all: Array<Expression<SqlBool>> = [];
    if (filter.status) all.push(eb('status', '=', filter.status));
    if (filter.payment) all.push(eb('payment', '=', filter.payment));
    if (filter.from) all.push(eb('created_at', '>=', dayStart(filter.from)));
    if (filter.to) all.push(eb('created_at', '<', dayStart(nextDay(filter.to))));
    if (filter.q) {
      const pattern = containing(filter.q);
      // lower() on both sides: PostgreSQL's LIKE minds case, SQLite's does not (for ASCII).
      all.push(
        eb.or([
          sql<SqlBool>`lower(number) LIKE ${pattern} ESCAPE '\\'`,
          sql<SqlBool>`lower(email) LIKE ${pattern} ESCAPE '\\'`,
          sql<SqlBool>`lower(name) LIKE ${pattern} ESCAPE '\\'`,
        ]),
      );
    }
    return eb.and(all);
  };
}

const LIST_COLUMNS = ['id', 'number', 'created_at', 'status', 'payment', 'name', 'email', 'courier_name', 'total', 'tracking_number'] as const;

function listRow(row: OrderListRow): OrderListRow {
  return { ...row, id: Number(row.id), total: Number(row.total) };
}

/** One page (from 1) of the orders the filter keeps, newest first, and how many it keeps. */
export function* orderListSteps(dialect: SqlDialect, filter: OrderListFilter, page: number, pageSize: number): Steps<OrderListPage> {
  const w = writers[dialect];
  const [count] = yield* step(w.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where(listWhere(filter)).compile());
  const rows = yield* step(
    w
      .selectFrom('orders')
      .select(LIST_COLUMNS)
      .where(listWhere(filter))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .compile(),
  );
  return { rows: rows.map(listRow), total: Number(count.n), page, pageSize };
}

/** Every order the filter keeps (the accountant's CSV), oldest first, with their lines' count; at most `limit`. */
export function* orderExportSteps(dialect: SqlDialect, filter: OrderListFilter, limit: number): Steps<StoredOrder[]> {
  const w = writers[dialect];
  const orders = yield* step(w.selectFrom('orders').selectAll().where(listWhere(filter)).orderBy('created_at').orderBy('id').limit(limit).compile());
  const result: StoredOrder[] = [];
  for (const order of orders) result.push({ ...normaliseOrder(order), lines: [] });
  return result;
}

function* history(w: Kysely<OrderAdminTables>, orderId: number): Steps<OrderEvent[]> {
  const rows = yield* step(w.selectFrom('order_events').select(['at', 'from_status', 'to_status', 'owner_email', 'detail']).where('order_id', '=', orderId).orderBy('id').compile());
  return rows.map((r) => ({ at: r.at, from: r.from_status, to: r.to_status, ownerEmail: r.owner_email, detail: r.detail }));
}

/** An order by its number, with its lines and status history; null when there is none. */
export function* orderByNumberSteps(dialect: SqlDialect, number: string): Steps<OrderWithHistory | null> {
  const w = writers[dialect];
  const [order] = yield* step(w.selectFrom('orders').selectAll().where('number', '=', number).compile());
  if (!order) return null;
  const stored = yield* storedOrder(w, normaliseOrder(order));
  return { ...stored, events: yield* history(w, stored.id) };
}

export interface OrderStatusChangeInput {
  number: string;
  event: OrderStatusEvent;
  owner: { id: number; email: string } | null;
  now: Date;
}

export type OrderStatusChangeResult =
  | { kind: 'changed'; order: OrderWithHistory; from: OrderStatus; to: OrderStatus; stockReturned: boolean; mailsTracking: boolean }
  | { kind: 'refused'; order: OrderWithHistory; from: OrderStatus }
  | { kind: 'not_found' };

/** PostgreSQL: the order's row locked, so two owners changing it take turns (SQLite: the write lock does). */
function* lockOrder(w: Kysely<OrderAdminTables>, dialect: SqlDialect, number: string) {
  let query = w.selectFrom('orders').selectAll().where('number', '=', number);
  if (dialect === 'postgres') query = query.forUpdate();
  const [order] = yield* step(query.compile());
  return order ? normaliseOrder(order) : undefined;
}

/**
 * Moves an order's status as the statechart allows, in one transaction: the order's row read
 * (locked), the change decided by machines/orderStatus.ts (refused: nothing written), the status
 * and a shipment's tracking number written; when the transition returns the stock (a
 * cancellation, a refund before shipping) each size's stock given back (unlimited stays
 * unlimited) and announced to every server like a sale; then the history row and the audit log's
 * entry (`order.status`).
 */
export function* changeOrderStatusSteps(dialect: SqlDialect, input: OrderStatusChangeInput): Steps<OrderStatusChangeResult> {
  const w = writers[dialect];
  const order = yield* lockOrder(w, dialect, input.number);
  if (!order) return { kind: 'not_found' };
  const from = order.status as OrderStatus;
  const decision = decideOrderStatusChange(from, order.payment as OrderPayment, input.event);
  if (!decision.ok) {
    const stored = yield* storedOrder(w, order);
    return { kind: 'refused', from, order: { ...stored, events: yield* history(w, order.id) } };
  }
  const tracking = input.event.type === 'SHIP' ? input.event.tracking.trim() : null;
  yield* step(
    w
      .updateTable('orders')
      .set({ status: decision.to, ...(tracking ? { tracking_number: tracking } : {}) })
      .where('id', '=', order.id)
      .compile(),
  );
  const lines = yield* step(w.selectFrom('order_lines').selectAll().where('order_id', '=', order.id).orderBy('position').compile());
  if (decision.returnsStock) {
    const back = new Map<string, { productId: number; sizeId: string; quantity: number }>();
    for (const line of lines) {
      const key = `${line.product_id}|${line.size_id}`;
      const entry = back.get(key) ?? { productId: Number(line.product_id), sizeId: line.size_id, quantity: 0 };
      entry.quantity += Number(line.quantity);
      back.set(key, entry);
    }
    // In key order, as the checkout locks them: a cancellation and a checkout never wait on each other in a circle.
    const sizes = [...back.values()].sort((a, b) => a.productId - b.productId || (a.sizeId < b.sizeId ? -1 : a.sizeId > b.sizeId ? 1 : 0));
    for (const s of sizes) {
      yield* step(
        w
          .updateTable('sizes')
          .set((eb) => ({ stock: eb('stock', '+', s.quantity) }))
          .where('product_id', '=', s.productId)
          .where('size_id', '=', s.sizeId)
          .where('stock', '<>', -1)
          .compile(),
      );
    }
    if (sizes.length) yield* announceStockChange(w, dialect, [...new Set(sizes.map((s) => s.productId))], input.now.getTime());
  }
  const event: Insertable<OrderEventRow> = {
    order_id: order.id,
    at: input.now.toISOString(),
    from_status: from,
    to_status: decision.to,
    owner_id: input.owner?.id ?? null,
    owner_email: input.owner?.email ?? null,
    detail: tracking,
  };
  yield* step(w.insertInto('order_events').values(event).compile());
  // The audit log (who changed what, when), in the same transaction as the change it records.
  yield* step(
    w
      .insertInto('audit_log')
      .values({ at: event.at, owner_id: event.owner_id ?? null, action: 'order.status', subject: order.number, detail: `${from} → ${decision.to}${tracking ? ` (${tracking})` : ''}` })
      .compile(),
  );
  const changed: StoredOrder = { ...order, status: decision.to, tracking_number: tracking ?? order.tracking_number, lines };
  return {
    kind: 'changed',
    from,
    to: decision.to,
    stockReturned: decision.returnsStock,
    mailsTracking: decision.mailsTracking,
    order: { ...changed, events: yield* history(w, order.id) },
  };
}

/* ------------------------------------------------------------------ the first screen */

export interface OwnerDashboard {
  today: { orders: number; worth: number };
  /** The oldest `limit` waiting for the money, and how many wait in all. */
  awaitingPayment: OrderListRow[];
  awaitingPaymentCount: number;
  /** The oldest `limit` waiting to ship (new, paid, packed), and how many wait in all. */
  toShip: OrderListRow[];
  toShipCount: number;
  lowStock: Array<{ productId: number; name: string; catalogNo: string; sizeId: string; sizeName: string; stock: number }>;
  lowStockMark: number;
}

/** Sizes at or below this many units are listed on the back office's first screen. */
export const LOW_STOCK_MARK = 2;

/**
 * The first screen: today's orders (the shop's day; cancelled ones not counted) and their worth,
 * the orders waiting for payment and those waiting to ship (new, paid, packed; the oldest first,
 * the longest waiting), and the sizes on
 * sale with at most `lowStockMark` units (unlimited and disabled sizes left out). Each list at most `limit`.
 */
export function* ownerDashboardSteps(dialect: SqlDialect, input: { now: Date; lowStockMark?: number; limit?: number }): Steps<OwnerDashboard> {
  const w = writers[dialect];
  const mark = input.lowStockMark ?? LOW_STOCK_MARK;
  const limit = input.limit ?? 20;
  const day = shopDay(input.now);
  const [today] = yield* step(
    w
      .selectFrom('orders')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.coalesce(eb.fn.sum<number>('total'), sql<number>`0`).as('worth')])
      .where('created_at', '>=', dayStart(day))
      .where('created_at', '<', dayStart(nextDay(day)))
      .where('status', '<>', 'cancelled')
      .compile(),
  );
  const waiting = (statuses: OrderStatus[]) =>
    step(w.selectFrom('orders').select(LIST_COLUMNS).where('status', 'in', statuses).orderBy('created_at').orderBy('id').limit(limit).compile());
  const counted = (statuses: OrderStatus[]) => step(w.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('status', 'in', statuses).compile());
  const awaitingPayment = (yield* waiting(['awaiting_payment'])).map(listRow);
  const [awaitingPaymentCount] = yield* counted(['awaiting_payment']);
  const toShip = (yield* waiting(['new', 'paid', 'packed'])).map(listRow);
  const [toShipCount] = yield* counted(['new', 'paid', 'packed']);
  const low = yield* step(
    w
      .selectFrom('sizes as s')
      .innerJoin('products as p', 'p.id', 's.product_id')
      .select(['s.product_id', 'p.name', 'p.catalog_no', 's.size_id', 's.name as size_name', 's.stock'])
      .where('s.stock', '>=', 0)
      .where('s.stock', '<=', mark)
      .where('s.status', '<>', 'disable')
      .orderBy('s.stock')
      .orderBy('s.product_id')
      .orderBy('s.size_id')
      .limit(limit)
      .compile(),
  );
  return {
    today: { orders: Number(today.n), worth: Number(today.worth) },
    awaitingPayment,
    awaitingPaymentCount: Number(awaitingPaymentCount.n),
    toShip,
    toShipCount: Number(toShipCount.n),
    lowStock: low.map((r) => ({ productId: Number(r.product_id), name: r.name, catalogNo: r.catalog_no, sizeId: r.size_id, sizeName: r.size_name, stock: Number(r.stock) })),
    lowStockMark: mark,
  };
}
