import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { screenshot } from './support/screens';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { signInOwner } from '../support/ownerSession';

/** A product no other browser test looks at: one size, sold at a price, 22 % VAT (read from the test server's file). */
function quietProduct(): { id: number; name: string; code: string } {
  const db = new Database(join(process.env.E2E_DATA_DIR!, 'shop.sqlite'), { readonly: true });
  try {
    return db
      .prepare(
        `SELECT p.id, p.name, p.catalog_no AS code FROM products p WHERE p.id > 1500 AND p.type = 'product_item' AND p.phone_price = 0 AND p.gratis = 0 AND p.vat = 22
         AND (SELECT COUNT(*) FROM sizes s WHERE s.product_id = p.id AND s.status = 'enable' AND s.price_gross > 0) = 1 AND (SELECT COUNT(*) FROM sizes s WHERE s.product_id = p.id) = 1 ORDER BY p.id DESC LIMIT 1`,
      )
      .get() as { id: number; name: string; code: string };
  } finally {
    db.close();
  }
}

/**
 * The owner changes a price and the shop's settings in the back office (issue 36, points 3 and 7),
 * in a browser at 375 and 1280 px: find the product by its code, type the gross price (the net
 * follows the VAT rate), save, and the product page shows the new price; the settings form saves
 * a new free-shipping threshold the storefront's bar then promises. Axe-clean pages.
 */
/**
 * Signed in through the real forms (test/support/ownerSession.ts: the sign-in page's token, the
 * password), the session's cookie given to the browser (the sign-in page itself has its own test:
 * adminSignIn.spec.ts).
 */
async function signIn(page: Page, baseURL: string) {
  const session = await signInOwner(baseURL);
  await page.context().addCookies([{ name: 'shop_owner', value: session.sessionId, domain: new URL(baseURL).hostname, path: '/admin', httpOnly: true, sameSite: 'Strict' }]);
  await page.goto('/admin/');
  await expect(page.getByRole('heading', { level: 1, name: 'Riepilogo' })).toBeVisible();
}

test.describe('back office: products and settings', () => {
  test('a price changed in the back office shows on the product page', async ({ page, baseURL }, info) => {
    await signIn(page, baseURL!);
    await page.getByRole('navigation', { name: 'Sezioni della gestione' }).getByRole('link', { name: 'Prodotti' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Prodotti, scorte e prezzi' })).toBeVisible();
    const product = quietProduct();
    await page.getByLabel('Cerca per nome, codice o numero').fill(product.code.toLowerCase());
    await page.getByRole('button', { name: 'Cerca', exact: true }).click();
    await expect(page.getByRole('status')).toHaveText(/^\d+ prodotti$/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `admin-products-search-${info.project.name}`);

    await page.locator(`a[href="/admin/products/${product.id}"]`).click();
    await expect(page.getByRole('heading', { level: 1, name: `Prodotto ${product.id}: ${product.name}` })).toBeVisible();
    const gross = page.getByLabel(/: Prezzo lordo \(€\)$/);
    const price = info.project.name === 'phone' ? '27,45' : '28,67';
    await gross.fill(price);
    await page.getByRole('button', { name: 'Salva le modifiche' }).click();
    await expect(page.getByRole('status')).toContainText('Modifiche salvate');
    // The net followed the VAT rate (22 %), computed by the server in cents.
    const expectedNet = info.project.name === 'phone' ? '22.50' : '23.50';
    await expect(page.getByLabel(/: Prezzo netto \(€\)$/)).toHaveValue(expectedNet);
    await expect(gross).toHaveValue(price.replace(',', '.'));
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `admin-product-saved-${info.project.name}`);

    await page.getByRole('link', { name: 'Vedi la pagina del prodotto' }).click();
    await expect(page.locator('.product-page, main').getByText(`${price} €`).first()).toBeVisible();
  });

  test('the settings form saves a free-shipping threshold the storefront then promises; a bad value is marked', async ({ page, baseURL }, info) => {
    await signIn(page, baseURL!);
    await page.getByRole('navigation', { name: 'Sezioni della gestione' }).getByRole('link', { name: 'Impostazioni' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Impostazioni del negozio' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `admin-settings-${info.project.name}`);

    const threshold = page.getByLabel('Spedizione gratuita da (€, corrieri prepagati)');
    await threshold.fill('tanti');
    await page.getByRole('button', { name: 'Salva le impostazioni' }).click();
    await expect(page.getByRole('alert')).toHaveText('Le impostazioni non sono state salvate: correggi i campi segnati.');
    await expect(threshold).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `admin-settings-invalid-${info.project.name}`);

    const amount = info.project.name === 'phone' ? '85' : '89';
    await threshold.fill(amount);
    await page.getByRole('button', { name: 'Salva le impostazioni' }).click();
    await expect(page.getByRole('status')).toHaveText('Impostazioni salvate: il negozio le mostra già.');
    await page.goto('/contact.php');
    await expect(page.getByText(`Spedizione gratuita per ordini da ${amount} €`).first()).toBeAttached();

    // The shop as the other browser tests know it: the threshold back to 79 €.
    await page.goto('/admin/settings');
    await threshold.fill('79');
    await page.getByRole('button', { name: 'Salva le impostazioni' }).click();
    await expect(page.getByRole('status')).toHaveText('Impostazioni salvate: il negozio le mostra già.');
  });
});
