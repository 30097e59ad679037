/**
 * The checkout under load (issue 32), on SQLite and, when BENCH_DATABASE_URL (or DATABASE_URL)
 * names a PostgreSQL server, on a scratch database there: placing orders with 32 checkouts in
 * flight at once (p50 / p99 of each place, through the same `place()` the checkout calls use), and
 * a race of many shoppers for a part with little stock (units sold must equal the stock).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openRepository } from '../../server/db/openRepository';
import type { ShopRepository } from '../../server/db/repository';
import { buildQuote, checkoutCouriers } from '../../server/orders/orderStore';
import { place, type CheckoutContext } from '../../server/orders/checkout';

export interface CheckoutBenchRow {
  backend: 'sqlite' | 'postgres';
  concurrency: number;
  orders: number;
  placeP50Ms: number;
  placeP99Ms: number;
  ordersPerSecond: number;
  raceShoppers: number;
  raceStock: number;
  raceSold: number;
}

const DETAILS = { email: 'bench@example.com', phone: '333 123 4567', name: 'Bench Shopper', street: 'Via Roma 1', postcode: '20121', city: 'Milano', country: 'IT', company: '', vat_number: '', terms: '1' };
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

async function plainProduct(repo: ShopRepository, sql: (text: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>, offset: number) {
  const [row] = await sql(
    `SELECT p.id, s.size_id FROM products p JOIN sizes s ON s.product_id = p.id WHERE s.status = 'enable' AND p.phone_price = 0 AND p.gratis = 0 AND p.unit_sellby = 1
       AND p.min_quantity IS NULL AND p.max_quantity IS NULL AND p.min_size_quantity IS NULL AND p.max_size_quantity IS NULL AND p.min_subscription_quantity IS NULL AND p.type = 'product_item'
       AND (SELECT COUNT(*) FROM sizes x WHERE x.product_id = p.id) = 1 ORDER BY p.id LIMIT 1 OFFSET ${offset}`,
    [],
  );
  void repo;
  return { id: Number(row.id), size: String(row.size_id) };
}

/** A shopper with one unit of the product in the basket, and the form that places it (reviewed). */
async function readyShopper(repo: ShopRepository, visitorId: string, product: { id: number; size: string }, key: string) {
  await repo.ensureVisitor(visitorId);
  const added = await repo.changeBasket(visitorId, { mode: 'add', productId: product.id, sizeId: product.size, quantity: 1, additional: '' });
  if (!added.ok) throw new Error(`add refused: ${added.code}`);
  const reads = await repo.checkoutReads({ visitorId, vehicle: null, region: '1143020220', priceType: 'gross' });
  const courier = checkoutCouriers(reads).find((c) => c.group === 'prepaid')!;
  const quote = buildQuote(reads, courier.id, 'transfer')!;
  return { ...DETAILS, courier: String(courier.id), payment: 'transfer', key, quote: quote.fingerprint, vehicle: '', fit_confirmed: '' };
}

async function benchOn(backend: 'sqlite' | 'postgres', databaseUrl?: string): Promise<CheckoutBenchRow> {
  const dir = mkdtempSync(join(tmpdir(), 'shop-checkout-bench-'));
  const opened = await openRepository({ databaseUrl, sqlitePath: join(dir, 'shop.sqlite'), catalogueSize: 2000 });
  const sql = async (text: string, params: unknown[]) =>
    opened.sqlite ? (opened.sqlite.prepare(text).reader ? (opened.sqlite.prepare(text).all(...params) as Array<Record<string, unknown>>) : (opened.sqlite.prepare(text).run(...params), [])) : (await opened.pgPool!.query(text, params)).rows;
  try {
    const repo = opened.repository;
    const concurrency = 32;
    const orders = 320;
    const product = await plainProduct(repo, sql, 0);
    await sql(`UPDATE sizes SET stock = -1 WHERE product_id = ${product.id}`, []);
    const forms = await Promise.all(Array.from({ length: orders }, (_, i) => readyShopper(repo, `bench-v-${i}`, product, `bench-key-${backend}-${i}-0123456789`).then((form) => ({ visitor: `bench-v-${i}`, form }))));
    const times: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < forms.length) {
          const { visitor, form } = forms[next++];
          const ctx: CheckoutContext = { repo, visitorId: visitor, language: 'it', priceType: 'gross' };
          const t0 = performance.now();
          const result = await place(ctx, form);
          times.push(performance.now() - t0);
          if (result.answer.status !== 'placed') throw new Error(`not placed: ${JSON.stringify(result.answer)}`);
        }
      }),
    );
    const elapsed = performance.now() - started;
    times.sort((a, b) => a - b);

    // The race: 64 shoppers, 5 units.
    const raceProduct = await plainProduct(repo, sql, 1);
    await sql(`UPDATE sizes SET stock = 100 WHERE product_id = ${raceProduct.id}`, []);
    const raceShoppers = 64;
    const raceStock = 5;
    const raceForms = await Promise.all(Array.from({ length: raceShoppers }, (_, i) => readyShopper(repo, `race-v-${i}`, raceProduct, `race-key-${backend}-${i}-0123456789`).then((form) => ({ visitor: `race-v-${i}`, form }))));
    await sql(`UPDATE sizes SET stock = ${raceStock} WHERE product_id = ${raceProduct.id}`, []);
    const raced = await Promise.all(raceForms.map(({ visitor, form }) => place({ repo, visitorId: visitor, language: 'it', priceType: 'gross' }, form)));
    const raceSold = raced.filter((r) => r.answer.status === 'placed').length;
    return {
      backend,
      concurrency,
      orders,
      placeP50Ms: Math.round(percentile(times, 50) * 10) / 10,
      placeP99Ms: Math.round(percentile(times, 99) * 10) / 10,
      ordersPerSecond: Math.round((orders / elapsed) * 1000),
      raceShoppers,
      raceStock,
      raceSold,
    };
  } finally {
    await opened.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchCheckout(): Promise<CheckoutBenchRow[]> {
  const rows = [await benchOn('sqlite')];
  const serverUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  if (serverUrl) {
    const scratch = `bench_checkout_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${scratch}`);
    try {
      const url = new URL(serverUrl);
      url.pathname = `/${scratch}`;
      rows.push(await benchOn('postgres', url.toString()));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
      await admin.end();
    }
  }
  return rows;
}
