/**
 * The shop's own settings (issue 36, point 7), tried as an owner would: a catalogue imported into
 * a fresh data directory gives a working shop (couriers, instalment limits, a free-shipping
 * threshold: never NaN); a file's `settings` line sets the shop's name, contact details,
 * couriers, threshold, instalments and banner, the pages show them and the export carries them
 * back; a bad settings line changes nothing; a single stock change recomputes availability.
 * Both backends (server and server-postgres projects).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportCatalogue } from '../../server/db/catalogue/store';
import { importCatalogueFile, openCatalogueDb } from '../../server/db/catalogue/importer';
import { BACKEND, startImportedShop } from './helpers';

jest.setTimeout(90_000);
const ROOT = join(__dirname, '..', '..');
const SAMPLE = join(ROOT, 'catalogue', 'sample.jsonl');
type Line = Record<string, unknown> & { kind: string };
const sampleLines = (): Line[] => readFileSync(SAMPLE, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Line);

type Shop = Awaited<ReturnType<typeof startImportedShop>>;
const shops: Shop[] = [];
afterAll(async () => {
  for (const shop of shops) await shop.close();
});

async function page(shop: Shop, url: string): Promise<{ status: number; body: string }> {
  let answer = await shop.app.inject({ method: 'GET', url });
  if (answer.statusCode === 301) answer = await shop.app.inject({ method: 'GET', url: String(answer.headers.location) });
  return { status: answer.statusCode, body: answer.body };
}

/** The text a page's HTML shows (tags out, entities of spaces and the euro read). */
const shown = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, ' ').replace(/<[^>]+>/g, ' ').replace(/&nbsp;|\u00a0/g, ' ').replace(/\s+/g, ' ');

/** The couriers the product page's state carries for its delivery box: name, cost, days. */
const couriersIn = (html: string) =>
  [...html.matchAll(/"courier":\{"name":"([^"]+)","icon":"[^"]*"\},"prepaid":"(prepaid|dvp)","cost":\{"value":[^,]+,"currency":"EUR","formatted":"([^"]+)"\},"deliveryTime":\{"time":\{"days":(\d+)\}/g)].map(
    (m) => `${m[1]} (${m[2]}) ${m[3].replace(/\u00a0/g, ' ')} ${m[4]}d`,
  );

const OWN_SETTINGS: Line = {
  kind: 'settings',
  name: 'Freni Rossi',
  phone: '+39 011 765 4321',
  email: 'ordini@freni-rossi.example',
  free_shipping_from: 120,
  instalments: { min: 150, max: 3000, name: 'Rate Facili', link: '/cms/pagamento-rate.html', price_type: 'gross' },
  couriers: [
    { name: 'SDA Express', group: 'prepaid', cost: 7.5, days: 1 },
    { name: 'SDA contrassegno', group: 'dvp', cost: 11, days: 2 },
  ],
  banners: { discount_code: 'ROSSI5', discount_percent: 5 },
};

describe(`the shop's own settings (${BACKEND})`, () => {
  let fresh: Shop;
  beforeAll(async () => {
    fresh = await startImportedShop(SAMPLE);
    shops.push(fresh);
  });

  it('a catalogue without settings imported into a fresh data directory: couriers, instalments and the threshold have working defaults, no NaN', async () => {
    // Product 101 costs 361.40 €: inside the instalment limits.
    const product = await page(fresh, '/product-101-x.html');
    expect(product.status).toBe(200);
    const text = shown(product.body);
    expect(text).not.toMatch(/NaN/);
    expect(text).toMatch(/Acquista a rate con Rate Compass da 100,00 € a 5\.000,00 €/);
    expect(text).toContain('Spedizione gratuita da 79 €');
    // Product 11 (24.90 €, one size): the delivery box lists the couriers with their costs.
    const delivery = (await page(fresh, '/product-11-x.html')).body;
    expect(delivery).not.toMatch(/NaN/);
    expect(couriersIn(delivery)).toEqual(['Poste Italiane (prepaid) 4,90 € 4d', 'GLS (prepaid) 5,90 € 3d', 'BRT (prepaid) 6,90 € 2d', 'GLS contrassegno (dvp) 8,90 € 3d', 'BRT contrassegno (dvp) 9,90 € 2d']);
    const basket = await fresh.app.inject({ method: 'GET', url: '/ajax/basket.php' });
    if (basket.statusCode === 200) expect(basket.body).not.toContain('NaN');
  });

  it("a file's settings line sets the name, contacts, couriers, threshold, instalments and banner; the pages show them; the export carries them back", async () => {
    const lines = sampleLines();
    const path = join(fresh.dir, 'with-settings.jsonl');
    writeFileSync(path, [lines[0], OWN_SETTINGS, ...lines.slice(1)].map((line) => JSON.stringify(line)).join('\n') + '\n');
    const shop = await startImportedShop(path);
    shops.push(shop);
    const text = shown((await page(shop, '/product-101-x.html')).body);
    expect(text).not.toMatch(/NaN/);
    expect(text).toMatch(/Acquista a rate con Rate Facili da 150,00 € a 3\.000,00 €/);
    expect(text).toContain('Spedizione gratuita da 120 €');
    expect(couriersIn((await page(shop, '/product-11-x.html')).body)).toEqual(['SDA Express (prepaid) 7,50 € 1d', 'SDA contrassegno (dvp) 11,00 € 2d']);
    const product = (await page(shop, '/product-101-x.html')).body;
    expect(product).toMatch(/<title>[^<]*Freni Rossi<\/title>/);
    const contact = shown((await page(shop, '/contact.php')).body);
    expect(contact).toContain('+39 011 765 4321');
    expect(contact).toContain('ordini@freni-rossi.example');
    expect(contact).not.toContain('assistenza@frenishop.example');
    expect((await shop.repository.shopSettings()).banners).toEqual({ discountCode: 'ROSSI5', discountPercent: 5 });

    // The export's settings line is the file's (icons filled in), and imports back to the same settings.
    const opened = await openCatalogueDb({ databaseUrl: shop.databaseUrl, sqlitePath: join(shop.dir, 'fresh', 'shop.sqlite') });
    try {
      const exported: string[] = [];
      await exportCatalogue(opened.db, (line) => void exported.push(line));
      const settingsLine = JSON.parse(exported[1]) as Line;
      expect(settingsLine).toEqual({
        ...OWN_SETTINGS,
        couriers: (OWN_SETTINGS.couriers as Array<Record<string, unknown>>).map((courier) => ({ ...courier, icon: expect.stringMatching(/^\/data\/gfx\/couriers\//) })),
      });
      const before = await shop.repository.shopSettings();
      const again = join(shop.dir, 'exported.jsonl');
      writeFileSync(again, exported.join('\n') + '\n');
      const result = await importCatalogueFile(opened.db, again);
      expect(result.ok).toBe(true);
      await (shop.repository as unknown as { reloadSettings(): Promise<unknown> }).reloadSettings();
      expect(await shop.repository.shopSettings()).toEqual(before);
    } finally {
      await opened.close();
    }
  });

  it('a bad settings line is refused with its fields; nothing changes', async () => {
    const lines = sampleLines();
    const bad: Line = { kind: 'settings', free_shipping_from: 'many', email: 'nobody', couriers: [{ name: 'X', group: 'rocket', cost: 1.234, days: 2 }], instalments: { min: 500, max: 100 } };
    const path = join(fresh.dir, 'bad-settings.jsonl');
    writeFileSync(path, [lines[0], bad, ...lines.slice(1)].map((line) => JSON.stringify(line)).join('\n') + '\n');
    const opened = await openCatalogueDb({ databaseUrl: fresh.databaseUrl, sqlitePath: join(fresh.dir, 'fresh', 'shop.sqlite') });
    try {
      const before = await fresh.sql('SELECT key, value FROM settings ORDER BY key');
      const result = await importCatalogueFile(opened.db, path);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.errors).toEqual(
        expect.arrayContaining([
          { line: 2, field: 'email', reason: 'must be an e-mail address' },
          { line: 2, field: 'free_shipping_from', reason: 'must be an amount in euro' },
          { line: 2, field: 'instalments.max', reason: 'must not be below instalments.min' },
          { line: 2, field: 'couriers[0].group', reason: 'must be one of prepaid, dvp' },
          { line: 2, field: 'couriers[0].cost', reason: 'must have at most two decimals' },
        ]),
      );
      expect(await fresh.sql('SELECT key, value FROM settings ORDER BY key')).toEqual(before);
    } finally {
      await opened.close();
    }
  });

  it('npm run catalogue:stock 0 -> 7 makes a size that was not available available again (the page says so)', async () => {
    const [sold] = await fresh.sql<{ product_id: number }>("SELECT s.product_id FROM sizes s JOIN products p ON p.id = s.product_id WHERE s.status = 'enable' AND s.stock > 0 AND p.phone_price = 0 AND p.gratis = 0 AND p.type = 'product_item' ORDER BY s.product_id LIMIT 1");
    const id = sold.product_id;
    const run = (value: string) => {
      const env: NodeJS.ProcessEnv = { ...process.env, DB_PATH: join(fresh.dir, 'fresh', 'shop.sqlite') };
      delete env.NODE_OPTIONS;
      if (fresh.databaseUrl) env.DATABASE_URL = fresh.databaseUrl;
      else delete env.DATABASE_URL;
      return spawnSync('npm', ['run', '-s', 'catalogue:stock', '--', String(id), value], { cwd: ROOT, env, encoding: 'utf8' });
    };
    const none = run('0');
    expect([none.status, none.stderr]).toEqual([0, '']);
    expect(await fresh.sql('SELECT DISTINCT status FROM sizes WHERE product_id = ?', id)).toEqual([{ status: 'disable' }]);
    expect(shown((await page(fresh, `/product-${id}-x.html`)).body)).toContain('Non disponibile');
    expect(run('7').status).toBe(0);
    expect(await fresh.sql('SELECT DISTINCT status, stock FROM sizes WHERE product_id = ?', id)).toEqual([{ status: 'enable', stock: 7 }]);
    const text = shown((await page(fresh, `/product-${id}-x.html`)).body);
    expect(text).not.toContain('Non disponibile');
    expect(text).toContain('Disponibile');
  });
});
