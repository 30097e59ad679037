import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { scriptReady } from './support/shopping';
import { screenshot } from './support/screens';

/**
 * Server rendering: every page type arrives drawn (its content is in the HTML before any script
 * runs), then hydrates with no warning in the console, and the page keeps working.
 */
const PAGES: Array<{ name: string; path: string; status: number; content: RegExp[] }> = [
  { name: 'home', path: '/', status: 200, content: [/<h1[^>]*>Ricambi freni per ogni auto/, /href="\/product-\d+-[a-z0-9-]+\.html"/] },
  { name: 'listing', path: '/search.php?traits_alt[24]=148728', status: 200, content: [/<h1[^>]*>Pastiglie freno</, /href="\/product-\d+-[a-z0-9-]+\.html"/, /class="listing__results/] },
  { name: 'product', path: '/product-11-x.html', status: 200, content: [/<h1[^>]*>[^<]+/, /class="product__description|product-description/] },
  { name: 'basket', path: '/basketedit.php', status: 200, content: [/<h1[^>]*>/] },
  { name: 'brakes', path: '/brakes.php', status: 200, content: [/<h1[^>]*>/] },
  { name: 'contact', path: '/contact.php', status: 200, content: [/<h1[^>]*>/, /<form/] },
  { name: 'information page', path: '/pages/resi-e-rimborsi', status: 200, content: [/<h1[^>]*>Resi e rimborsi/, /<link rel="canonical"/] },
  { name: 'no-product', path: '/product-99999999-nothing.html', status: 404, content: [/<h1[^>]*>/, /<meta name="robots" content="noindex/] },
  // Vehicle pages (issue 25), asked with another slug (301 to their own).
  { name: 'vehicle engine page', path: '/vehicles/engine-20000-x.html', status: 200, content: [/<h1[^>]*>Ricambi freni per /, /class="vehicle-part__notes"/, /"isAccessoryOrSparePartFor"/] },
  { name: 'vehicle brand page', path: '/vehicles/brand-1-x.html', status: 200, content: [/<h1[^>]*>Ricambi freni /, /href="\/vehicles\/model-\d+-[a-z0-9-]+\.html"/] },
];

const HYDRATION_TROUBLE = /hydrat|did not match|server rendered|Minified React error #(418|419|421|422|423|425)/i;

function watchConsole(page: Page): string[] {
  const trouble: string[] = [];
  const keep = (text: string) => {
    if (HYDRATION_TROUBLE.test(text)) trouble.push(text);
  };
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') keep(message.text());
  });
  page.on('pageerror', (error) => keep(String(error)));
  return trouble;
}

test.describe('server-rendered pages', () => {
  for (const entry of PAGES) {
    test(`${entry.name}: content in the first answer, hydration without a warning`, async ({ page, request }, testInfo) => {
      const answer = await request.get(entry.path, { headers: { accept: 'text/html' } });
      expect(answer.status()).toBe(entry.status);
      const html = await answer.text();
      for (const pattern of entry.content) expect(html).toMatch(pattern);
      // Data, not script: with the page's nonce on a personal page, none on a public one (issue 22).
      expect(html).toMatch(/<script( nonce="[^"]+")? type="application\/json" id="shop-state">/);

      const trouble = watchConsole(page);
      await page.goto(entry.path);
      await scriptReady(page);
      await page.waitForLoadState('networkidle');
      expect(trouble).toEqual([]);
      await screenshot(page, `ssr-${entry.name}-${testInfo.project.name}`);
    });
  }
});

test.describe('without the script', () => {
  test.use({ javaScriptEnabled: false });

  test('the listing\u2019s filters and the header search are plain links and forms that work', async ({ page }) => {
    await page.goto('/search.php?traits_alt[24]=148728');
    await expect(page.locator('.product-card').first()).toBeVisible();
    const first = await page.locator('.product-card a').first().getAttribute('href');
    // The header search submits to /search.php and the server answers with results.
    await page.getByRole('combobox', { name: 'Cerca ricambi' }).fill('TRW');
    await page.getByRole('combobox', { name: 'Cerca ricambi' }).press('Enter');
    await expect(page).toHaveURL(/\/search\.php\?text=TRW/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Risultati per «TRW»');
    await expect(page.locator('.product-card').first()).toBeVisible();
    // A product page: name, price and availability, drawn by the server.
    await page.goto(first!);
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
    await expect(page.locator('.price-block__price')).toBeVisible();
    await expect(page.locator('.availability')).toBeVisible();
  });
});

test.describe('a page drawn by the server asks for nothing it already has', () => {
  const PHONE_UA = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
  for (const entry of PAGES.filter((page) => ['home', 'listing', 'product', 'basket', 'brakes', 'contact', 'information page', 'no-product', 'vehicle engine page'].includes(page.name))) {
    test(`${entry.name}: no call to the shop while it loads on a phone, and no HTTP client downloaded`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 }, userAgent: PHONE_UA, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      const calls: string[] = [];
      const scripts: string[] = [];
      page.on('request', (request) => {
        const type = request.resourceType();
        if (type === 'xhr' || type === 'fetch') calls.push(`${request.method()} ${request.url()}`);
        if (type === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(entry.path);
      await scriptReady(page);
      await page.waitForLoadState('networkidle');
      expect(calls).toEqual([]);
      // axios is its own chunk, loaded by the first call: none here.
      expect(scripts.filter((path) => /\/assets\/http\./.test(path))).toEqual([]);
      await context.close();
    });
  }
});
