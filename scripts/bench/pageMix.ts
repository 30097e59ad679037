/**
 * The page mix (issue 22): server-drawn pages (products, listings, text searches, home, brake
 * page) under 64 connections on 2 server processes, three ways in the same run:
 *
 * - through the server's own page cache (PAGE_CACHE_MB default),
 * - with the page cache off (PAGE_CACHE_MB=0): every page drawn,
 * - the floor: the same server sending a saved copy of one listing page as a static file.
 *
 * Then, when Varnish is installed (scripts/ensure-varnish.mjs), the same mix through the shipped
 * configuration (deploy/varnish/shop.vcl) in front of the cached server: its hit ratio and the
 * requests per second that still reach the shop.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startShop } from './shopServer';
import { loadAutocannon, type AutocannonResult, type Autocannon } from './autocannonRun';


export interface PageMixRow {
  way: string;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** Pages per second as a share of the static-file floor's. */
  ofFloor?: number;
}

export interface PageMixReport {
  connections: number;
  workers: number;
  secondsPerWay: number;
  catalogue: number;
  pages: string[];
  rows: PageMixRow[];
  targets: { cachedOfFloor: number; cachedP99Ms: number; uncachedOfFloor: number };
  met: { cachedOfFloor: boolean; cachedP99Ms: boolean; uncachedOfFloor: boolean };
  varnish: { hitRatio: number; originRps: number; rps: number; p99Ms: number } | { skipped: string };
}

const root = join(__dirname, '..', '..');

/** The mix: what shoppers ask most (every address a public page a shared cache may keep). */
async function mixOf(base: string): Promise<string[]> {
  const listing = (await (await fetch(`${base}/search.php?json=true&traits_alt[24]=148728&limit=60`)).json()) as { products: Array<{ id: number; link: string }> };
  // Each product at its own address (another slug is a 301 to it, issue 24: a redirect is not a page).
  const products = listing.products.slice(0, 12).map((p) => p.link);
  const listings = ['/search.php?traits_alt[24]=148728', '/search.php?traits_alt[24]=148728&page=2', '/search.php?traits_alt[24]=148728&page=3', '/search.php?traits_alt[24]=148727'];
  const searches = ['/search.php?text=pastiglie', '/search.php?text=brembo', '/search.php?text=dischi%20freno'];
  return [...products, ...listings, ...searches, '/main.php', '/', '/brakes.php'];
}

async function run(autocannon: Autocannon, base: string, paths: string[], seconds: number, connections: number): Promise<AutocannonResult> {
  for (const path of paths) await fetch(base + path, { headers: { accept: 'text/html' } }); // warm: page code loaded, cache filled
  return autocannon({ url: base, connections, duration: seconds, headers: { accept: 'text/html', 'accept-encoding': 'gzip' }, requests: paths.map((path) => ({ method: 'GET', path })) });
}

const row = (way: string, result: AutocannonResult): PageMixRow => ({
  way,
  rps: Math.round(result.requests.average),
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  errors: result.errors + result.non2xx,
});

export async function runPageMixBench(options: { port: number; catalogueSize?: number; seconds?: number; connections?: number; workers?: number }): Promise<PageMixReport> {
  const autocannon = await loadAutocannon();
  const seconds = options.seconds ?? 10;
  const connections = options.connections ?? 64;
  const workers = options.workers ?? 2;
  const catalogueSize = options.catalogueSize ?? 10_000;
  const rows: PageMixRow[] = [];
  let pages: string[] = [];
  let varnish: PageMixReport['varnish'] = { skipped: 'not run' };

  // Cache on; the floor and Varnish are measured against this same server.
  const cached = await startShop({ port: options.port, catalogueSize, workers });
  const floorFile = join(root, 'dist', 'assets', '__bench-floor.html');
  try {
    pages = await mixOf(cached.baseUrl);
    writeFileSync(floorFile, await (await fetch(`${cached.baseUrl}/search.php?traits_alt[24]=148728`)).text());
    rows.push(row('static file (floor)', await run(autocannon, cached.baseUrl, ['/assets/__bench-floor.html'], seconds, connections)));
    rows.push(row('page cache on', await run(autocannon, cached.baseUrl, pages, seconds, connections)));
    varnish = await throughVarnish(autocannon, cached.baseUrl, pages, seconds, connections, options.port + 2);
  } finally {
    rmSync(floorFile, { force: true });
    await cached.stop();
  }
  const uncached = await startShop({ port: options.port + 1, catalogueSize, workers, env: { PAGE_CACHE_MB: '0' } });
  try {
    rows.push(row('page cache off', await run(autocannon, uncached.baseUrl, pages, seconds, connections)));
  } finally {
    await uncached.stop();
  }
  const floor = rows[0].rps || 1;
  for (const r of rows) r.ofFloor = Math.round((r.rps / floor) * 100) / 100;
  const on = rows.find((r) => r.way === 'page cache on')!;
  const off = rows.find((r) => r.way === 'page cache off')!;
  const targets = { cachedOfFloor: 0.8, cachedP99Ms: 150, uncachedOfFloor: 0.3 };
  return {
    connections,
    workers,
    secondsPerWay: seconds,
    catalogue: catalogueSize,
    pages,
    rows,
    targets,
    met: { cachedOfFloor: on.ofFloor! >= targets.cachedOfFloor, cachedP99Ms: on.p99Ms <= targets.cachedP99Ms, uncachedOfFloor: off.ofFloor! >= targets.uncachedOfFloor },
    varnish,
  };
}

function varnishStat(workDir: string, field: string): number {
  const out = spawnSync('varnishstat', ['-n', workDir, '-1', '-f', field], { encoding: 'utf8' }).stdout ?? '';
  return Number(/\s(\d+)\s/.exec(out)?.[1] ?? 0);
}

async function throughVarnish(autocannon: Autocannon, shopBase: string, pages: string[], seconds: number, connections: number, port: number): Promise<PageMixReport['varnish']> {
  const found = spawnSync(process.execPath, [join(root, 'scripts', 'ensure-varnish.mjs')], { encoding: 'utf8' });
  if (found.status !== 0) return { skipped: `Varnish not available: ${(found.stderr || found.stdout).trim()}` };
  const workDir = mkdtempSync(join(tmpdir(), 'shop-bench-varnish-'));
  chmodSync(workDir, 0o755);
  const shopPort = new URL(shopBase).port;
  const vcl = readFileSync(join(root, 'deploy', 'varnish', 'shop.vcl'), 'utf8').replace('.port = "8080";', `.port = "${shopPort}";`);
  writeFileSync(join(workDir, 'shop.vcl'), vcl);
  chmodSync(join(workDir, 'shop.vcl'), 0o644);
  const name = join(workDir, 'n');
  const child = spawn(process.env.VARNISHD_PATH || '/usr/sbin/varnishd', ['-F', '-n', name, '-a', `127.0.0.1:${port}`, '-f', join(workDir, 'shop.vcl'), '-s', 'malloc,256m'], { stdio: 'ignore' });
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let tries = 0; ; tries++) {
      try {
        if ((await fetch(`${base}/robots.txt`)).ok) break;
      } catch {
        /* not listening yet */
      }
      if (tries > 200 || child.exitCode !== null) return { skipped: 'varnishd did not start' };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const hitsBefore = varnishStat(name, 'MAIN.cache_hit');
    const missesBefore = varnishStat(name, 'MAIN.cache_miss');
    const backendBefore = varnishStat(name, 'MAIN.backend_req');
    const result = await run(autocannon, base, pages, seconds, connections);
    const hits = varnishStat(name, 'MAIN.cache_hit') - hitsBefore;
    const misses = varnishStat(name, 'MAIN.cache_miss') - missesBefore;
    const backend = varnishStat(name, 'MAIN.backend_req') - backendBefore;
    return {
      hitRatio: Math.round((hits / Math.max(hits + misses, 1)) * 1000) / 1000,
      originRps: Math.round((backend / seconds) * 10) / 10,
      rps: Math.round(result.requests.average),
      p99Ms: result.latency.p99,
    };
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    if (existsSync(workDir)) rmSync(workDir, { recursive: true, force: true });
  }
}
