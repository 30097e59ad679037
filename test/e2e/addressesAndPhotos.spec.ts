import { expect, test } from '@playwright/test';
import { scriptReady } from './support/shopping';
import { axeViolations } from './support/axe';
import { screenshot } from './support/screens';

/**
 * What a shopper sees at an address that leads nowhere (the shop's not-found page, whose search
 * and category links work), at an old product address (moved to the product's own), and how
 * the product photos arrive: sized for the screen, in a format the browser reads best.
 */
test.describe('addresses', () => {
  test('an unknown address shows the not-found page: its search finds parts, its links lead to the categories', async ({ page }) => {
    const response = await page.goto('/vecchio-negozio/pastiglie.html');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Pagina non trovata' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    const categories = page.getByRole('navigation', { name: 'Oppure scegli una categoria' });
    await expect(categories.getByRole('link', { name: 'Dischi freno' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'not-found');

    const search = page.getByRole('search', { name: 'Cerca un ricambio' });
    await search.getByRole('searchbox').fill('TRW');
    await search.getByRole('button', { name: 'Cerca' }).click();
    await expect(page).toHaveURL(/\/search\.php\?text=TRW$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Risultati per «TRW»' })).toBeVisible();

    await page.goBack();
    await page.getByRole('navigation', { name: 'Oppure scegli una categoria' }).getByRole('link', { name: 'Dischi freno' }).click();
    await expect(page).toHaveURL(/traits_alt%5B24%5D=151538/);
    await expect(page.locator('.product-card').first()).toBeVisible();
  });

  test('an old product address opens the product at its own address', async ({ page }) => {
    await page.goto('/product-11-old-name.html');
    await expect(page).toHaveURL(/\/product-11-pastiglie-freno-anteriori-trw-gdb0652\.html$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pastiglie freno anteriori TRW GDB0652' })).toBeVisible();
  });
});

test.describe('product photos', () => {
  test('a listing’s first screen gets its photos sized for the screen, never whole; each card has its picture', async ({ page }, info) => {
    const photos: Array<{ url: string; type: string; bytes: number }> = [];
    page.on('response', async (response) => {
      if (!/\/data\/gfx\/products\/\d+\.jpg/.test(response.url())) return;
      photos.push({ url: response.url(), type: response.headers()['content-type'] ?? '', bytes: (await response.body().catch(() => Buffer.alloc(0))).length });
    });
    await page.goto('/search.php?traits_alt%5B24%5D=148728');
    const first = page.locator('img.product-card__image').first();
    await expect(first).toBeVisible();
    await expect.poll(() => first.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    const shown = await first.evaluate((image: HTMLImageElement) => ({ current: image.currentSrc, width: image.naturalWidth, box: image.getBoundingClientRect().width }));
    // The width the layout needs (screen density 1 here), from the route's set; never the 1200 px photo.
    const asked = Number(new URL(shown.current).searchParams.get('w'));
    expect([160, 240, 320, 420]).toContain(asked);
    expect(asked).toBeGreaterThanOrEqual(Math.min(shown.box, 420) - 1);
    expect(photos.every((photo) => /[?&]w=\d+/.test(photo.url))).toBe(true);
    // Chromium reads AVIF: every photo comes as AVIF.
    await expect.poll(() => photos.length).toBeGreaterThan(0);
    expect(new Set(photos.map((photo) => photo.type))).toEqual(new Set(['image/avif']));
    // Below the first screen, every card still has a picture, loaded as it comes near.
    const last = page.locator('img.product-card__image').last();
    await expect(last).toHaveAttribute('loading', 'lazy');
    await last.scrollIntoViewIfNeeded();
    await expect.poll(() => last.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    await screenshot(page, `listing-photos-${info.project.name}`);
  });

  test('the product page’s photo is its layout’s size, and the mode’s source is on the element', async ({ page }, info) => {
    await page.goto('/product-15-x.html');
    const image = page.locator('img.product__image');
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
    const box = (await image.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(info.project.name === 'phone' ? 220 : 360);
    const natural = await image.evaluate((element: HTMLImageElement) => element.naturalWidth);
    expect(natural).toBeGreaterThanOrEqual(box.width - 1);
    expect(natural).toBeLessThanOrEqual(640);
    // Once the layout mode is known, src follows the mode's data-attribute (storefront spec section 2).
    await scriptReady(page);
    const attribute = info.project.name === 'phone' ? 'data-src_mobile' : 'data-src_desktop';
    await expect(image).toHaveAttribute('src', (await image.getAttribute(attribute))!);
  });
});
