import { expect, test, type Page } from '@playwright/test';
import { scriptReady } from './support/shopping';

/**
 * The scripts a page brings (storefront spec, sections 1, 2 and 7): the listing's regions carry
 * the list's view_item_list event (run by the page the server drew, then by each partial load,
 * Back included), and the shop's extra script (/gfx/extra/shop-analytics.js) loads once per page
 * view, after hydration, under the page's Content-Security-Policy.
 */
const LISTING = '/search.php?traits_alt[24]=148728';
const EXTRA_SCRIPT = '/gfx/extra/shop-analytics.js';

interface ListEvent {
  event: string;
  item_list_id: string;
  item_list_name: string;
  items: Array<{ item_id: string; item_name: string; price: number; index: number }>;
}
interface Watched {
  dataLayer?: ListEvent[];
  shopAnalytics?: { events: Array<{ event: string; count: number }> };
  /** For each extra script element added to the page: whether the page had hydrated then. */
  extraAddedWhenHydrated: string[];
  cspViolations: string[];
  loadMark?: number;
}

/** Watches, from before the page's first script: extra script elements as they are added, and CSP violations. */
async function watchPage(page: Page) {
  await page.addInitScript((extra) => {
    const watched = window as unknown as Watched;
    watched.extraAddedWhenHydrated = [];
    watched.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => watched.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`));
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.addedNodes)) {
          if (node instanceof HTMLScriptElement && node.src.endsWith(extra)) watched.extraAddedWhenHydrated.push(document.documentElement.dataset.hydrated ?? 'not yet');
        }
      }
    }).observe(document, { childList: true, subtree: true });
  }, EXTRA_SCRIPT);
  const consoleTrouble: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) consoleTrouble.push(message.text());
  });
  page.on('pageerror', (error) => consoleTrouble.push(String(error)));
  const extraRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === EXTRA_SCRIPT) extraRequests.push(request.url());
  });
  return { consoleTrouble, extraRequests };
}

const lists = (page: Page) => page.evaluate(() => ((window as unknown as Watched).dataLayer ?? []).filter((entry) => entry.event === 'view_item_list'));
const listCount = (page: Page) => lists(page).then((found) => found.length);
const counted = (page: Page) => page.evaluate(() => (window as unknown as Watched).shopAnalytics?.events.find((entry) => entry.event === 'view_item_list')?.count ?? null);
const cardNames = (page: Page) => page.locator('.listing__results .product-card__name').allTextContents();
const watched = <K extends keyof Watched>(page: Page, key: K) => page.evaluate((name) => (window as unknown as Watched)[name], key);

test.describe('scripts a page brings', () => {
  test.afterEach(async ({ request }) => {
    await request.delete('/__test/product');
  });

  test('each listing page pushes its view_item_list (partial loads and Back too); the extra script loads once, after hydration, and counts them', async ({ page }) => {
    const { consoleTrouble, extraRequests } = await watchPage(page);
    await page.goto(LISTING);
    await scriptReady(page);
    await page.evaluate(() => ((window as unknown as Watched).loadMark = 42));

    // Page 1, from the script the server drew into the page.
    const firstPage = await cardNames(page);
    expect(firstPage.length).toBe(24);
    let found = await lists(page);
    expect(found).toHaveLength(1);
    expect(found[0].item_list_name).toBe('Pastiglie freno');
    expect(found[0].items.map((item) => item.item_name)).toEqual(firstPage);
    expect(found[0].items.map((item) => item.index)).toEqual(firstPage.map((_name, i) => i));

    // The extra script: loaded after hydration, and it counts what was pushed before it came.
    await expect.poll(() => counted(page)).toBe(1);
    expect(await watched(page, 'extraAddedWhenHydrated')).toEqual(['true']);

    // Page 2 by the partial link: its own event, with page 2's products.
    await page.getByRole('link', { name: 'Successiva' }).click();
    await expect(page.getByText(/Pagina 2 di \d+/)).toBeVisible();
    await expect.poll(() => listCount(page)).toBe(2);
    const secondPage = await cardNames(page);
    found = await lists(page);
    expect(found[1].items.map((item) => item.item_name)).toEqual(secondPage);
    expect(found[1].items[0].index).toBe(24);
    expect(found[1].item_list_id).toBe(found[0].item_list_id);
    await expect.poll(() => counted(page)).toBe(2);

    // Back: page 1 again, by a partial load, and its event again.
    await page.goBack();
    await expect(page.getByText(/Pagina 2 di \d+/)).toHaveCount(0);
    await expect.poll(() => listCount(page)).toBe(3);
    expect((await lists(page))[2].items.map((item) => item.item_name)).toEqual(firstPage);
    await expect.poll(() => counted(page)).toBe(3);

    // One page view throughout: the extra script was asked once, and nothing broke the policy.
    expect(await watched(page, 'loadMark')).toBe(42);
    expect(extraRequests).toHaveLength(1);
    expect(await watched(page, 'extraAddedWhenHydrated')).toEqual(['true']);
    expect(await watched(page, 'cspViolations')).toEqual([]);
    expect(consoleTrouble).toEqual([]);
  });

  test('an extra script that fails to load (404) leaves the page working', async ({ page }) => {
    const { consoleTrouble } = await watchPage(page);
    let asked = 0;
    await page.route(`**${EXTRA_SCRIPT}`, (route) => {
      asked += 1;
      return route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":{"code":"not_found","message":"gone"}}' });
    });
    await page.goto(LISTING);
    await scriptReady(page);
    await expect.poll(() => asked).toBe(1);
    await page.getByRole('link', { name: 'Successiva' }).click();
    await expect(page.getByText(/Pagina 2 di \d+/)).toBeVisible();
    await expect.poll(() => listCount(page)).toBe(2);
    expect(await watched(page, 'shopAnalytics')).toBeUndefined();
    expect(asked).toBe(1);
    expect(await watched(page, 'cspViolations')).toEqual([]);
    expect(consoleTrouble).toEqual([]);
  });

  test('a hostile product name reaches the event as text: nothing breaks out of the script', async ({ page, request }) => {
    const hostile = 'Pads </script><script>alert(1)</script><!-- "x"';
    const listing = await (await request.get(`${LISTING}&json=true`)).json();
    const id: number = listing.products[0].id;
    await request.post('/__test/product', { data: { id, name: hostile } });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await watchPage(page);
    await page.goto(LISTING);
    await scriptReady(page);
    await expect(page.locator('.listing__results .product-card__name').first()).toHaveText(hostile);
    expect((await lists(page))[0].items[0]).toMatchObject({ item_id: String(id), item_name: hostile });
    // And after a partial load back to the same list (Successiva, then Back).
    await page.getByRole('link', { name: 'Successiva' }).click();
    await expect(page.getByText(/Pagina 2 di \d+/)).toBeVisible();
    await page.goBack();
    await expect.poll(() => listCount(page)).toBe(3);
    expect((await lists(page))[2].items[0].item_name).toBe(hostile);
    expect(dialogs).toEqual([]);
  });
});
