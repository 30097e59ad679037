import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { scriptReady } from './support/shopping';
import { axeViolations } from './support/axe';
import { screenshot } from './support/screens';

type Row = [number, string];
interface Fit {
  engineId: number;
  productId: number;
  position: 'front' | 'rear' | null;
  fromMonth: string | null;
  toMonth: string | null;
  note: string | null;
}
interface Card {
  id: number;
  link: string;
  category: { id: number; name: string };
  axis: { id: number; name: string } | null;
}

/** The Italian texts of the demo catalogue's note codes (src/i18n/it.ts, fit.note). */
const NOTE_TEXT: Record<string, (value: string) => string> = {
  abs: () => 'con ABS',
  noAbs: () => 'senza ABS',
  sportPackage: () => 'per veicoli con pacchetto sportivo',
  electricParkingBrake: () => 'con freno di stazionamento elettrico',
  discDiameter: (value) => `diametro disco ${value} mm`,
};
const noteText = (note: string) => {
  const [code, value = ''] = note.split(':');
  return NOTE_TEXT[code](value);
};

async function options(request: APIRequestContext, getOne: string, fields: Record<string, number> = {}): Promise<Row[]> {
  const answer = await request.post(`/ajax/search.php?ajax=true&getOne=${getOne}`, { form: { onlyVisibleElements: 'true', ...fields } });
  return ((await answer.json()) as { values: Row[] }).values;
}

/** A vehicle (brand, model, year, engine rows) with a part that fits without a note, one with a note, and a part that does not fit it. */
async function vehicleWithNotes(request: APIRequestContext) {
  for (const brand of (await options(request, 'menu_alt[2_1]')).slice(0, 6)) {
    for (const model of (await options(request, 'menu_alt[2_2]', { 'menu_alt[2_1]': brand[0] })).slice(0, 4)) {
      for (const year of await options(request, 'menu_alt[2_3]', { 'menu_alt[2_1]': brand[0], 'menu_alt[2_2]': model[0] })) {
        for (const engine of await options(request, 'traits_alt[49]', { 'menu_alt[2_1]': brand[0], 'menu_alt[2_2]': model[0], 'menu_alt[2_3]': year[0] })) {
          const listing = (await (await request.get(`/search.php?json=true&traits_alt[49]=${engine[0]}&limit=60`)).json()) as { products: Card[] };
          if (listing.products.length < 2) continue;
          const answer = await request.get(`/ajax/fitment.php?engines=${engine[0]}&products=${listing.products.map((p) => p.id).join(',')}`);
          const fits = ((await answer.json()) as { fits: Fit[] }).fits;
          const noted = fits.find((fit) => fit.note !== null && fit.fromMonth === null && fit.toMonth === null);
          const plain = fits.find((fit) => fit.note === null && fit.fromMonth === null && fit.toMonth === null && fit.position !== null);
          if (!noted || !plain) continue;
          const card = (id: number) => listing.products.find((p) => p.id === id)!;
          // Another part of the noted one's category and axle: the finder lists two to compare.
          if (!fits.some((fit) => fit !== noted && fit.position === noted.position && card(fit.productId).category.id === card(noted.productId).category.id)) continue;
          return { names: [brand, model, year, engine].map((row) => row[1]), boxes: [brand, model, year, engine].map(([id, name]) => `${id}#${name}`), // The model said once (issue 34, point 7): a name the next one starts with is not repeated.
          label: [brand, model, year, engine].map((row) => row[1]).filter((name, index, names) => !names[index + 1]?.startsWith(`${name} `)).join(' '), engine: engine[0], noted, notedCard: card(noted.productId), plain, plainCard: card(plain.productId) };
        }
      }
    }
  }
  throw new Error('no vehicle with noted fits in the demo catalogue');
}

/** A product that does not fit the engine. */
async function partThatDoesNotFit(request: APIRequestContext, engine: number): Promise<Card> {
  const listing = (await (await request.get('/search.php?json=true&traits_alt[24]=148728&limit=60')).json()) as { products: Card[] };
  const answer = await request.get(`/ajax/fitment.php?engines=${engine}&products=${listing.products.map((p) => p.id).join(',')}`);
  const fitting = new Set(((await answer.json()) as { fits: Fit[] }).fits.map((fit) => fit.productId));
  return listing.products.find((p) => !fitting.has(p.id))!;
}

const keepVehicle = (page: Page, boxes: string[]) => page.addInitScript((values) => values.forEach((value, i) => window.localStorage.setItem(`box${i + 1}`, value)), boxes);

test.describe('fit notes for the chosen vehicle', () => {
  test('product page: fits; fits, check this note; does not fit, with a link to the parts that do', async ({ page, request }) => {
    const vehicle = await vehicleWithNotes(request);
    await keepVehicle(page, vehicle.boxes);

    // A fit with a note: "fits, check" and the note in the shop's language, with the axle.
    await page.goto(vehicle.notedCard.link);
    const checkNote = page.locator('.product__info .fit-note');
    await expect(checkNote).toHaveAttribute('data-fit', 'check');
    await expect(checkNote.locator('.fit-note__status')).toHaveText(`Adatto a ${vehicle.label}, verifica:`);
    await expect(checkNote.locator('.fit-note__details li')).toContainText([vehicle.noted.position === 'front' ? 'asse anteriore' : 'asse posteriore', noteText(vehicle.noted.note!)]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'fitment-product-check');

    // A plain fit: "fits", with its axle.
    await page.goto(vehicle.plainCard.link);
    const fitsNote = page.locator('.product__info .fit-note');
    await expect(fitsNote).toHaveAttribute('data-fit', 'fits');
    await expect(fitsNote).toHaveText(`Adatto a ${vehicle.label} (${vehicle.plain.position === 'front' ? 'asse anteriore' : 'asse posteriore'})`);

    // A part that does not fit: says so and leads to the vehicle's parts of its category.
    const other = await partThatDoesNotFit(request, vehicle.engine);
    await page.goto(other.link);
    const noneNote = page.locator('.product__info .fit-note');
    await expect(noneNote).toHaveAttribute('data-fit', 'none');
    await expect(noneNote.locator('.fit-note__status')).toHaveText(`Non adatto a ${vehicle.label}`);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'fitment-product-none');
    await noneNote.getByRole('link', { name: 'Vedi i ricambi adatti' }).click();
    await page.waitForURL(/\/search\.php\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('traits_alt[49]')).toBe(String(vehicle.engine));
    expect(url.searchParams.get('traits_alt[24]')).toBe(String(other.category.id));
    // Every part listed there fits (some with a note to check).
    await expect(page.locator('.product-card').first()).toBeVisible();
    const cards = await page.locator('.product-card').count();
    await expect(page.locator('.product-card .fit-note')).toHaveCount(cards);
    await expect(page.locator('.product-card .fit-note[data-fit="none"]')).toHaveCount(0);
  });

  test('listing cards say for each part whether it fits, with its note', async ({ page, request }) => {
    const vehicle = await vehicleWithNotes(request);
    await keepVehicle(page, vehicle.boxes);
    await page.goto(`/search.php?traits_alt[49]=${vehicle.engine}&limit=60`);
    const noted = page.locator(`.product-card[data-product-id="${vehicle.noted.productId}"] .fit-note`);
    await noted.scrollIntoViewIfNeeded();
    await expect(noted).toHaveAttribute('data-fit', 'check');
    await expect(noted).toContainText(noteText(vehicle.noted.note!));
    await expect(page.locator(`.product-card[data-product-id="${vehicle.plain.productId}"] .fit-note`)).toHaveAttribute('data-fit', 'fits');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'fitment-listing');
  });

  test('the brake finder\'s list and the comparison say which parts fit the chosen vehicle, with what note', async ({ page, request }) => {
    const vehicle = await vehicleWithNotes(request);
    await keepVehicle(page, vehicle.boxes);
    await page.goto('/brakes.php');
    await scriptReady(page);
    const form = page.locator('.brake-finder');
    const [brand, model, year, engine] = vehicle.names;
    await form.getByLabel('Marca').selectOption(brand);
    await expect(form.getByLabel('Modello')).toBeEnabled();
    await form.getByLabel('Modello').selectOption(model);
    await form.getByLabel('Anno / generazione').selectOption(year);
    await form.getByLabel('Motore').selectOption(engine);
    const products = page.locator('#brake-finder-products');
    const axes = products.locator('.finder-axes .finder-choice');
    await expect(products.locator('.finder-choices').first()).toBeVisible();
    if (await axes.count()) await products.getByRole('button', { name: new RegExp(`^${vehicle.noted.position === 'front' ? 'Anteriore' : 'Posteriore'}`) }).click();
    await products.getByRole('button', { name: new RegExp(`^${vehicle.notedCard.category.name}`) }).click();
    const noted = products.locator(`.finder-product[data-product-id="${vehicle.noted.productId}"] .fit-note`);
    await expect(noted).toHaveAttribute('data-fit', 'check');
    await expect(noted.locator('.fit-note__status')).toHaveText(`Adatto a ${vehicle.label}, verifica:`);
    await expect(noted).toContainText(noteText(vehicle.noted.note!));
    // Every part the finder lists for this vehicle fits it.
    const listed = await products.locator('.finder-product').count();
    await expect(products.locator('.finder-product .fit-note')).toHaveCount(listed);
    await expect(products.locator('.finder-product .fit-note[data-fit="none"]')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'fitment-finder');

    {
      await products.locator(`.finder-product[data-product-id="${vehicle.noted.productId}"] .finder-product__compare input`).check();
      await products.locator(`.finder-product:not([data-product-id="${vehicle.noted.productId}"]) .finder-product__compare input`).first().check();
      await products.locator('.finder-compare__link').click();
      const panel = page.locator('#compare_brakes');
      await expect(panel).toBeVisible();
      await expect(panel.locator('.compare-product .fit-note')).toHaveCount(2);
      await expect(panel.locator('.compare-product .fit-note[data-fit="check"]').first()).toContainText(noteText(vehicle.noted.note!));
      expect(await axeViolations(page)).toEqual([]);
    }
  });
});
