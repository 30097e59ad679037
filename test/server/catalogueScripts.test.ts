/**
 * Single catalogue changes as an owner makes them (issue 33: npm scripts, docs/operating.md):
 * `npm run -s catalogue:price|stock|name -- <id> <value>` on the shop's database, and the shop
 * answers the new values; bad input is refused with a message and changes nothing.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { startTestShop, type TestShop } from './helpers';
import { describeWhen } from '../support/skips';

const ROOT = join(__dirname, '..', '..');
let shop: TestShop;

function npmRun(script: string, args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DB_PATH: join(shop.dir, 'shop.sqlite') };
  delete env.NODE_OPTIONS;
  delete env.DATABASE_URL;
  // An export writes the whole catalogue to standard output: room beyond spawnSync's 1 MB.
  return spawnSync('npm', ['run', '-s', script, '--', ...args], { cwd: ROOT, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
}

describeWhen(process.env.SHOP_TEST_BACKEND !== 'postgres', 'the scripts are the same on either backend: run once, on the SQLite file')('npm run catalogue:price / stock / name / export', () => {
  beforeAll(async () => {
    shop = await startTestShop(60);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('changes one product\'s price, stock and name through the write path; the shop answers them', async () => {
    const id = (await shop.sql<{ id: number }>("SELECT p.id FROM products p JOIN sizes s ON s.product_id = p.id WHERE s.status = 'enable' ORDER BY p.id LIMIT 1"))[0].id;
    const price = npmRun('catalogue:price', [String(id), '49.90']);
    expect([price.status, price.stdout]).toEqual([0, expect.stringContaining(`Product ${id} changed`)]);
    const stock = npmRun('catalogue:stock', [String(id), '7']);
    expect(stock.status).toBe(0);
    const name = npmRun('catalogue:name', [String(id), 'Pastiglie', 'di', 'prova']);
    expect(name.status).toBe(0);
    const sizes = await shop.sql<{ price_gross: number; stock: number }>('SELECT price_gross, stock FROM sizes WHERE product_id = ?', id);
    expect(sizes.map((size) => [size.price_gross, size.stock])).toEqual(sizes.map(() => [49.9, 7]));
    // Its address follows its new name (a 301 to it), where the page shows it.
    let page = await shop.app.inject({ method: 'GET', url: `/product-${id}-x.html` });
    if (page.statusCode === 301) page = await shop.app.inject({ method: 'GET', url: String(page.headers.location) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Pastiglie di prova');
  });

  it('npm run -s catalogue:export with no file writes clean JSON Lines to standard output (docs/operating.md)', async () => {
    const exported = npmRun('catalogue:export', []);
    expect(exported.status).toBe(0);
    const lines = exported.stdout.split('\n').filter((line) => line !== '');
    // Every line is a JSON object (no npm banner, no progress, no message: those go to standard error).
    const records = lines.map((line) => JSON.parse(line) as { kind?: string });
    expect(records[0]).toMatchObject({ kind: 'catalogue' });
    expect(records.filter((record) => record.kind === 'product').length).toBe(Number((await shop.sql<{ n: number }>('SELECT COUNT(*) AS n FROM products'))[0].n));
    expect(exported.stderr).toMatch(/Exported \d+ products/);
  });

  it('refuses a bad value with a message and changes nothing', async () => {
    const before = await shop.sql('SELECT price_gross FROM sizes ORDER BY product_id, size_id');
    const refused = npmRun('catalogue:price', ['11', '-3']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('price needs a number above 0');
    expect(await shop.sql('SELECT price_gross FROM sizes ORDER BY product_id, size_id')).toEqual(before);
  });
});
