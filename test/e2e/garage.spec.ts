import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { scriptReady } from './support/shopping';
import { axeViolations } from './support/axe';
import { screenshot } from './support/screens';

type Row = [number, string];
interface Fit {
  engineId: number;
  productId: number;
}

async function options(request: APIRequestContext, getOne: string, fields: Record<string, number> = {}): Promise<Row[]> {
  const answer = await request.post(`/ajax/search.php?ajax=true&getOne=${getOne}`, { form: { onlyVisibleElements: 'true', ...fields } });
  return ((await answer.json()) as { values: Row[] }).values;
}

/** Two vehicles (brand, model, year, engine rows) and a part that fits the first and not the second. */
async function twoVehicles(request: APIRequestContext) {
  const found: Row[][] = [];
  for (const brand of (await options(request, 'menu_alt[2_1]')).slice(0, 4)) {
    const model = (await options(request, 'menu_alt[2_2]', { 'menu_alt[2_1]': brand[0] }))[0];
    const year = (await options(request, 'menu_alt[2_3]', { 'menu_alt[2_1]': brand[0], 'menu_alt[2_2]': model[0] }))[0];
    for (const engine of await options(request, 'traits_alt[49]', { 'menu_alt[2_1]': brand[0], 'menu_alt[2_2]': model[0], 'menu_alt[2_3]': year[0] })) {
      const listing = (await (await request.get(`/search.php?json=true&traits_alt[49]=${engine[0]}&limit=1`)).json()) as { total: number };
      if (listing.total > 0) {
        found.push([brand, model, year, engine]);
        break;
      }
    }
    if (found.length === 2) break;
  }
  const [first, second] = found;
  const listing = (await (await request.get(`/search.php?json=true&traits_alt[49]=${first[3][0]}&limit=60`)).json()) as { products: Array<{ id: number; link: string; listSize: string | null }> };
  const fits = ((await (await request.get(`/ajax/fitment.php?engines=${second[3][0]}&products=${listing.products.map((p) => p.id).join(',')}`)).json()) as { fits: Fit[] }).fits;
  const part = listing.products.find((product) => product.listSize && !fits.some((fit) => fit.productId === product.id))!;
  // The vehicle's label says the model once (issue 34, point 7): a name the next one starts with is left out.
  const label = (rows: Row[]) => rows.map((row) => row[1]).filter((name, index, names) => !names[index + 1]?.startsWith(`${name} `)).join(' ');
  const key = (rows: Row[]) => rows.map((row) => row[0]).join('-');
  const levels = (rows: Row[]) => rows.map(([id, name]) => `${id}#${name}`);
  return { first, second, part, labels: [label(first), label(second)], keys: [key(first), key(second)], levels: [levels(first), levels(second)] };
}

/** A garage of the two vehicles, the first in use and the default (as the configurator leaves it), written before the first page only. */
async function keepTwo(page: Page, levels: string[][], keys: string[]) {
  await page.addInitScript(
    ({ levels, keys }) => {
      if (window.localStorage.getItem('garage')) return;
      window.localStorage.setItem('garage', JSON.stringify({ vehicles: levels.map((l) => ({ levels: l, name: null })), default: keys[0] }));
      levels[0].forEach((value, i) => window.localStorage.setItem(`box${i + 1}`, value));
    },
    { levels, keys },
  );
}

test.describe('the garage', () => {
  test('keeps two vehicles: switch from the header, name one, the parts say which vehicle they fit, remove one', async ({ page, request }) => {
    const cars = await twoVehicles(request);
    await keepTwo(page, cars.levels, cars.keys);
    await page.goto(cars.part.link);
    const note = page.locator('.product__info .fit-note');
    await expect(note.locator('.fit-note__status')).toContainText(`Adatto a ${cars.labels[0]}`);

    // The header's garage: a button that says how many vehicles are kept and opens a dialog.
    const button = page.locator('.garage-button');
    await expect(button).toHaveAccessibleName('Garage (2 veicoli nel garage)');
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Il tuo garage' });
    await expect(dialog).toBeVisible();
    const rows = dialog.locator('.garage__vehicle');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toHaveAttribute('aria-current', 'true');
    await expect(rows.nth(0).locator('.garage__marks')).toHaveText('In usoPredefinito');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'garage-open');
    // Escape closes it and gives focus back to the header's button.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();

    // Switch to the second vehicle: the panel closes, the part now does not fit it, and says it fits the first.
    await button.click();
    await dialog.getByRole('button', { name: `Usa ${cars.labels[1]}` }).click();
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    await expect(note).toHaveAttribute('data-fit', 'none');
    await expect(note.locator('.fit-note__status')).toHaveText(`Non adatto a ${cars.labels[1]}`);
    await expect(note.locator('.fit-note__also')).toHaveText(`Adatto anche a: ${cars.labels[0]}`);
    await expect(page.getByRole('region', { name: 'Veicolo salvato' })).toContainText(cars.labels[1]);

    // A name the shopper gives: the parts say it.
    await button.click();
    await dialog.getByLabel('Nome (facoltativo)').nth(1).fill('Auto di mamma');
    await dialog.getByRole('button', { name: `Salva il nome di ${cars.labels[1]}` }).click();
    await expect(rows.nth(1).locator('.garage__label strong')).toHaveText('Auto di mamma');
    await page.keyboard.press('Escape');
    await expect(note.locator('.fit-note__status')).toHaveText('Non adatto a Auto di mamma');

    // Kept across pages: another page opens with the second vehicle in use.
    await page.goto('/main.php');
    await scriptReady(page);
    await expect(page.getByRole('region', { name: 'Veicolo salvato' })).toContainText(cars.labels[1]);
    await button.click();
    await expect(rows.nth(1)).toHaveAttribute('aria-current', 'true');
    // Remove the first: one is left, and it becomes the default.
    await dialog.getByRole('button', { name: `Rimuovi ${cars.labels[0]} dal garage` }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0).locator('.garage__marks')).toHaveText('In usoPredefinito');
    await page.keyboard.press('Escape');
    await expect(button).toHaveAccessibleName('Garage (1 veicolo nel garage)');
    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('garage') ?? '{}'));
    expect(stored).toEqual({ vehicles: [{ levels: cars.levels[1], name: 'Auto di mamma' }], default: cars.keys[1] });
  });

  test('a shared link shows the sender\'s vehicle, not the garage\'s', async ({ page, request }) => {
    const cars = await twoVehicles(request);
    await keepTwo(page, cars.levels, cars.keys);
    const [brand, model, year, engine] = cars.second;
    await page.goto(`/search.php?menu_alt[2_1]=${brand[0]}&menu_alt[2_2]=${model[0]}&menu_alt[2_3]=${year[0]}&traits_alt[49]=${engine[0]}`);
    await expect(page.getByRole('region', { name: 'Veicolo salvato' })).toContainText(cars.labels[1]);
    await expect(page.locator('.product-card .fit-note').first()).toContainText(`Adatto a ${cars.labels[1]}`);
  });

  test('a basket line remembers the vehicle it was added for; a part that does not fit the vehicle now chosen is flagged', async ({ page, request }) => {
    const cars = await twoVehicles(request);
    await keepTwo(page, cars.levels, cars.keys);
    // Added from the product page while the first vehicle is chosen.
    await page.goto(cars.part.link);
    await scriptReady(page);
    await expect(page.locator('.product__info .fit-note')).toHaveAttribute('data-fit', /^(fits|check)$/);
    const added = page.waitForResponse((response) => response.url().includes('/basketchange.php') && response.ok());
    await page.locator('.button--buy').click();
    await added;
    // The basket page says which vehicle each line is for; the part fits the vehicle chosen: no warning.
    await page.goto('/basketedit.php');
    const line = page.locator('.basket-lines').getByText(`per: ${cars.labels[0]}`).first();
    await expect(line).toBeVisible();
    await expect(page.locator('.basket-fit-warning')).toHaveCount(0);
    // Switch to the second vehicle: the line keeps its vehicle, and says the part does not fit the one chosen now.
    await page.locator('.garage-button').click();
    await page.getByRole('dialog', { name: 'Il tuo garage' }).getByRole('button', { name: `Usa ${cars.labels[1]}` }).click();
    await expect(page.locator('.basket-fit-warning').first()).toHaveText(`Attenzione: questo ricambio non è adatto a ${cars.labels[1]}, il veicolo scelto ora.`);
    await expect(line).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'garage-basket-warning');
  });
});
