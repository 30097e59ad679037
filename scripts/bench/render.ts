/**
 * Server rendering figures: p50 / p99 of a whole page answer (repository reads, React render,
 * document) per page type under 10 connections, at a given catalogue size; and the script's own
 * start-up in Chromium (long tasks until the page is hydrated and its flows have started).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { openShopDatabase } from '../../server/db/open';
import { buildApp } from '../../server/app';
import { loadAutocannon } from './autocannonRun';

export interface RenderBenchRow {
  catalogue: number;
  page: string;
  p50Ms: number;
  p99Ms: number;
  rps: number;
  errors: number;
}


export async function runRenderBench(catalogueSize: number, seconds = 5, connections = 10): Promise<RenderBenchRow[]> {
  const autocannon = await loadAutocannon();
  const dir = mkdtempSync(join(tmpdir(), 'shop-render-bench-'));
  const { db } = openShopDatabase({ path: join(dir, 'shop.sqlite'), catalogueSize });
  // The page template only: rendering does not depend on which scripts the build has.
  const staticDir = join(dir, 'dist');
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><html lang="it"><head><script defer src="/assets/main.js"></script></head><body><div id="root"></div></body></html>');
  // The renderer itself is measured: the page cache (issue 22) is off here; the page-mix section measures it.
  const app = await buildApp({ db, staticDir, pageCacheBytes: 0 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const product = (db.prepare("SELECT p.id FROM products p JOIN sizes s ON s.product_id = p.id WHERE s.status = 'enable' AND p.id >= 100 LIMIT 1").get() as { id: number }).id;
  const pages: Record<string, string> = {
    home: '/main.php',
    listing: '/search.php?traits_alt[24]=148728',
    'listing page 20': '/search.php?traits_alt[24]=148728&page=20',
    'text search': '/search.php?text=pastiglie%20brembo',
    // The product's own address (another slug answers a 301 to it, issue 24).
    product: await canonicalPath(base, `/product-${product}-x.html`),
    basket: '/basketedit.php',
    brakes: '/brakes.php',
    contact: '/contact.php',
    'no product': '/product-999999999-x.html',
  };
  const rows: RenderBenchRow[] = [];
  try {
    for (const [page, path] of Object.entries(pages)) {
      await fetch(base + path); // warm: the page type's code is loaded once per process
      const result = await autocannon({ url: base + path, connections, duration: seconds, headers: { accept: 'text/html' } });
      rows.push({
        catalogue: catalogueSize,
        page,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        rps: Math.round(result.requests.average),
        errors: result.errors + (page === 'no product' ? 0 : result.non2xx),
      });
    }
  } finally {
    await app.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

export interface StartupRow {
  page: string;
  longTasks: number;
  longTaskMs: number;
  /** Sum over long tasks of their time beyond 50 ms: what blocks the first interaction. */
  blockingMs: number;
  hydratedMs: number;
}

/**
 * The storefront's start-up on a phone: Chromium at 375 px with the CPU slowed 4x (as Lighthouse's
 * mobile preset), long tasks from navigation until the page is hydrated and the network is idle.
 */
export async function measureStartup(baseUrl: string, pages: Record<string, string>, chromiumPath: string, runs = 3): Promise<StartupRow[]> {
  const { chromium } = await import('@playwright/test');
  const rows: StartupRow[] = [];
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  for (const [page, path] of Object.entries(pages)) {
    const samples: Array<Omit<StartupRow, 'page'>> = [];
    for (let run = 0; run < runs; run++) {
      const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
      try {
        const context = await browser.newContext({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });
        const tab = await context.newPage();
        const cdp = await context.newCDPSession(tab);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await tab.addInitScript(() => {
          const tasks: Array<{ start: number; duration: number }> = [];
          (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
          }).observe({ type: 'longtask', buffered: true });
        });
        await tab.goto(baseUrl + path);
        await tab.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 60_000 });
        const hydratedMs = await tab.evaluate(() => performance.now());
        await tab.waitForLoadState('networkidle');
        await tab.waitForTimeout(500);
        const tasks = await tab.evaluate(() => (window as unknown as { __longTasks: Array<{ start: number; duration: number }> }).__longTasks);
        samples.push({
          longTasks: tasks.length,
          longTaskMs: Math.round(tasks.reduce((sum, task) => sum + task.duration, 0)),
          blockingMs: Math.round(tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0)),
          hydratedMs: Math.round(hydratedMs),
        });
      } finally {
        await browser.close();
      }
    }
    rows.push({
      page,
      longTasks: median(samples.map((s) => s.longTasks)),
      longTaskMs: median(samples.map((s) => s.longTaskMs)),
      blockingMs: median(samples.map((s) => s.blockingMs)),
      hydratedMs: median(samples.map((s) => s.hydratedMs)),
    });
  }
  return rows;
}

/** Where an address moves for good (301), or the address itself. */
export async function canonicalPath(base: string, path: string): Promise<string> {
  const answer = await fetch(base + path, { redirect: 'manual' });
  return answer.status === 301 ? new URL(answer.headers.get('location')!, base).pathname : path;
}
