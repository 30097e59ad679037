/**
 * Brakes by their measures (issue 37, point 3): p50 / p99 of a disc and a pad listing with
 * measure filters against the same listing without them, at a catalogue size, on SQLite and
 * PostgreSQL, through the repository (what a listing page asks of the database: its rows, its
 * total and every facet's counts). "Cold": the kept counts dropped before each call (a filter
 * seen for the first time, or after a catalogue change); "warm": the counts kept (a filter seen
 * in the last minute). And the plans of the facet statements: SQLite's EXPLAIN QUERY PLAN of
 * every statement a cold listing sends, PostgreSQL's EXPLAIN (ANALYZE, BUFFERS) of the same.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openShopDatabase } from '../../server/db/open';
import { openPostgresShop } from '../../server/db/postgres/open';
import { SqliteShopRepository } from '../../server/db/sqliteRepository';
import type { ListingFilter, ShopRepository } from '../../server/db/repository';
import { POSTGRES_LISTING, traitValueCounts } from '../../server/db/listingQuery';
import { BRAKE_CATEGORY, BRAKE_MEASURE } from '../../src/api/wire';
import { listingTraitFacets } from '../../src/domain/brakeMeasures';

export interface MeasureBenchRow {
  backend: 'sqlite' | 'postgresql';
  catalogue: number;
  listing: string;
  total: number;
  coldP50Ms: number;
  coldP99Ms: number;
  warmP50Ms: number;
  warmP99Ms: number;
}

export interface MeasurePlan {
  backend: 'sqlite' | 'postgresql';
  catalogue: number;
  call: string;
  sql: string;
  plan: string[];
}

const percentile = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] * 100) / 100;
};

/** The listings measured: a disc and a pad listing, each without and with two measure filters (their most common values). */
async function listingsOf(valueOf: (trait: number, category: number) => Promise<number>): Promise<Array<[string, ListingFilter]>> {
  const discs = BRAKE_CATEGORY.discs;
  const pads = BRAKE_CATEGORY.pads;
  return [
    ['discs', { category: discs }],
    [
      'discs, diameter + holes',
      {
        category: discs,
        traits: [
          { trait: BRAKE_MEASURE.discDiameter, value: await valueOf(BRAKE_MEASURE.discDiameter, discs) },
          { trait: BRAKE_MEASURE.discHoles, value: await valueOf(BRAKE_MEASURE.discHoles, discs) },
        ].sort((a, b) => a.trait - b.trait),
      },
    ],
    ['pads', { category: pads }],
    [
      'pads, thickness + wear indicator',
      {
        category: pads,
        traits: [
          { trait: BRAKE_MEASURE.padThickness, value: await valueOf(BRAKE_MEASURE.padThickness, pads) },
          { trait: BRAKE_MEASURE.padWear, value: await valueOf(BRAKE_MEASURE.padWear, pads) },
        ].sort((a, b) => a.trait - b.trait),
      },
    ],
  ];
}

const MOST_COMMON =
  'SELECT v.id FROM param_values v JOIN product_params pp ON pp.value_id = v.id JOIN products p ON p.id = pp.product_id WHERE v.param_id = $1 AND p.category_id = $2 GROUP BY v.id ORDER BY COUNT(*) DESC, v.id LIMIT 1';

async function measure(
  backend: MeasureBenchRow['backend'],
  catalogue: number,
  repo: ShopRepository & { clearCaches?(): void },
  listings: Array<[string, ListingFilter]>,
  samples: number,
): Promise<MeasureBenchRow[]> {
  const rows: MeasureBenchRow[] = [];
  for (const [name, filter] of listings) {
    const cold: number[] = [];
    const warm: number[] = [];
    let total = 0;
    for (let i = 0; i < samples; i++) {
      repo.clearCaches?.();
      let start = performance.now();
      total = (await repo.listing({ ...filter }, 1, 24)).total;
      cold.push(performance.now() - start);
      start = performance.now();
      await repo.listing({ ...filter }, 1, 24);
      warm.push(performance.now() - start);
    }
    rows.push({ backend, catalogue, listing: name, total, coldP50Ms: percentile(cold, 50), coldP99Ms: percentile(cold, 99), warmP50Ms: percentile(warm, 50), warmP99Ms: percentile(warm, 99) });
  }
  return rows;
}

/** SQLite: timings and the plan of every statement a cold listing with measure filters sends. */
export async function runSqliteMeasureBench(catalogue: number, samples: number): Promise<{ rows: MeasureBenchRow[]; plans: MeasurePlan[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'shop-measures-bench-'));
  const path = join(dir, 'shop.sqlite');
  try {
    const { db } = openShopDatabase({ path, catalogueSize: catalogue });
    const listings = await listingsOf(async (trait, category) => (db.prepare(MOST_COMMON.replace('$1', '?').replace('$2', '?')).get(trait, category) as { id: number }).id);
    let rows: MeasureBenchRow[];
    try {
      rows = await measure('sqlite', catalogue, new SqliteShopRepository(db), listings, samples);
    } finally {
      db.close();
    }
    let sent: string[] = [];
    const traced = new Database(path, { readonly: true, fileMustExist: true, verbose: (sql) => sent.push(String(sql)) });
    const plans: MeasurePlan[] = [];
    try {
      const repo = new SqliteShopRepository(traced);
      for (const [name, filter] of listings.filter(([, filter]) => filter.traits)) {
        sent = [];
        await repo.listing({ ...filter }, 1, 24);
        for (const sql of new Set(sent.map((s) => s.replace(/\s+/g, ' ').trim()))) {
          if (!/param_values|product_params/.test(sql)) continue; // the facet and filter statements
          plans.push({ backend: 'sqlite', catalogue, call: name, sql, plan: (traced.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((row) => row.detail) });
        }
      }
    } finally {
      traced.close();
    }
    return { rows, plans };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** PostgreSQL: the same timings on a scratch database of `catalogue` products (dropped after), and EXPLAIN (ANALYZE) of the facet statements. */
export async function runPostgresMeasureBench(adminUrl: string, catalogue: number, samples: number): Promise<{ rows: MeasureBenchRow[]; plans: MeasurePlan[] }> {
  const scratch = `bench_measures_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${scratch}`);
  await admin.query(`CREATE DATABASE ${scratch}`);
  const url = new URL(adminUrl);
  url.pathname = `/${scratch}`;
  try {
    const shop = await openPostgresShop({ url: url.toString(), catalogueSize: catalogue, poolSize: 8 });
    try {
      await shop.pool.query('ANALYZE');
      const listings = await listingsOf(async (trait, category) => Number((await shop.pool.query(MOST_COMMON, [trait, category])).rows[0].id));
      const rows = await measure('postgresql', catalogue, shop.repository, listings, samples);
      const plans: MeasurePlan[] = [];
      const numbered = (sql: string) => {
        let n = 0;
        return sql.replace(/\?/g, () => `$${++n}`);
      };
      for (const [name, filter] of listings.filter(([, filter]) => filter.traits)) {
        for (const trait of listingTraitFacets(filter.category).slice(0, 3)) {
          const counts = traitValueCounts(filter, trait, POSTGRES_LISTING);
          const plan = (await shop.pool.query(`EXPLAIN (ANALYZE, BUFFERS, TIMING OFF) ${numbered(counts.sql)}`, counts.params)).rows.map((row: Record<string, string>) => row['QUERY PLAN']);
          plans.push({ backend: 'postgresql', catalogue, call: `${name}: facet ${trait}`, sql: counts.sql.replace(/\s+/g, ' ').trim(), plan });
        }
      }
      return { rows, plans };
    } finally {
      await shop.close();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${scratch}`).catch(() => undefined);
    await admin.end();
  }
}
