import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { scriptReady, vehicleWithParts } from './support/shopping';
import { axeViolations } from './support/axe';
import { screenshot } from './support/screens';
import { SPECIAL_PRODUCTS } from '../../server/db/catalogue/specialProducts';

/** More of the last edges shoppers trip on (issue 34, points 3, 5, 6, 8, 9, 10, 16, 17), at 375 and 1280 px. */

interface Vehicle {
  id: number;
  value: { brand: string; model: string; generation: string; engine: string };
}
type Row = [number, string, number];

/** A demo vehicle with an axis holding two categories, the first with 2 or more products. */
async function vehicleWithTwoCategories(request: APIRequestContext): Promise<{ vehicle: Vehicle; category: Row; other: Row }> {
  const vehicles = (await (await request.get('/data/include/cms/brake_vehicles.json')).json()) as Vehicle[];
  for (const vehicle of vehicles.slice(0, 400)) {
    const axes = ((await (await request.get(`/search.php?json=true&traits_alt[148722]=&traits_alt[49]=${vehicle.id}`)).json()) as { values: Row[] }).values.filter((row) => row[2] > 0);
    if (!axes.length) continue;
    const categories = ((await (await request.get(`/search.php?json=true&traits_alt[24]=&traits_alt[49]=${vehicle.id}&traits_alt[148722]=${axes[0][0]}`)).json()) as { values: Row[] }).values;
    const category = categories.find((row) => row[2] >= 2);
    const other = categories.find((row) => row[2] >= 1 && row[0] !== category?.[0]);
    if (category && other) return { vehicle, category, other };
  }
  throw new Error('no demo vehicle with two categories');
}

const finder = (page: Page) => page.locator('.brake-finder');
const productsSection = (page: Page) => page.locator('#brake-finder-products');

async function chooseVehicle(page: Page, vehicle: Vehicle) {
  const form = finder(page);
  await form.getByLabel('Marca').selectOption(vehicle.value.brand);
  await expect(form.getByLabel('Modello')).toBeEnabled();
  await form.getByLabel('Modello').selectOption(vehicle.value.model);
  await form.getByLabel('Anno / generazione').selectOption(vehicle.value.generation);
  await form.getByLabel('Motore').selectOption(vehicle.value.engine);
}

async function openCategory(page: Page, name: string) {
  const products = productsSection(page);
  await products.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await expect(products.getByRole('button', { name: /^Prodotti/ })).toContainText(name);
}

test('point 3: the compare list names products ticked in another category and products restored from compareBrakes, never "#id"', async ({ page, request }) => {
  const pick = await vehicleWithTwoCategories(request);
  await page.goto('/brakes.php');
  await scriptReady(page);
  await chooseVehicle(page, pick.vehicle);
  const products = productsSection(page);
  await products.locator('.finder-axes .finder-choice').first().click();
  await openCategory(page, pick.category[1]);
  const firstName = (await products.locator('.finder-product__name').first().textContent())!.trim();
  await products.locator('.finder-product__compare input').first().check();
  // Another category: the product ticked in the first is no longer listed, its name stays.
  await openCategory(page, pick.other[1]);
  const otherName = (await products.locator('.finder-product__name').first().textContent())!.trim();
  await products.locator('.finder-product__compare input').first().check();
  const list = products.locator('.finder-compare__list li > span');
  await expect(list).toHaveText([firstName, otherName]);
  await screenshot(page, 'compare-list-names');
  expect(await axeViolations(page)).toEqual([]);

  // A new page: the ids come back from compareBrakes, before any list shows these products.
  await page.reload();
  await scriptReady(page);
  await chooseVehicle(page, pick.vehicle);
  await products.locator('.finder-axes .finder-choice').first().click();
  await openCategory(page, pick.other[1]);
  await expect(list).toHaveText([firstName, otherName]);
  await expect(products.locator('.finder-compare__list')).not.toContainText('#');
});

/** What the window shows (not the full page): where a fixed alert sits over the controls. */
async function windowShot(page: Page, name: string) {
  await page.screenshot({ path: join(__dirname, '..', '..', 'test-results', 'screens', `${name}-${page.viewportSize()?.width ?? 0}-window.png`) });
}

/** The alert's box and the boxes it must not cover, in window coordinates. */
async function overlaps(page: Page, selectors: string[]): Promise<string[]> {
  const alert = (await page.locator('.alert').boundingBox())!;
  const covered: string[] = [];
  for (const selector of selectors) {
    const box = (await page.locator(selector).boundingBox())!;
    const vertical = Math.min(alert.y + alert.height, box.y + box.height) - Math.max(alert.y, box.y);
    const horizontal = Math.min(alert.x + alert.width, box.x + box.width) - Math.max(alert.x, box.x);
    if (vertical > 0 && horizontal > 0) covered.push(selector);
  }
  return covered;
}

/** Scrolls so `selector` sits at the window's bottom edge, where an alert shows by default. */
async function atWindowBottom(page: Page, selector: string) {
  await page.locator(selector).evaluate((element) => element.scrollIntoView({ block: 'end' }));
}

test('point 5: an alert never covers the control that caused it or the next one (the finder\'s model and year selects)', async ({ page }) => {
  await page.goto('/brakes.php');
  await scriptReady(page);
  await expect(finder(page).getByLabel('Marca')).toBeEnabled();
  const model = '.finder-select__field[data-dropdown="model"]';
  const year = '#brake-finder-generation';
  for (const place of ['bottom', 'middle'] as const) {
    if (place === 'bottom') await atWindowBottom(page, year);
    else await page.locator(model).evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.locator(model).click();
    await expect(page.locator('.alert .alert__text')).toHaveText('Scegli prima la marca');
    await expect(page.locator('.alert')).toHaveAttribute('data-state', 'visible');
    expect(await overlaps(page, [model, year])).toEqual([]);
    if (place === 'bottom') await windowShot(page, 'alert-clear-of-finder');
    await page.locator('.alert').click();
    await expect(page.locator('.alert')).toHaveCount(0);
  }
  expect(await axeViolations(page)).toEqual([]);
});

test('point 5: an alert never covers the quantity stepper that caused it', async ({ page }) => {
  await page.goto(`/product-${SPECIAL_PRODUCTS.minMaxQuantity}-x.html`);
  await scriptReady(page);
  const stepper = '.buy-box .stepper';
  await atWindowBottom(page, stepper);
  await page.getByRole('button', { name: 'Diminuisci la quantità' }).click();
  await expect(page.locator('.alert')).toHaveAttribute('data-state', 'visible');
  expect(await overlaps(page, [stepper])).toEqual([]);
  // The quantity typed past the maximum: the field and the next control (Add) stay clear.
  await page.locator('.buy-box .stepper__input').fill('50');
  await atWindowBottom(page, '.buy-box .stepper__input');
  await page.locator('.buy-box .stepper__input').press('Tab');
  await expect(page.locator('.alert .alert__text')).toContainText('6');
  expect(await overlaps(page, [stepper, '.buy-box .button--buy'])).toEqual([]);
  await windowShot(page, 'alert-clear-of-stepper');
  expect(await axeViolations(page)).toEqual([]);
});

test('point 6: the comparison is readable at 375 px: two products side by side, each column wide enough to read', async ({ page, request }) => {
  const pick = await vehicleWithTwoCategories(request);
  await page.goto('/brakes.php');
  await scriptReady(page);
  await chooseVehicle(page, pick.vehicle);
  const products = productsSection(page);
  await products.locator('.finder-axes .finder-choice').first().click();
  await openCategory(page, pick.category[1]);
  await products.locator('.finder-product__compare input').nth(0).check();
  await products.locator('.finder-product__compare input').nth(1).check();
  await products.locator('.finder-compare__link').click();
  const panel = page.locator('#compare_brakes');
  await expect(panel).toBeVisible();
  const region = (await panel.locator('.compare-scroll').boundingBox())!;
  const heads = panel.locator('.compare-product');
  await expect(heads).toHaveCount(2);
  for (const head of await heads.all()) {
    const box = (await head.boundingBox())!;
    // Wholly inside the visible part of the table's region, and at least 130 px wide.
    expect(box.x).toBeGreaterThanOrEqual(region.x - 1);
    expect(box.x + box.width).toBeLessThanOrEqual(region.x + region.width + 1);
    expect(box.width).toBeGreaterThanOrEqual(130);
  }
  // Each row's values sit under the products they belong to, the row's label in view.
  const row = panel.locator('.compare-row').nth(3);
  const label = (await row.locator('th').boundingBox())!;
  expect(label.x).toBeGreaterThanOrEqual(region.x - 1);
  for (const [index, cell] of (await row.locator('td').all()).entries()) {
    const box = (await cell.boundingBox())!;
    const head = (await heads.nth(index).boundingBox())!;
    expect(Math.abs(box.x - head.x)).toBeLessThanOrEqual(1);
  }
  await panel.scrollIntoViewIfNeeded();
  await screenshot(page, 'compare-two-side-by-side');
  expect(await axeViolations(page)).toEqual([]);
});

test('point 8: with a vehicle saved, a product page shows the product\'s name and price in the first screen (375 x 667 on a phone)', async ({ browser, baseURL, request }, info) => {
  const phone = info.project.name === 'phone';
  const height = phone ? 667 : 800;
  const context = await browser.newContext({
    baseURL,
    locale: 'it-IT',
    viewport: { width: phone ? 375 : 1280, height },
    ...(phone ? { isMobile: true, hasTouch: true, userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36' } : {}),
  });
  const page = await context.newPage();
  const rows = await vehicleWithParts(request);
  const engine = rows[3];
  // The vehicle saved as the configurator leaves it (local storage box1..box4: "id#name").
  await page.addInitScript((levels) => levels.forEach((value, index) => window.localStorage.setItem(`box${index + 1}`, value)), rows.map(([id, name]) => `${id}#${name}`));
  const listing = (await (await request.get(`/search.php?json=true&traits_alt[49]=${engine[0]}&limit=1`)).json()) as { products: Array<{ link: string }> };
  const product = new URL(listing.products[0].link, 'http://shop').pathname;
  const bar = page.getByRole('region', { name: 'Veicolo salvato' });
  await page.goto(product);
  await scriptReady(page);
  await expect(bar).toBeVisible();
  await expect(page.locator('.buy-box')).not.toHaveAttribute('data-state', /loading|starting/);
  // The bar names the vehicle (cut on a phone, whole to a screen reader) and keeps its link and remove.
  await expect(bar).toContainText(engine[1]);
  await expect(bar.getByRole('link', { name: 'Tutti i ricambi per questo veicolo' })).toBeVisible();
  await expect(bar.getByRole('button', { name: /^Rimuovi il veicolo/ })).toBeVisible();
  if (phone) expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(48);
  const name = page.getByRole('heading', { level: 1 });
  const price = page.locator('.price-block__price');
  for (const box of [await name.boundingBox(), await price.boundingBox()]) {
    expect(box!.y).toBeGreaterThan(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(height);
  }
  await page.screenshot({ path: join(__dirname, '..', '..', 'test-results', 'screens', `vehicle-bar-first-screen-${phone ? 375 : 1280}-window.png`) });
  expect(await axeViolations(page)).toEqual([]);
  await context.close();
});

test('point 9: a gift product\'s "Gratis" badge sits in its price block, under the name, not over the top banner', async ({ page }) => {
  await page.goto(`/product-${SPECIAL_PRODUCTS.gratis}-x.html`);
  await scriptReady(page);
  const badge = page.locator('.price-block').getByText('Gratis', { exact: true });
  await expect(badge).toBeVisible();
  const box = (await badge.boundingBox())!;
  const block = (await page.locator('.price-block').boundingBox())!;
  const name = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
  const header = (await page.locator('.site-header').boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(block.y);
  expect(box.y + box.height).toBeLessThanOrEqual(block.y + block.height);
  expect(box.x).toBeGreaterThanOrEqual(block.x);
  expect(box.y).toBeGreaterThan(name.y + name.height - 1);
  expect(box.y).toBeGreaterThan(header.y + header.height);
  // Nothing else is drawn where the badge is: it is the topmost element at its centre.
  await badge.scrollIntoViewIfNeeded();
  const topmost = await badge.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2) === element;
  });
  expect(topmost).toBe(true);
  await screenshot(page, 'gratis-badge');
  expect(await axeViolations(page)).toEqual([]);
});

test('point 10: a product with unknown delivery does not carry the bar\'s "Ordina entro le 14:00: spedizione in giornata"; one that ships does', async ({ page }) => {
  const bar = page.locator('.snippets--top .snippet-bar');
  await page.goto(`/product-${SPECIAL_PRODUCTS.orderUnknownDelivery}-x.html`);
  await scriptReady(page);
  // The page's own note says the delivery time is unknown; the bar promises nothing it contradicts.
  await expect(bar).toHaveText('Spedizione gratuita per ordini da 79 €');
  await expect(page.locator('body')).not.toContainText('spedizione in giornata');
  await expect(page.locator('body')).not.toContainText('Spedizione in 2-4 giorni lavorativi');
  await screenshot(page, 'unknown-delivery-bar');
  expect(await axeViolations(page)).toEqual([]);
  // A product that ships keeps the shop's promise (the phone's shorter one on a phone).
  await page.goto(`/product-${SPECIAL_PRODUCTS.rebateTiers}-x.html`);
  await scriptReady(page);
  await expect(bar).toHaveText(/Ordina entro le 14:00: spedizione in giornata|Spedizione in 2-4 giorni lavorativi/);
});

test('point 16: the "Accessori e servizi" tile shows its own icon, which answers (no 404, no fallback)', async ({ page }) => {
  await page.goto('/main.php');
  await scriptReady(page);
  const tile = page.locator('.category-tile', { hasText: 'Accessori e servizi' }).first();
  await tile.scrollIntoViewIfNeeded();
  const icon = tile.locator('img');
  const src = (await icon.getAttribute('src'))!;
  expect(src).not.toContain('defaulticon');
  const answer = await page.request.get(src);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('image/svg+xml');
  await expect.poll(() => icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await screenshot(page, 'accessories-tile');
  expect(await axeViolations(page)).toEqual([]);
});

test('point 12: related-product slides carry data-src_mobile/tablet/desktop and switch their image by layout mode, as cards do', async ({ page }, info) => {
  const phone = info.project.name === 'phone';
  await page.goto(`/product-${SPECIAL_PRODUCTS.rebateTiers}-x.html`);
  await scriptReady(page);
  const zone = page.locator('.hotspot-zone[data-zone="hotspot_related"]');
  await page.locator('[data-zone-pending="hotspot_related"], .hotspot-zone[data-zone="hotspot_related"]').first().scrollIntoViewIfNeeded();
  const image = zone.locator('.slick-active img').first();
  await expect(image).toHaveAttribute('data-src_mobile', /\/data\/gfx\/products\/\d+\.jpg\?w=\d+/);
  const sources = await image.evaluate((img) => ({ mobile: img.getAttribute('data-src_mobile')!, tablet: img.getAttribute('data-src_tablet')!, desktop: img.getAttribute('data-src_desktop')! }));
  expect(new Set(Object.values(sources)).size).toBe(3);
  await expect(image).toHaveAttribute('src', phone ? sources.mobile : sources.desktop);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  if (!phone) {
    // The window narrowed to a tablet's, then a phone's: the same slide takes that mode's source.
    await page.setViewportSize({ width: 800, height: 800 });
    await expect(zone.locator(`img[data-src_tablet="${sources.tablet}"]`).first()).toHaveAttribute('src', sources.tablet);
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(zone.locator(`img[data-src_mobile="${sources.mobile}"]`).first()).toHaveAttribute('src', sources.mobile);
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await screenshot(page, 'related-slides');
  expect(await axeViolations(page)).toEqual([]);
});

test('point 14: session storage keeps the finder\'s JSON and the vehicle menu\'s data: a new page in the same session asks neither again', async ({ page, request }) => {
  const pick = await vehicleWithTwoCategories(request);
  const asked: string[] = [];
  page.on('request', (sent) => asked.push(sent.url()));
  const engineFile = (url: string) => /engine_categories_[a-z]\.json$/.test(url);
  await page.goto('/brakes.php');
  await scriptReady(page);
  await chooseVehicle(page, pick.vehicle);
  expect(asked.filter(engineFile)).toHaveLength(1);
  expect(await page.evaluate(() => Object.keys(sessionStorage).some((key) => key.startsWith('jsonCache:')))).toBe(true);
  asked.length = 0;
  await page.reload();
  await scriptReady(page);
  await chooseVehicle(page, pick.vehicle);
  await expect(finder(page).getByLabel('Motore')).toHaveValue(pick.vehicle.value.engine);
  expect(asked.filter(engineFile)).toEqual([]);

  // The home page's vehicle menu: the models of a brand are asked once per session.
  const models = (url: string) => url.includes('getOne=menu_alt%5B2_2%5D') || url.includes('getOne=menu_alt[2_2]');
  const configurator = page.locator('.page--home .vehicle-configurator');
  for (let visit = 0; visit < 2; visit += 1) {
    asked.length = 0;
    await page.goto('/main.php');
    await scriptReady(page);
    const brand = configurator.getByRole('combobox', { name: 'Marca', exact: true });
    await expect(brand).toBeEnabled();
    await brand.selectOption({ index: 1 });
    await expect(configurator.getByRole('combobox', { name: 'Modello', exact: true })).toBeEnabled();
    expect(asked.filter(models)).toHaveLength(visit === 0 ? 1 : 0);
  }
  expect(await page.evaluate(() => Object.keys(sessionStorage).some((key) => key.startsWith('menuData:')))).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
});

test('on /pl and /en, basket lines and live-search results name products in the page\'s language', async ({ page }) => {
  const id = SPECIAL_PRODUCTS.rebateTiers;
  const nameOn = async (path: string) => {
    await page.goto(path);
    return (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  };
  const italian = await nameOn(`/product-${id}-x.html`);
  const names = { pl: await nameOn(`/pl/product-${id}-x.html`), en: await nameOn(`/en/product-${id}-x.html`) };
  expect(names.pl).not.toBe(italian);
  expect(names.en).not.toBe(italian);
  expect((await page.request.post('/basketchange.php?mode=1', { form: { product: String(id), size: 'uniw', number: '1' } })).ok()).toBe(true);
  for (const language of ['pl', 'en'] as const) {
    await page.goto(`/${language}/basketedit.php`);
    await scriptReady(page);
    const line = page.locator('.basket-lines tbody tr').first();
    await expect(line).toContainText(names[language]);
    await expect(line).not.toContainText(italian);
    await screenshot(page, `basket-line-${language}`);
  }
  // Live search on the English page: the products it lists carry their English names.
  const producer = italian.split(' ').at(-2)!;
  await page.goto('/en/main.php');
  await scriptReady(page);
  await page.getByRole('combobox', { name: 'Search parts' }).fill(producer);
  const products = page.locator('.live-search__group--products .live-search__option');
  await expect(products.first()).toBeVisible();
  const texts = await products.allTextContents();
  for (const text of texts) {
    expect(text).toMatch(/brake|kit/i);
    expect(text).not.toMatch(/Pastiglie|Dischi|freni?\b/);
  }
  expect(await axeViolations(page)).toEqual([]);
});
