/**
 * Server figures: p50 / p99 latency and requests per second (autocannon on loopback) for the
 * hot API calls, plus the same text search run directly against SQLite in-process: the
 * floor the HTTP figure is compared with. Then the SQL plans of the listing, finder, search
 * and brake queries at that size, with the ones that scan a big table.
 *
 * BENCH_DB_DIR: keep each size's database there (shop-<size>.sqlite) and reuse it next time
 * (a 200,000-product catalogue takes a minute to generate); a temporary one otherwise.
 */
import { UNTHROTTLED_LIMITS } from '../../server/limits';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { openShopDatabase } from '../../server/db/open';
import { buildApp } from '../../server/app';
import { SqliteShopRepository } from '../../server/db/sqliteRepository';
import { queryPlans } from './queryPlans';
import { loadAutocannon } from './autocannonRun';

export interface ServerBenchRow {
  /** Which database served: 'sqlite' here; the PostgreSQL figures sit beside with 'postgresql'. */
  backend: string;
  catalogue: number;
  name: string;
  p50Ms: number;
  p99Ms: number;
  rps: number;
  errors: number;
}


const SEARCH_TEXTS = ['brembo', 'pastiglie anteriori', 'dischi forati zimmermann', 'gdb1', 'kit freni bosch', 'ferodo'];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export interface PlanScanRow {
  backend: string;
  catalogue: number;
  call: string;
  sql: string;
  scans: string[];
  /** A scan of the table itself (no index): none expected. */
  tableScan: boolean;
  why: string;
}

/** Why a listed index scan is there (each is expected; a table scan is not). */
function whyScan(sql: string, scans: string[]): string {
  if (scans.every((scan) => scan.includes('sizes_discounted'))) return 'the partial index sizes_discounted holds only the sizes sold below their recommended price';
  if (/INDEXED BY/.test(sql)) return 'walk along the sort order index, stops after one page (LIMIT)';
  if (/COUNT\(\*\)/.test(sql)) return 'count or facet count over the filter, cached per filter for a minute';
  return 'check';
}

export async function runServerBench(catalogueSize: number, seconds = 5): Promise<{ rows: ServerBenchRow[]; planScans: PlanScanRow[]; statementsExplained: number }> {
  const autocannon = await loadAutocannon();
  const keep = process.env.BENCH_DB_DIR;
  if (keep) mkdirSync(keep, { recursive: true });
  const dir = keep ?? mkdtempSync(join(tmpdir(), 'shop-bench-db-'));
  const dbPath = join(dir, keep ? `shop-${catalogueSize}.sqlite` : 'shop.sqlite');
  const reused = existsSync(dbPath);
  const started = Date.now();
  const { db } = openShopDatabase({ path: dbPath, catalogueSize });
  console.log(`  catalogue of ${catalogueSize} products ${reused ? `reused from ${dbPath}` : 'generated'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // Many requests a second from one visitor: the bench measures speed, not the rate limits.
  const app = await buildApp({ db, staticDir: join(dir, 'no-build'), limits: UNTHROTTLED_LIMITS });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const rows: ServerBenchRow[] = [];
  const backend = 'sqlite';
  let planScans: PlanScanRow[] = [];
  let statementsExplained = 0;
  try {
    const cookie = (await fetch(`${base}/ajax/basket.php`)).headers.get('set-cookie')!.split(';')[0];
    const productId = (db.prepare("SELECT p.id FROM products p JOIN sizes s ON s.product_id = p.id WHERE s.stock = -1 AND s.status = 'enable' AND p.id >= 100 LIMIT 1").get() as { id: number }).id;
    const engine = (db.prepare('SELECT engine_id FROM fitments GROUP BY engine_id ORDER BY COUNT(*) DESC LIMIT 1').get() as { engine_id: number }).engine_id;
    const graphql = (query: string) => ({ method: 'POST', path: '/graphql/v1/', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
    const searchRequest = (text: string) =>
      graphql(
        `{ productsTextSearch(searchInput: { text: ${JSON.stringify(text)}, limit: 3 }) { products { name link iconSmall price { price { gross { formatted } } } } producers { name } series { name } menuNodes { name } cms { name } searchQueries { name } replacementCodes { name } } }`,
      );
    const scenarios: Array<[string, Array<Record<string, unknown>>]> = [
      ['text search (GraphQL productsTextSearch)', SEARCH_TEXTS.map(searchRequest)],
      ['brake product query (axis + category + engine)', [graphql(`{ products(searchInput: { parameters: [{ id: 148722, values: [148723] }, { id: 24, values: [148728] }, { id: 49, values: [${engine}] }] }) { products { id name price { price { gross { formatted } } } versionName awardedParameters { id name values { name } } } } }`)]],
      ['projector sizes + availability + prices', [{ method: 'GET', path: `/ajax/projector.php?action=get&product=${productId}&get=sizes,sizeavailability,sizedelivery,sizeprices` }]],
      ['basket add (POST /basketchange.php)', [{ method: 'POST', path: '/basketchange.php?mode=1', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie }, body: `product=${productId}&size=uniw&number=1&getAjax=true` }]],
    ];
    // Live search as typed: a new text on (almost) every request, so the result-set cache rarely helps.
    const words = ['brembo', 'ate', 'ebc', 'ferodo', 'trw', 'textar', 'zimmermann', 'bosch', 'valeo', 'pagid', 'bendix', 'delphi', 'jurid', 'mintex', 'pastiglie', 'dischi', 'kit', 'freni', 'anteriori', 'posteriori', 'forati', 'ventilati', 'ceramiche', 'sportive'];
    let typed = 0;
    scenarios.splice(1, 0, [
      'text search, a new text on every request (cache misses)',
      [
        {
          ...searchRequest(SEARCH_TEXTS[0]),
          setupRequest: (request: Record<string, unknown>) => {
            const i = typed++;
            const text = `${words[i % words.length]} ${words[Math.floor(i / words.length) % words.length].slice(0, 2 + (Math.floor(i / words.length ** 2) % 4))}`;
            return { ...request, body: searchRequest(text).body };
          },
        },
      ],
    ]);
    // One connection first: the latency of a single live-search call, without queueing behind others.
    scenarios.unshift(['text search, 1 connection', scenarios[0][1]]);
    // A listing alone (the load bench's browse requests: category, pages 1-8, every sort), one connection.
    scenarios.push([
      'listing JSON (category, pages 1-8, every sort), 1 connection',
      Array.from({ length: 8 }, (_, page) => ['', '&sort=price_asc', '&sort=price_desc', '&sort=name'].map((sort) => ({ method: 'GET', path: `/search.php?json=true&traits_alt[24]=148728&page=${page + 1}${sort}` }))).flat(),
    ]);
    for (const [name, requests] of scenarios) {
      const result = await autocannon({ url: base, connections: name.endsWith('1 connection') ? 1 : 10, duration: seconds, requests });
      rows.push({ backend, catalogue: catalogueSize, name, p50Ms: result.latency.p50, p99Ms: result.latency.p99, rps: Math.round(result.requests.average), errors: result.errors + result.non2xx });
    }
    // The floor: the same searches straight against SQLite, no HTTP, no GraphQL, no result cache.
    const repo = new SqliteShopRepository(db);
    const timings: number[] = [];
    const deadline = Date.now() + seconds * 1000;
    for (let i = 0; Date.now() < deadline; i++) {
      const t0 = process.hrtime.bigint();
      await repo.textSearch(SEARCH_TEXTS[i % SEARCH_TEXTS.length], 3);
      timings.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    timings.sort((a, b) => a - b);
    rows.push({
      backend,
      catalogue: catalogueSize,
      name: 'text search direct on SQLite (floor)',
      p50Ms: Math.round(percentile(timings, 50) * 100) / 100,
      p99Ms: Math.round(percentile(timings, 99) * 100) / 100,
      rps: Math.round(timings.length / seconds),
      errors: 0,
    });
    // The brake product query straight against SQLite, no result cache, no HTTP, no GraphQL.
    const brakeTimings: number[] = [];
    const brakeDeadline = Date.now() + seconds * 1000;
    while (Date.now() < brakeDeadline) {
      const t0 = process.hrtime.bigint();
      await repo.brakeProducts({ axis: 148723, category: 148728, engine, limit: 50 });
      brakeTimings.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    brakeTimings.sort((a, b) => a - b);
    rows.push({
      backend,
      catalogue: catalogueSize,
      name: 'brake product query direct on SQLite, uncached (floor)',
      p50Ms: Math.round(percentile(brakeTimings, 50) * 100) / 100,
      p99Ms: Math.round(percentile(brakeTimings, 99) * 100) / 100,
      rps: Math.round(brakeTimings.length / seconds),
      errors: 0,
    });
    // Every statement of the listing, finder, search and brake calls, explained; the scans listed.
    const plans = await queryPlans(dbPath);
    statementsExplained = plans.length;
    planScans = plans
      .filter((plan) => plan.scans.length > 0)
      .map((plan) => ({ backend, catalogue: catalogueSize, call: plan.call, sql: plan.sql, scans: plan.scans, tableScan: plan.tableScans.length > 0, why: plan.tableScans.length ? 'TABLE SCAN' : whyScan(plan.sql, plan.scans) }));
  } finally {
    await app.close();
    db.close();
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
  return { rows, planScans, statementsExplained };
}
