import { expect, test } from '@playwright/test';
import { addOnProductPage, basketLink, twoProducts } from './support/shopping';

/**
 * The back/forward cache (issue 22, point 7): catalogue pages carry no `no-store`, so Chromium
 * keeps a page left for another; going Back restores it (`pageshow` with `persisted`), and a
 * saga reads the visitor's basket again (sagas/basket.ts), so a count changed meanwhile shows.
 */
// Playwright turns Chromium's back/forward cache off by default; this file needs it.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  },
});

test.describe('the back/forward cache', () => {
  test('Back to a product page restores it (pageshow persisted) and shows the basket count changed meanwhile', async ({ page, request }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __shows: boolean[] };
      w.__shows = [];
      window.addEventListener('pageshow', (event) => w.__shows.push(event.persisted));
    });
    const [first, second] = await twoProducts(request);
    await page.goto(`/product-${first}-x.html`);
    // The product's own address (another slug moves to it).
    const firstPath = new URL(page.url()).pathname;
    await addOnProductPage(page, 'Carrello (1 prodotto)');
    // A mark on the live page: a page drawn again would not have it.
    await page.evaluate(() => ((window as unknown as { __mark: number }).__mark = 1));

    await page.goto(`/product-${second}-x.html`);
    await expect(basketLink(page)).toContainText('Carrello (1 prodotto)');
    await addOnProductPage(page, 'Carrello (2 prodotti)');

    // A page restored from the back/forward cache fires no load event: wait for the commit.
    await page.goBack({ waitUntil: 'commit' });
    expect(new URL(page.url()).pathname).toBe(firstPath);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __shows: boolean[] }).__shows.at(-1))).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __mark?: number }).__mark)).toBe(1);
    // The restored page asked for the basket again: the count says what the other page added.
    await expect(basketLink(page)).toContainText('Carrello (2 prodotti)');
  });
});
