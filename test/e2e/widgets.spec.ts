import { expect, test } from '@playwright/test';
import { scriptReady } from './support/shopping';
import { axeViolations } from './support/axe';
import type { Page } from '@playwright/test';

/** Hotspot zones load when they come near the viewport: bring the promo zone there. */
async function reachPromoZone(page: Page) {
  await page.locator('.category-tiles').first().waitFor();
  await page.evaluate(() => document.querySelector('[data-zone-pending="hotspot_promo"], [data-zone="hotspot_promo"]')?.scrollIntoView());
}

test.describe('page widgets', () => {
  test.afterEach(async ({ request }) => {
    await request.delete('/__test/faults');
  });

  test('hotspot zones load by ajax when near the viewport and show products', async ({ page }) => {
    await page.goto('/main.php');
    await reachPromoZone(page);
    const zone = page.locator('[data-zone="hotspot_promo"]');
    await expect(zone.getByRole('heading', { name: 'I nostri prezzi migliori' })).toBeVisible();
    await expect(zone.locator('.hotspot-product').first()).toBeVisible();
    expect(await zone.locator('.hotspot-product').count()).toBeGreaterThan(3);
    await expect(zone).toHaveAttribute('data-show-more', 'true');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the hotspot carousel: autoplay, pause, previous / next, arrow keys, slides out of view are inert', async ({ page }, info) => {
    await page.goto('/main.php');
    await reachPromoZone(page);
    const carousel = page.locator('section[aria-roledescription="carosello"]');
    await expect(carousel).toBeVisible();
    await expect(carousel).toHaveAttribute('aria-labelledby', 'hotspot-hotspot_promo');
    const firstSlide = carousel.getByRole('group', { name: '1 di 8' });
    await expect(firstSlide).toBeVisible();
    // Hovering interrupts the autoplay; leaving resumes it.
    await page.mouse.move(0, 0);
    await expect(carousel).toHaveAttribute('data-state', 'playing');
    await carousel.getByRole('button', { name: 'Pausa' }).click();
    await expect(carousel).toHaveAttribute('data-state', /paused|focussed|interrupted/);
    await page.mouse.move(0, 0);
    await page.locator('h1').click();
    await expect(carousel).toHaveAttribute('data-state', 'paused');
    await expect(carousel.getByRole('button', { name: 'Riproduci' })).toBeVisible();
    const phone = info.project.name === 'phone';
    if (phone) {
      // One slide at a time on a phone: the others are out of view and inert.
      const second = carousel.getByRole('group', { name: '2 di 8', includeHidden: true });
      await expect.poll(() => second.evaluate((element) => (element.closest('.slick-slide') as HTMLElement).inert)).toBe(true);
    }
    await carousel.getByRole('button', { name: 'Successivo' }).click();
    await expect(carousel.locator('.slick-current [role="group"]')).toHaveAttribute('aria-label', '2 di 8');
    await carousel.getByRole('button', { name: 'Successivo' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(carousel).toHaveAttribute('data-current', '0');
    await expect(carousel.locator('.slick-current [role="group"]')).toHaveAttribute('aria-label', '1 di 8');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a hotspot zone whose load fails is removed', async ({ page, request }) => {
    await request.post('/__test/faults', { data: { path: '/ajax/hotspots.php', mode: 'fail', times: 1 } });
    // Listen before loading: on a desktop the zone is in view at once and asks straight away.
    const failed = page.waitForResponse((response) => response.url().includes('/ajax/hotspots.php'));
    await page.goto('/main.php');
    await expect(page.locator('.product-card').first()).toBeVisible();
    await reachPromoZone(page);
    expect((await failed).status()).toBe(500);
    await expect(page.locator('[data-zone="hotspot_promo"], [data-zone-pending="hotspot_promo"]')).toHaveCount(0);
  });

  test('the back-to-top link appears after twice the window height and brings the shopper back up', async ({ page }) => {
    await page.goto('/search.php?traits_alt[24]=148728');
    await expect(page.locator('.product-card').first()).toBeVisible();
    // The link is the page script's, and the page settles its layout once it runs: measured after that.
    await scriptReady(page);
    const link = page.getByRole('link', { name: 'Torna su' });
    await expect(link).toHaveCount(0);
    const height = await page.evaluate(() => window.innerHeight);
    await page.evaluate((y) => window.scrollTo(0, y), height * 2 + 50);
    await expect(link).toBeVisible();
    await link.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(link).toHaveCount(0);
  });

  test('a logged-in shopper gets the consent cookie for 30 days', async ({ page, context, baseURL }) => {
    await page.goto('/contact.php');
    expect((await context.cookies()).find((c) => c.name === 'shop_consent')).toBeUndefined();
    await context.addCookies([{ name: 'shop_login', value: 'abc', url: baseURL! }]);
    await page.reload();
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'shop_consent')?.value).toBe('1');
    const consent = (await context.cookies()).find((c) => c.name === 'shop_consent')!;
    const days = (consent.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  test('product pictures follow the layout mode and always have a source; below the first row they load lazily', async ({ page }, info) => {
    await page.goto('/search.php?traits_alt[24]=148728');
    const images = page.locator('.product-card__image');
    const first = images.first();
    // The server draws the small source (it cannot know the layout mode); the mode read after hydration decides.
    const drawn = await (await page.request.get('/search.php?traits_alt[24]=148728')).text();
    expect(/<img class="product-card__image"[^>]* src="([^"]+)"/.exec(drawn)?.[1]).toMatch(/\?w=420$/);
    await expect(first).not.toHaveAttribute('loading', 'lazy');
    const phone = info.project.name === 'phone';
    const modeSource = (await first.getAttribute(phone ? 'data-src_mobile' : 'data-src_desktop'))!;
    await scriptReady(page);
    await expect(first).toHaveAttribute('src', modeSource);
    expect(modeSource.endsWith('?w=420')).toBe(phone);
    const last = images.last();
    await expect(last).toHaveAttribute('loading', 'lazy');
    await expect(last).toHaveAttribute('src', /\/data\/gfx\/products\/\d+\.jpg\?w=\d+$/);
    await last.scrollIntoViewIfNeeded();
    await expect.poll(() => last.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });
});
