import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { scriptReady } from './support/shopping';
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
