import { expect, test } from '@playwright/test';

test.describe('shop data bundle', () => {
  test('one request per page brings what the server did not draw: the widgets (whose script runs under the CSP), and the snippets for another device', async ({ page }, info) => {
    const bundleRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/ajax/get.php')) bundleRequests.push(request.postData() ?? '');
    });
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    await page.goto('/main.php');
    const phone = info.project.name === 'phone';
    await expect(page.locator('.snippets--top')).toContainText(phone ? 'Spedizione in 24/48 h' : 'Ordina entro le 14:00');
    await expect(page.locator('.snippets--end')).toContainText('Pagamenti sicuri');
    await expect(page.locator('meta[name="shop-verification"]')).toHaveAttribute('content', 'frenishop-demo');
    await expect.poll(() => page.evaluate(() => (window as unknown as { shopWidgets?: { loaded: boolean } }).shopWidgets?.loaded)).toBe(true);
    expect(bundleRequests).toHaveLength(1);
    const sent = JSON.parse(new URLSearchParams(bundleRequests[0]).get('request')!);
    // The basket, wishlist and snippets came drawn with the page. The server guesses the device from
    // the user agent (a desktop one in these tests), so only the phone asks for its own snippets.
    expect(Object.keys(sent).sort()).toEqual(phone ? ['Snippets', 'ToplayersAndWidgets'] : ['ToplayersAndWidgets']);
    expect(sent.ToplayersAndWidgets.params).toMatchObject({ mobile: phone, pc: !phone, request_uri: '/main.php' });
    expect(cspViolations).toEqual([]);
  });

  test('the page works when the bundle fails: nothing from it shown, nothing broken', async ({ page, request }) => {
    await request.post('/__test/faults', { data: { path: '/ajax/get.php', mode: 'fail', times: 1 } });
    await page.goto('/main.php');
    await expect(page.locator('.product-card').first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await page.waitForTimeout(300);
    // No widget from the failed bundle; the snippets the server drew with the page stay.
    await expect(page.locator('.widgets')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { shopWidgets?: { loaded: boolean } }).shopWidgets?.loaded ?? false)).toBe(false);
    await expect(page.locator('.snippets--end')).toContainText('Pagamenti sicuri');
    await request.delete('/__test/faults');
  });
});
