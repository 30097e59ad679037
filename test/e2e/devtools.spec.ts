import { expect, test } from '@playwright/test';
import { scriptReady } from './support/shopping';

/**
 * The developer tools stay out of the shop: the browser tests run a production build, where
 * `?inspect` must not attach the Stately inspector (no popup, no inspector code loaded, so no
 * shopper's input can travel to another site) and `?record` must not record.
 */
test.describe('developer tools in a production build', () => {
  test('?inspect opens no inspector and loads none of its code', async ({ page, context }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    let popups = 0;
    context.on('page', () => (popups += 1));
    await page.goto('/main.php?inspect');
    await scriptReady(page);
    await expect(page.locator('.site-header')).toBeVisible();
    await page.getByRole('combobox').first().fill('pastiglie');
    await page.waitForLoadState('networkidle');
    expect(popups).toBe(0);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => path.includes('inspector'))).toEqual([]);
    const sources = await Promise.all(scripts.map(async (path) => (await page.request.get(path)).text()));
    for (const source of sources) expect(source).not.toContain('createBrowserInspector');
  });

  test('?record shows no recorder and keeps nothing', async ({ page }) => {
    await page.goto('/product-11-x.html?record');
    await expect(page.locator('.buy-box')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save session', exact: true })).toHaveCount(0);
    expect(await page.evaluate(() => '__shopSession' in window)).toBe(false);
  });
});
