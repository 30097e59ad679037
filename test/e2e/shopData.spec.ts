import { expect, test, type Page } from '@playwright/test';
import { scriptReady } from './support/shopping';

const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const widgetScriptRan = (page: Page) => page.evaluate(() => (window as unknown as { shopWidgets?: { loaded: boolean } }).shopWidgets?.loaded ?? false);

function watchBundle(page: Page): { requests: string[]; cspViolations: string[] } {
  const seen = { requests: [] as string[], cspViolations: [] as string[] };
  page.on('request', (request) => {
    if (request.url().endsWith('/ajax/get.php')) seen.requests.push(request.postData() ?? '');
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) seen.cspViolations.push(message.text());
  });
  return seen;
}

test.describe('shop data bundle', () => {
  test('the server draws the snippets, top layers and widgets for the device; the page asks only when the layout mode says it is another device', async ({ page }, info) => {
    const seen = watchBundle(page);
    await page.goto('/main.php');
    const phone = info.project.name === 'phone';
    await expect(page.locator('.snippets--top')).toContainText(phone ? 'Spedizione in 2-4 giorni lavorativi' : 'Ordina entro le 14:00');
    await expect(page.locator('.snippets--end')).toContainText('Pagamenti sicuri');
    await expect(page.locator('.widgets')).toContainText('Spedizione gratuita per ordini da 79');
    await expect(page.locator('meta[name="shop-verification"]')).toHaveAttribute('content', 'frenishop-demo');
    // The widgets' script item ran, under the page's CSP.
    await expect.poll(() => widgetScriptRan(page)).toBe(true);
    await scriptReady(page);
    if (phone) {
      // These tests' phone has a desktop browser's user agent: the server drew the page for a
      // computer, the layout mode says phone, so one request brings the phone's snippets and widgets.
      await expect.poll(() => seen.requests.length).toBe(1);
      const sent = JSON.parse(new URLSearchParams(seen.requests[0]).get('request')!);
      expect(Object.keys(sent).sort()).toEqual(['Snippets', 'ToplayersAndWidgets']);
      expect(sent.ToplayersAndWidgets.params).toMatchObject({ mobile: true, pc: false, request_uri: '/main.php' });
      await expect(page.locator('.widgets .widget-layer')).toHaveAttribute('data-device', 'mobile');
    } else {
      await page.waitForLoadState('networkidle');
      expect(seen.requests).toEqual([]);
      await expect(page.locator('.widgets .widget-layer')).toHaveAttribute('data-device', 'pc');
    }
    expect(seen.cspViolations).toEqual([]);
  });

  test('a phone (its user agent says so) gets the page drawn for it and asks for nothing', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, userAgent: PHONE_UA, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const seen = watchBundle(page);
    await page.goto('/main.php');
    await expect(page.locator('.snippets--top')).toContainText('Spedizione in 2-4 giorni lavorativi');
    await expect(page.locator('.widgets .widget-layer')).toHaveAttribute('data-device', 'mobile');
    await expect.poll(() => widgetScriptRan(page)).toBe(true);
    await scriptReady(page);
    await page.waitForLoadState('networkidle');
    expect(seen.requests).toEqual([]);
    expect(seen.cspViolations).toEqual([]);
    await context.close();
  });

  test('the page works when the bundle fails: what the server drew stays, nothing broken', async ({ browser, request }) => {
    // A computer's user agent in a phone-wide window: the page asks for the phone's bundle, which fails.
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await request.post('/__test/faults', { data: { path: '/ajax/get.php', mode: 'fail', times: 1 } });
    const failed = page.waitForResponse((response) => response.url().endsWith('/ajax/get.php'));
    await page.goto('/main.php');
    expect((await failed).status()).toBeGreaterThanOrEqual(500);
    await expect(page.locator('.product-card').first()).toBeVisible();
    await scriptReady(page);
    await expect(page.locator('.snippets--end')).toContainText('Pagamenti sicuri');
    await expect(page.locator('.widgets .widget-layer')).toHaveAttribute('data-device', 'pc');
    await request.delete('/__test/faults');
    await context.close();
  });
});
