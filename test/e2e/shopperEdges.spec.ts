import { expect, test, type Page, type Route } from '@playwright/test';
import { scriptReady } from './support/shopping';
import { axeViolations } from './support/axe';
import { screenshot } from './support/screens';
import { SPECIAL_PRODUCTS } from '../../server/db/catalogue/specialProducts';
import type { BrakeProduct, ListingResponse } from '../../src/api/wire';

/**
 * What shoppers hit at the edges of the spec's rules (issue 23): each test follows one of the
 * spec's sentences as the shopper sees it, at 375 px (phone) and 1280 px (desktop).
 */
const P = SPECIAL_PRODUCTS;

const alertText = (page: Page) => page.locator('.alert-region .alert__text');
const quantity = (page: Page) => page.locator('.stepper__input');
const buyButton = (page: Page) => page.locator('.button--buy');
const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Cerca ricambi' });

async function openProduct(page: Page, id: number, prefix = '') {
  await page.goto(`${prefix}/product-${id}-x.html`);
  await expect(page.locator('.buy-box')).not.toHaveAttribute('data-state', /loading|starting/);
}

/** Types into the header search once its flow runs (the input is then controlled by it). */
async function typeInSearch(page: Page, text: string) {
  await page.goto('/main.php');
  await scriptReady(page);
  await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'false');
  await searchBox(page).click();
  await page.keyboard.type(text);
}

test.describe('the spec at the edges', () => {
  test.afterEach(async ({ request }) => {
    await request.delete('/__test/faults');
    await request.delete('/__test/price-type');
  });

  test('the quantity field always shows the corrected quantity, at the minimum and at the maximum, and Add sends what it shows', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/basketchange.php')) sent.push(new URLSearchParams(request.postData() ?? '').get('number') ?? '');
    });
    await openProduct(page, P.minMaxQuantity);
    await expect(quantity(page)).toHaveValue('2');
    // Already at the minimum (2), the shopper types 1: the alert says 2 and the field shows 2.
    await quantity(page).fill('1');
    await quantity(page).press('Enter');
    await expect(alertText(page)).toHaveText('Puoi ordinare almeno 2 pz.');
    await expect(quantity(page)).toHaveValue('2');
    // The same at the maximum (6): at 6, typing 9 leaves 6 in the field.
    await quantity(page).fill('6');
    await quantity(page).blur();
    await expect(quantity(page)).toHaveValue('6');
    await quantity(page).fill('9');
    await quantity(page).blur();
    await expect(alertText(page)).toHaveText('Puoi ordinare al massimo 6 pz.');
    await expect(quantity(page)).toHaveValue('6');
    await buyButton(page).click();
    await expect(alertText(page)).toHaveText('Prodotto aggiunto al carrello');
    expect(sent).toEqual(['6']);
  });

  test('the quantity minimum is the largest of the step and the three minimums, subscription included; page and server agree', async ({ page }) => {
    await openProduct(page, P.subscription);
    // minimum_quantity_subscription = 2, on a plain purchase too (storefront spec section 5, as written).
    await expect(page.getByRole('radio', { name: 'Acquisto singolo' })).toBeChecked();
    await expect(quantity(page)).toHaveValue('2');
    await quantity(page).fill('1');
    await quantity(page).press('Enter');
    await expect(alertText(page)).toHaveText('Puoi ordinare almeno 2 pz.');
    await expect(quantity(page)).toHaveValue('2');
    // The server holds the same minimum: one plain unit is refused, with the code the page words.
    const refused = await page.request.post('/basketchange.php?mode=1', { form: { product: String(P.subscription), size: 'uniw', number: '1' } });
    expect(refused.status()).toBe(422);
    expect((await refused.json()).error).toMatchObject({ code: 'quantity_below_minimum', params: { min: 2 } });
    await buyButton(page).click();
    await expect(alertText(page)).toHaveText('Prodotto aggiunto al carrello');
  });

  test('live search starts at 2 characters for every text: code-shaped "A4" gets suggestions', async ({ page }) => {
    const asked = page.waitForRequest((request) => request.url().includes('/graphql/v1/') && (request.postData() ?? '').includes('productsTextSearch'));
    await typeInSearch(page, 'A4');
    await asked;
    const listbox = page.getByRole('listbox', { name: 'Suggerimenti di ricerca' });
    await expect(listbox).toBeVisible();
    await expect(listbox.getByRole('group', { name: 'Prodotti' }).getByRole('option').first()).toBeVisible();
    // Submitting 2 characters still asks for 3.
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Inserire almeno 3 caratteri' })).toBeVisible();
  });

  test('a price of zero shows the phone-price text in the live search', async ({ page }) => {
    await typeInSearch(page, 'Kit freni anteriori Pagid T8323');
    const option = page.locator(`[role="option"][href^="/product-${P.phonePrice}-"]`);
    await expect(option).toBeVisible();
    await expect(option.locator('.live-search__price')).toHaveText('Prezzo su richiesta');
    await expect(option).not.toContainText('0,00 €');
  });

  test('net prices everywhere when the shop is set to net: listing, live search, mini basket, product page', async ({ page, request }) => {
    expect((await request.post('/__test/price-type', { data: { priceType: 'net' } })).ok()).toBe(true);
    const listing = (await (await request.get('/search.php?json=true&traits_alt[24]=148728')).json()) as ListingResponse;
    const first = listing.products.find((product) => product.listSize && product.price.value > 0)!;
    expect(first.price_net.value).toBeLessThan(first.price.value);

    await page.goto('/search.php?traits_alt[24]=148728');
    const card = page.locator(`.product-card[data-product-id="${first.id}"]`);
    await expect(card.locator('.product-card__price')).toHaveText(`${first.price_net.formatted} + IVA`);
    await expect(page.locator('.site-footer__legal')).toHaveText('© 2026 FreniShop. Prezzi IVA esclusa.');

    // The mini basket: the line and the totals net (worth_net_formatted, shippingCost_net_formatted).
    // The card's add runs once the page's script does.
    await scriptReady(page);
    const added = page.waitForResponse((response) => response.url().includes('/basketchange.php') && response.ok());
    await card.getByRole('button', { name: /Aggiungi/ }).click();
    const basket = (await (await added).json()).basket as { worth_net_formatted: string; shippingCost_net_formatted: string };
    const dialog = page.getByRole('dialog', { name: 'Il tuo carrello' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('.mini-basket__total')).toHaveText(`${basket.worth_net_formatted} + IVA`);
    await expect(dialog.locator('.mini-basket__totals dd').first()).toHaveText(`${basket.shippingCost_net_formatted} + IVA`);
    await expect(dialog.locator('.mini-basket__worth')).toHaveText(`${basket.worth_net_formatted} + IVA`);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'net-prices-mini-basket');
    await dialog.getByRole('button', { name: 'Chiudi' }).first().click();

    // The basket page's line total too.
    await page.goto('/basketedit.php');
    await expect(page.locator('.site-main')).toContainText(`${basket.worth_net_formatted} + IVA`);

    // The live search: the product's net price.
    await page.goto('/main.php');
    await scriptReady(page);
    await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'false');
    await searchBox(page).click();
    await page.keyboard.type(first.name);
    const option = page.locator(`[role="option"][href="${first.link}"]`);
    await expect(option.locator('.live-search__price')).toHaveText(`${first.price_net.formatted} + IVA`);

    // The product page follows the same setting.
    await openProduct(page, first.id);
    await expect(page.locator('.price-block__price')).toContainText(first.price_net.formatted);
  });

  test('net prices and the phone-price text in the brake finder and its details', async ({ page, request }) => {
    expect((await request.post('/__test/price-type', { data: { priceType: 'net' } })).ok()).toBe(true);
    const vehicles = (await (await request.get('/data/include/cms/brake_vehicles.json')).json()) as Array<{ id: number; value: { brand: string; model: string; generation: string; engine: string } }>;
    let chosen: { vehicle: (typeof vehicles)[number]; category: string } | null = null;
    for (const vehicle of vehicles.slice(0, 200)) {
      const axes = ((await (await request.get(`/search.php?json=true&traits_alt[148722]=&traits_alt[49]=${vehicle.id}`)).json()) as { values: Array<[number, string, number]> }).values.filter((row) => row[2] > 0);
      if (axes.length < 2) continue;
      const categories = ((await (await request.get(`/search.php?json=true&traits_alt[24]=&traits_alt[49]=${vehicle.id}&traits_alt[148722]=${axes[0][0]}`)).json()) as { values: Array<[number, string, number]> }).values;
      const category = categories.find((row) => row[2] >= 2);
      if (category) {
        chosen = { vehicle, category: category[1] };
        break;
      }
    }
    expect(chosen).not.toBeNull();
    // The shop answers a price of zero for the first product listed (a phone price).
    let zeroId: number | null = null;
    const netOf = new Map<number, string>();
    await page.route('**/graphql/v1/**', async (route: Route) => {
      const body = route.request().postData() ?? '';
      if (!body.includes('products(searchInput')) return route.continue();
      const response = await route.fetch();
      const json = (await response.json()) as { data?: { products?: { products: BrakeProduct[] } } };
      const products = json.data?.products?.products ?? [];
      zeroId ??= products[0]?.id ?? null;
      for (const product of products) {
        if (product.price.price.net) netOf.set(product.id, product.price.price.net.formatted);
        if (product.id !== zeroId) continue;
        product.price.price.gross = { value: 0, currency: 'EUR', formatted: '0,00 €' };
        product.price.price.net = { value: 0, currency: 'EUR', formatted: '0,00 €' };
      }
      return route.fulfill({ response, json });
    });
    await page.goto('/brakes.php');
    await scriptReady(page);
    const finder = page.locator('.brake-finder');
    await finder.getByLabel('Marca').selectOption(chosen!.vehicle.value.brand);
    await expect(finder.getByLabel('Modello')).toBeEnabled();
    await finder.getByLabel('Modello').selectOption(chosen!.vehicle.value.model);
    await finder.getByLabel('Anno / generazione').selectOption(chosen!.vehicle.value.generation);
    await finder.getByLabel('Motore').selectOption(chosen!.vehicle.value.engine);
    const products = page.locator('#brake-finder-products');
    await products.locator('.finder-axes .finder-choice').first().click();
    await products.getByRole('button', { name: new RegExp(`^${chosen!.category}`) }).click();
    const cards = products.locator('.finder-product');
    await expect(cards.first().locator('.finder-product__price')).toHaveText(/Prezzo su richiesta/);
    await expect(cards.first().locator('.finder-product__price')).not.toContainText('—');
    // The others show their net price.
    const secondId = Number(await cards.nth(1).getAttribute('data-product-id'));
    await expect(cards.nth(1).locator('.finder-product__price')).toHaveText(`Prezzo: ${netOf.get(secondId)} + IVA`);
    await screenshot(page, 'finder-phone-price-net');

    // The comparison's header too.
    await cards.nth(0).locator('.finder-product__compare input').check();
    await cards.nth(1).locator('.finder-product__compare input').check();
    await products.locator('.finder-compare__link').click();
    const headers = page.locator('#compare_brakes').getByRole('table').first().getByRole('columnheader');
    await expect(headers).toHaveCount(2);
    await expect(headers.nth(0).locator('.compare-product__price')).toContainText('Prezzo su richiesta');
    await expect(headers.nth(0)).not.toContainText('0,00 €');
    await expect(headers.nth(1).locator('.compare-product__price')).toContainText(`${netOf.get(secondId)} + IVA`);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('an "order" status with an unknown delivery time hides shipping information on the whole page', async ({ page }) => {
    // The Polish page: its address (the language is the address's).
    await openProduct(page, P.orderUnknownDelivery, '/pl');
    await expect(page.locator('.shipping-info__unknown')).toHaveText('Produkt na zamówienie: czas wysyłki ustalimy z dostawcą.');
    // The page's extras (couriers and instalments) come together (drawn with the page, or asked together):
    // once the instalment offer shows, the couriers would have too.
    await scriptReady(page);
    await expect(page.locator('.instalments')).toBeVisible();
    await expect(page.locator('.delivery-info')).toHaveCount(0);
    await expect(page.locator('.site-main')).not.toContainText(/dni robocze|dzień roboczy/);
    await screenshot(page, 'product-unknown-delivery');
  });

  test("a refused add on the product page: the spec's failure text, then the server's reason in the page's language", async ({ page }) => {
    await openProduct(page, P.multiSize, '/pl');
    // The visitor already holds the whole stock of the pair (3), added another way.
    const added = await page.request.post('/basketchange.php?mode=1', { form: { product: String(P.multiSize), size: 'S2', number: '3' } });
    expect(added.status()).toBe(200);
    await page.locator('.size-option').filter({ hasText: /2/ }).last().locator('input').check();
    await expect(page.locator('.buy-box')).not.toHaveAttribute('data-state', /loading|starting/);
    await buyButton(page).click();
    await expect(alertText(page)).toHaveText('Wystąpił błąd podczas dodawania produktu. Maksymalnie możesz zamówić 3 pz. (w koszyku: 3 pz.)');
    await expect(page.locator('.alert')).toHaveClass(/alert--error/);
  });

  test('a phone-price product shows its phone availability text and icon', async ({ page }) => {
    await openProduct(page, P.phonePrice);
    const availability = page.locator('.buy-box .availability');
    await expect(availability).toContainText('Disponibilità e prezzo al telefono');
    await expect(availability.locator('img')).toHaveAttribute('src', '/data/gfx/status/tel.svg');
    // Another product shows its plain availability.
    await openProduct(page, P.rebateTiers);
    await expect(page.locator('.buy-box .availability')).toContainText('Disponibile');
    await expect(page.locator('.buy-box .availability img')).toHaveAttribute('src', '/data/gfx/status/enable.svg');
  });
});
