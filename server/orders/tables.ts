import type { Generated } from 'kysely';
import type { ShopTables } from '../db/sharedReads';
import type { StoredLimitProduct, StoredLimitSize } from '../db/basketLimits';

/**
 * The checkout's tables (issue 32), as both schemas define them (migration 20 of
 * server/db/schema.ts and of server/db/postgres/schema.ts): Kysely checks every statement of
 * server/orders/orderStore.ts against them when the project is type-checked.
 *
 * Amounts are integer cents; an order's lines are snapshots (what was sold, at what price, for
 * which vehicle and with which fit), never references to the catalogue's current rows.
 */
export interface OrderRow {
  id: number;
  /** Readable and unique across servers: YYYY-NNNNNN (order_numbers). */
  number: string;
  /** The confirmation page's address: a long random token only the shopper has. */
  token: string;
  /** The checkout's idempotency key: a second submit with it answers the first order. */
  checkout_key: string;
  visitor_id: string;
  status: string;
  language: string;
  email: string;
  phone: string;
  name: string;
  street: string;
  postcode: string;
  city: string;
  country: string;
  company: string | null;
  vat_number: string | null;
  courier_id: number;
  courier_name: string;
  courier_group: string;
  delivery_days: number;
  payment: string;
  price_type: string;
  goods_net: number;
  goods_gross: number;
  shipping_gross: number;
  shipping_net: number;
  vat: number;
  total: number;
  created_at: string;
  /** The courier's tracking number, once shipped (migration 23). */
  tracking_number: string | null;
}

/** One change of an order's status (migration 23): its history, oldest first. */
export interface OrderEventRow {
  id: Generated<number>;
  order_id: number;
  at: string;
  from_status: string;
  to_status: string;
  /** Who changed it: the owner's id and e-mail as they were (no key: an owner may be removed, the history stays). */
  owner_id: number | null;
  owner_email: string | null;
  /** What went with it: the tracking number of a shipment. */
  detail: string | null;
}

export interface OrderLineRow {
  order_id: number;
  position: number;
  product_id: number;
  size_id: string;
  additional: string;
  name: string;
  catalog_no: string;
  size_name: string;
  quantity: number;
  unit: string;
  unit_gross: number;
  unit_net: number;
  line_gross: number;
  line_net: number;
  vat_rate: number;
  vehicle_engine: number | null;
  vehicle_label: string | null;
  fit: string | null;
}

/** What the checkout reads and writes besides its own tables (the catalogue's columns it needs). */
export interface OrderTables extends Omit<ShopTables, 'products' | 'visitors'> {
  orders: OrderRow;
  order_lines: OrderLineRow;
  order_events: OrderEventRow;
  order_numbers: { year: number; last: number };
  products: StoredLimitProduct & {
    id: number;
    name: string;
    slug: string;
    type: string;
    catalog_no: string;
    category_id: number;
    vat: number;
  };
  sizes: StoredLimitSize & {
    product_id: number;
    name: string;
    shipping_days: number;
    price_gross: number;
    price_net: number;
  };
  basket_lines: {
    visitor_id: string;
    product_id: number;
    size_id: string;
    additional: string;
    count: number;
    added_at: string;
    vehicle_engine: number | null;
    vehicle_label: string | null;
  };
  rebates: { product_id: number; threshold: number; threshold_end: number | null; value: number };
  couriers: { id: number; name: string; icon: string; prepaid: string; cost_gross: number; days: number; working_days: number };
  settings: { key: string; value: string };
  fitments: { engine_id: number; product_id: number; position: string | null; from_month: string | null; to_month: string | null; note: string | null };
  catalogue_changes: { id: Generated<number>; product_id: number | null; changed_at: number };
  visitors: { id: string; created_at: string; pending_tracking: number; wishlist_count: number };
}

/** Migration 20 on SQLite. */
export const SQLITE_ORDER_TABLES = `
  CREATE TABLE orders (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    number TEXT NOT NULL UNIQUE,
    token TEXT NOT NULL UNIQUE,
    checkout_key TEXT NOT NULL UNIQUE,
    visitor_id TEXT NOT NULL,
    status TEXT NOT NULL,
    language TEXT NOT NULL,
    email TEXT NOT NULL, phone TEXT NOT NULL, name TEXT NOT NULL,
    street TEXT NOT NULL, postcode TEXT NOT NULL, city TEXT NOT NULL, country TEXT NOT NULL,
    company TEXT, vat_number TEXT,
    courier_id INTEGER NOT NULL, courier_name TEXT NOT NULL, courier_group TEXT NOT NULL, delivery_days INTEGER NOT NULL,
    payment TEXT NOT NULL,
    price_type TEXT NOT NULL,
    goods_net INTEGER NOT NULL, goods_gross INTEGER NOT NULL, shipping_gross INTEGER NOT NULL, shipping_net INTEGER NOT NULL,
    vat INTEGER NOT NULL, total INTEGER NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX orders_visitor ON orders(visitor_id);
  CREATE TABLE order_lines (
    order_id INTEGER NOT NULL REFERENCES orders(id),
    position INTEGER NOT NULL,
    product_id INTEGER NOT NULL, size_id TEXT NOT NULL, additional TEXT NOT NULL,
    name TEXT NOT NULL, catalog_no TEXT NOT NULL, size_name TEXT NOT NULL,
    quantity REAL NOT NULL, unit TEXT NOT NULL,
    unit_gross INTEGER NOT NULL, unit_net INTEGER NOT NULL, line_gross INTEGER NOT NULL, line_net INTEGER NOT NULL,
    vat_rate REAL NOT NULL,
    vehicle_engine INTEGER, vehicle_label TEXT, fit TEXT,
    PRIMARY KEY (order_id, position)
  ) WITHOUT ROWID;
  CREATE TABLE order_numbers (year INTEGER PRIMARY KEY, last INTEGER NOT NULL);
`;

/** Migration 20 on PostgreSQL. */
export const POSTGRES_ORDER_TABLES = `
  CREATE TABLE orders (
    id BIGSERIAL PRIMARY KEY,
    number TEXT NOT NULL UNIQUE,
    token TEXT NOT NULL UNIQUE,
    checkout_key TEXT NOT NULL UNIQUE,
    visitor_id TEXT NOT NULL,
    status TEXT NOT NULL,
    language TEXT NOT NULL,
    email TEXT NOT NULL, phone TEXT NOT NULL, name TEXT NOT NULL,
    street TEXT NOT NULL, postcode TEXT NOT NULL, city TEXT NOT NULL, country TEXT NOT NULL,
    company TEXT, vat_number TEXT,
    courier_id BIGINT NOT NULL, courier_name TEXT NOT NULL, courier_group TEXT NOT NULL, delivery_days INTEGER NOT NULL,
    payment TEXT NOT NULL,
    price_type TEXT NOT NULL,
    goods_net BIGINT NOT NULL, goods_gross BIGINT NOT NULL, shipping_gross BIGINT NOT NULL, shipping_net BIGINT NOT NULL,
    vat BIGINT NOT NULL, total BIGINT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX orders_visitor ON orders(visitor_id);
  CREATE TABLE order_lines (
    order_id BIGINT NOT NULL REFERENCES orders(id),
    position INTEGER NOT NULL,
    product_id BIGINT NOT NULL, size_id TEXT NOT NULL, additional TEXT NOT NULL,
    name TEXT NOT NULL, catalog_no TEXT NOT NULL, size_name TEXT NOT NULL,
    quantity DOUBLE PRECISION NOT NULL, unit TEXT NOT NULL,
    unit_gross BIGINT NOT NULL, unit_net BIGINT NOT NULL, line_gross BIGINT NOT NULL, line_net BIGINT NOT NULL,
    vat_rate DOUBLE PRECISION NOT NULL,
    vehicle_engine BIGINT, vehicle_label TEXT, fit TEXT,
    PRIMARY KEY (order_id, position)
  );
  CREATE TABLE order_numbers (year INTEGER PRIMARY KEY, last BIGINT NOT NULL);
`;

/** Migration 23 (issue 36): tracking numbers, the orders' status history, and the back office's filters' indexes. */
export const SQLITE_ORDER_HISTORY = `
  ALTER TABLE orders ADD COLUMN tracking_number TEXT;
  CREATE TABLE order_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id INTEGER NOT NULL REFERENCES orders(id),
    at TEXT NOT NULL,
    from_status TEXT NOT NULL,
    to_status TEXT NOT NULL,
    owner_id INTEGER,
    owner_email TEXT,
    detail TEXT
  );
  CREATE INDEX order_events_order ON order_events(order_id, id);
  CREATE INDEX orders_created ON orders(created_at);
  CREATE INDEX orders_status ON orders(status, created_at);
`;

/** Migration 23 on PostgreSQL. */
export const POSTGRES_ORDER_HISTORY = `
  ALTER TABLE orders ADD COLUMN tracking_number TEXT;
  CREATE TABLE order_events (
    id BIGSERIAL PRIMARY KEY,
    order_id BIGINT NOT NULL REFERENCES orders(id),
    at TEXT NOT NULL,
    from_status TEXT NOT NULL,
    to_status TEXT NOT NULL,
    owner_id BIGINT,
    owner_email TEXT,
    detail TEXT
  );
  CREATE INDEX order_events_order ON order_events(order_id, id);
  CREATE INDEX orders_created ON orders(created_at);
  CREATE INDEX orders_status ON orders(status, created_at);
`;
