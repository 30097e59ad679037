import { expect, test, type Page } from '@playwright/test';
import { addOnProductPage, basketLink, twoProducts, scriptReady } from './support/shopping';

/**
 * Pages a cache can serve (issue 22, points 1 and 7): a first-time visitor gets the public page
 * (no cookie, no nonce, nothing asked after it about a basket), the shop's own scripts still run
 * under its hash-based policy, the first add gives the visitor cookie and the pages after it are
 * drawn for the visitor; and pages come back from the browser's back/forward cache with the
 * basket count read again.
 */
/** Records every script the page's policy refused, from the first byte. */
async function watchRefusals(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __refused: string[] };
    w.__refused = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      if (event.effectiveDirective.startsWith('script-src') && event.target instanceof Element && event.target.isConnected) w.__refused.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { __refused: string[] }).__refused);
}

test.describe('cacheable pages', () => {
  test('a first-time visitor: the public page, no basket call, no refused script; the first add gives the cookie, the next page is drawn with the basket', async ({ page, context, request }) => {
    const refused = await watchRefusals(page);
    const basketCalls: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (url.includes('/ajax/basket.php') || (url.includes('/ajax/get.php') && (request.postData() ?? '').includes('Basket'))) basketCalls.push(url);
    });
    const [first, second] = await twoProducts(request);
    const response = await page.goto(`/product-${first}-x.html`);
    expect(response!.headers()['cache-control']).toMatch(/^public, .*s-maxage=\d+/);
    expect(response!.headers()['set-cookie']).toBeUndefined();
    expect(response!.headers()['content-security-policy']).not.toContain("'nonce-");
    await scriptReady(page);
    await page.waitForLoadState('networkidle');
    expect(basketCalls).toEqual([]);
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('shop_visitor');
    // The widgets' script (inline, by its hash) ran.
    await expect.poll(() => page.evaluate(() => (window as unknown as { shopWidgets?: { loaded?: boolean } }).shopWidgets?.loaded)).toBe(true);

    // The first write gives the cookie; the add's tracking events run (from a blob URL: no nonce here).
    await addOnProductPage(page, 'Carrello (1 prodotto)');
    await expect.poll(() => page.evaluate(() => ((window as unknown as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).filter((entry) => entry.event === 'basket_change').length)).toBeGreaterThan(0);
    expect((await context.cookies()).map((cookie) => cookie.name)).toContain('shop_visitor');
    expect(await refused()).toEqual([]);

    // From now on the visitor's pages are drawn for them: their basket in the first answer.
    const next = await page.goto(`/product-${second}-x.html`);
    expect(next!.headers()['cache-control']).toBe('private, no-cache');
    expect(next!.headers()['content-security-policy']).toContain("'nonce-");
    await expect(basketLink(page)).toContainText('Carrello (1 prodotto)');
    expect(await refused()).toEqual([]);
  });
});
