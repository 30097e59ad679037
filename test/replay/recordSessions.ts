/**
 * Records the replayed sessions of test/replay/sessions/ for real: Chromium on a development
 * build with the server's test hooks (so an endpoint can be made to fail), the first page opened
 * with `?record`, driven like a shopper across full page loads (the recording carries on from
 * page to page), then saved with the recorder's own button.
 *
 *   npm run sessions:record [name...]
 *     starts `npm run dev` itself (port RECORD_PORT, default 8288; a temporary database)
 *   BASE_URL=http://127.0.0.1:8080 npm run sessions:record [name...]
 *     records against a running `SHOP_TEST_HOOKS=1 npm run dev`
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect as baseExpect, type APIRequestContext, type Page } from '@playwright/test';
import { SPECIAL_PRODUCTS } from '../../server/db/catalogue/specialProducts';

// A development build loads slower than a production one.
const expect = baseExpect.configure({ timeout: 30_000 });
const OUT = join(__dirname, 'sessions');

/** `npm run dev` on a temporary database, ready once it serves a page. */
async function startDevServer(port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-record-'));
  const root = join(__dirname, '..', '..');
  const dev: ChildProcess = spawn(process.execPath, [join(root, 'scripts', 'dev.mjs')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CATALOGUE_SIZE: '2000', WORKERS: '1', SHOP_TEST_HOOKS: '1', DEV_STATIC_DIR: join(dataDir, 'static') },
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (dev.exitCode !== null) throw new Error('npm run dev stopped');
    if (Date.now() - started > 300_000) throw new Error('npm run dev did not answer within 5 minutes');
    try {
      if ((await fetch(`${url}/main.php`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => dev.once('exit', resolve));
      dev.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function save(page: Page, name: string) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save session', exact: true }).click();
  const file = await (await download).path();
  const session = JSON.parse(readFileSync(file, 'utf8')) as { pages: Array<{ url: string; actions: unknown[]; calls: unknown[] }> };
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, `${name}.json`), JSON.stringify(session, null, 2) + '\n');
  console.log(`${name}: ${session.pages.map((one) => `${one.url} (${one.actions.length} actions, ${one.calls.length} calls)`).join(', ')}`);
}

const alertText = (page: Page) => page.locator('.alert-region .alert__text');
const miniBasket = (page: Page) => page.getByRole('dialog', { name: 'Il tuo carrello' });
/** A page load has finished: the address, the page drawn, its scripts loaded and run (a click before would be lost). */
async function loaded(page: Page, url: RegExp) {
  await page.waitForURL(url);
  await expect(page.locator('.site-header .basket-link')).toBeVisible();
  await page.waitForLoadState('load');
  await page.waitForTimeout(1000);
}

/** The product page: the first add to basket fails (the server answers 500), the second works. */
async function addFailsThenSucceeds(page: Page, request: APIRequestContext) {
  await page.goto(`/product-${SPECIAL_PRODUCTS.rebateTiers}-x.html?record`);
  await expect(page.locator('.buy-box')).not.toHaveAttribute('data-state', /loading|starting/);
  await request.post('/__test/faults', { data: { path: '/basketchange.php', mode: 'fail', times: 1 } });
  const buy = page.locator('.button--buy');
  await buy.click();
  await expect(alertText(page)).toHaveText('Qualcosa non è andato a buon fine, riprova');
  await expect(buy).toHaveText('Aggiungi al carrello');
  await buy.click();
  await expect(alertText(page)).toHaveText('Prodotto aggiunto al carrello');
  await page.waitForTimeout(1500);
  await save(page, 'basket-add-fails-then-succeeds');
}

interface Vehicle {
  id: number;
  value: { brand: string; model: string; generation: string; engine: string };
}

/** A demo vehicle whose first axis has a category of 2 or more products. */
async function vehicleWithProducts(request: APIRequestContext) {
  const vehicles = (await (await request.get('/data/include/cms/brake_vehicles.json')).json()) as Vehicle[];
  for (const vehicle of vehicles.slice(0, 400)) {
    const axes = ((await (await request.get(`/search.php?json=true&traits_alt[148722]=&traits_alt[49]=${vehicle.id}`)).json()) as { values: Array<[number, string, number]> }).values.filter(
      (row) => row[2] > 0,
    );
    if (axes.length < 2) continue;
    const categories = ((await (await request.get(`/search.php?json=true&traits_alt[24]=&traits_alt[49]=${vehicle.id}&traits_alt[148722]=${axes[0][0]}`)).json()) as {
      values: Array<[number, string, number]>;
    }).values;
    const category = categories.find((row) => row[2] >= 2);
    if (category) return { vehicle, category };
  }
  throw new Error('no demo vehicle with 2 products in a category');
}

/** The brake finder: vehicle, axis, category, two products ticked, compared. */
/**
 * The brake finder: vehicle, axis, category, two products ticked, compared; then (a second page)
 * the contact page from the footer's link, its form sent.
 */
async function finderThenContact(page: Page, request: APIRequestContext) {
  const { vehicle, category } = await vehicleWithProducts(request);
  await page.goto('/brakes.php?record');
  const finder = page.locator('.brake-finder');
  await finder.getByLabel('Marca').selectOption(vehicle.value.brand);
  await expect(finder.getByLabel('Modello')).toBeEnabled();
  await finder.getByLabel('Modello').selectOption(vehicle.value.model);
  await finder.getByLabel('Anno / generazione').selectOption(vehicle.value.generation);
  await finder.getByLabel('Motore').selectOption(vehicle.value.engine);
  const products = page.locator('#brake-finder-products');
  await products.locator('.finder-axes .finder-choice').first().click();
  await products.getByRole('button', { name: new RegExp(`^${category[1]}`) }).click();
  await expect(products.locator('.finder-product').first()).toBeVisible();
  await products.locator('.finder-product__compare input').nth(0).check();
  await products.locator('.finder-product__compare input').nth(1).check();
  await products.locator('.finder-compare__link').click();
  await expect(page.locator('#compare_brakes')).toBeVisible();
  await page.waitForTimeout(1000);
  await page.locator('.site-footer a[href="/contact.php"]').first().click();
  await loaded(page, /\/contact\.php$/);
  const form = page.locator('form[data-flow="form:contact"]');
  await form.getByLabel('Nome e cognome').fill('Mario Rossi');
  await form.getByLabel('E-mail o telefono').fill('mario.rossi@example.it');
  await form.getByLabel('Messaggio').fill(`Le pastiglie confrontate vanno bene per la mia ${vehicle.value.model}?`);
  await form.getByRole('checkbox', { name: 'Ho letto e accetto i termini e le condizioni.' }).check();
  await form.getByRole('button', { name: 'Invia messaggio' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Messaggio inviato, grazie!' })).toBeVisible();
  await page.waitForTimeout(1000);
  await save(page, 'finder-comparison-contact');
}

/**
 * Search and listing: on the home page the live search, then the search submitted (a full
 * page load to the listing); there the next page and a filter (partial loads), an add from the
 * list, the line removed from the mini basket; then a product's page from its card (another
 * full load), its add to basket.
 */
async function searchListingProduct(page: Page) {
  await page.goto('/main.php?record');
  await loaded(page, /\/main\.php/);
  const search = page.getByRole('combobox', { name: 'Cerca ricambi' });
  await search.click();
  await search.pressSequentially('pastiglie', { delay: 120 });
  await expect(page.getByRole('listbox', { name: 'Suggerimenti di ricerca' })).toBeVisible();
  await search.press('Enter');
  await loaded(page, /\/search\.php\?/);
  await page.getByRole('link', { name: 'Successiva' }).click();
  await expect(page.getByText(/Pagina 2 di \d+/)).toBeVisible();
  await page.locator('.filters').getByRole('link', { name: /^Brembo/ }).first().click();
  await expect(page).toHaveURL(/Brembo|producer|traits/);
  await expect(page.locator('.product-card').first()).toContainText('Brembo');
  await page.waitForTimeout(500);
  const card = page.locator('.product-card').filter({ has: page.locator('.list-add') }).first();
  await card.locator('.list-add').click();
  await expect(miniBasket(page)).toBeVisible();
  await miniBasket(page).getByRole('button', { name: /^Rimuovi / }).click();
  await expect(miniBasket(page)).toBeHidden();
  await expect(page.locator('.site-header .basket-link')).toContainText('Carrello (0 prodotti)');
  await page.locator('.product-card .product-card__link').first().click();
  await loaded(page, /\/product-\d+/);
  await expect(page.locator('.buy-box')).not.toHaveAttribute('data-state', /loading|starting/);
  await page.locator('.button--buy').click();
  await expect(alertText(page)).toHaveText('Prodotto aggiunto al carrello');
  await page.waitForTimeout(1500);
  await save(page, 'search-listing-product');
}

/** The basket: two adds from the listing, then the basket page from the mini basket's link: a quantity changed, a line removed. */
async function basketPage(page: Page) {
  await page.goto('/search.php?traits_alt[24]=148728&record');
  await loaded(page, /\/search\.php/);
  const adds = page.locator('.product-card .list-add');
  await adds.nth(0).click();
  await expect(miniBasket(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(miniBasket(page)).toBeHidden();
  await adds.nth(1).click();
  await expect(miniBasket(page)).toBeVisible();
  await expect(miniBasket(page).locator('.mini-basket__line')).toHaveCount(2);
  await miniBasket(page).getByRole('link', { name: 'Vai al carrello' }).click();
  await loaded(page, /\/basketedit\.php/);
  const lines = page.locator('.basket-lines tbody tr');
  await expect(lines).toHaveCount(2);
  await lines.nth(0).getByLabel(/Quantità di/).fill('3');
  await lines.nth(0).getByLabel(/Quantità di/).press('Enter');
  await expect(lines.nth(0).getByLabel(/Quantità di/)).toHaveValue('3');
  await page.waitForTimeout(800);
  await lines.nth(1).getByRole('button', { name: /^Rimuovi/ }).click();
  await expect(lines).toHaveCount(1);
  await page.waitForTimeout(1500);
  await save(page, 'basket-page');
}

/** The home page: pick a vehicle, type in the live search, add from a card (the carousels run meanwhile). */
async function homePage(page: Page, request: APIRequestContext) {
  const { vehicle } = await vehicleWithProducts(request);
  await page.goto('/main.php?record');
  const form = page.locator('.page--home .vehicle-configurator');
  const select = (name: string) => form.getByRole('combobox', { name, exact: true });
  await expect(select('Marca')).toBeEnabled();
  await select('Marca').selectOption({ label: vehicle.value.brand });
  await expect(select('Modello')).toBeEnabled();
  await select('Modello').selectOption({ label: vehicle.value.model });
  await expect(select('Anno')).toBeEnabled();
  await select('Anno').selectOption({ label: vehicle.value.generation });
  await expect(select('Motore')).toBeEnabled();
  await select('Motore').selectOption({ label: vehicle.value.engine });
  await expect(page.locator('.category-tile__count').first()).toBeVisible();
  const search = page.getByRole('combobox', { name: 'Cerca ricambi' });
  await search.click();
  await search.pressSequentially('brembo', { delay: 120 });
  await expect(page.getByRole('listbox', { name: 'Suggerimenti di ricerca' })).toBeVisible();
  await search.press('Escape');
  await page.locator('.product-card .list-add').first().click();
  await expect(page.locator('.mini-basket')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('.mini-basket')).toBeHidden();
  await page.waitForTimeout(1500);
  await save(page, 'home-page');
}

const SESSIONS: Record<string, (page: Page, request: APIRequestContext) => Promise<void>> = {
  'home-page': homePage,
  'search-listing-product': searchListingProduct,
  'basket-page': basketPage,
  'finder-comparison-contact': finderThenContact,
  'basket-add-fails-then-succeeds': addFailsThenSucceeds,
};

async function main() {
  const server = process.env.BASE_URL ? { url: process.env.BASE_URL, stop: async () => {} } : await startDevServer(Number(process.env.RECORD_PORT || 8288));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const wanted = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(SESSIONS);
    for (const name of wanted) {
      // A fresh visitor each time: an empty basket, nothing ticked for comparison.
      const context = await browser.newContext({ baseURL: server.url, locale: 'it-IT', viewport: { width: 1280, height: 800 }, acceptDownloads: true });
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error(`${name}: page error: ${error.message}`));
      try {
        await SESSIONS[name](page, context.request);
      } finally {
        await context.request.delete('/__test/faults');
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
