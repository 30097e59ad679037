/**
 * Server figures: p50 / p99 latency and requests per second (autocannon on loopback) for the
 * hot API calls, plus the same text search run directly against SQLite in-process: the
 * floor the HTTP figure is compared with.
 */
import { UNTHROTTLED_LIMITS } from '../../server/limits';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { openShopDatabase } from '../../server/db/open';
import { buildApp } from '../../server/app';
import { SqliteShopRepository } from '../../server/db/sqliteRepository';

export interface ServerBenchRow {
  catalogue: number;
  name: string;
  p50Ms: number;
  p99Ms: number;
  rps: number;
  errors: number;
}

interface AutocannonResult {
  latency: { p50: number; p99: number };
  requests: { average: number };
  errors: number;
  non2xx: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;

const SEARCH_TEXTS = ['brembo', 'pastiglie anteriori', 'dischi forati zimmermann', 'gdb1', 'kit freni bosch', 'ferodo'];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function runServerBench(catalogueSize: number, seconds = 5): Promise<ServerBenchRow[]> {
  const autocannon = (await import('autocannon')).default as unknown as Autocannon;
  const dir = mkdtempSync(join(tmpdir(), 'shop-bench-db-'));
  const started = Date.now();
  const { db } = openShopDatabase({ path: join(dir, 'shop.sqlite'), catalogueSize });
  console.log(`  catalogue of ${catalogueSize} products ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // Many requests a second from one visitor: the bench measures speed, not the rate limits.
  const app = await buildApp({ db, staticDir: join(dir, 'no-build'), limits: UNTHROTTLED_LIMITS });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const rows: ServerBenchRow[] = [];
  try {
    const cookie = (await fetch(`${base}/ajax/basket.php`)).headers.get('set-cookie')!.split(';')[0];
    const productId = (db.prepare("SELECT p.id FROM products p JOIN sizes s ON s.product_id = p.id WHERE s.stock = -1 AND s.status = 'enable' AND p.id >= 100 LIMIT 1").get() as { id: number }).id;
    const engine = (db.prepare('SELECT engine_id FROM fitments GROUP BY engine_id ORDER BY COUNT(*) DESC LIMIT 1').get() as { engine_id: number }).engine_id;
    const graphql = (query: string) => ({ method: 'POST', path: '/graphql/v1/', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
    const scenarios: Array<[string, Array<Record<string, unknown>>]> = [
      ['text search (GraphQL productsTextSearch)', SEARCH_TEXTS.map((text) => graphql(`{ productsTextSearch(searchInput: { text: "${text}", limit: 3 }) { products { name link iconSmall price { price { gross { formatted } } } } producers { name } series { name } menuNodes { name } cms { name } searchQueries { name } replacementCodes { name } } }`))],
      ['brake product query (axis + category + engine)', [graphql(`{ products(searchInput: { parameters: [{ id: 148722, values: [148723] }, { id: 24, values: [148728] }, { id: 49, values: [${engine}] }] }) { products { id name price { price { gross { formatted } } } versionName awardedParameters { id name values { name } } } } }`)]],
      ['projector sizes + availability + prices', [{ method: 'GET', path: `/ajax/projector.php?action=get&product=${productId}&get=sizes,sizeavailability,sizedelivery,sizeprices` }]],
      ['basket add (POST /basketchange.php)', [{ method: 'POST', path: '/basketchange.php?mode=1', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie }, body: `product=${productId}&size=uniw&number=1&getAjax=true` }]],
    ];
    // One connection first: the latency of a single live-search call, without queueing behind others.
    scenarios.unshift(['text search, 1 connection', scenarios[0][1]]);
    for (const [name, requests] of scenarios) {
      const result = await autocannon({ url: base, connections: name.endsWith('1 connection') ? 1 : 10, duration: seconds, requests });
      rows.push({ catalogue: catalogueSize, name, p50Ms: result.latency.p50, p99Ms: result.latency.p99, rps: Math.round(result.requests.average), errors: result.errors + result.non2xx });
    }
    // The floor: the same searches straight against SQLite, no HTTP, no GraphQL.
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
      catalogue: catalogueSize,
      name: 'text search direct on SQLite (floor)',
      p50Ms: Math.round(percentile(timings, 50) * 100) / 100,
      p99Ms: Math.round(percentile(timings, 99) * 100) / 100,
      rps: Math.round(timings.length / seconds),
      errors: 0,
    });
  } finally {
    await app.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
