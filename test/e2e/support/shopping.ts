import { expect, type APIRequestContext, type Page } from '@playwright/test';

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

