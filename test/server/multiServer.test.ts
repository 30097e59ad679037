import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { SPECIAL_PRODUCTS } from '../../server/db/catalogue/specialProducts';
import { PG_MIGRATIONS } from '../../server/db/postgres/schema';
import { UNTHROTTLED_ENV } from '../../server/limits';
import type { BasketResponse } from '../../src/api/wire';
import { BACKEND, createTestDatabase } from './helpers';
import { freePort } from './serverProcess';
import { endGroup, trackGroup } from '../support/processGroups';
import { describeWhen } from '../support/skips';

/**
 * Several servers, one basket (issue 16): two server processes start at once on one empty
 * PostgreSQL database (one migrates and seeds, the other waits for it), then 10 visitors send
 * their adds concurrently, spread over both servers. No line is lost, duplicated or over a limit.
 */
const describeOnPostgres = describeWhen(BACKEND === 'postgres', 'several servers share a PostgreSQL database: runs in the server-postgres project');

const root = join(__dirname, '..', '..');
const LIMITED = SPECIAL_PRODUCTS.minMaxQuantity; // at least 2, at most 6 of its size per order


function startServer(databaseUrl: string, port: number, staticDir: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      // Rate limits lifted: this test plays 10 shoppers at machine speed from one address (the limits have their own tests).
      env: { ...process.env, ...UNTHROTTLED_ENV, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', CATALOGUE_SIZE: '60', STATIC_DIR: staticDir, NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    trackGroup(child);
    // Ready when it says so (no deadline of its own: the hook's timeout bounds it).
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Shop ready')) resolve(child);
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('exit', (code) => reject(new Error(`server on ${port} exited (${code}): ${output}`)));
  });
}

describeOnPostgres('several servers, one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const servers: ChildProcess[] = [];
  const bases: string[] = [];
  /** A product sold without a quantity limit (unlimited stock, one size). */
  let REGULAR = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    const staticDir = join(mkdtempSync(join(tmpdir(), 'shop-multi-')), 'dist');
    mkdirSync(join(staticDir, 'assets'), { recursive: true });
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    const ports = [await freePort(), await freePort()];
    // Both start at once on the empty database: migrations and the seed happen once.
    servers.push(...(await Promise.all(ports.map((port) => startServer(database.url, port, staticDir)))));
    bases.push(...ports.map((port) => `http://127.0.0.1:${port}`));
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    REGULAR = (
      await client.query(
        "SELECT p.id::int AS id FROM products p JOIN sizes s ON s.product_id = p.id WHERE s.status = 'enable' AND s.stock = -1 AND s.size_id = 'uniw' AND p.id >= 100 AND p.min_quantity IS NULL AND p.max_quantity IS NULL ORDER BY p.id LIMIT 1",
      )
    ).rows[0].id;
    await client.end();
  }, 300_000);

  afterAll(async () => {
    await Promise.all(
      servers.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : (child.once('exit', resolve), endGroup(child))))),
    );
    await database?.drop();
  });

  it('10 visitors x 20 concurrent adds over two servers: no line lost, duplicated or over a limit', async () => {
    const visitors = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const response = await fetch(`${bases[0]}/ajax/basket.php`);
        return /shop_visitor=([a-f0-9]{32})/.exec(response.headers.get('set-cookie') ?? '')![1];
      }),
    );
    const add = async (visitor: string, server: number, product: number, number: number) => {
      const response = await fetch(`${bases[server % 2]}/basketchange.php?mode=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `shop_visitor=${visitor}` },
        body: new URLSearchParams({ product: String(product), number: String(number) }).toString(),
      });
      return { status: response.status, body: await response.json() };
    };
    // Per visitor: 20 adds of 1 of a product without a limit, and 10 adds of 2 of a product
    // allowing at most 6, all at once and alternating between the servers.
    const results = await Promise.all(
      visitors.map(async (visitor) => {
        const answers = await Promise.all([
          ...Array.from({ length: 20 }, (_, i) => add(visitor, i, REGULAR, 1)),
          ...Array.from({ length: 10 }, (_, i) => add(visitor, i + 1, LIMITED, 2)),
        ]);
        return { visitor, regular: answers.slice(0, 20), limited: answers.slice(20) };
      }),
    );
    for (const { visitor, regular, limited } of results) {
      expect(regular.map((a) => a.status)).toEqual(Array(20).fill(200));
      expect(limited.filter((a) => a.status === 200)).toHaveLength(3);
      expect(limited.filter((a) => a.status !== 200).map((a) => [a.status, a.body.error.code])).toEqual(Array(7).fill([422, 'quantity_above_maximum']));
      // Both servers see the same basket: one line per product, every accepted add counted once.
      for (const base of bases) {
        const basket = ((await (await fetch(`${base}/ajax/basket.php`, { headers: { cookie: `shop_visitor=${visitor}` } })).json()) as BasketResponse).basket;
        expect(basket.products.map((line) => [line.id, line.count]).sort()).toEqual([
          [REGULAR, 20],
          [LIMITED, 6],
        ].sort());
      }
    }
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT COUNT(*)::int AS lines, COUNT(DISTINCT visitor_id)::int AS visitors FROM basket_lines');
      expect(rows[0]).toEqual({ lines: 20, visitors: 10 });
      const migrations = await client.query('SELECT COUNT(*)::int AS n FROM schema_migrations');
      const products = await client.query('SELECT COUNT(*)::int AS n FROM products');
      expect({ migrations: migrations.rows[0].n, products: products.rows[0].n }).toEqual({ migrations: PG_MIGRATIONS.length, products: 60 });
    } finally {
      await client.end();
    }
  }, 300_000);
});
