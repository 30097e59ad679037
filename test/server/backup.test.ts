/**
 * Backups as docs/operating.md gives them: `npm run -s backup -- FILE` while the shop serves and
 * writes; the copy is a whole shop (its products, baskets and orders), and a shop started on it
 * answers. Run once, on the SQLite file (PostgreSQL's is pg_dump's).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { buildApp } from '../../server/app';
import { SqliteShopRepository } from '../../server/db/sqliteRepository';
import { startTestShop, Visitor, type TestShop } from './helpers';
import { describeWhen } from '../support/skips';

jest.setTimeout(120_000);
const ROOT = join(__dirname, '..', '..');

function npmRun(args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const clean: NodeJS.ProcessEnv = { ...process.env, ...env };
  delete clean.NODE_OPTIONS;
  delete clean.DATABASE_URL;
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', 'backup', '--', ...args], { cwd: ROOT, env: clean });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (status) => resolve({ status, stdout, stderr }));
  });
}

describeWhen(process.env.SHOP_TEST_BACKEND !== 'postgres', 'the SQLite backup is one file; PostgreSQL backs up with pg_dump: run once, in the SQLite project')('npm run backup', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop(60);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('copies the live database while the shop writes; a shop started on the copy has the same catalogue and baskets', async () => {
    const visitor = new Visitor(shop.app);
    const id = String((await shop.one<{ id: number }>("SELECT product_id AS id FROM sizes WHERE size_id = 'uniw' AND status = 'enable' AND stock = -1 ORDER BY product_id LIMIT 1")).id);
    expect((await visitor.post('/basketchange.php?mode=1', { product: id, size: 'uniw', number: '2' })).statusCode).toBe(200);
    const file = join(shop.dir, 'backups', 'shop.sqlite'); // a folder the backup makes
    // Baskets keep being written while the backup runs.
    let writing = true;
    const writes = (async () => {
      let done = 0;
      while (writing) {
        await new Visitor(shop.app).post('/basketchange.php?mode=1', { product: id, size: 'uniw', number: '1' });
        done += 1;
        // A shop's pace (and room for the event loop to hear the backup's process end).
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return done;
    })();
    const backup = await npmRun([file], { DB_PATH: join(shop.dir, 'shop.sqlite') });
    writing = false;
    expect(await writes).toBeGreaterThan(0);
    expect(backup.status).toBe(0);
    expect(backup.stdout).toBe('');
    expect(backup.stderr).toMatch(/Backed up .* \(60 products, 0 orders; integrity ok\)/);

    const copy = new Database(file, { readonly: true });
    const visitorId = visitor.cookie.split('=')[1];
    expect(copy.prepare('SELECT count FROM basket_lines WHERE visitor_id = ?').all(visitorId)).toEqual([{ count: 2 }]);
    copy.close();
    // Restored: a shop on the copy answers the product and the visitor's basket.
    const restored = new SqliteShopRepository(new Database(file));
    const app = await buildApp({ repository: restored, staticDir: shop.staticDir, mailer: null, metricsAllow: null, pageCacheBytes: 0, answerCacheBytes: 0 });
    try {
      const basket = await app.inject({ method: 'GET', url: '/ajax/basket.php', headers: { cookie: visitor.cookie } });
      expect((basket.json() as { basket: { products: Array<{ count: number }> } }).basket.products.map((line) => line.count)).toEqual([2]);
    } finally {
      await app.close();
    }
  });

  it('never overwrites a file, and says what it needs', async () => {
    const file = join(shop.dir, 'shop.sqlite');
    const refused = await npmRun([file], { DB_PATH: file });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('exists: give a new file');
    const usage = await npmRun([], { DB_PATH: file });
    expect([usage.status, usage.stderr]).toEqual([2, expect.stringContaining('usage: npm run -s backup -- FILE')]);
    expect(existsSync(file)).toBe(true);
  });
});
