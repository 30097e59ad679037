import { expect, test, type Page } from '@playwright/test';
import { addOnProductPage, scriptReady, twoProducts, vehicleWithParts } from './support/shopping';
import { axeViolations } from './support/axe';
import { screenshot } from './support/screens';

/**
 * The checkout (issue 32) as a shopper uses it: from the basket to a confirmed order with each way
 * to pay, with JavaScript (the checkout machine and its calls) and without (plain forms the server
 * draws again), a double submit that makes one order, and a price changed between the review and
 * the order that is shown before anything is sold.
 */
const DETAILS = { email: 'anna.rossi@example.com', phone: '333 123 4567', name: 'Anna Rossi', street: 'Via Roma 1', postcode: '20121', city: 'Milano' };

/** Adds a product of the pads listing that a list can add (its list size), in this page's browser (its cookie). */
async function addByRequest(page: Page, product: number, quantity = 1): Promise<void> {
  const listing = (await (await page.request.get('/search.php?json=true&traits_alt[24]=148728&limit=60')).json()) as { products: Array<{ id: number; listSize: string | null }> };
  const size = listing.products.find((p) => p.id === product)?.listSize ?? 'uniw';
  const answer = await page.request.post('/basketchange.php?mode=1', { form: { product: String(product), size, number: String(quantity) } });
  expect(answer.status()).toBe(200);
}

async function fillDetails(page: Page): Promise<void> {
  await page.getByLabel('E-mail').fill(DETAILS.email);
  await page.getByLabel('Telefono').fill(DETAILS.phone);
  await page.getByLabel('Nome e cognome').fill(DETAILS.name);
  await page.getByLabel('Indirizzo (via e numero civico)').fill(DETAILS.street);
  await page.getByLabel('CAP').fill(DETAILS.postcode);
  await page.getByLabel('Città').fill(DETAILS.city);
}

test.describe('checkout', () => {
  test.afterEach(async ({ request }) => {
    await request.delete('/__test/product');
  });

  test('a part found by vehicle to a confirmed order paid by bank transfer, with the field rules on the way', async ({ page, request }) => {
    // The shopper chooses a vehicle in the configurator, opens a part of its listing and buys it.
    const [brand, model, year, engine] = await vehicleWithParts(request);
    await page.goto('/main.php');
    await scriptReady(page);
    const configurator = page.locator('.page--home .vehicle-configurator');
    await configurator.getByRole('combobox', { name: 'Marca', exact: true }).selectOption(String(brand[0]));
    await configurator.getByRole('combobox', { name: 'Modello', exact: true }).selectOption(String(model[0]));
    await configurator.getByRole('combobox', { name: 'Anno', exact: true }).selectOption(String(year[0]));
    await configurator.getByRole('combobox', { name: 'Motore', exact: true }).selectOption(String(engine[0]));
    await configurator.getByRole('button', { name: 'Cerca ricambi' }).click();
    await page.waitForURL(/\/search\.php\?/);
    await scriptReady(page);
    await page.locator('.product-card a[href*="/product-"]').first().click();
    await page.waitForURL(/\/product-\d+/);
    await scriptReady(page);
    await addOnProductPage(page, '1');
    await page.goto('/basketedit.php');
    await scriptReady(page);
    await page.getByRole('link', { name: "Procedi all'ordine" }).click();
    await expect(page).toHaveURL(/\/checkout\.php$/);
    await scriptReady(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Cassa' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // The spec's rules, on the page: required fields, the e-mail pattern, 9 digits of phone, the terms.
    await page.getByLabel('E-mail').fill('anna@');
    await page.getByLabel('Telefono').fill('12345');
    await page.getByRole('button', { name: "Controlla l'ordine" }).click();
    const summary = page.locator('.form-summary');
    await expect(summary).toContainText('Inserire un indirizzo e-mail valido.');
    await expect(summary).toContainText('Il numero di telefono deve avere almeno 9 cifre.');
    await expect(summary).toContainText('Questo campo è obbligatorio.');
    await expect(summary).toContainText('È necessario accettare i termini e le condizioni.');
    // The first error is scrolled to and focused.
    await expect(page.getByLabel('E-mail')).toBeFocused();
    await screenshot(page, 'checkout-errors');

    await fillDetails(page);
    const group = page.getByRole('group', { name: 'Pagamento anticipato' });
    await group.getByRole('radio').first().check();
    await page.getByRole('radio', { name: /Bonifico bancario/ }).check();
    await page.getByLabel('Ho letto e accetto le condizioni di vendita').check();
    await screenshot(page, 'checkout-form');
    await page.getByRole('button', { name: "Controlla l'ordine" }).click();

    await expect(page.getByRole('heading', { level: 1, name: "Riepilogo dell'ordine" })).toBeVisible();
    await expect(page.locator('.checkout-totals__total')).toContainText('Totale da pagare');
    // The line says the vehicle it was added for and how it fits the vehicle chosen now.
    await expect(page.locator('.checkout-line').first()).toContainText(`Aggiunto per: ${brand[1]}`);
    await expect(page.locator('.checkout-line .checkout-fit').first()).toHaveText(/^Adatto al veicolo scelto/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'checkout-review');
    await page.getByRole('button', { name: 'Ordina con obbligo di pagamento' }).click();

    await expect(page).toHaveURL(/\/order\/[A-Za-z0-9_-]{43}$/);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(/^Ordine \d{4}-\d{6} ricevuto$/);
    const number = (await heading.textContent())!.match(/\d{4}-\d{6}/)![0];
    const pay = page.locator('.checkout-pay');
    await expect(pay).toContainText('Come pagare con bonifico');
    await expect(pay).toContainText('IBAN');
    await expect(pay).toContainText(number);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'checkout-order');
    // The basket is empty now.
    await expect(page.locator('.site-header .basket-link')).not.toContainText('(1');
  });

  test('cash on delivery needs a pay-on-delivery courier; a double click on the order makes one order', async ({ page, request }) => {
    const [, product] = await twoProducts(request);
    await addByRequest(page, product);
    await page.goto('/checkout.php');
    await scriptReady(page);
    await fillDetails(page);
    await page.getByRole('group', { name: 'Pagamento alla consegna' }).getByRole('radio').first().check();
    // With a pay-on-delivery courier the only payment is cash on delivery.
    await expect(page.getByRole('radio', { name: /Bonifico bancario/ })).toHaveCount(0);
    await page.getByRole('radio', { name: /Contrassegno/ }).check();
    await page.getByLabel('Ho letto e accetto le condizioni di vendita').check();
    await page.getByRole('button', { name: "Controlla l'ordine" }).click();
    const place = page.getByRole('button', { name: 'Ordina con obbligo di pagamento' });
    await place.dblclick();
    await expect(page).toHaveURL(/\/order\//);
    await expect(page.locator('.checkout-pay')).toContainText('al corriere alla consegna');
    // One order: the order's number is the first of this visitor's; the basket is empty.
    const basket = await (await page.request.get('/ajax/basket.php')).json();
    expect(basket.basket.productsCounter).toBe(0);
  });

  test('instalments are offered between their minimum and maximum; the order sends the shopper to the instalment link with the amount', async ({ page, request }) => {
    const [product] = await twoProducts(request);
    // Enough units for the demo's instalment minimum (100 EUR).
    await addByRequest(page, product, 6);
    await page.goto('/checkout.php');
    await scriptReady(page);
    await fillDetails(page);
    await page.getByRole('group', { name: 'Pagamento anticipato' }).getByRole('radio').first().check();
    await page.getByRole('radio', { name: /Pagamento a rate/ }).check();
    await page.getByLabel('Ho letto e accetto le condizioni di vendita').check();
    await page.getByRole('button', { name: "Controlla l'ordine" }).click();
    const total = (await page.locator('.checkout-totals__total dd').textContent())!;
    await page.getByRole('button', { name: 'Ordina con obbligo di pagamento' }).click();
    await expect(page).toHaveURL(/\/order\//);
    const link = page.getByRole('link', { name: `Richiedi il finanziamento per ${total}` });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', /amount=\d+\.\d{2}&order=\d{4}-\d{6}/);
  });

  test('a price changed after the review is shown before the order is placed', async ({ page, request }, testInfo) => {
    // A product no other test buys (the price change stays in the test database).
    const listing = (await (await request.get('/search.php?json=true&traits_alt[24]=148728&limit=60')).json()) as { products: Array<{ id: number; listSize: string | null }> };
    const product = listing.products.filter((p) => p.listSize && p.id > 20)[testInfo.project.name === 'phone' ? 5 : 6].id;
    await addByRequest(page, product);
    await page.goto('/checkout.php');
    await scriptReady(page);
    await fillDetails(page);
    await page.getByRole('group', { name: 'Pagamento anticipato' }).getByRole('radio').first().check();
    await page.getByRole('radio', { name: /Bonifico bancario/ }).check();
    await page.getByLabel('Ho letto e accetto le condizioni di vendita').check();
    await page.getByRole('button', { name: "Controlla l'ordine" }).click();
    await expect(page.getByRole('heading', { level: 1, name: "Riepilogo dell'ordine" })).toBeVisible();
    const before = await page.locator('.checkout-totals__total dd').textContent();
    // An import changes the price meanwhile (the shop's own catalogue write path).
    expect((await request.post('/__test/catalogue', { data: { id: product, price: testInfo.project.name === 'phone' ? 987.65 : 876.54 } })).status()).toBe(200);
    await page.getByRole('button', { name: 'Ordina con obbligo di pagamento' }).click();
    const changed = page.locator('.checkout-changed');
    await expect(changed).toContainText('Prezzi o disponibilità sono cambiati');
    await expect(changed).toContainText(testInfo.project.name === 'phone' ? '987,65' : '876,54');
    await expect(page.locator('.checkout-totals__total dd')).not.toHaveText(before!);
    await expect(page).toHaveURL(/\/checkout\.php$/);
    await screenshot(page, 'checkout-changed');
    await page.getByRole('button', { name: 'Ordina con obbligo di pagamento' }).click();
    await expect(page).toHaveURL(/\/order\//);
  });
});

test.describe('checkout without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the plain forms post and come back drawn: errors, the review, then the order', async ({ page, request }) => {
    const [product] = await twoProducts(request);
    await addByRequest(page, product, 2);
    await page.goto('/checkout.php');
    await page.getByRole('button', { name: "Controlla l'ordine" }).click();
    await expect(page.locator('.form-summary')).toContainText('Questo campo è obbligatorio.');
    await fillDetails(page);
    await page.getByRole('group', { name: 'Pagamento anticipato' }).getByRole('radio').first().check();
    await page.getByRole('radio', { name: /Bonifico bancario/ }).check();
    await page.getByLabel('Ho letto e accetto le condizioni di vendita').check();
    await page.getByRole('button', { name: "Controlla l'ordine" }).click();
    await expect(page.getByRole('heading', { level: 1, name: "Riepilogo dell'ordine" })).toBeVisible();
    await page.getByRole('button', { name: 'Ordina con obbligo di pagamento' }).click();
    await expect(page).toHaveURL(/\/order\//);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Ordine \d{4}-\d{6} ricevuto$/);
    await screenshot(page, 'checkout-order-nojs');
  });
});
