/**
 * Issue 37: the answer time of a vehicle looked up by its registration key (`GET
 * /ajax/vehicle-key.php`: a KBA number, a KType number, an unknown key) and of the four fit
 * answers for a page of products (`GET /ajax/fitment.php`, 60 products, 2 engines), p50 / p99
 * under 10 connections on SQLite at a catalogue size; with SQLite's plan of the key look-up.
 */
import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { openShopDatabase } from '../../server/db/open';
import { buildApp } from '../../server/app';
import { SqliteShopRepository } from '../../server/db/sqliteRepository';
import { loadAutocannon } from './autocannonRun';

export interface VehicleKeyBenchRow {
  catalogue: number;
  call: string;
  p50Ms: number;
  p99Ms: number;
  rps: number;
  errors: number;
}

export async function runVehicleKeyBench(catalogueSize: number, seconds = 5, connections = 10): Promise<{ rows: VehicleKeyBenchRow[]; plan: string[] }> {
  const autocannon = await loadAutocannon();
  const dir = mkdtempSync(join(tmpdir(), 'shop-key-bench-'));
  const path = join(dir, 'shop.sqlite');
  const { db } = openShopDatabase({ path, catalogueSize });
  const staticDir = join(dir, 'dist');
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><html lang="it"><head></head><body><div id="root"></div></body></html>');
  // The answer cache off: each call reaches the repository.
  const app = await buildApp({ db, staticDir, pageCacheBytes: 0, answerCacheBytes: 0 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const key = (kind: string) => (db.prepare('SELECT key FROM engine_keys WHERE kind = ? ORDER BY engine_id DESC LIMIT 1').get(kind) as { key: string }).key;
  const engines = (db.prepare('SELECT engine_id AS id FROM fitments GROUP BY engine_id ORDER BY COUNT(*) DESC, engine_id LIMIT 2').all() as Array<{ id: number }>).map((r) => r.id);
  const products = (db.prepare('SELECT product_id AS id FROM fitments WHERE engine_id = ? ORDER BY product_id LIMIT 50').all(engines[0]) as Array<{ id: number }>).map((r) => r.id);
  products.push(...(db.prepare('SELECT id FROM products WHERE id < 100 ORDER BY id LIMIT 10').all() as Array<{ id: number }>).map((r) => r.id));
  const calls: Record<string, string> = {
    'vehicle key: KBA, found': `/ajax/vehicle-key.php?key=${encodeURIComponent(key('kba'))}`,
    'vehicle key: KType, found': `/ajax/vehicle-key.php?key=${key('ktype')}`,
    'vehicle key: unknown (404)': '/ajax/vehicle-key.php?key=9999%2FZZ9',
    [`fit answers: ${engines.length} engines x ${products.length} products`]: `/ajax/fitment.php?engines=${engines.join(',')}&products=${products.join(',')}`,
  };
  const rows: VehicleKeyBenchRow[] = [];
  try {
    for (const [call, address] of Object.entries(calls)) {
      const first = await fetch(base + address);
      if (first.status !== 200 && !call.includes('404')) throw new Error(`${address} answered ${first.status}`);
      const result = await autocannon({ url: base + address, connections, duration: seconds });
      const non2xx = call.includes('404') ? 0 : result.non2xx;
      rows.push({ catalogue: catalogueSize, call, p50Ms: result.latency.p50, p99Ms: result.latency.p99, rps: Math.round(result.requests.average), errors: result.errors + non2xx });
    }
  } finally {
    await app.close();
    db.close();
  }
  // The look-up's plan, as the repository sends it.
  let sent: string[] = [];
  const reader = new Database(path, { readonly: true, fileMustExist: true, verbose: (sql) => sent.push(String(sql)) });
  try {
    sent = [];
    await new SqliteShopRepository(reader).engineByKey({ kind: 'kba', key: '0603/AJX' });
    const sql = sent.find((statement) => statement.includes('engine_keys'))!;
    const plan = (reader.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((row) => row.detail);
    return { rows, plan };
  } finally {
    reader.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
