import { expect, test, type Page } from '@playwright/test';
import { scriptReady } from './support/shopping';
import { axeViolations } from './support/axe';
import { screenshot } from './support/screens';
import { SPECIAL_PRODUCTS } from '../../server/db/catalogue/specialProducts';

/**
 * The product page, one product of every kind from the demo catalogue (fixed ids 1-15,
 * server/db/catalogue/specialProducts.ts), as a shopper sees and uses it.
 */
const P = SPECIAL_PRODUCTS;

async function openProduct(page: Page, id: number) {
  await page.goto(`${inPolish.has(page) ? '/pl' : ''}/product-${id}-x.html`);
  await scriptReady(page);
  await page.locator('.buy-box').waitFor();
}

/** The buy box has its size's data (the machine left `loading`). */
async function ready(page: Page) {
  await expect(page.locator('.buy-box')).not.toHaveAttribute('data-state', /loading|starting/);
}

const alertText = (page: Page) => page.locator('.alert-region .alert__text');
const buyButton = (page: Page) => page.locator('.button--buy');
const quantity = (page: Page) => page.locator('.stepper__input');
const basketBadge = (page: Page) => page.locator('.site-header').getByRole('link', { name: /Carrello|Koszyk/ });

/** Polish: the product page's own texts (storefront spec) are checked verbatim in Polish, on the Polish address (/pl/...). */
const inPolish = new WeakSet<Page>();
async function polish(page: Page) {
  inPolish.add(page);
}

test.describe('product page', () => {
  test.afterEach(async ({ request }) => {
    await request.delete('/__test/faults');
  });

  test('a regular product: price, rebate tiers follow the quantity, one add per double click, the mini basket updates', async ({ page }) => {
    const adds: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/basketchange.php')) adds.push(request.postData() ?? '');
    });
    const returns = page.waitForRequest((request) => request.url().includes('/return.php'));
    await openProduct(page, P.rebateTiers);
    await ready(page);
    await expect(page.locator('.price-block__price')).toContainText('24,90 €');
    await expect(page.locator('.rebates li')).toHaveText(['da 2 pz. 23,66 € / pz.', 'da 4 pz. 22,41 € / pz.', 'da 10 pz. 21,17 € / pz.']);
    await expect(page.locator('.rebates__next')).toHaveText('Aggiungi ancora 1 pz. e paghi 23,66 € per pz.');
    await expect(page.locator('.buy-box__total')).toHaveText('Totale: 24,90 €');

    // Raising the quantity to 2 reaches the first tier: 2 x 23,66.
    await page.getByRole('button', { name: 'Aumenta la quantità' }).click();
    await expect(quantity(page)).toHaveValue('2');
    await expect(page.locator('.buy-box__total')).toHaveText('Totale: 47,32 €');
    await expect(page.locator('.rebates__next')).toHaveText('Aggiungi ancora 2 pz. e paghi 22,41 € per pz.');

    await expect(page.getByRole('region', { name: 'Consegna' })).toBeVisible();
    await expect(page.locator('.delivery-info__group h3')).toHaveText(['Pagamento anticipato', 'Pagamento alla consegna']);
    await expect(page.locator('.delivery-info li').first()).toContainText(/giorn/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'product-regular');

    await buyButton(page).dblclick();
    await expect(alertText(page)).toHaveText('Prodotto aggiunto al carrello');
    await expect(buyButton(page)).toHaveText('Aggiunto al carrello');
    await returns;
    expect(adds).toHaveLength(1);
    expect(new URLSearchParams(adds[0]).get('number')).toBe('2');
    await expect(basketBadge(page)).toContainText('Carrello (1 prodotto)');
    // The basket page reads the server's basket: one line of 2, at the tier price.
    await page.goto('/basketedit.php');
    await expect(page.getByRole('link', { name: /GDB0652/ }).first()).toBeVisible();
    await expect(page.locator('.site-main')).toContainText('47,32 €');
  });

  test('texts in Polish: added, and the add failing shows the error and lets the shopper retry', async ({ page, request }) => {
    await polish(page);
    await openProduct(page, P.rebateTiers);
    await ready(page);
    await request.post('/__test/faults', { data: { path: '/basketchange.php', mode: 'fail', times: 1 } });
    await buyButton(page).click();
    await expect(alertText(page)).toHaveText('Wystąpił błąd podczas dodawania produktu');
    await expect(buyButton(page)).toHaveText('Dodaj do koszyka');
    await buyButton(page).click();
    await expect(alertText(page)).toHaveText('Produkt został dodany');
  });

  test("the server's limit over the whole basket: an add past the stock the basket already holds shows the server's answer", async ({ page }) => {
    await openProduct(page, P.multiSize);
    // The same visitor already holds the whole stock of the pair (3), added another way (another tab).
    const added = await page.request.post('/basketchange.php?mode=1', { form: { product: String(P.multiSize), size: 'S2', number: '3' } });
    expect(added.status()).toBe(200);
    await page.getByRole('radio', { name: 'Coppia (2 dischi)' }).check();
    await ready(page);
    await buyButton(page).click();
    // The place's failure text, then the server's reason (worded by the page from its code).
    await expect(alertText(page)).toHaveText('Qualcosa non è andato a buon fine, riprova. Quantità massima ordinabile: 3 pz. (nel carrello: 3 pz.)');
    const basket = await (await page.request.get('/ajax/basket.php')).json();
    expect(basket.basket.products.map((line: { size: string; count: number }) => [line.size, line.count])).toEqual([['S2', 3]]);
  });

  test('an unavailable product: buying off, a click says why, and the notify-me form', async ({ page }) => {
    await polish(page);
    await openProduct(page, P.unavailable);
    await ready(page);
    await expect(buyButton(page)).toHaveText('Brak na magazynie');
    await expect(buyButton(page)).toHaveAttribute('aria-disabled', 'true');
    await expect(quantity(page)).toBeDisabled();
    // Turned off but still answering a click (aria-disabled): Playwright's click would wait for it to be enabled.
    await buyButton(page).click({ force: true });
    await expect(alertText(page)).toHaveText('Produkt niedostępny');
    await expect(page.locator('.shipping-info')).toHaveCount(0);

    const form = page.locator('form.notify');
    await expect(form.getByRole('heading', { name: 'Powiadom mnie o dostępności' })).toBeVisible();
    await form.getByLabel('Twój e-mail').fill('not-an-address');
    await form.getByRole('button', { name: 'Powiadom mnie' }).click();
    await expect(form.getByText('Podaj poprawny adres e-mail.')).toBeVisible();
    await expect(form.getByLabel('Twój e-mail')).toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel('Twój e-mail').fill('mario.rossi@example.it');
    await form.getByRole('button', { name: 'Powiadom mnie' }).click();
    await expect(page.getByText('Dziękujemy! Sprawdź skrzynkę i potwierdź linkiem, który wysłaliśmy: wtedy napiszemy, gdy produkt wróci.')).toBeVisible();
    // Checked once the alert has faded in.
    await expect(page.locator('.alert')).toHaveAttribute('data-state', 'visible');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'product-unavailable');
  });

  test('on order with an unknown delivery time: no shipping promise, the unknown-shipping note, still buyable', async ({ page }) => {
    await openProduct(page, P.orderUnknownDelivery);
    await ready(page);
    await expect(page.locator('.shipping-info__unknown')).toHaveText('Prodotto su ordinazione: i tempi di spedizione li concordiamo con il fornitore.');
    await expect(page.locator('.shipping-info__when')).toHaveCount(0);
    await expect(page.locator('.shipping-info__cost')).toHaveCount(0);
    await buyButton(page).click();
    await expect(alertText(page)).toHaveText('Prodotto aggiunto al carrello');
  });

  test('a phone-price product: the phone-price text, buying off with a contact link', async ({ page }) => {
    await polish(page);
    await openProduct(page, P.phonePrice);
    await ready(page);
    await expect(page.locator('.price-block__phone')).toHaveText('Cena na telefon. Skontaktuj się ze sprzedawcą.');
    await expect(page.getByRole('link', { name: 'Skontaktuj się z nami' })).toHaveAttribute('href', '/pl/contact.php');
    await expect(buyButton(page)).toHaveAttribute('aria-disabled', 'true');
    // Turned off but still answering a click (aria-disabled): Playwright's click would wait for it to be enabled.
    await buyButton(page).click({ force: true });
    await expect(alertText(page)).toHaveText('Cena na telefon. Skontaktuj się ze sprzedawcą.');
    await expect(page.locator('.buy-box__total')).toHaveCount(0);
    await screenshot(page, 'product-phone-price');
  });

  test('a phone-price product the shop lets buy (basket_enable): a free label and a working add', async ({ page }) => {
    await openProduct(page, P.phonePriceBuyable);
    await ready(page);
    await expect(page.locator('.badge--free')).toHaveText('Gratis');
    await expect(page.locator('.price-block__phone')).toHaveCount(0);
    await expect(buyButton(page)).not.toHaveAttribute('aria-disabled', 'true');
    await buyButton(page).click();
    await expect(alertText(page)).toHaveText('Prodotto aggiunto al carrello');
  });

  test('a points-only product: its price in points, and a click says it is for the loyalty programme', async ({ page }) => {
    await polish(page);
    await openProduct(page, P.pointsOnly);
    await ready(page);
    await expect(page.locator('.price-block__points')).toHaveText('Cena w punktach: 2500 pkt');
    // Turned off but still answering a click (aria-disabled): Playwright's click would wait for it to be enabled.
    await buyButton(page).click({ force: true });
    await expect(alertText(page)).toHaveText('Towar dostępny tylko w programie lojalnościowym');
  });

  test('a gratis product hides the buy section', async ({ page }) => {
    await openProduct(page, P.gratis);
    await ready(page);
    await expect(page.locator('.buy-box__gratis')).toBeVisible();
    await expect(buyButton(page)).toHaveCount(0);
    await expect(quantity(page)).toHaveCount(0);
  });

  for (const [kind, id] of [
    ['virtual', P.virtual],
    ['service', P.service],
  ] as const) {
    test(`a ${kind} product shows no stock amount and no shipping info, and is bought like any other`, async ({ page }) => {
      await openProduct(page, id);
      await ready(page);
      await expect(page.locator('.price-block__price')).toBeVisible();
      await expect(page.locator('.availability__stock')).toHaveCount(0);
      await expect(page.locator('.shipping-info')).toHaveCount(0);
      await expect(page.locator('.delivery-info')).toHaveCount(0);
      await buyButton(page).click();
      await expect(alertText(page)).toHaveText('Prodotto aggiunto al carrello');
    });
  }

  test('a bundle shows what the set saves (its own price data, drawn with the page: nothing asked)', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => void (request.url().includes('/ajax/projector.php') && asked.push(request.url())));
    await openProduct(page, P.bundle);
    await ready(page);
    await expect(page.locator('.price-block__save')).toContainText(/Nel set risparmi \d/);
    await scriptReady(page);
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
  });

  test('a subscription product: the subscription mode loads its own prices; its minimum holds in both modes', async ({ page }) => {
    await openProduct(page, P.subscription);
    await ready(page);
    await expect(page.locator('.price-block__price')).toContainText('12,90 €');
    // The minimum is the largest of the step and the three minimums, the subscription's (2) included, in either mode (spec section 5, as written).
    await expect(quantity(page)).toHaveValue('2');
    const subscriptionPrices = page.waitForRequest((request) => request.url().includes('/ajax/projector.php') && request.url().includes('subscription=1'));
    await page.getByRole('radio', { name: 'Abbonamento' }).check();
    await subscriptionPrices;
    await ready(page);
    await expect(page.locator('.price-block__price')).toContainText('10,90 €');
    await expect(quantity(page)).toHaveValue('2');
    await buyButton(page).click();
    await expect(alertText(page)).toHaveText('Prodotto aggiunto al carrello');
    await page.getByRole('radio', { name: 'Acquisto singolo' }).check();
    await ready(page);
    await expect(page.locator('.price-block__price')).toContainText('12,90 €');
    // The basket charges what the page showed: 2 x 10,90 on subscription.
    await page.goto('/basketedit.php');
    await expect(page.locator('.site-main')).toContainText('abbonamento');
    await expect(page.locator('.site-main')).toContainText('21,80 €');
  });

  test('sold by the half metre: the step is 0,5 with one decimal, typed values are corrected to it', async ({ page }) => {
    await openProduct(page, P.sellByHalf);
    await ready(page);
    await expect(quantity(page)).toHaveValue('0,5');
    await page.getByRole('button', { name: 'Aumenta la quantità' }).click();
    await expect(quantity(page)).toHaveValue('1');
    await page.getByRole('button', { name: 'Aumenta la quantità' }).click();
    await expect(quantity(page)).toHaveValue('1,5');
    await quantity(page).fill('2,3');
    await quantity(page).press('Enter');
    await expect(quantity(page)).toHaveValue('2,5');
    await expect(page.locator('.buy-box__total')).toHaveText('Totale: 9,75 €');
  });

  test('minimum and maximum per order: raised and capped, with the spec\u2019s messages', async ({ page }) => {
    await polish(page);
    await openProduct(page, P.minMaxQuantity);
    await ready(page);
    await expect(quantity(page)).toHaveValue('2');
    await page.getByRole('button', { name: 'Zmniejsz ilość' }).click();
    await expect(alertText(page)).toHaveText('Minimalnie możesz zamówić 2 szt.');
    await expect(quantity(page)).toHaveValue('2');
    await quantity(page).fill('50');
    await quantity(page).blur();
    await expect(alertText(page)).toHaveText('Maksymalnie możesz zamówić 6 szt.');
    await expect(quantity(page)).toHaveValue('6');
  });

  test('a reduced price: crossed-out prices, the saving and the lowest price of the last 30 days', async ({ page }) => {
    await openProduct(page, P.omnibusSrp);
    await ready(page);
    await expect(page.locator('.price-block__price')).toContainText('79,00 €');
    await expect(page.locator('.price-block__was s')).toHaveText(['99,00 €', '109,00 €']);
    await expect(page.locator('.price-block__save')).toHaveText('Risparmi 30,00 € (28%)');
    await expect(page.locator('.price-block__lowest')).toHaveText('Prezzo più basso degli ultimi 30 giorni prima dello sconto: 74,50 €');
    await screenshot(page, 'product-reduced');
  });

  test('a product in sizes: choose one first; each size has its own price, stock and availability', async ({ page }) => {
    await polish(page);
    await openProduct(page, P.multiSize);
    await expect(page.locator('.buy-box')).toHaveAttribute('data-state', '"sizeNotChosen"');
    await buyButton(page).click();
    await expect(alertText(page)).toHaveText('Wybierz rozmiar');
    await page.getByRole('radio', { name: 'Para (2 tarcze)' }).check();
    await ready(page);
    await expect(page.locator('.price-block__price')).toContainText('86,90 €');
    await expect(page.locator('.availability__stock')).toHaveText('Dostępnych: 3 szt.');
    // Stock caps the quantity of the chosen size.
    await quantity(page).fill('5');
    await quantity(page).press('Enter');
    await expect(alertText(page)).toHaveText('Maksymalnie możesz zamówić 3 szt.');
    await expect(quantity(page)).toHaveValue('3');
    await page.getByRole('radio', { name: 'Para + klocki' }).check();
    await ready(page);
    await expect(buyButton(page)).toHaveText('Brak na magazynie');
    await page.getByRole('radio', { name: '1 tarcza' }).check();
    await ready(page);
    await expect(page.locator('.price-block__price')).toContainText('45,90 €');
    await buyButton(page).click();
    await expect(alertText(page)).toHaveText('Produkt został dodany');
    // Checked once faded in (mid-fade its colours are not yet its own).
    await expect(page.locator('.alert')).toHaveAttribute('data-state', 'visible');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'product-sizes');
  });

  test('the instalment calculator follows the amount: below the minimum it asks for more, in range it links', async ({ page }) => {
    await openProduct(page, P.rebateTiers);
    await ready(page);
    await expect(page.locator('.instalments')).toContainText("L'acquisto a rate è possibile da 100,00 €. Aumenta la quantità per pagare a rate.");
    await quantity(page).fill('5');
    await quantity(page).press('Enter');
    await expect(page.locator('.instalments')).toContainText('Acquista a rate con Rate Compass da 100,00 € a 5.000,00 €');
    await expect(page.getByRole('link', { name: 'Calcola la rata' })).toHaveAttribute('href', '/cms/pagamento-rate.html');
  });

  test('quick facts from the product XML: category and axle, then a disc\'s measures (the XML\'s data comes with the page: not asked again)', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => void (request.url().includes('getProductXML=true') && asked.push(request.url())));
    await openProduct(page, P.multiSize);
    await scriptReady(page);
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    const facts = page.locator('.product__facts');
    // Issue 37, point 3: a disc's measures follow (type, diameter, thickness, minimum thickness, centring, holes).
    await expect(facts.locator('dt')).toHaveText(['Produttore', 'Codice catalogo', 'Categoria', 'Asse', 'Tipo di disco', 'Diametro del disco', 'Spessore del disco', 'Spessore minimo', 'Diametro di centraggio', 'Numero di fori']);
    await expect(facts.locator('dd')).toHaveText(['Zimmermann', '159.1797.69', 'Dischi freno', 'Asse posteriore', 'pieno', '288 mm', '22 mm', '20 mm', '65 mm', '5']);
  });

  test('no instalment offer for what cannot be bought', async ({ page }) => {
    await openProduct(page, P.unavailable);
    await ready(page);
    await expect(page.locator('.notify')).toBeVisible();
    await expect(page.locator('.instalments')).toHaveCount(0);
  });
});

test.describe('confirming a notice (double opt-in, issue 35 point 10)', () => {
  test('the mailed link shows a button, without axe violations; its POST goes through (an unknown link is said to be invalid)', async ({ page }, info) => {
    await page.goto(`/notify-confirm.php?token=${'A'.repeat(43)}`);
    await expect(page.getByRole('heading', { name: "Conferma l'avviso" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `notify-confirm-${info.project.name}`);
    await page.getByRole('button', { name: 'Conferma' }).click();
    await expect(page.getByRole('heading', { name: 'Link non valido' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
