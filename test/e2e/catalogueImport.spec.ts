import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { importCatalogueFile, openCatalogueDb, type OpenedCatalogueDb } from '../../server/db/catalogue/importer';
import { exportCatalogue } from '../../server/db/catalogue/store';
import { axeViolations } from './support/axe';
import { screenshot } from './support/screens';

/**
 * A shop's own catalogue as the shopper meets it (issue 26): an import run against the shop's
 * database while the server runs (as `npm run catalogue:import` does) takes products away and
 * brings them back, and gives products their own pictures. Every test puts the catalogue back.
 */
type Line = Record<string, unknown> & { kind: string; id?: number };

const dataDir = process.env.E2E_DATA_DIR!;
let catalogue: OpenedCatalogueDb;
let original: Line[];

async function importLines(lines: Line[], name: string): Promise<void> {
  const path = join(dataDir, `${name}.jsonl`);
  writeFileSync(path, lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
  const result = await importCatalogueFile(catalogue.db, path);
  expect(result.ok).toBe(true);
}

/** Three products a shopper can add from a list (one size, one press). */
async function threeProducts(request: APIRequestContext): Promise<Array<{ id: number; name: string; size: string }>> {
  const answer = (await (await request.get('/search.php?json=true&traits_alt[24]=148728&limit=60')).json()) as { products: Array<{ id: number; name: string; listSize: string | null }> };
  return answer.products.filter((p) => p.listSize && p.id > 20).slice(0, 3).map((p) => ({ id: p.id, name: p.name, size: p.listSize! }));
}

const basketLink = (page: Page) => page.locator('.site-header .basket-link');
const miniBasket = (page: Page) => page.getByRole('dialog', { name: 'Il tuo carrello' });
const withdrawnSection = (page: Page) => page.getByRole('region', { name: 'Non più disponibili' });

test.describe('the shop’s own catalogue', () => {
  test.beforeAll(async () => {
    catalogue = await openCatalogueDb({ sqlitePath: join(dataDir, 'shop.sqlite') });
    const lines: string[] = [];
    await exportCatalogue(catalogue.db, (line) => void lines.push(line));
    original = lines.map((line) => JSON.parse(line) as Line);
  });
  test.afterEach(async () => {
    // The catalogue as it was, for the next test (and the next spec).
    await importLines(original, 'original');
  });
  test.afterAll(async () => {
    await catalogue.close();
  });

  test('lines whose product an import took away are shown as no longer available, outside the total, until dismissed; one not dismissed comes back', async ({ page }) => {
    const [kept, dismissed, restored] = await threeProducts(page.request);
    await page.goto('/main.php');
    for (const product of [kept, dismissed, restored]) {
      expect((await page.request.post('/basketchange.php?mode=1', { form: { product: String(product.id), size: product.size, number: '1' } })).ok()).toBe(true);
    }
    await importLines(original.filter((line) => !(line.kind === 'product' && (line.id === dismissed.id || line.id === restored.id))), 'withdrawn');

    await page.goto('/basketedit.php');
    const section = withdrawnSection(page);
    await expect(section).toBeVisible();
    await expect(section.getByRole('listitem')).toHaveCount(2);
    for (const product of [dismissed, restored]) {
      const item = section.getByRole('listitem').filter({ hasText: product.name });
      await expect(item).toContainText('Non più disponibile');
      await expect(item).toContainText('Quantità: 1');
    }
    await expect(section).toContainText('non sono compresi nel totale');
    // Only the product still sold is a line of the basket, and the total is its own.
    const lines = page.locator('.basket-lines tbody tr');
    await expect(lines).toHaveCount(1);
    await expect(lines.first()).toContainText(kept.name);
    const lineTotal = (await lines.first().locator('td').nth(2).textContent())!.trim();
    await expect(page.locator('.basket-totals__goods')).toHaveText(lineTotal);
    await expect(basketLink(page)).toContainText('Carrello (1 prodotto)');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'basket-withdrawn');

    // The mini basket says so and leads to the basket page.
    await basketLink(page).click();
    await expect(miniBasket(page)).toBeVisible();
    await expect(miniBasket(page).getByRole('link', { name: '2 prodotti del carrello non sono più disponibili' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'mini-basket-withdrawn');
    await miniBasket(page).getByRole('button', { name: 'Chiudi il carrello' }).click();
    await expect(miniBasket(page)).toBeHidden();

    // Dismissed from the keyboard.
    const dismiss = section.getByRole('button', { name: `Rimuovi l’avviso ${dismissed.name}` });
    await dismiss.focus();
    await page.keyboard.press('Enter');
    await expect(section.getByRole('listitem')).toHaveCount(1);
    await expect(section).not.toContainText(dismissed.name);
    await page.reload();
    await expect(withdrawnSection(page).getByRole('listitem')).toHaveCount(1);

    // The catalogue brings both back: the line not dismissed is in the basket again.
    await importLines(original, 'back');
    await page.reload();
    await expect(withdrawnSection(page)).toHaveCount(0);
    await expect(page.locator('.basket-lines tbody tr')).toHaveCount(2);
    await expect(page.locator('.basket-lines')).toContainText(restored.name);
    await expect(page.locator('.basket-lines')).not.toContainText(dismissed.name);
  });

  test('a product with its own pictures shows the first on its page and its card', async ({ page }) => {
    const [product] = await threeProducts(page.request);
    const picture = `/data/gfx/products/${product.id}.svg`;
    await importLines(
      original.map((line) => (line.kind === 'product' && line.id === product.id ? { ...line, pictures: [picture, `/data/gfx/products/${product.id + 1}.svg`] } : line)),
      'pictures',
    );
    const productUrl = (await (await page.request.get(`/search.php?json=true&text=${encodeURIComponent(product.name)}`)).json() as { products: Array<{ id: number; link: string; icon: string }> }).products.find((p) => p.id === product.id)!;
    expect(productUrl.icon).toBe(picture);
    // Pages the server kept from before the import are dropped (the change log, read every 500 ms).
    await expect.poll(async () => (await page.request.get(productUrl.link)).text(), { timeout: 10_000 }).toContain(`src="${picture}"`);

    await page.goto(productUrl.link);
    const photo = page.locator('img.product__image');
    await expect(photo).toHaveAttribute('src', picture);
    // Loaded under the page's CSP (same origin), not broken.
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', new RegExp(`${picture.replace(/[.]/g, '\\.')}$`));
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'product-own-picture');

    await page.goto(`/search.php?text=${encodeURIComponent(product.name)}`);
    const card = page.locator('.product-card').filter({ hasText: product.name }).first();
    await expect(card.locator('img')).toHaveAttribute('src', picture);
    await expect.poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'card-own-picture');
  });
});
