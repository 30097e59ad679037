import { expect, test, type Page } from '@playwright/test';
import { scriptReady } from './support/shopping';
import { screenshot } from './support/screens';

/** Marks the document: a partial load keeps the mark, a full navigation loses it. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { loadMark: number }).loadMark = 42));
/** On a phone the filters sit behind their disclosure (the mobile grid). */
async function openFilters(page: Page) {
  const toggle = page.getByRole('button', { name: 'Filtri' });
  if ((await toggle.count()) && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
}
const marked = (page: Page) => page.evaluate(() => (window as unknown as { loadMark?: number }).loadMark === 42);

test.describe('partial page loads on the listing', () => {
  test.afterEach(async ({ request }) => {
    await request.delete('/__test/faults');
  });

  test('a filter replaces the results in place, updates the address, and Back restores it', async ({ page }) => {
    await page.goto('/search.php?traits_alt[24]=151538');
    await scriptReady(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Dischi freno' })).toBeVisible();
    await mark(page);
    await openFilters(page);
    await page.locator('.filters').getByRole('link', { name: /^Pastiglie freno/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pastiglie freno' })).toBeVisible();
    await expect(page).toHaveURL(/traits_alt%5B24%5D=148728|traits_alt\[24\]=148728/);
    await expect(page.locator('.product-card').first()).toContainText('Pastiglie');
    expect(await marked(page)).toBe(true);
    await screenshot(page, 'listing-after-filter');

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Dischi freno' })).toBeVisible();
    expect(await marked(page)).toBe(true);
  });

  test('pagination loads the next page in place', async ({ page }) => {
    await page.goto('/search.php?traits_alt[24]=148728');
    await scriptReady(page);
    await mark(page);
    const firstName = await page.locator('.product-card h3').first().textContent();
    await page.getByRole('link', { name: 'Successiva' }).click();
    await expect(page.getByText(/Pagina 2 di \d+/)).toBeVisible();
    await expect(page.locator('.product-card h3').first()).not.toHaveText(firstName!);
    await expect(page).toHaveURL(/page=2/);
    expect(await marked(page)).toBe(true);
  });

  test('a new load cancels the one in flight: the slow answer is never shown', async ({ page, request }) => {
    await page.goto('/search.php?traits_alt[24]=154315');
    await scriptReady(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Kit freni' })).toBeVisible();
    await openFilters(page);
    await request.post('/__test/faults', { data: { path: '/search.php', mode: 'delay', ms: 2500, times: 1 } });
    await page.locator('.filters').getByRole('link', { name: /^Dischi freno/ }).click();
    await expect(page.getByRole('progressbar')).toBeVisible();
    await expect(page.locator('.listing__results')).toHaveAttribute('aria-busy', 'true');
    await page.locator('.filters').getByRole('link', { name: /^Pastiglie freno/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pastiglie freno' })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    // Well after the slow answer would have come: still the newer page.
    await page.waitForTimeout(3000);
    await expect(page.getByRole('heading', { level: 1, name: 'Pastiglie freno' })).toBeVisible();
    await expect(page).toHaveURL(/148728/);
  });

  test('a failed load navigates fully to the target', async ({ page, request }) => {
    await page.goto('/search.php?traits_alt[24]=148728');
    await scriptReady(page);
    await mark(page);
    await request.post('/__test/faults', { data: { path: '/search.php', mode: 'fail', times: 1 } });
    await page.getByRole('link', { name: 'Successiva' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(/Pagina 2 di \d+/)).toBeVisible();
    expect(await marked(page)).toBe(false);
  });

  test('no answer within 16 s navigates fully to the target', async ({ page, request }, info) => {
    test.skip(info.project.name === 'phone', 'one width is enough for a 16 s wait');
    test.setTimeout(60_000);
    await page.goto('/search.php?traits_alt[24]=148728');
    await scriptReady(page);
    await mark(page);
    await request.post('/__test/faults', { data: { path: '/search.php', mode: 'delay', ms: 20_000, times: 1 } });
    await page.getByRole('link', { name: 'Successiva' }).click();
    await expect(page.getByRole('progressbar')).toBeVisible();
    await page.waitForTimeout(15_000);
    expect(await marked(page)).toBe(true);
    await expect(page.getByText(/Pagina 2 di \d+/)).toBeVisible({ timeout: 10_000 });
    expect(await marked(page)).toBe(false);
  });
});
