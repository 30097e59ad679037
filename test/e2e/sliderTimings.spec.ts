import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

/**
 * The slider defaults that only a browser shows (storefront spec section 9): react-slick's
 * 500 ms transition, the 3000 ms autoplay in the drawn carousel, and a failed slide image asked
 * for again (500 ms apart). The page's clock is Playwright's: time moves only when the test
 * says, so nothing here depends on how fast the machine is. The values are the spec's, not
 * SLIDER_DEFAULTS: a change of speed or autoplaySpeed fails here. (The exact retry timing and
 * the limit of 3 are pinned in test/unit/app/sliderTimings.test.tsx; here the browser shows it
 * really fetches the image again.)
 */
const categoryCarousel = (page: Page) => page.locator('[role="region"][aria-roledescription="carosello"][aria-labelledby="home-categories"]');

/** Stops the page's clock from here: timers fire only on `runFor`. */
async function freezeClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

test.describe('slider timings', () => {
  test.skip(({ isMobile }) => isMobile, 'the carousels move on wide screens (on a phone the categories are tiles)');

  test('a move slides over 500 ms; the autoplay moves 3000 ms after the last move', async ({ page }) => {
    await page.setViewportSize({ width: 1100, height: 800 }); // five of six categories: the carousel moves
    await page.clock.install();
    await page.goto('/main.php');
    const carousel = categoryCarousel(page);
    await expect(carousel).toHaveAttribute('data-state', 'playing');
    await freezeClock(page);
    const track = carousel.locator('.slick-track');
    // Back at the start, then one step on with the arrow (a click that neither hovers nor focuses).
    if ((await carousel.getAttribute('data-current')) !== '0') {
      await carousel.getByRole('button', { name: 'Precedente' }).dispatchEvent('click');
      await page.clock.runFor(500);
    }
    await expect(carousel).toHaveAttribute('data-current', '0');
    await expect(track).toHaveCSS('transition-duration', '0s');
    await carousel.getByRole('button', { name: 'Successivo' }).dispatchEvent('click');
    await expect(carousel).toHaveAttribute('data-current', '1');
    await page.clock.runFor(0); // react-slick starts the move from a zero timeout
    // Moving: the track slides with a 500 ms transition, and settles when react-slick's 500 ms end.
    await expect(track).toHaveCSS('transition-duration', '0.5s');
    await page.clock.runFor(499);
    await expect(track).toHaveCSS('transition-duration', '0.5s');
    await page.clock.runFor(1);
    await expect(track).toHaveCSS('transition-duration', '0s');
    // The manual step restarted the autoplay's wait: the next automatic move (back towards the
    // start: the end is reached) comes 3000 ms after the click.
    await page.clock.runFor(2499);
    await expect(carousel).toHaveAttribute('data-current', '1');
    await page.clock.runFor(1);
    await expect(carousel).toHaveAttribute('data-current', '0');
  });

  test('a slide image that fails to load is fetched again, 500 ms after each failure', async ({ page }) => {
    const PROBE = '/data/gfx/products/retry-probe.svg';
    let asked = 0;
    let frozen: () => void = () => undefined;
    const clockFrozen = new Promise<void>((resolve) => (frozen = resolve));
    await page.route(
      (url) => url.pathname === PROBE,
      async (route) => {
        asked += 1;
        // The first answer waits until the page's clock is stopped, so every retry timer starts under it.
        if (asked === 1) await clockFrozen;
        // Fails three times; the third retry gets the picture.
        if (asked <= 3) return route.fulfill({ status: 503, body: 'busy' });
        return route.fulfill({ status: 200, contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120"><rect width="120" height="120" fill="#c8102e"/></svg>' });
      },
    );
    await page.route(
      (url) => url.pathname === '/ajax/hotspots.php',
      async (route) => {
        const answer = (await (await route.fetch()).json()) as Record<string, string>;
        // The first slide's picture, in every source the slide may take by layout mode (data-src_mobile|tablet|desktop, issue 34 point 12).
        if (answer.hotspot_promo) answer.hotspot_promo = answer.hotspot_promo.replace(/<img [^>]*>/, (img) => img.replace(/( (?:data-)?src(?:_mobile|_tablet|_desktop)?=)"[^"]*"/g, `$1"${PROBE}"`));
        await route.fulfill({ json: answer });
      },
    );
    // Counts image failures as the page sees them (before the slider's own listener, same dispatch).
    await page.addInitScript(() => {
      const counted = window as unknown as { failedImages: number };
      counted.failedImages = 0;
      document.addEventListener('error', (event) => event.target instanceof HTMLImageElement && (counted.failedImages += 1), true);
    });
    const failures = () => page.evaluate(() => (window as unknown as { failedImages: number }).failedImages);
    await page.clock.install();
    await page.goto('/main.php');
    await page.locator('.category-tiles').first().waitFor();
    await page.evaluate(() => document.querySelector('[data-zone-pending="hotspot_promo"], [data-zone="hotspot_promo"]')?.scrollIntoView());
    const image = page.locator(`[data-zone="hotspot_promo"] img[src="${PROBE}"]`);
    await expect(image).toBeAttached();
    await expect.poll(() => asked).toBe(1);
    await freezeClock(page);
    frozen();
    for (const retry of [2, 3, 4]) {
      await expect.poll(failures).toBe(retry - 1);
      await page.clock.runFor(499);
      expect(asked).toBe(retry - 1);
      await page.clock.runFor(1);
      await expect.poll(() => asked).toBe(retry);
    }
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(120);
    expect(await failures()).toBe(3);
  });
});
