import { expect, test, type Page } from '@playwright/test';
import { scriptReady } from './support/shopping';
import { axeViolations } from './support/axe';
import { screenshot } from './support/screens';

/** Opens a footer group (collapsed on a phone) and follows one of its links. */
async function followFooterLink(page: Page, group: string, link: string) {
  // The footer's groups fold and unfold by script: once the page has hydrated.
  await scriptReady(page);
  const button = page.locator('.site-footer').getByRole('button', { name: group });
  if ((await button.getAttribute('aria-expanded')) === 'false') await button.click();
  await page.locator('.site-footer').getByRole('link', { name: link, exact: true }).click();
}

test.describe('information pages', () => {
  test('each footer link opens its page, with its own title and address', async ({ page }) => {
    const pages: Array<[string, string, string]> = [
      ['Assistenza', 'Spedizioni e consegne', '/pages/spedizioni-e-consegne'],
      ['Assistenza', 'Resi e rimborsi', '/pages/resi-e-rimborsi'],
      ['Informazioni', 'Pagamento a rate', '/pages/pagamento-a-rate'],
      ['Informazioni', 'Garanzia sui ricambi', '/pages/garanzia-sui-ricambi'],
    ];
    for (const [group, title, path] of pages) {
      await page.goto('/main.php');
      await followFooterLink(page, group, title);
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    }
    // The shipping page says what the shop charges, and offers the page in the other languages.
    await page.goto('/pages/spedizioni-e-consegne');
    const main = page.locator('main');
    await expect(main.getByRole('table')).toContainText('BRT contrassegno');
    await expect(main.getByRole('heading', { level: 2, name: 'Spedizione gratuita da 79 €' })).toBeVisible();
    await expect(main.getByRole('navigation', { name: 'Questa pagina in altre lingue' }).getByRole('link', { name: 'Shipping and delivery' })).toHaveAttribute('href', '/en/pages/shipping-and-delivery');
    // The table fits a phone: the page never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await screenshot(page, 'info-page-shipping');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('in English the footer leads to the English pages', async ({ page }) => {
    await page.goto('/main.php');
    await page.getByRole('navigation', { name: 'Lingua e paese' }).getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL('/en/main.php');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await followFooterLink(page, 'Information', 'Parts warranty');
    await expect(page).toHaveURL('/en/pages/parts-warranty');
    await expect(page.getByRole('heading', { level: 1, name: 'Parts warranty' })).toBeVisible();
    await expect(page.locator('article')).toHaveAttribute('lang', 'en');
    // The switch on an information page leads to the same topic in the other language.
    await page.getByRole('navigation', { name: 'Language and country' }).getByRole('link', { name: 'Italiano' }).click();
    await expect(page).toHaveURL('/pages/garanzia-sui-ricambi');
    await expect(page.getByRole('heading', { level: 1, name: 'Garanzia sui ricambi' })).toBeVisible();
  });

  test('the live search finds a page in its cms group', async ({ page }) => {
    await page.goto('/main.php');
    await scriptReady(page);
    const box = page.getByRole('combobox', { name: 'Cerca ricambi' });
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.click();
    await page.keyboard.type('rimborsi');
    const group = page.getByRole('listbox', { name: 'Suggerimenti di ricerca' }).getByRole('group', { name: 'Pagine informative' });
    const option = group.getByRole('option', { name: 'Resi e rimborsi' });
    await expect(option).toBeVisible();
    await expect(option).toHaveAttribute('href', '/pages/resi-e-rimborsi');
    await screenshot(page, 'info-page-live-search');
    await option.click();
    await expect(page).toHaveURL('/pages/resi-e-rimborsi');
    await expect(page.getByRole('heading', { level: 1, name: 'Resi e rimborsi' })).toBeVisible();
  });

  test('the contact form\'s terms lead to the terms page; an unknown page is the no-product page', async ({ page, context }) => {
    await page.goto('/contact.php');
    await scriptReady(page);
    await page.getByRole('button', { name: 'Leggi i termini e le condizioni' }).click();
    const dialog = page.getByRole('dialog', { name: 'Termini e condizioni' });
    const full = dialog.getByRole('link', { name: /Leggi il testo completo dei termini e condizioni/ });
    await expect(full).toHaveAttribute('href', '/pages/termini-e-condizioni');
    await expect(full).toHaveAttribute('target', '_blank');
    const opened = context.waitForEvent('page');
    await full.click();
    const terms = await opened;
    await expect(terms.getByRole('heading', { level: 1, name: 'Termini e condizioni' })).toBeVisible();
    await terms.close();

    const response = await page.goto('/pages/nessuna-pagina');
    expect(response?.status()).toBe(404);
    await expect(page.locator('.page--no-product')).toBeVisible();
  });
});
