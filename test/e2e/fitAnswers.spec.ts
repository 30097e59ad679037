import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { scriptReady } from './support/shopping';
import { axeViolations } from './support/axe';
import { screenshot } from './support/screens';
import { demoEngineKeys } from '../../server/db/catalogue/generate';
import { SPECIAL_PRODUCTS } from '../../server/db/catalogue/specialProducts';

/**
 * Issue 37 in the browser: a universal product never reads "does not fit" for the chosen vehicle
 * (its page, its basket line), and a vehicle found by its registration key in the brake finder and
 * in the configurator, with a clear message for an unknown or malformed key.
 */
type Row = [number, string];

async function options(request: APIRequestContext, getOne: string, fields: Record<string, number> = {}): Promise<Row[]> {
  const answer = await request.post(`/ajax/search.php?ajax=true&getOne=${getOne}`, { form: { onlyVisibleElements: 'true', ...fields } });
  return ((await answer.json()) as { values: Row[] }).values;
}

/** The first vehicle of the configurator's lists: its rows, and its KBA number (the demo catalogue's, server/db/catalogue/generate.ts). */
async function firstVehicle(request: APIRequestContext, brandIndex = 0) {
  const brand = (await options(request, 'menu_alt[2_1]'))[brandIndex];
  const [model] = await options(request, 'menu_alt[2_2]', { 'menu_alt[2_1]': brand[0] });
  const [year] = await options(request, 'menu_alt[2_3]', { 'menu_alt[2_1]': brand[0], 'menu_alt[2_2]': model[0] });
  const [engine] = await options(request, 'traits_alt[49]', { 'menu_alt[2_1]': brand[0], 'menu_alt[2_2]': model[0], 'menu_alt[2_3]': year[0] });
  const rows = [brand, model, year, engine];
  const kba = demoEngineKeys(engine[0], brand[0]).find(([kind]) => kind === 'kba')![1];
  // The key names this engine (the server's answer, not only the generator's word).
  const found = (await (await request.get(`/ajax/vehicle-key.php?key=${encodeURIComponent(kba)}`)).json()) as { vehicle: { engine: { id: number } } };
  expect(found.vehicle.engine.id).toBe(engine[0]);
  const label = rows.map((row) => row[1]).filter((name, index, names) => !names[index + 1]?.startsWith(`${name} `)).join(' ');
  return { rows, boxes: rows.map(([id, name]) => `${id}#${name}`), engine: engine[0], brand, kba, label };
}

const keepVehicle = (page: Page, boxes: string[]) => page.addInitScript((values) => values.forEach((value, i) => window.localStorage.setItem(`box${i + 1}`, value)), boxes);

test.describe('four answers: a universal product', () => {
  test('a voucher, a service and a cleaning brush say "not vehicle-specific" for the chosen vehicle, never "does not fit"', async ({ page, request }) => {
    const vehicle = await firstVehicle(request);
    await keepVehicle(page, vehicle.boxes);
    for (const id of [SPECIAL_PRODUCTS.virtual, SPECIAL_PRODUCTS.service, SPECIAL_PRODUCTS.gratis]) {
      await page.goto(`/product-${id}-x.html`);
      const note = page.locator('.product__info .fit-note');
      await expect(note).toHaveAttribute('data-fit', 'universal');
      await expect(note).toHaveText(`Non specifico per veicolo: va bene per ${vehicle.label} e per qualsiasi altro veicolo`);
      await expect(page.getByText(/Non adatto a/)).toHaveCount(0);
      await expect(note.getByRole('link')).toHaveCount(0);
    }
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'fit-answers-universal-product');

    // The cards of the accessories and services listing say it too.
    await page.goto('/search.php?traits_alt[24]=160001');
    const cards = page.locator('.product-card');
    await expect(cards.first()).toBeVisible();
    const count = await cards.count();
    await expect(page.locator('.product-card .fit-note[data-fit="universal"]')).toHaveCount(count);
    await expect(page.locator('.product-card .fit-note[data-fit="none"]')).toHaveCount(0);

    // In the basket (the service put there by this browser): the line says it too, with no "does not fit" warning.
    expect((await page.request.post('/basketchange.php', { form: { product: String(SPECIAL_PRODUCTS.service), size: 'uniw', number: '1' } })).status()).toBe(200);
    await page.goto('/basketedit.php');
    const line = page.locator('.basket-fit[data-fit="universal"]');
    await expect(line).toHaveText(`Non specifico per veicolo: va bene per ${vehicle.label} e per qualsiasi altro veicolo`);
    await expect(page.locator('.basket-fit-warning')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'fit-answers-universal-basket');
  });
});

test.describe('a vehicle by its key', () => {
  test('the brake finder takes a KBA number and lands on the engine; an unknown and a malformed key say so', async ({ page, request }) => {
    const vehicle = await firstVehicle(request);
    await page.goto('/brakes.php');
    await scriptReady(page);
    const finder = page.locator('.brake-finder');
    const field = finder.getByLabel('Numero KBA (HSN/TSN) o KType');
    const message = finder.locator('.vehicle-key__message');

    await field.fill('06/AJX');
    await finder.getByRole('button', { name: 'Trova il veicolo' }).click();
    await expect(message).toHaveText('Inserire un numero KBA (HSN/TSN, es. 0603/AJX) o un numero KType (solo cifre)');
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    await field.fill('9999/ZZ9');
    await finder.getByRole('button', { name: 'Trova il veicolo' }).click();
    await expect(message).toHaveText('Nessun veicolo con questo codice. Controlla il numero o scegli il veicolo dagli elenchi.');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'vehicle-key-finder-unknown');

    // Written as on the registration document, lower case with a space: found, the finder's products are the engine's.
    await field.fill(vehicle.kba.replace('/', ' ').toLowerCase());
    await finder.getByRole('button', { name: 'Trova il veicolo' }).click();
    await expect(message).toContainText('Veicolo trovato:');
    await expect(message).toContainText(vehicle.rows[3][1]);
    await expect(field).not.toHaveAttribute('aria-invalid', 'true');
    const products = page.locator('#brake-finder-products');
    await expect(products.locator('.finder-choices').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'vehicle-key-finder-found');
  });

  test('the configurator takes a KBA number: the vehicle is saved and its parts open', async ({ page, request }) => {
    const vehicle = await firstVehicle(request);
    await page.goto('/');
    await scriptReady(page);
    const configurator = page.locator('.vehicle-configurator').first();
    await configurator.getByLabel('Numero KBA (HSN/TSN) o KType').fill(vehicle.kba);
    await configurator.getByRole('button', { name: 'Trova il veicolo' }).click();
    await page.waitForURL(/\/search\.php\?/);
    expect(new URL(page.url()).searchParams.get('traits_alt[49]')).toBe(String(vehicle.engine));
    expect(await page.evaluate(() => window.localStorage.getItem('box4'))).toBe(vehicle.boxes[3]);
  });

  test('the garage takes a key: the vehicle joins the garage and its parts open; an unknown key says so in the panel', async ({ page, request }) => {
    const first = await firstVehicle(request);
    const second = await firstVehicle(request, 1);
    // A garage of one vehicle (the header shows the garage once it keeps one).
    await page.addInitScript(
      ({ boxes, key }) => {
        if (window.localStorage.getItem('garage')) return;
        window.localStorage.setItem('garage', JSON.stringify({ vehicles: [{ levels: boxes, name: null }], default: key }));
        boxes.forEach((value, i) => window.localStorage.setItem(`box${i + 1}`, value));
      },
      { boxes: first.boxes, key: first.rows.map(([id]) => id).join('-') },
    );
    await page.goto('/');
    await scriptReady(page);
    await expect(page.locator('.garage-button')).toHaveAccessibleName('Garage (1 veicolo nel garage)');
    await page.locator('.garage-button').click();
    const dialog = page.getByRole('dialog', { name: 'Il tuo garage' });
    await expect(dialog).toBeVisible();
    const field = dialog.getByLabel('Numero KBA (HSN/TSN) o KType');
    await field.fill('9999/ZZ9');
    await dialog.getByRole('button', { name: 'Trova il veicolo' }).click();
    await expect(dialog.locator('.vehicle-key__message')).toHaveText('Nessun veicolo con questo codice. Controlla il numero o scegli il veicolo dagli elenchi.');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'vehicle-key-garage-unknown');

    await field.fill(second.kba);
    await dialog.getByRole('button', { name: 'Trova il veicolo' }).click();
    await page.waitForURL(/\/search\.php\?/);
    expect(new URL(page.url()).searchParams.get('traits_alt[49]')).toBe(String(second.engine));
    await scriptReady(page);
    await expect(page.locator('.garage-button')).toHaveAccessibleName('Garage (2 veicoli nel garage)');
  });
});
