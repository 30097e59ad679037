import { expect, test, type Page } from '@playwright/test';
import { scriptReady } from './support/shopping';
import { axeViolations } from './support/axe';
import { screenshot } from './support/screens';

/**
 * Languages in the address (issue 22): the footer's language switch leads to the same page in
 * the other language (Polish under /pl/), with the script or without it; the page's links keep
 * the language, partial loads included.
 */
const switchTo = (page: Page, from: string, to: string) => page.getByRole('navigation', { name: from }).getByRole('link', { name: to });
const LISTING = '/search.php?traits_alt[24]=148728';

/** Marks the document: a partial load keeps the mark, a full navigation loses it. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { loadMark: number }).loadMark = 42));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { loadMark?: number }).loadMark === 42);

test.describe('languages in the address, with the script', () => {
  test('a product page: the footer leads to the same product in Polish, whose links stay Polish', async ({ page }) => {
    await page.goto('/product-11-pastiglie-freno-anteriori-trw-gdb0652.html');
    await scriptReady(page);
    const name = await page.getByRole('heading', { level: 1 }).textContent();
    await switchTo(page, 'Lingua e paese', 'Polski').click();
    await expect(page).toHaveURL('/pl/product-11-pastiglie-freno-anteriori-trw-gdb0652.html');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    // The same product, named as the catalogue names it in Polish (issue 34).
    expect(name).toBe('Pastiglie freno anteriori TRW GDB0652');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Klocki hamulcowe przednie TRW GDB0652');
    await expect(page.locator('.button--buy')).toHaveText('Dodaj do koszyka');
    await scriptReady(page);
    await expect(page.locator('.site-header').getByRole('link', { name: /Koszyk/ })).toHaveAttribute('href', '/pl/basketedit.php');
    await expect(switchTo(page, 'Język i kraj', 'Polski')).toHaveAttribute('aria-current', 'true');
    // The related products (hotspots, after the page) lead to their Polish pages too.
    await page.evaluate(() => document.querySelector('[data-zone-pending="hotspot_related"], [data-zone="hotspot_related"]')?.scrollIntoView());
    await expect(page.locator('[data-zone="hotspot_related"] .hotspot-product a').first()).toHaveAttribute('href', /^\/pl\/product-\d+-/);
    await screenshot(page, 'product-polish');
    await page.locator('.footer-region').scrollIntoViewIfNeeded();
    await screenshot(page, 'footer-languages');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a listing: a partial load keeps the prefix, and the footer follows the page shown', async ({ page }) => {
    await page.goto(LISTING);
    await scriptReady(page);
    // Page 2 by a partial load: the footer's switch names page 2.
    await mark(page);
    await page.getByRole('link', { name: 'Successiva' }).click();
    await expect(page.getByText(/Pagina 2 di \d+/)).toBeVisible();
    expect(await marked(page)).toBe(true);
    await expect(switchTo(page, 'Lingua e paese', 'Polski')).toHaveAttribute('href', /^\/pl\/search\.php\?.*page=2/);
    await switchTo(page, 'Lingua e paese', 'Polski').click();
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/pl\/search\.php\?.*page=2/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    await expect(page.getByText(/Strona 2 z \d+/)).toBeVisible();
    await scriptReady(page);
    // A partial load in Polish stays under /pl/ (address bar and data), and Back comes back to it.
    await mark(page);
    await page.getByRole('link', { name: 'Poprzednia' }).click();
    await expect(page.getByText(/Strona 1 z \d+/)).toBeVisible();
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/pl\/search\.php\?/);
    expect(await marked(page)).toBe(true);
    await page.goBack();
    await expect(page.getByText(/Strona 2 z \d+/)).toBeVisible();
    await expect(page).toHaveURL(/\/pl\/search\.php\?.*page=2/);
    // The products lead to their Polish pages.
    await expect(page.locator('.product-card a').first()).toHaveAttribute('href', /^\/pl\/product-\d+-/);
    await page.locator('.product-card a').first().click();
    await expect(page).toHaveURL(/\/pl\/product-\d+-/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('languages in the address, without the script', () => {
  test.use({ javaScriptEnabled: false });

  test('the footer\'s switch is plain links: product and listing land on the same page in Polish', async ({ page }) => {
    await page.goto('/product-11-pastiglie-freno-anteriori-trw-gdb0652.html');
    const name = await page.getByRole('heading', { level: 1 }).textContent();
    await switchTo(page, 'Lingua e paese', 'Polski').click();
    await expect(page).toHaveURL('/pl/product-11-pastiglie-freno-anteriori-trw-gdb0652.html');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    // The same product, named as the catalogue names it in Polish (issue 34).
    expect(name).toBe('Pastiglie freno anteriori TRW GDB0652');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Klocki hamulcowe przednie TRW GDB0652');

    await page.goto(`${LISTING}&page=2`);
    await switchTo(page, 'Lingua e paese', 'Polski').click();
    await expect(page).toHaveURL(/\/pl\/search\.php\?.*page=2/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    await expect(page.getByText(/Strona 2 z \d+/)).toBeVisible();
    // The header search submits to the Polish listing.
    await page.getByRole('combobox', { name: /Szukaj/ }).fill('TRW');
    await page.getByRole('combobox', { name: /Szukaj/ }).press('Enter');
    await expect(page).toHaveURL(/\/pl\/search\.php\?text=TRW/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    // And back to Italian.
    await switchTo(page, 'Język i kraj', 'Italiano').click();
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/search\.php\?text=TRW/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  });
});
