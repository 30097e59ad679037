import { expect, test, type Page } from '@playwright/test';
import { scriptReady } from './support/shopping';
import { axeViolations } from './support/axe';
import { screenshot } from './support/screens';

/** The mini basket, the basket page and their shipping and instalment tools, as a shopper uses them. */
const REBATE_TIERS = 11;
const MIN_MAX = 13;

const alertText = (page: Page) => page.locator('.alert-region .alert__text');
const miniBasket = (page: Page) => page.getByRole('dialog', { name: 'Il tuo carrello' });
const basketLink = (page: Page) => page.locator('.site-header .basket-link');

/** Adds 1 of the first product of the pads listing that a list can add; returns its name. */
async function addFromList(page: Page): Promise<string> {
  await page.goto('/search.php?traits_alt[24]=148728');
  await scriptReady(page);
  const card = page.locator('.product-card').filter({ has: page.locator('.list-add') }).first();
  const name = (await card.locator('.product-card__name').textContent())!;
  await card.locator('.list-add').click();
  return name;
}

test.describe('basket', () => {
  test.afterEach(async ({ request }) => {
    await request.delete('/__test/faults');
  });

  test('adding from a list opens the mini basket as a dialog; it closes on the close control, Back and the backdrop', async ({ page }) => {
    const name = await addFromList(page);
    await expect(miniBasket(page)).toBeVisible();
    await expect(miniBasket(page).getByRole('link', { name })).toBeVisible();
    await expect(miniBasket(page)).toContainText('1 prodotto nel carrello');
    await expect(basketLink(page)).toContainText('Carrello (1 prodotto)');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'mini-basket');

    await miniBasket(page).getByRole('button', { name: 'Chiudi il carrello' }).click();
    await expect(miniBasket(page)).toBeHidden();
    // Focus goes back to where the shopper was.
    await expect(page.locator('.list-add').first()).toBeFocused();

    await basketLink(page).click();
    await expect(miniBasket(page)).toBeVisible();
    await miniBasket(page).getByRole('button', { name: 'Continua gli acquisti' }).click();
    await expect(miniBasket(page)).toBeHidden();

    await basketLink(page).click();
    await expect(miniBasket(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(miniBasket(page)).toBeHidden();

    await basketLink(page).click();
    await page.mouse.click(5, 450); // the backdrop, left of the panel
    await expect(miniBasket(page)).toBeHidden();
  });

  test('an empty basket has no panel: the header link goes to the basket page', async ({ page }) => {
    await page.goto('/main.php');
    await scriptReady(page);
    await basketLink(page).click();
    await expect(page).toHaveURL(/basketedit\.php/);
    await expect(page.getByText('Il carrello è vuoto.')).toBeVisible();
  });

  test('removing the last line from the mini basket closes it; a failed removal says to use the basket page', async ({ page, request }) => {
    await addFromList(page);
    await expect(miniBasket(page)).toBeVisible();
    await request.post('/__test/faults', { data: { path: '/graphql/v1/', mode: 'fail', times: 1 } });
    await miniBasket(page).getByRole('button', { name: /^Rimuovi / }).click();
    await expect(alertText(page)).toHaveText('Si è verificato un errore. Per rimuovere un prodotto, andare nel carrello');
    await expect(miniBasket(page).locator('.mini-basket__line')).toHaveCount(1);
    await miniBasket(page).getByRole('button', { name: /^Rimuovi / }).click();
    await expect(miniBasket(page)).toBeHidden();
    await expect(basketLink(page)).toContainText('Carrello (0 prodotti)');
  });

  test('a failed add from a list shows the spec\u2019s error; a double click adds once', async ({ page, request }) => {
    await page.goto('/search.php?traits_alt[24]=148728');
    await scriptReady(page);
    await request.post('/__test/faults', { data: { path: '/basketchange.php', mode: 'fail', times: 1 } });
    const button = page.locator('.list-add').first();
    await button.click();
    await expect(alertText(page)).toHaveText('Qualcosa non è andato a buon fine, riprova');
    await expect(page.locator('.alert')).toHaveClass(/alert--error/);

    let adds = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/basketchange.php')) adds += 1;
    });
    await request.post('/__test/faults', { data: { path: '/basketchange.php', mode: 'delay', ms: 600, times: 1 } });
    await button.dblclick();
    await expect(miniBasket(page)).toBeVisible();
    await expect(miniBasket(page).locator('.mini-basket__qty')).toHaveText('× 1');
    expect(adds).toBe(1);
  });

  test('the basket page: quantities follow the rules, totals come from the server, a line can be removed', async ({ page }) => {
    await page.goto(`/product-${REBATE_TIERS}-x.html`);
    await page.locator('.button--buy:not([aria-disabled])').click();
    await expect(alertText(page)).toHaveText('Prodotto aggiunto al carrello');
    await page.goto(`/product-${MIN_MAX}-x.html`);
    await page.locator('.button--buy:not([aria-disabled])').click();
    await expect(alertText(page)).toHaveText('Prodotto aggiunto al carrello');

    await page.goto('/basketedit.php');
    const pads = page.locator('.basket-lines tbody tr').filter({ hasText: 'GDB0652' });
    await expect(pads).toContainText('24,90 €');
    // Raising to 4 reaches the 10 % tier: the server prices 4 x 22,41.
    await pads.getByLabel(/Quantità di/).fill('4');
    await pads.getByLabel(/Quantità di/).press('Enter');
    await expect(pads).toContainText('89,64 €');
    // The min/max product: 7 is over its maximum of 6.
    const limited = page.locator('.basket-lines tbody tr').nth(1);
    await limited.getByLabel(/Quantità di/).fill('7');
    await limited.getByLabel(/Quantità di/).press('Enter');
    await expect(alertText(page)).toHaveText('Puoi ordinare al massimo 6 pz.');
    await expect(limited.getByLabel(/Quantità di/)).toHaveValue('6');
    await expect(page.locator('.basket-totals__total')).toHaveText(/176,64/); // 89,64 + 6 x 14,50
    await expect(page.locator('.site-main').getByText('Spedizione gratuita!')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'basket-page');

    await limited.getByRole('button', { name: /Rimuovi/ }).click();
    await expect(page.locator('.basket-lines tbody tr')).toHaveCount(1);
    await expect(page.locator('.basket-totals__total')).toHaveText(/89,64/);
  });

  test('shipping estimate by postcode: islands cost more, refused postcodes say so', async ({ page }) => {
    await addFromList(page);
    // The add is in the basket (the mini basket opens with it) before the basket page is opened.
    await expect(miniBasket(page)).toBeVisible();
    await page.goto('/basketedit.php');
    await scriptReady(page);
    const estimate = page.getByRole('region', { name: 'Quanto costa la spedizione?' });
    await estimate.getByLabel('CAP').fill('20121');
    await estimate.getByRole('button', { name: 'Calcola' }).click();
    const mainland = estimate.locator('.basket-estimate__options li');
    await expect(mainland.first()).toBeVisible();
    const mainlandCost = await mainland.first().locator('strong').textContent();

    await estimate.getByLabel('Paese', { exact: true }).selectOption('ES');
    await estimate.getByLabel('CAP').fill('07001');
    await estimate.getByRole('button', { name: 'Calcola' }).click();
    await expect(estimate.getByText('Zona disagiata (isole): supplemento e 2 giorni in più.')).toBeVisible();
    await expect(mainland.first().locator('strong')).not.toHaveText(mainlandCost!);

    await estimate.getByLabel('CAP').fill('35001');
    await estimate.getByRole('button', { name: 'Calcola' }).click();
    await expect(estimate.getByText('Non spediamo a questo CAP.')).toBeVisible();
    await expect(estimate.locator('.basket-estimate__options')).toHaveCount(0);

    await estimate.getByLabel('CAP').fill('1');
    await estimate.getByRole('button', { name: 'Calcola' }).click();
    await expect(estimate.getByText('Inserire un CAP valido per il paese scelto.')).toBeVisible();
  });

  test('two tabs agree: a change in one shows in the other when it regains focus', async ({ page, context }) => {
    await page.goto('/main.php');
    await scriptReady(page);
    const other = await context.newPage();
    await addFromList(other);
    await expect(miniBasket(other)).toBeVisible();
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(basketLink(page)).toContainText('Carrello (1 prodotto)');
  });
});

test('the header shows the wishlist count the shop data bundle brings', async ({ browser }) => {
  // A computer's browser in a phone-wide window: the page was drawn for a computer, so it asks
  // the bundle for the phone's snippets (a page drawn for its device asks for nothing).
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.route('**/ajax/get.php', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.Wishlist = { response: { attributes: { count: 3 } } };
    await route.fulfill({ response, json: body });
  });
  await page.goto('/main.php');
  await expect(page.locator('.site-header').getByRole('img', { name: '3 prodotti nei preferiti' })).toBeVisible();
  await context.close();
});
