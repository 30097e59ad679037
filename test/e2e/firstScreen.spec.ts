import { expect, test } from '@playwright/test';
import { scriptReady } from './support/shopping';
import { screenshot } from './support/screens';

/**
 * The first screen on a phone (issue 15): the banners and the snippet bar stack compactly so
 * the header and the search box are inside 375 x 667; the free-shipping banner shows only when
 * it says what the bar does not; the category carousel stays inside its container.
 */
test.describe('first screen', () => {
  test('at 375 x 667 the header and the search box are in the first screen, under the banners and the snippet bar', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto('/main.php');
    await expect(page.locator('[data-banner="discount_code"]')).toBeVisible();
    await expect(page.locator('.snippets--top [data-snippet]').first()).toBeVisible();
    // An empty basket: the free-shipping banner would only repeat the bar's offer.
    await expect(page.locator('[data-banner="free_shipping"]')).toHaveCount(0);
    const header = (await page.locator('.site-header').boundingBox())!;
    const search = (await page.getByRole('combobox', { name: 'Cerca ricambi' }).boundingBox())!;
    expect(header.y).toBeGreaterThan(0);
    expect(search.y + search.height).toBeLessThanOrEqual(667);
    // The notices above the header take little of the screen.
    expect(header.y).toBeLessThanOrEqual(90);
    await screenshot(page, 'first-screen-375');

    // With a product in the basket the free-shipping banner tells what is missing, and the search box still fits.
    expect((await page.request.post('/basketchange.php?mode=1', { form: { product: '11', size: 'uniw', number: '1' } })).ok()).toBe(true);
    await page.reload();
    await expect(page.locator('[data-banner="free_shipping"]')).toContainText(/Mancano .+ alla spedizione gratuita/);
    const searchWithBasket = (await page.getByRole('combobox', { name: 'Cerca ricambi' }).boundingBox())!;
    expect(searchWithBasket.y + searchWithBasket.height).toBeLessThanOrEqual(667);
    await screenshot(page, 'first-screen-375-basket');
  });

  test("a product page's first screen shows the product's name and its price (a phone: 375 x 667 with a phone's user agent)", async ({ browser, baseURL }, info) => {
    const phone = info.project.name === 'phone';
    const height = phone ? 667 : 800;
    const context = await browser.newContext({
      baseURL,
      viewport: { width: phone ? 375 : 1280, height },
      ...(phone
        ? { isMobile: true, hasTouch: true, userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36' }
        : {}),
    });
    const page = await context.newPage();
    for (const id of [11, 14, 100]) {
      await page.goto(`/product-${id}-x.html`);
      const name = page.getByRole('heading', { level: 1 });
      const price = page.locator('.price-block__price');
      await expect(name).toBeVisible();
      await expect(price).toBeVisible();
      // Once the buy box runs (the product XML's facts come drawn with the page), nothing pushed the price out.
      await scriptReady(page);
      await expect(page.locator('.buy-box')).not.toHaveAttribute('data-state', /loading|starting/);
      await expect(page.locator('.product__facts dt')).not.toHaveCount(0);
      for (const box of [await name.boundingBox(), await price.boundingBox()]) {
        expect(box!.y).toBeGreaterThan(0);
        expect(box!.y + box!.height).toBeLessThanOrEqual(height);
      }
    }
    await screenshot(page, 'first-screen-product');
    await context.close();
  });

  for (const width of [800, 1000, 1280, 1440]) {
    test(`the category carousel's tiles stay inside its container at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/main.php');
      const slider = page.locator('.category-slider');
      await expect(slider.locator('.category-tile').first()).toBeVisible();
      await expect(slider.locator('.slick-track')).toBeVisible();
      const box = (await slider.boundingBox())!;
      const tiles = await slider.locator('.slick-active .category-tile').evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right })));
      expect(tiles.length).toBeGreaterThan(0);
      for (const tile of tiles) {
        expect(tile.left).toBeGreaterThanOrEqual(box.x - 0.5);
        expect(tile.right).toBeLessThanOrEqual(box.x + box.width + 0.5);
      }
    });
  }
});
