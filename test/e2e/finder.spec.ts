import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { scriptReady } from './support/shopping';
import { axeViolations } from './support/axe';
import { screenshot } from './support/screens';

/** Texts of the finder (Italian catalogue). */
const TEXT = {
  error1: 'È avvenuto un errore durante la lettura dei dati. Ricaricare la pagina.',
  error2: 'Non sono stati trovati prodotti con il codice inserito',
  error3: 'Non sono stati trovati prodotti con i parametri scelti',
  error4: 'È avvenuto un errore durante la lettura dei dati del prodotto',
  compare: 'Indicare i prodotti da confrontare',
  compareLength: 'Selezionare almeno 2 prodotti per il confronto',
  length: 'Inserire almeno 3 caratteri',
  chooseBrand: 'Scegli prima la marca',
  chooseBrandAndModel: 'Scegli prima la marca e il modello',
};

interface Vehicle {
  id: number;
  value: { brand: string; model: string; generation: string; engine: string };
}

interface Pick {
  vehicle: Vehicle;
  axes: Array<[number, string, number]>;
  axis: number;
  category: [number, string, number];
  other: [number, string, number];
}

/** A vehicle of the demo catalogue with two axes and a category holding 2 or more products. */
async function vehicleWithProducts(request: APIRequestContext): Promise<Pick> {
  const vehicles = (await (await request.get('/data/include/cms/brake_vehicles.json')).json()) as Vehicle[];
  for (const vehicle of vehicles.slice(0, 400)) {
    const axes = ((await (await request.get(`/search.php?json=true&traits_alt[148722]=&traits_alt[49]=${vehicle.id}`)).json()) as { values: Array<[number, string, number]> }).values.filter(
      (row) => row[2] > 0,
    );
    if (axes.length < 2) continue;
    const axis = axes[0][0];
    const categories = ((await (await request.get(`/search.php?json=true&traits_alt[24]=&traits_alt[49]=${vehicle.id}&traits_alt[148722]=${axis}`)).json()) as {
      values: Array<[number, string, number]>;
    }).values;
    const category = categories.find((row) => row[2] >= 2);
    const other = categories.find((row) => row[2] >= 1 && row[0] !== category?.[0]);
    if (category && other) return { vehicle, axes, axis, category, other };
  }
  throw new Error('no demo vehicle with products in two axes');
}

const finder = (page: Page) => page.locator('.brake-finder');
const section = (page: Page, name: 'data' | 'products' | 'details') => page.locator(`#brake-finder-${name}`);
const alertText = (page: Page) => page.locator('.alert .alert__text');

async function chooseVehicle(page: Page, vehicle: Vehicle) {
  const form = finder(page);
  await form.getByLabel('Marca').selectOption(vehicle.value.brand);
  await expect(form.getByLabel('Modello')).toBeEnabled();
  await form.getByLabel('Modello').selectOption(vehicle.value.model);
  await form.getByLabel('Anno / generazione').selectOption(vehicle.value.generation);
  await form.getByLabel('Motore').selectOption(vehicle.value.engine);
}

/** Waits until the alert has faded in, so its colours are its own (for axe). */
async function alertShown(page: Page, text: string) {
  await expect(alertText(page)).toHaveText(text);
  await expect(page.locator('.alert')).toHaveAttribute('data-state', 'visible');
}

test.describe('brake finder', () => {
  test.afterEach(async ({ request }) => {
    await request.delete('/__test/faults');
  });

  test('brand > model > engine > axis > category > products > tick 2 > compare > add to basket', async ({ page, request }) => {
    const pick = await vehicleWithProducts(request);
    await page.goto('/brakes.php');
    await expect(section(page, 'data').getByRole('button', { name: 'Il tuo veicolo' })).toHaveAttribute('aria-expanded', 'true');
    await expect(section(page, 'products').getByRole('button', { name: /^Prodotti/ })).toHaveAttribute('aria-disabled', 'true');
    await expect(finder(page).getByLabel('Modello')).toBeDisabled();
    await screenshot(page, 'finder-start');
    expect(await axeViolations(page)).toEqual([]);

    await chooseVehicle(page, pick.vehicle);
    // The data label changes to the vehicle; products open with the axes (front / rear).
    await expect(section(page, 'data').locator('.finder-section__changed')).toContainText(pick.vehicle.value.engine);
    const products = section(page, 'products');
    await expect(products.getByRole('button', { name: /^Anteriore/ })).toBeVisible();
    await expect(products.getByRole('button', { name: /^Posteriore/ })).toBeVisible();
    await products.locator('.finder-axes .finder-choice').first().click();
    await products.getByRole('button', { name: new RegExp(`^${pick.category[1]}`) }).click();
    await expect(products.locator('.finder-product')).toHaveCount(Math.min(pick.category[2], 50));
    await expect(products.getByRole('button', { name: /^Prodotti/ })).toContainText(`Categoria: ${pick.category[1]}`);
    // Product links open in a new tab; drawings come from the catalogue number.
    const first = products.locator('.finder-product').first();
    await expect(first.locator('.finder-product__link')).toHaveAttribute('target', '_blank');
    await expect(first.locator('.finder-product__drawing')).toHaveAttribute('src', /^\/data\/gfx\/drawings\/[A-Z0-9./_-]+\.jpg$/);

    // The compare link is disabled below 2.
    await expect(products.getByText(TEXT.compareLength)).toBeVisible();
    // aria-disabled: still clickable, it says why it cannot compare yet.
    await products.locator('.finder-compare__link').click({ force: true });
    await alertShown(page, TEXT.compare);
    await products.locator('.finder-product__compare input').nth(0).check();
    await products.locator('.finder-compare__link').click({ force: true });
    await alertShown(page, TEXT.compareLength);
    await products.locator('.finder-product__compare input').nth(1).check();
    await expect(products.locator('.finder-compare__link')).not.toHaveAttribute('aria-disabled', 'true');
    const stored = await page.evaluate(() => localStorage.getItem('compareBrakes'));
    expect(JSON.parse(stored ?? '[]')).toHaveLength(2);
    await screenshot(page, 'finder-products');
    expect(await axeViolations(page)).toEqual([]);

    await products.locator('.finder-compare__link').click();
    const panel = page.locator('#compare_brakes');
    await expect(panel).toBeVisible();
    await expect(page.locator('#brake-finder-details-label')).toHaveAttribute('aria-expanded', 'true');
    // A wide table scrolls inside its panel: the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await screenshot(page, 'finder-compare');
    expect(await axeViolations(page)).toEqual([]);

    // Add to basket from the list: the mini basket opens with the product.
    const added = page.waitForResponse((response) => response.url().includes('/basketchange.php') && response.ok());
    await first.getByRole('button', { name: /^Aggiungi al carrello/ }).click();
    await added;
    await expect(page.getByRole('dialog', { name: 'Il tuo carrello' })).toBeVisible();
    await screenshot(page, 'finder-basket');
  });

  test('"Dettagli" on one product shows that product\'s details, not the 2-product minimum of the compare link', async ({ page, request }) => {
    const pick = await vehicleWithProducts(request);
    await page.goto('/brakes.php');
    await chooseVehicle(page, pick.vehicle);
    const products = section(page, 'products');
    await products.locator('.finder-axes .finder-choice').first().click();
    await products.getByRole('button', { name: new RegExp(`^${pick.category[1]}`) }).click();
    const first = products.locator('.finder-product').first();
    const name = (await first.locator('.finder-product__name').innerText()).trim();
    // Nothing ticked: the details of one product are not a comparison.
    await first.locator('.finder-product__details').click();
    const panel = page.locator('#compare_brakes');
    await expect(panel.getByRole('heading', { name: 'Dettagli del prodotto' })).toBeVisible();
    await expect(panel).not.toContainText(TEXT.compareLength);
    const table = panel.getByRole('table').first();
    await expect(table.getByRole('columnheader')).toHaveCount(1);
    await expect(table.getByRole('columnheader')).toContainText(name);
    // One product has no differences to show: no such choice (issue 34, point 15).
    await expect(panel.getByText('Mostra solo le differenze')).toHaveCount(0);
    await expect(page.locator('#brake-finder-details-label')).toHaveAttribute('aria-expanded', 'true');
    await screenshot(page, 'finder-details-one');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the compare selection survives a reload; removing one leaves the details', async ({ page, request }) => {
    const pick = await vehicleWithProducts(request);
    await page.goto('/brakes.php');
    await chooseVehicle(page, pick.vehicle);
    const products = section(page, 'products');
    await products.locator('.finder-axes .finder-choice').first().click();
    await products.getByRole('button', { name: new RegExp(`^${pick.category[1]}`) }).click();
    const boxes = products.locator('.finder-product__compare input');
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await boxes.nth(2 < (await boxes.count()) ? 2 : 1).check();
    const ticked = JSON.parse((await page.evaluate(() => localStorage.getItem('compareBrakes'))) ?? '[]') as number[];
    await products.locator('.finder-compare__link').click();
    await expect(page.locator('#compare_brakes')).toBeVisible();

    await page.reload();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('compareBrakes'))) ?? '[]')).toEqual(ticked);
    await chooseVehicle(page, pick.vehicle);
    await products.locator('.finder-axes .finder-choice').first().click();
    await products.getByRole('button', { name: new RegExp(`^${pick.category[1]}`) }).click();
    await expect(products.locator('.finder-compare__list li')).toHaveCount(ticked.length);
    // Remove one from the compare list: with fewer than 2 the link is disabled again.
    for (let i = ticked.length; i > 1; i--) await products.locator('.finder-compare__remove').first().click();
    await expect(products.locator('.finder-compare__link')).toHaveAttribute('aria-disabled', 'true');
  });

  test('products of two categories compare across all categories (a bundle list switches tables)', async ({ page, request }) => {
    const pick = await vehicleWithProducts(request);
    await page.goto('/brakes.php');
    await chooseVehicle(page, pick.vehicle);
    const products = section(page, 'products');
    await products.locator('.finder-axes .finder-choice').first().click();
    await products.getByRole('button', { name: new RegExp(`^${pick.category[1]}`) }).click();
    await products.locator('.finder-product__compare input').first().check();
    await products.getByRole('button', { name: new RegExp(`^${pick.other[1]}`) }).click();
    await expect(products.getByRole('button', { name: /^Prodotti/ })).toContainText(pick.other[1]);
    await products.locator('.finder-product__compare input').first().check();
    await products.locator('.finder-compare__link').click();
    const panel = page.locator('#compare_brakes');
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('tab')).toHaveCount(2);
    await panel.getByRole('tab').nth(1).click();
    await expect(panel.getByRole('tab').nth(1)).toHaveAttribute('aria-selected', 'true');
    await screenshot(page, 'finder-compare-all');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the search tab: too short, several vehicles, one vehicle, none', async ({ page, request }) => {
    const pick = await vehicleWithProducts(request);
    await page.goto('/brakes.php');
    await scriptReady(page);
    const data = section(page, 'data');
    const searchTab = data.getByRole('tab', { name: 'Cerca il veicolo' });
    await data.getByRole('tab', { name: 'Scegli il veicolo' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(searchTab).toHaveAttribute('aria-selected', 'true');
    await expect(searchTab).toBeFocused();
    const input = data.getByRole('searchbox', { name: 'Marca, modello o motore' });
    await input.fill('Go');
    await expect(data.getByText(TEXT.length)).toBeVisible();
    await input.fill(pick.vehicle.value.brand);
    await expect(data.locator('.finder-search__vehicle').first()).toBeVisible();
    await data.getByRole('button', { name: 'Cerca', exact: true }).click();
    await alertShown(page, 'Sono stati trovati più veicoli: scegline uno dall’elenco');
    await screenshot(page, 'finder-search');
    expect(await axeViolations(page)).toEqual([]);

    await data.locator('.finder-search__vehicle').first().click();
    await expect(section(page, 'products').locator('.finder-choice').first()).toBeVisible();

    await input.fill('zzzqqxx');
    await expect(data.getByRole('alert')).toHaveText(TEXT.error2);
  });

  test('disabled dropdowns ask for the missing choice', async ({ page }) => {
    await page.goto('/brakes.php');
    await expect(finder(page).getByLabel('Marca')).toBeEnabled();
    await finder(page).locator('.finder-select__field[data-dropdown="model"]').click();
    await alertShown(page, TEXT.chooseBrand);
    await finder(page).locator('.finder-select__field[data-dropdown="engine"]').click();
    await alertShown(page, TEXT.chooseBrandAndModel);
    await finder(page).getByRole('button', { name: 'Cerca i freni' }).click();
    await alertShown(page, TEXT.chooseBrand);
  });

  test('brake_error1: the data cannot be read', async ({ page, request }) => {
    // The brake page comes with its brands; the engine data of a brand's letter is read when it is chosen.
    await page.goto('/brakes.php');
    const brandSelect = finder(page).getByLabel('Marca');
    await expect(brandSelect).toBeEnabled();
    const brands = await brandSelect.locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
    const brand = brands.find((name) => /^[A-Za-z]/.test(name))!;
    const letterFile = `/data/include/cms/it/engine_categories_${brand[0].toLowerCase()}.json`;
    await request.post('/__test/faults', { data: { path: letterFile, mode: 'fail', times: 1 } });
    await brandSelect.selectOption(brand);
    await expect(section(page, 'data').getByRole('alert')).toHaveText(TEXT.error1);
    await screenshot(page, 'finder-error1');
    expect(await axeViolations(page)).toEqual([]);
    await section(page, 'data').getByRole('button', { name: 'Riprova' }).click();
    await expect(brandSelect).toBeEnabled();
    // The data is read again once the shop answers.
    const again = page.waitForResponse((response) => response.url().endsWith(letterFile) && response.ok());
    await brandSelect.selectOption(brand);
    await again;
    await expect(finder(page).getByLabel('Modello')).toBeEnabled();
  });

  test('brake_error1 on the products section when the axes fail', async ({ page, request }) => {
    const pick = await vehicleWithProducts(request);
    await page.goto('/brakes.php');
    await request.post('/__test/faults', { data: { path: '/search.php', mode: 'fail', times: 1 } });
    await chooseVehicle(page, pick.vehicle);
    await expect(section(page, 'products').getByRole('alert')).toHaveText(TEXT.error1);
  });

  test('brake_error3: no categories for the chosen parameters', async ({ page, request }) => {
    const pick = await vehicleWithProducts(request);
    await page.route(/\/search\.php\?.*traits_alt(%5B|\[)24(%5D|\])=(&|$)/, (route) => route.fulfill({ json: { values: [] } }));
    await page.goto('/brakes.php');
    await chooseVehicle(page, pick.vehicle);
    await section(page, 'products').locator('.finder-axes .finder-choice').first().click();
    await expect(section(page, 'products').getByRole('alert')).toHaveText(TEXT.error3);
  });

  test('brake_error4: details fail, as an alert in compare mode and on the section otherwise', async ({ page, request }) => {
    const pick = await vehicleWithProducts(request);
    await page.goto('/brakes.php');
    await chooseVehicle(page, pick.vehicle);
    const products = section(page, 'products');
    await products.locator('.finder-axes .finder-choice').first().click();
    await products.getByRole('button', { name: new RegExp(`^${pick.category[1]}`) }).click();
    await products.locator('.finder-product__compare input').nth(0).check();
    await products.locator('.finder-product__compare input').nth(1).check();
    await request.post('/__test/faults', { data: { path: '/graphql/v1/', mode: 'fail', times: 1 } });
    await products.locator('.finder-compare__link').click();
    await alertShown(page, TEXT.error4);
    await expect(page.locator('#compare_brakes')).toHaveCount(0);

    await request.post('/__test/faults', { data: { path: '/graphql/v1/', mode: 'fail', times: 1 } });
    await products.locator('.finder-product__details').first().click();
    await expect(section(page, 'details').getByRole('alert')).toHaveText(TEXT.error4);
    await screenshot(page, 'finder-error4');
  });

  test('on a brake product page the finder sits in the description, collapsed until its label is clicked', async ({ page }) => {
    await page.goto('/search.php?traits_alt[24]=148728');
    const link = page.locator('.product-card__link').first();
    await link.click();
    await expect(page.locator('.page--product')).toBeVisible();
    const label = page.locator('#brake-finder-data-label');
    await expect(label).toHaveAttribute('aria-expanded', 'false');
    // Before the engine list.
    const before = await page.evaluate(() => {
      const found = document.querySelector('.product__description .brake-finder');
      const list = document.querySelector('.product__description .engine-list-title');
      return !!found && !!list && !!(found.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(before).toBe(true);
    // The label opens the finder once the page's script runs (the click toggles nothing before).
    await scriptReady(page);
    await label.click();
    await expect(label).toHaveAttribute('aria-expanded', 'true');
    await expect(label).toBeFocused();
    await expect(finder(page).getByLabel('Marca')).toBeEnabled();
    await screenshot(page, 'finder-product-page');
    expect(await axeViolations(page)).toEqual([]);
  });
});

/* ------------------------------------------------------------------ select tab, result links, compatibility */

type Row = [number, string, number];
const rowsOf = async (request: APIRequestContext, query: string) => ((await (await request.get(`/search.php?json=true&${query}`)).json()) as { values: Row[] }).values;

/** A vehicle of the demo catalogue whose axis holds 2 or more discs. */
async function vehicleWithDiscs(request: APIRequestContext): Promise<{ vehicle: Vehicle; axis: number; discs: Row }> {
  const vehicles = (await (await request.get('/data/include/cms/brake_vehicles.json')).json()) as Vehicle[];
  for (const vehicle of vehicles.slice(0, 400)) {
    const axes = (await rowsOf(request, `traits_alt[148722]=&traits_alt[49]=${vehicle.id}`)).filter((row) => row[2] > 0);
    if (axes.length < 2) continue;
    const axis = axes[0][0];
    const discs = (await rowsOf(request, `traits_alt[24]=&traits_alt[49]=${vehicle.id}&traits_alt[148722]=${axis}`)).find((row) => row[0] === 151538 && row[2] >= 2);
    if (discs) return { vehicle, axis, discs };
  }
  throw new Error('no demo vehicle with two discs on its first axis');
}

/** The query of a request as an object. */
const paramsOf = (url: string) => Object.fromEntries(new URL(url).searchParams);

test.describe('brake finder: select tab, result links, engine compatibility', () => {
  test('submit needs brand, then model, then fetches the axes with the built engine field; the result link opens the listing', async ({ page, request }) => {
    const pick = await vehicleWithProducts(request);
    const { brand, model } = pick.vehicle.value;
    const built = `${brand}|${model}`;
    // The brake page comes with its brands; the engine data is the shop's country's.
    await page.goto('/brakes.php');
    const form = finder(page);
    await expect(form.getByLabel('Marca')).toBeEnabled();
    const submit = form.getByRole('button', { name: 'Cerca i freni' });
    await submit.click();
    await alertShown(page, TEXT.chooseBrand);
    const letterFile = page.waitForRequest((r) => /\/data\/include\/cms\/it\/engine_categories_[a-z]\.json$/.test(r.url()));
    await form.getByLabel('Marca').selectOption(brand);
    await letterFile;
    await expect(form.getByLabel('Modello')).toBeEnabled();
    await submit.click();
    await alertShown(page, 'Scegli prima il modello');
    await form.getByLabel('Modello').selectOption(model);

    // Brand and model are enough: the axes are asked with traits_alt[148722] and the built engine field.
    const axesAsked = page.waitForRequest((r) => r.url().includes('/search.php?') && paramsOf(r.url())['traits_alt[148722]'] === '');
    await submit.click();
    expect(paramsOf((await axesAsked).url())).toEqual({ json: 'true', 'traits_alt[148722]': '', 'traits_alt[49]': built });
    const products = section(page, 'products');
    await expect(section(page, 'data').locator('.finder-section__changed')).toContainText(`${brand} ${model}`);
    await expect(products.getByRole('alert')).toHaveCount(0);
    const axis = products.locator('.finder-axes .finder-choice').first();
    await expect(axis).toBeVisible();

    // An axis asks the categories with traits_alt[24], the engine field and the axis.
    const categoriesAsked = page.waitForRequest((r) => r.url().includes('/search.php?') && paramsOf(r.url())['traits_alt[24]'] === '');
    await axis.click();
    const categoriesQuery = paramsOf((await categoriesAsked).url());
    expect(categoriesQuery).toMatchObject({ json: 'true', 'traits_alt[24]': '', 'traits_alt[49]': built });
    expect(categoriesQuery['traits_alt[148722]']).toMatch(/^\d+$/);
    const category = products.locator('.finder-categories .finder-choice').first();
    await category.click();
    await expect(products.locator('.finder-product').first()).toBeVisible();
    const shown = await products.locator('.finder-product').count();

    // The result link carries the vehicle (here the built result) as traits_alt[172622].
    const link = products.getByRole('link', { name: 'Vedi questi ricambi nell’elenco prodotti' });
    const href = (await link.getAttribute('href'))!;
    expect(paramsOf(`http://x${href}`)).toMatchObject({ 'traits_alt[172622]': built, 'traits_alt[148722]': categoriesQuery['traits_alt[148722]'] });
    await screenshot(page, 'finder-built-vehicle');
    await link.click();
    await expect(page).toHaveURL(/\/search\.php\?traits_alt%5B172622%5D=/);
    const count = page.locator('.listing__count');
    await expect(count).toHaveText(/^\d+ prodott[oi]$/);
    expect(Number((await count.textContent())!.split(' ')[0])).toBeGreaterThanOrEqual(shown);
  });

  test('a direct engine id: the result link lists exactly the products of vehicle, axis and category', async ({ page, request }) => {
    const pick = await vehicleWithProducts(request);
    await page.goto('/brakes.php');
    await chooseVehicle(page, pick.vehicle);
    const products = section(page, 'products');
    await products.locator('.finder-axes .finder-choice').first().click();
    await products.getByRole('button', { name: new RegExp(`^${pick.category[1]}`) }).click();
    await expect(products.locator('.finder-product')).toHaveCount(Math.min(pick.category[2], 50));
    const link = products.getByRole('link', { name: 'Vedi questi ricambi nell’elenco prodotti' });
    await expect(link).toHaveAttribute('href', `/search.php?traits_alt%5B172622%5D=${pick.vehicle.id}&traits_alt%5B148722%5D=${pick.axis}&traits_alt%5B24%5D=${pick.category[0]}`);
    await link.click();
    await expect(page.locator('.listing__count')).toHaveText(`${pick.category[2]} ${pick.category[2] === 1 ? 'prodotto' : 'prodotti'}`);
    await expect(page.locator('.product-card').first()).toBeVisible();
  });

  test('discs without an engine list in their description compare with the engines of their traits (49, 181409)', async ({ page, request }) => {
    const { vehicle, discs } = await vehicleWithDiscs(request);
    await page.goto('/brakes.php');
    await chooseVehicle(page, vehicle);
    const products = section(page, 'products');
    await products.locator('.finder-axes .finder-choice').first().click();
    await products.getByRole('button', { name: new RegExp(`^${discs[1]}`) }).click();
    const boxes = products.locator('.finder-product__compare input');
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    const ids = JSON.parse((await page.evaluate(() => localStorage.getItem('compareBrakes'))) ?? '[]') as number[];
    const traitsAsked = page.waitForRequest((r) => r.url().includes('/ajax/projector.php') && paramsOf(r.url()).get === 'traits');
    await products.locator('.finder-compare__link').click();
    const asked = Number(paramsOf((await traitsAsked).url()).product);
    expect(ids).toContain(asked);
    // What the traits say is what the engines row shows.
    const traits = ((await (await request.get(`/ajax/projector.php?action=get&get=traits&product=${ids[0]}`)).json()) as { traits: Array<{ groupid: number; description: string }> }).traits;
    const firstEngine = /<li>([^<]+)<\/li>/.exec(traits.find((t) => t.groupid === 49)!.description)![1].replace(/&amp;/g, '&');
    const row = page.locator('#compare_brakes tr[data-row-type="silniki"]');
    await expect(row).toBeVisible();
    await row.locator('td').first().locator('summary').click();
    await expect(row.locator('td').first()).toContainText(firstEngine);
    await screenshot(page, 'finder-compare-trait-engines');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('on a disc product page the finder lands before the heading its data-tech-name names', async ({ page }) => {
    await page.goto('/search.php?traits_alt[24]=151538');
    await page.locator('.product-card__link').first().click();
    await expect(page.locator('.page--product')).toBeVisible();
    await expect(page.locator('#brake-finder-data-label')).toBeVisible();
    const placement = await page.evaluate(() => {
      const description = document.querySelector('.product__description')!;
      const found = description.querySelector('.brake-finder');
      const heading = [...description.querySelectorAll('h3')].find((h) => h.textContent === 'Informazioni sul prodotto');
      const lead = description.querySelector('[data-tech-name]');
      return {
        beforeHeading: !!found && !!heading && !!(found.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING),
        afterLead: !!found && !!lead && !!(found.compareDocumentPosition(lead) & Node.DOCUMENT_POSITION_PRECEDING),
        engineList: !!description.querySelector('.engine-list'),
      };
    });
    expect(placement).toEqual({ beforeHeading: true, afterLead: true, engineList: false });
  });
});
