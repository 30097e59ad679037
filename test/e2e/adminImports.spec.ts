import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { importCatalogueFile, openCatalogueDb, type OpenedCatalogueDb } from '../../server/db/catalogue/importer';
import { exportCatalogue } from '../../server/db/catalogue/store';
import { signInOwner } from '../support/ownerSession';
import { axeViolations } from './support/axe';
import { screenshot } from './support/screens';

/**
 * The owner imports a catalogue file from the back office (issue 36, point 4), in a browser at 375
 * and 1280 px: a file with errors is answered with its errors by line and field (nothing changes),
 * then a good one is applied (a progress bar while it goes) and the product page shows the new
 * name. Axe-clean pages. The catalogue is put back after each test (as the CLI's import would).
 */
type Line = Record<string, unknown> & { kind: string; id?: number };

const dataDir = process.env.E2E_DATA_DIR!;
let catalogue: OpenedCatalogueDb;
let original: Line[];

const writeLines = (lines: Line[], name: string) => {
  const path = join(dataDir, name);
  writeFileSync(path, lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
  return path;
};

/** A product of one size no other browser test looks at (read from the test server's file). */
function quietProductId(): number {
  const db = new Database(join(dataDir, 'shop.sqlite'), { readonly: true });
  try {
    return (db.prepare(`SELECT p.id FROM products p WHERE p.id > 1400 AND p.id < 1500 AND p.type = 'product_item' AND (SELECT COUNT(*) FROM sizes s WHERE s.product_id = p.id) = 1 ORDER BY p.id LIMIT 1`).get() as { id: number }).id;
  } finally {
    db.close();
  }
}

async function signIn(page: Page, baseURL: string) {
  const session = await signInOwner(baseURL);
  await page.context().addCookies([{ name: 'shop_owner', value: session.sessionId, domain: new URL(baseURL).hostname, path: '/admin', httpOnly: true, sameSite: 'Strict' }]);
  await page.goto('/admin/imports');
  await expect(page.getByRole('heading', { level: 1, name: 'Importa il catalogo' })).toBeVisible();
  // The progress bar is the admin bundle's: wait for it to run.
  await expect(page.locator('html[data-admin-ready="true"]')).toBeAttached();
}

test.describe('back office: catalogue imports', () => {
  test.beforeAll(async () => {
    catalogue = await openCatalogueDb({ sqlitePath: join(dataDir, 'shop.sqlite') });
    const lines: string[] = [];
    await exportCatalogue(catalogue.db, (line) => void lines.push(line));
    original = lines.map((line) => JSON.parse(line) as Line);
  });
  test.afterEach(async () => {
    const result = await importCatalogueFile(catalogue.db, writeLines(original, 'original.jsonl'));
    expect(result.ok).toBe(true);
  });
  test.afterAll(async () => {
    await catalogue.close();
  });

  test('a file with errors shows them by line; a good one is applied and the product page shows it', async ({ page, baseURL }, info) => {
    const id = quietProductId();
    const index = original.findIndex((line) => line.kind === 'product' && line.id === id);
    const product = original[index];
    const newName = `Pastiglie dal listino ${info.project.name}`;
    await signIn(page, baseURL!);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `admin-imports-form-${info.project.name}`);

    const bad: Line[] = structuredClone(original);
    (bad[index].sizes as Array<Record<string, unknown>>)[0].price_gross = -5;
    await page.getByLabel('File del catalogo').setInputFiles(writeLines(bad, 'errato.jsonl'));
    await page.getByRole('button', { name: 'Controlla e importa' }).click();
    await expect(page.getByRole('alert')).toContainText('Il catalogo NON è stato cambiato. Errori nel file errato.jsonl: 1.');
    const errors = page.getByRole('table', { name: 'Errori del file, per riga' });
    await expect(errors.getByRole('row').nth(1)).toHaveText(`${index + 1}sizes[0].price_grossmust be at least 0`);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `admin-imports-errors-${info.project.name}`);
    const shopPage = await page.request.get(`/product-${id}-${String(product.slug)}.html`);
    expect(await shopPage.text()).toContain(String(product.name));

    const good: Line[] = structuredClone(original);
    good[index].name = newName;
    await page.getByLabel('File del catalogo').setInputFiles(writeLines(good, 'listino.jsonl'));
    await page.getByRole('button', { name: 'Controlla e importa' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Catalogo importato da listino.jsonl' })).toContainText(/\d+ prodotti \(0 nuovi, \d+ aggiornati, 0 tolti\)/);
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `admin-imports-applied-${info.project.name}`);

    await page.goto(`/product-${id}-${String(product.slug)}.html`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(newName);
  });

  test('without JavaScript the form posts and the answer page says what was applied', async ({ browser, baseURL }, info) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: info.project.use.viewport ?? undefined });
    const page = await context.newPage();
    try {
      const session = await signInOwner(baseURL!);
      await context.addCookies([{ name: 'shop_owner', value: session.sessionId, domain: new URL(baseURL!).hostname, path: '/admin', httpOnly: true, sameSite: 'Strict' }]);
      await page.goto(new URL('/admin/imports', baseURL).href);
      await page.getByLabel('File del catalogo').setInputFiles(writeLines(original, 'same.jsonl'));
      await page.getByRole('button', { name: 'Controlla e importa' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Catalogo importato da same.jsonl' })).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/imports\?_csrf=/);
    } finally {
      await context.close();
    }
  });
});
