/**
 * Vehicle pages (issue 25): p50 / p99 of a whole engine, model and brand page answer against a
 * listing page's, under 10 connections, at a catalogue size (SQLite, page cache off: the
 * renderer and the repository are measured); and the plans of the fitment statements: SQLite's
 * EXPLAIN QUERY PLAN of every statement a vehicle page and the fitment route send (caught as
 * they run), PostgreSQL's EXPLAIN (ANALYZE) of the same statements on a scratch database.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { openShopDatabase } from '../../server/db/open';
import { openPostgresShop } from '../../server/db/postgres/open';
import { buildApp } from '../../server/app';
import { SqliteShopRepository } from '../../server/db/sqliteRepository';
import { ENGINE_PARTS_SQL, ENGINE_SQL } from '../../server/db/vehiclePages';
import { FIT_COLUMNS } from '../../server/db/shopViews';
import { traitValueCounts, POSTGRES_LISTING } from '../../server/db/listingQuery';
import { AXIS, BRAKE_CATEGORY, BRAKE_TRAIT } from '../../src/api/wire';
import { VEHICLE_PAGE_PARTS_PER_CATEGORY } from '../../src/domain/vehiclePages';
import { loadAutocannon } from './autocannonRun';

export interface VehiclePageBenchRow {
  catalogue: number;
  page: string;
  p50Ms: number;
  p99Ms: number;
  rps: number;
  errors: number;
  /** The page's size in bytes (one answer). */
  bytes: number;
}

export interface FitmentPlan {
  backend: 'sqlite' | 'postgresql';
  catalogue: number;
  call: string;
  sql: string;
  plan: string[];
}


/** The engines measured: the one with the most fits and one with the median number of fits. */
function enginesOf(db: Database.Database) {
  const counts = db.prepare('SELECT engine_id AS id, COUNT(*) AS n FROM fitments GROUP BY engine_id ORDER BY n DESC, engine_id').all() as Array<{ id: number; n: number }>;
  const busiest = counts[0];
  const median = counts[Math.floor(counts.length / 2)];
  const facts = (id: number) =>
    db.prepare('SELECT e.id, g.model_id AS model, m.brand_id AS brand FROM engines e JOIN generations g ON g.id = e.generation_id JOIN models m ON m.id = g.model_id WHERE e.id = ?').get(id) as {
      id: number;
      model: number;
      brand: number;
    };
  return { busiest: { ...facts(busiest.id), fits: busiest.n }, median: { ...facts(median.id), fits: median.n }, engines: counts.length };
}

/** SQLite's plan of each statement a vehicle page and the fitment route send (as sent, values bound). */
async function sqlitePlans(path: string, catalogue: number, busiest: { id: number; model: number; brand: number }): Promise<FitmentPlan[]> {
  let sent: string[] = [];
  const db = new Database(path, { readonly: true, fileMustExist: true, verbose: (sql) => sent.push(String(sql)) });
  const plans: FitmentPlan[] = [];
  try {
    const repo = new SqliteShopRepository(db);
    const products = (db.prepare('SELECT product_id AS id FROM fitments WHERE engine_id = ? LIMIT 20').all(busiest.id) as Array<{ id: number }>).map((r) => r.id);
    const seen = new Set<string>();
    const explain = async (call: string, run: () => Promise<unknown>) => {
      sent = [];
      await run();
      const statements = sent;
      sent = [];
      for (const sql of statements) {
        const shape = sql.replace(/\s+/g, ' ').trim();
        if (seen.has(shape)) continue;
        seen.add(shape);
        plans.push({ backend: 'sqlite', catalogue, call, sql: shape, plan: (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((row) => row.detail) });
      }
    };
    await explain(`vehiclePage engine ${busiest.id}`, () => repo.vehiclePage('engine', busiest.id));
    await explain(`vehiclePage model ${busiest.model}`, () => repo.vehiclePage('model', busiest.model));
    await explain(`vehiclePage brand ${busiest.brand}`, () => repo.vehiclePage('brand', busiest.brand));
    await explain('fitments (GET /ajax/fitment.php)', () => repo.fitments([busiest.id], products));
    await explain('listing with the brake filters', () => repo.listing({ category: BRAKE_CATEGORY.discs, axis: AXIS.front, traits: [{ trait: BRAKE_TRAIT.discDiameter, value: 1_000_019 }] }, 1, 24));
    return plans;
  } finally {
    db.close();
  }
}

/** PostgreSQL's EXPLAIN (ANALYZE, BUFFERS) of the same statements, on a scratch database of `catalogue` products (dropped after). */
export async function postgresPlans(adminUrl: string, catalogue: number): Promise<FitmentPlan[]> {
  const scratch = `bench_vehicle_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${scratch}`);
  await admin.query(`CREATE DATABASE ${scratch}`);
  const url = new URL(adminUrl);
  url.pathname = `/${scratch}`;
  const plans: FitmentPlan[] = [];
  try {
    await (await openPostgresShop({ url: url.toString(), catalogueSize: catalogue, poolSize: 1 })).close();
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      await client.query('ANALYZE');
      const one = async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows[0] as T;
      const busiest = await one<{ id: number }>('SELECT engine_id AS id FROM fitments GROUP BY engine_id ORDER BY COUNT(*) DESC, engine_id LIMIT 1');
      const products = (await client.query('SELECT product_id AS id FROM fitments WHERE engine_id = $1 LIMIT 20', [busiest.id])).rows.map((r: { id: number }) => r.id);
      const numbered = (sql: string) => {
        let n = 0;
        return sql.replace(/\?/g, () => `$${++n}`);
      };
      const facets = traitValueCounts({ category: BRAKE_CATEGORY.discs, axis: AXIS.front }, BRAKE_TRAIT.discDiameter, POSTGRES_LISTING);
      const statements: Array<[string, string, unknown[]]> = [
        [`vehiclePage engine ${busiest.id}: the vehicle`, ENGINE_SQL, [busiest.id]],
        [`vehiclePage engine ${busiest.id}: its parts`, ENGINE_PARTS_SQL, [busiest.id, VEHICLE_PAGE_PARTS_PER_CATEGORY]],
        ['fitments (GET /ajax/fitment.php)', `SELECT ${FIT_COLUMNS} FROM fitments WHERE engine_id = ANY(?) AND product_id = ANY(?) ORDER BY engine_id, product_id`, [[busiest.id], products]],
        ['listing facet: disc diameter among front discs', facets.sql, facets.params],
      ];
      for (const [call, sql, params] of statements) {
        const plan = (await client.query(`EXPLAIN (ANALYZE, BUFFERS, TIMING OFF) ${numbered(sql)}`, params)).rows.map((row: Record<string, string>) => row['QUERY PLAN']);
        plans.push({ backend: 'postgresql', catalogue, call, sql: sql.replace(/\s+/g, ' ').trim(), plan });
      }
    } finally {
      await client.end();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${scratch}`).catch(() => undefined);
    await admin.end();
  }
  return plans;
}

export async function runVehiclePageBench(catalogueSize: number, seconds = 5, connections = 10): Promise<{ rows: VehiclePageBenchRow[]; plans: FitmentPlan[]; engines: Record<string, number> }> {
  const autocannon = await loadAutocannon();
  const dir = mkdtempSync(join(tmpdir(), 'shop-vehicle-bench-'));
  const path = join(dir, 'shop.sqlite');
  const { db } = openShopDatabase({ path, catalogueSize });
  const staticDir = join(dir, 'dist');
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><html lang="it"><head><script defer src="/assets/main.js"></script></head><body><div id="root"></div></body></html>');
  const app = await buildApp({ db, staticDir, pageCacheBytes: 0 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const { busiest, median, engines } = enginesOf(db);
  const link = async (kind: string, id: number) => ((await (await fetch(`${base}/ajax/vehicle.php?kind=${kind}&id=${id}`)).json()) as { link: string }).link;
  const pages: Record<string, string> = {
    listing: '/search.php?traits_alt[24]=148728',
    'listing, brake filters': `/search.php?traits_alt[24]=${BRAKE_CATEGORY.discs}&traits_alt[148722]=${AXIS.front}&traits_alt[${BRAKE_TRAIT.discDiameter}]=1000019`,
    [`vehicle: engine, most fits (${busiest.fits})`]: await link('engine', busiest.id),
    [`vehicle: engine, median fits (${median.fits})`]: await link('engine', median.id),
    'vehicle: model': await link('model', busiest.model),
    'vehicle: brand': await link('brand', busiest.brand),
  };
  const rows: VehiclePageBenchRow[] = [];
  try {
    for (const [page, address] of Object.entries(pages)) {
      const first = await fetch(base + address, { headers: { accept: 'text/html' } }); // warm: the page type's code loads once
      const bytes = (await first.arrayBuffer()).byteLength;
      if (first.status !== 200) throw new Error(`${address} answered ${first.status}`);
      const result = await autocannon({ url: base + address, connections, duration: seconds, headers: { accept: 'text/html' } });
      rows.push({ catalogue: catalogueSize, page, p50Ms: result.latency.p50, p99Ms: result.latency.p99, rps: Math.round(result.requests.average), errors: result.errors + result.non2xx, bytes });
    }
  } finally {
    await app.close();
    db.close();
  }
  try {
    const plans = await sqlitePlans(path, catalogueSize, busiest);
    return { rows, plans, engines: { catalogue: catalogueSize, engines, mostFits: busiest.fits, medianFits: median.fits } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
