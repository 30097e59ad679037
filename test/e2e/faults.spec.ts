import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { scriptReady } from './support/shopping';

/**
 * The shop with its server failing, slow or gone mid-flow (issue 9, Faults), and recovering
 * when it is back. Already covered elsewhere and not repeated here: the product add failing
 * in Polish and its retry (product.spec), a list add and a mini-basket removal failing
 * (basket.spec), partial loads falling back to full navigation (partialLoad.spec), the shop
 * data bundle failing (shopData.spec), a hotspot zone failing (widgets.spec), the finder's
 * read errors (finder.spec).
 */

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Cerca ricambi' });
const listbox = (page: Page) => page.getByRole('listbox', { name: 'Suggerimenti di ricerca' });
const basketLink = (page: Page) => page.locator('.site-header .basket-link');
const alertText = (page: Page) => page.locator('.alert-region .alert__text');
const buyButton = (page: Page) => page.locator('.button--buy');

const fault = (request: APIRequestContext, path: string, mode: 'fail' | 'delay', options: { ms?: number; times?: number } = {}) =>
  request.post('/__test/faults', { data: { path, mode, ...options } });

/** Whatever the tab does when the shopper comes back to it (the basket is re-read then). */
const comeBack = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));

/** A regular product of the pads listing that a list may add, by id. */
async function listProduct(request: APIRequestContext, skip = 0): Promise<{ id: number; size: string }> {
  const listing = (await (await request.get('/search.php?json=true&traits_alt[24]=148728')).json()) as { products: { id: number; listSize: string | null }[] };
  const product = listing.products.filter((p) => p.listSize !== null && p.id > 15)[skip];
  return { id: product.id, size: product.listSize! };
}

test.describe('faults: the server failing, slow or gone, and the shop recovering', () => {
  test.afterEach(async ({ request, page }) => {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await request.delete('/__test/faults');
  });

  test('the live search fetch failing closes the results; once the server answers again the same search works', async ({ page, request }) => {
    await page.goto('/main.php');
    await scriptReady(page);
    await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'false');
    await searchBox(page).click();
    await page.keyboard.type('brem');
    await expect(listbox(page)).toBeVisible();

    // Every GraphQL call fails from now on: the next query gets nothing and the results close.
    await fault(request, '/graphql/v1/', 'fail');
    const failed = page.waitForResponse((r) => r.url().includes('/graphql/v1/') && (r.request().postData() ?? '').includes('"bremb'));
    await page.keyboard.type('b');
    expect((await failed).status()).toBe(500);
    await expect(listbox(page)).toBeHidden();
    await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(searchBox(page)).toHaveValue('bremb');
    // Nothing was said to the shopper (spec: returns nothing and closes the results).
    await expect(alertText(page)).toHaveCount(0);

    await request.delete('/__test/faults');
    await page.keyboard.type('o');
    await expect(listbox(page)).toBeVisible();
    await expect(listbox(page).getByRole('group', { name: 'Produttori' }).getByRole('option', { name: /Brembo/ })).toBeVisible();
    await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'true');
  });

  test('the live search with the server gone (connection refused): closed results, then back when it returns', async ({ page }) => {
    await page.goto('/main.php');
    await scriptReady(page);
    await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'false');
    await page.route('**/graphql/v1/**', (route) => route.abort('connectionrefused'));
    await searchBox(page).click();
    await page.keyboard.type('pastig');
    await page.waitForTimeout(900); // past the 500 ms debounce and the refused fetch
    await expect(listbox(page)).toBeHidden();
    await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'false');
    await page.unroute('**/graphql/v1/**');
    await page.keyboard.type('l');
    await expect(listbox(page)).toBeVisible();
    await expect(listbox(page).getByRole('option').first()).toBeVisible();
  });

  test('the basket refresh failing keeps the last basket; the next refresh after recovery shows the new one', async ({ page, request }) => {
    const first = await listProduct(request, 0);
    const second = await listProduct(request, 1);
    await page.goto(`/product-${first.id}-x.html`);
    await page.locator('.buy-box').waitFor();
    await expect(page.locator('.buy-box')).not.toHaveAttribute('data-state', /loading|starting/);
    await page.locator('.button--buy:not([aria-disabled])').click();
    await expect(basketLink(page)).toContainText('Carrello (1 prodotto)');

    // Another tab adds a line (same visitor cookie); the re-read on coming back fails.
    expect((await page.request.post('/basketchange.php?mode=1', { form: { product: String(second.id), size: second.size, number: '1' } })).ok()).toBe(true);
    await fault(request, '/ajax/basket.php', 'fail');
    let refused = page.waitForResponse((r) => r.url().includes('/ajax/basket.php'));
    await comeBack(page);
    expect((await refused).status()).toBe(500);
    await page.waitForTimeout(300);
    await expect(basketLink(page)).toContainText('Carrello (1 prodotto)');
    // The page stays usable: the shopper can still open the basket with the last lines.
    await basketLink(page).click();
    const panel = page.getByRole('dialog', { name: 'Il tuo carrello' });
    await expect(panel).toBeVisible();
    await expect(panel.locator('.mini-basket__line')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    // A slow re-read keeps the last basket on screen while it waits...
    await request.delete('/__test/faults');
    await fault(request, '/ajax/basket.php', 'delay', { ms: 1500, times: 1 });
    refused = page.waitForResponse((r) => r.url().includes('/ajax/basket.php'));
    await comeBack(page);
    await page.waitForTimeout(500);
    await expect(basketLink(page)).toContainText('Carrello (1 prodotto)');
    // ...and shows the server's basket when it comes.
    expect((await refused).status()).toBe(200);
    await expect(basketLink(page)).toContainText('Carrello (2 prodotti)');
  });

  test('adding with the server gone shows the add error (Polish), and adding works once it is back', async ({ page }) => {
    await page.goto('/pl/product-11-x.html'); // Polish: its own address
    await expect(page.locator('.buy-box')).not.toHaveAttribute('data-state', /loading|starting/);
    await page.route('**/basketchange.php*', (route) => route.abort('connectionrefused'));
    await buyButton(page).click();
    await expect(alertText(page)).toHaveText('Wystąpił błąd podczas dodawania produktu');
    await expect(buyButton(page)).toHaveText('Dodaj do koszyka');
    await page.unroute('**/basketchange.php*');
    await buyButton(page).click();
    await expect(alertText(page)).toHaveText('Produkt został dodany');
    await expect(basketLink(page)).toContainText(/Koszyk/);
  });

  test('a slow add: one request, the shopper is told when it lands', async ({ page, request }) => {
    let adds = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/basketchange.php')) adds += 1;
    });
    await page.goto('/pl/product-11-x.html'); // Polish: its own address
    await expect(page.locator('.buy-box')).not.toHaveAttribute('data-state', /loading|starting/);
    await fault(request, '/basketchange.php', 'delay', { ms: 1500, times: 1 });
    await buyButton(page).click();
    await buyButton(page).click({ force: true });
    await expect(alertText(page)).toHaveText('Produkt został dodany', { timeout: 10_000 });
    expect(adds).toBe(1);
  });

  test('the product XML failing is ignored: the product page works and buys', async ({ page, request }) => {
    await fault(request, '/projector.php', 'fail');
    // A page the server drew carries the XML's data (issue 24): the XML is asked when the page
    // opens without the server's state, as here (the state taken out of the answer).
    await page.route('**/product-11-*.html', async (route) => {
      const answer = await route.fetch();
      await route.fulfill({ response: answer, body: (await answer.text()).replace(/<script[^>]*id="shop-state">[\s\S]*?<\/script>/, '') });
    });
    const failed = page.waitForResponse((r) => new URL(r.url()).pathname === '/projector.php');
    await page.goto('/product-11-x.html');
    expect((await failed).status()).toBe(500);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.buy-box')).not.toHaveAttribute('data-state', /loading|starting/);
    await expect(page.locator('.price-block__price')).toContainText('24,90 €');
    await buyButton(page).click();
    await expect(alertText(page)).toHaveText('Prodotto aggiunto al carrello');
  });

  test('a slow shop data bundle holds nothing up; a failed one is back on the next page', async ({ page, request }, info) => {
    await fault(request, '/ajax/get.php', 'delay', { ms: 8000, times: 1 });
    // Whether the (held) bundle has answered yet: the page must be usable before it does.
    let bundleAnswered = false;
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/ajax/get.php') bundleAnswered = true;
    });
    await page.goto('/main.php');
    await expect(page.locator('.product-card').first()).toBeVisible();
    await expect(searchBox(page)).toBeEditable();
    // The page is there and usable before the bundle arrives (its snippets came drawn with the page).
    expect(bundleAnswered).toBe(false);
    // The widgets came drawn with the page too (their script ran), whatever the bundle does.
    expect(await page.evaluate(() => (window as unknown as { shopWidgets?: { loaded: boolean } }).shopWidgets?.loaded ?? false)).toBe(true);
    const phone = info.project.name === 'phone';
    // The phone here has a computer's user agent: its own snippets come with the (slow) bundle.
    await expect(page.locator('.snippets--top')).toContainText(phone ? 'Spedizione in 2-4 giorni lavorativi' : 'Ordina entro le 14:00', { timeout: 20_000 });

    // Failed on one page, what the server drew stays, and the bundle comes back with the next.
    await fault(request, '/ajax/get.php', 'fail', { times: 1 });
    // Only the phone (a computer's user agent in a phone-wide window) asks for the bundle.
    const failed = phone ? page.waitForResponse((response) => response.url().endsWith('/ajax/get.php')) : null;
    await page.goto('/search.php?traits_alt[24]=148728');
    await expect(page.locator('.product-card').first()).toBeVisible();
    if (failed) expect((await failed).status()).toBe(500);
    await expect(page.locator('.snippets--end')).toContainText('Pagamenti sicuri');
    await request.delete('/__test/faults');
    await page.goto('/main.php');
    await expect(page.locator('.snippets--top')).toContainText(phone ? 'Spedizione in 2-4 giorni lavorativi' : 'Ordina entro le 14:00', { timeout: 10_000 });
  });
});
