import { expect, test, type Page } from '@playwright/test';
import { scriptReady } from './support/shopping';
import { axeViolations } from './support/axe';
import { screenshot } from './support/screens';

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Cerca ricambi' });

async function openHome(page: Page) {
  await page.goto('/main.php');
  await scriptReady(page);
  // The flow is running once the mirrored state exists: the input is then controlled by it.
  await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'false');
}

test.describe('live search', () => {
  test('typing "brem" shows grouped results, 3 per group at most', async ({ page }) => {
    await openHome(page);
    const box = searchBox(page);
    await box.click();
    await page.keyboard.type('brem');
    const listbox = page.getByRole('listbox', { name: 'Suggerimenti di ricerca' });
    await expect(listbox).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(box).toHaveAttribute('aria-controls', await listbox.getAttribute('id') as string);
    const products = listbox.getByRole('group', { name: 'Prodotti' });
    await expect(products).toBeVisible();
    await expect(listbox.getByRole('group', { name: 'Produttori' }).getByRole('option', { name: /Brembo/ })).toBeVisible();
    const productOptions = products.getByRole('option');
    expect(await productOptions.count()).toBeGreaterThan(0);
    expect(await productOptions.count()).toBeLessThanOrEqual(3);
    await expect(productOptions.first()).toContainText('€');
    for (const group of await listbox.getByRole('group').all()) expect(await group.getByRole('option').count()).toBeLessThanOrEqual(3);

    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'live-search-open');

    // Escape closes, a second Escape clears the text.
    await page.keyboard.press('Escape');
    await expect(listbox).toBeHidden();
    await expect(box).toHaveValue('brem');
    await page.keyboard.press('Escape');
    await expect(box).toHaveValue('');
  });

  test('keyboard only: type, ArrowDown twice, Enter opens that product', async ({ page }) => {
    await openHome(page);
    // Reach the search box with Tab (skip link, side menu button on phones, logo, search).
    for (let i = 0; i < 6 && !(await searchBox(page).evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(searchBox(page)).toBeFocused();
    await page.keyboard.type('brem');
    const options = page.getByRole('option');
    await expect(options.first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const second = options.nth(1);
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await expect(searchBox(page)).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id')) as string);
    const href = (await second.getAttribute('href')) as string;
    expect(href).toMatch(/^\/product-\d+-/);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === href);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('a submit with 2 characters shows the alert and stays', async ({ page }) => {
    await openHome(page);
    await searchBox(page).click();
    await page.keyboard.type('br');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Inserire almeno 3 caratteri' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/main.php');
    // 3 characters do go to the listing.
    await page.keyboard.type('e');
    await page.getByRole('button', { name: 'Cerca', exact: true }).click();
    await page.waitForURL(/\/search\.php\?text=bre&from_search=true$/);
  });

  test('a part code finds its product, with its alternative codes', async ({ page, request }) => {
    // A product of the demo catalogue, by its catalogue number, and its OE codes from the API.
    const listing = await (await request.get('/search.php?json=true&traits_alt[24]=151538')).json();
    const product = listing.products[2] as { id: number; link: string; versionName: string };
    const code = product.versionName.split('#')[0].replace(/[\s.-]/g, '');
    const substitutes = (await (await request.get('/data/include/cms/substitutes.json')).json()) as { id: number; value: string[] }[];
    const oeCodes = substitutes.find((entry) => entry.id === product.id)?.value ?? [];
    await openHome(page);
    await searchBox(page).click();
    await page.keyboard.type(code);
    const option = page.locator(`[role="option"][href="${product.link}"]`);
    await expect(option).toBeVisible();
    if (oeCodes.length) await expect(page.locator('.live-search__aka')).toContainText(oeCodes[0]);
    await screenshot(page, 'live-search-code');
  });
});

test.describe('header', () => {
  test('the side menu at 375 opens, keeps focus inside and closes with Escape', async ({ page }, info) => {
    test.skip(info.project.name !== 'phone', 'the side menu is the phone layout');
    await openHome(page);
    const opener = page.getByRole('button', { name: 'Menu categorie' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Categorie' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Pastiglie freno' })).toBeVisible();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('dialog[open]'))).toBe(true);
    }
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'side-menu');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('the header is fixed after scrolling past it on desktop, without moving the page', async ({ page }, info) => {
    await page.goto('/search.php?traits_alt[24]=148728');
    await expect(page.locator('.product-card').first()).toBeVisible();
    // Everything above the header has arrived (banners, the snippet bar): the layout is settled.
    // (Issue 15: the free-shipping banner shows only with products in the basket; this basket is empty.)
    await expect(page.locator('.banner')).toHaveCount(1);
    await expect(page.locator('.snippets--top [data-snippet]').first()).toBeVisible();
    const header = page.locator('.site-header');
    const contentTop = () => page.evaluate(() => document.getElementById('content')!.getBoundingClientRect().top + window.scrollY);
    const before = await contentTop();
    await page.evaluate(() => window.scrollTo(0, 600));
    if (info.project.name === 'phone') {
      // Views 1 and 2 never fix the header.
      await page.waitForTimeout(200);
      await expect(header).not.toHaveClass(/site-header--fixed/);
      return;
    }
    await expect(header).toHaveClass(/site-header--fixed/);
    expect((await header.boundingBox())?.y).toBe(0);
    expect(await contentTop()).toBe(before);
    await screenshot(page, 'sticky-header');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).not.toHaveClass(/site-header--fixed/);
  });
});
