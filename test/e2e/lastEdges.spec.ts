import { expect, test } from '@playwright/test';
import { addOnProductPage, scriptReady } from './support/shopping';
import { axeViolations } from './support/axe';
import { screenshot } from './support/screens';
import { SPECIAL_PRODUCTS } from '../../server/db/catalogue/specialProducts';

/** The last edges shoppers trip on (issue 34), at 375 and 1280 px. */

test('point 1: back to a size already loaded, the quantity above its stock is brought down to it, and Add works', async ({ page }) => {
  await page.goto(`/product-${SPECIAL_PRODUCTS.multiSize}-x.html`);
  await scriptReady(page);
  const size = (name: string) => page.locator('.buy-box').getByRole('radio', { name });
  const quantity = page.getByLabel(/^Quantità/);
  // S2 (stock 3), then S1 (stock 8) with 5, then back to S2: its data is loaded already.
  await size('Coppia (2 dischi)').check();
  await expect(page.locator('.buy-box')).toHaveAttribute('data-state', /available/);
  await size('1 disco').check();
  await expect(page.locator('.buy-box')).toHaveAttribute('data-state', /available/);
  await quantity.fill('5');
  await quantity.press('Tab');
  await expect(quantity).toHaveValue('5');
  await size('Coppia (2 dischi)').check();
  await expect(quantity).toHaveValue('3');
  await addOnProductPage(page, '1 prodotto');
  expect(await axeViolations(page)).toEqual([]);
});

test('point 18: the basket\'s totals add up, each line says what it is, the total to pay is the last line', async ({ page }) => {
  // One pad set at 24,90 € costs 6,90 € to ship (under the free-shipping 79 €).
  await page.goto(`/product-${SPECIAL_PRODUCTS.rebateTiers}-x.html`);
  await scriptReady(page);
  await addOnProductPage(page, '1 prodotto');
  await page.goto('/basketedit.php');
  const totals = page.locator('.basket-totals');
  await expect(totals.locator('dt')).toHaveText(['Prodotti', 'Spedizione', 'Totale da pagare (IVA inclusa)']);
  const amount = async (selector: string) => Number((await totals.locator(selector).textContent())!.replace(/[^\d,]/g, '').replace(',', '.'));
  const goods = await amount('.basket-totals__goods');
  const shipping = await amount('.basket-totals__shipping');
  expect(goods).toBe(24.9);
  expect(shipping).toBeGreaterThan(0);
  expect(await amount('.basket-totals__total')).toBeCloseTo(goods + shipping, 2);
  await expect(totals.locator('dd').last()).toHaveClass(/basket-totals__total/);
  await totals.scrollIntoViewIfNeeded();
  await screenshot(page, 'basket-totals');
  expect(await axeViolations(page)).toEqual([]);
});

test('point 4: one zero-price rule: a buyable phone-price product reads "Prezzo su richiesta" on its basket line, as in the mini basket and lists', async ({ page }) => {
  await page.goto(`/product-${SPECIAL_PRODUCTS.phonePriceBuyable}-x.html`);
  await scriptReady(page);
  await addOnProductPage(page, '1 prodotto');
  await page.goto('/basketedit.php');
  const line = page.locator('.basket-lines tbody tr').first();
  await expect(line).toContainText('Prezzo su richiesta');
  await expect(line).not.toContainText('0,00 €');
  expect(await axeViolations(page)).toEqual([]);
});

test('point 10: "Spedizione da" names the cheapest courier the delivery box lists', async ({ page }) => {
  await page.goto(`/product-${SPECIAL_PRODUCTS.rebateTiers}-x.html`);
  await scriptReady(page);
  const costs = page.locator('.delivery-info__cost');
  await expect(costs.first()).toBeVisible();
  const amounts = (await costs.allTextContents()).map((text) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'))).filter((value) => value > 0);
  const cheapest = Math.min(...amounts);
  await expect(page.locator('.shipping-info__cost')).toHaveText(`Spedizione da ${cheapest.toFixed(2).replace('.', ',')} €`);
  expect(await axeViolations(page)).toEqual([]);
});
