import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * The page's script runs (the app has hydrated) and the page has settled (`data-settled`,
 * sagas/root.ts). A step that needs it waits for it, as a shopper's browser does: the app's
 * script loads after the page's first screen (src/app/main.tsx), and a press before it takes the
 * page's no-script path (a link navigates, a form posts). Settled: these tests' phone has a
 * computer's user agent, so its page asks for the phone's snippets after it starts, and the top
 * bar they bring moves everything below it; a press aimed before that could land beside its target.
 */
export async function scriptReady(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.locator('html')).toHaveAttribute('data-settled', 'true');
}

/** Shopping steps shared by the cacheable-pages and back/forward tests (issue 22). */
export const basketLink = (page: Page) => page.locator('.site-header').getByRole('link', { name: /Carrello/ });

/** Two products a shopper can add with one press on their page. */
export async function twoProducts(request: APIRequestContext): Promise<number[]> {
  const answer = (await (await request.get('/search.php?json=true&traits_alt[24]=148728&limit=60')).json()) as { products: Array<{ id: number; listSize: string | null }> };
  return answer.products.filter((p) => p.listSize && p.id > 20).slice(0, 2).map((p) => p.id);
}

export async function addOnProductPage(page: Page, count: string) {
  await expect(page.locator('.buy-box')).not.toHaveAttribute('data-state', /loading|starting/);
  await page.locator('.button--buy').click();
  await expect(page.locator('.alert-region .alert__text')).toHaveText('Prodotto aggiunto al carrello');
  await expect(basketLink(page)).toContainText(count);
}

