import { expect, test, type Page } from '@playwright/test';
import { scriptReady } from './support/shopping';
import { SPECIAL_PRODUCTS } from '../../server/db/catalogue/specialProducts';
import { screenshot } from './support/screens';

/**
 * Adding to the basket from every place (brake-shop spec sections 4, 8 and 9; issue 15): the
 * button shows loading, the totals refresh, the quantity field goes back to 1, /return.php
 * follows every successful add, a failure shows "Qualcosa non è andato a buon fine, riprova";
 * and the mini basket's visibility by its thresholds (10 and 22 products).
 */
const FAILURE = 'Qualcosa non è andato a buon fine, riprova';
const alertText = (page: Page) => page.locator('.alert-region .alert__text');
const miniBasket = (page: Page) => page.getByRole('dialog', { name: 'Il tuo carrello' });
const basketLink = (page: Page) => page.locator('.site-header').getByRole('link', { name: /Carrello/ });

function countReturns(page: Page): () => number {
  let returns = 0;
  page.on('request', (request) => {
    if (request.url().includes('/return.php')) returns += 1;
  });
  return () => returns;
}

/** Distinct listing products a list may add 1 of (their listSize). */
async function listProducts(page: Page, count: number): Promise<Array<{ id: number; size: string }>> {
  const answer = (await (await page.request.get(`/search.php?json=true&traits_alt[24]=148728&limit=60`)).json()) as { products: Array<{ id: number; listSize: string | null }> };
  return answer.products.filter((p) => p.listSize && p.id !== SPECIAL_PRODUCTS.rebateTiers).slice(0, count).map((p) => ({ id: p.id, size: p.listSize! }));
}

async function addByRequest(page: Page, lines: Array<{ id: number; size: string }>) {
  for (const line of lines) expect((await page.request.post('/basketchange.php?mode=1', { form: { product: String(line.id), size: line.size, number: '1' } })).ok()).toBe(true);
}

test.describe('adding to the basket', () => {
  test.afterEach(async ({ request }) => {
    await request.delete('/__test/faults');
  });

  test('from the product page: loading, totals, quantity back to 1, /return.php; a failure shows the brake-shop text', async ({ page, request }) => {
    const returns = countReturns(page);
    await page.goto(`/product-${SPECIAL_PRODUCTS.rebateTiers}-x.html`);
    await expect(page.locator('.buy-box')).not.toHaveAttribute('data-state', /loading|starting/);
    await page.getByRole('button', { name: 'Aumenta la quantità' }).click();
    await page.getByRole('button', { name: 'Aumenta la quantità' }).click();
    await expect(page.locator('.stepper__input')).toHaveValue('3');

    await request.post('/__test/faults', { data: { path: '/basketchange.php', mode: 'delay', ms: 800, times: 1 } });
    const buy = page.locator('.button--buy');
    await buy.click();
    await expect(buy).toHaveAttribute('aria-busy', 'true');
    await expect(buy).toHaveText('Aggiunta in corso…');
    await expect(alertText(page)).toHaveText('Prodotto aggiunto al carrello');
    await expect(basketLink(page)).toContainText('Carrello (1 prodotto)');
    await expect(page.locator('.stepper__input')).toHaveValue('1');
    await expect.poll(returns).toBe(1);

    await request.post('/__test/faults', { data: { path: '/basketchange.php', mode: 'fail', times: 1 } });
    await page.getByRole('button', { name: 'Aumenta la quantità' }).click();
    await expect(page.locator('.stepper__input')).toHaveValue('2');
    // The button says "added" for a moment first; the shopper adds again once it offers to.
    await expect(buy).toHaveText('Aggiungi al carrello');
    await buy.click();
    await expect(alertText(page)).toHaveText(FAILURE);
    await expect(page.locator('.alert-region .alert--error')).toBeVisible();
    // A failure changes nothing: the quantity stays, no return hook.
    await expect(page.locator('.stepper__input')).toHaveValue('2');
    expect(returns()).toBe(1);
  });

  test('from a list: the button shows loading, the mini basket opens with the new totals, /return.php follows; a failure shows the brake-shop text', async ({ page, request }) => {
    const returns = countReturns(page);
    await page.goto('/search.php?traits_alt[24]=148728');
    await scriptReady(page);
    const button = page.locator('.list-add').first();
    await expect(button).toBeVisible();
    await request.post('/__test/faults', { data: { path: '/basketchange.php', mode: 'delay', ms: 800, times: 1 } });
    await button.click();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(miniBasket(page)).toBeVisible();
    await expect(miniBasket(page)).toContainText('1 prodotto nel carrello');
    await expect(basketLink(page)).toContainText('Carrello (1 prodotto)');
    await expect.poll(returns).toBe(1);
    await miniBasket(page).getByRole('button', { name: 'Chiudi il carrello' }).click();

    await request.post('/__test/faults', { data: { path: '/basketchange.php', mode: 'fail', times: 1 } });
    await page.locator('.list-add').nth(1).click();
    await expect(alertText(page)).toHaveText(FAILURE);
    await expect(miniBasket(page)).toBeHidden();
    expect(returns()).toBe(1);
  });
});

test.describe('mini basket visibility', () => {
  test('a page load does not show it; reaching 10 products shows it; above 22 it is hidden and the header leads to the basket page', async ({ page }) => {
    const products = await listProducts(page, 24);
    expect(products.length).toBe(24);
    await addByRequest(page, products.slice(0, 9));
    await page.goto(`/product-${SPECIAL_PRODUCTS.rebateTiers}-x.html`);
    await expect(basketLink(page)).toContainText('Carrello (9 prodotti)');
    await expect(miniBasket(page)).toBeHidden();

    // The tenth product reaches the list threshold: shown without being asked.
    await page.locator('.button--buy').click();
    await expect(miniBasket(page)).toBeVisible();
    await expect(miniBasket(page)).toContainText('10 prodotti nel carrello');
    await screenshot(page, 'mini-basket-list-threshold');
    await miniBasket(page).getByRole('button', { name: 'Chiudi il carrello' }).click();

    // 22 products: still shown when asked.
    await addByRequest(page, products.slice(9, 21));
    await page.reload();
    await expect(basketLink(page)).toContainText('Carrello (22 prodotti)');
    await basketLink(page).click();
    await expect(miniBasket(page)).toBeVisible();
    await miniBasket(page).getByRole('button', { name: 'Chiudi il carrello' }).click();

    // 23: above the hide threshold, hidden; the header's basket leads to the basket page.
    await addByRequest(page, products.slice(21, 22));
    await page.reload();
    await expect(basketLink(page)).toContainText('Carrello (23 prodotti)');
    await basketLink(page).click();
    await page.waitForURL(/basketedit\.php/);
    await expect(miniBasket(page)).toBeHidden();
  });
});
