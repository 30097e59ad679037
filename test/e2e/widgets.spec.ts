import { expect, test } from '@playwright/test';
import { axeViolations } from './support/axe';

test.describe('page widgets', () => {
  test.afterEach(async ({ request }) => {
    await request.delete('/__test/faults');
  });

  test('hotspot zones load by ajax and show products', async ({ page }) => {
    await page.goto('/main.php');
    const zone = page.locator('[data-zone="hotspot_promo"]');
    await expect(zone.getByRole('heading', { name: 'I nostri prezzi migliori' })).toBeVisible();
    await expect(zone.locator('.hotspot-product').first()).toBeVisible();
    expect(await zone.locator('.hotspot-product').count()).toBeGreaterThan(3);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a hotspot zone whose load fails is removed', async ({ page, request }) => {
    await request.post('/__test/faults', { data: { path: '/ajax/hotspots.php', mode: 'fail', times: 1 } });
    await page.goto('/main.php');
    await expect(page.locator('.product-card').first()).toBeVisible();
    await expect(page.locator('[data-zone="hotspot_promo"]')).toHaveCount(0);
  });

  test('the back-to-top link appears after twice the window height and brings the shopper back up', async ({ page }) => {
    await page.goto('/search.php?traits_alt[24]=148728');
    await expect(page.locator('.product-card').first()).toBeVisible();
    const link = page.getByRole('link', { name: 'Torna su' });
    await expect(link).toHaveCount(0);
    const height = await page.evaluate(() => window.innerHeight);
    await page.evaluate((y) => window.scrollTo(0, y), height * 2 + 50);
    await expect(link).toBeVisible();
    await link.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(link).toHaveCount(0);
  });
});
